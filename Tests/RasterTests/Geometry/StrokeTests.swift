import Foundation
import Testing

@testable import Raster

@Suite struct StrokeTests {
    let ink = Paint.color(PaintColor(rgb8: 0x20, 0x20, 0x60))

    func zigzag() -> RasterPath {
        var p = RasterPath()
        p.move(to: CGPoint(x: 8, y: 16))
        p.addLine(to: CGPoint(x: 24, y: 4))
        p.addLine(to: CGPoint(x: 36, y: 18))
        p.addLine(to: CGPoint(x: 52, y: 6))
        return p
    }

    @Test func capsAndJoins() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.clear(.white)
        let styles: [(LineCap, LineJoin)] = [(.butt, .miter), (.round, .round), (.square, .bevel)]
        for (i, s) in styles.enumerated() {
            c.withSavedState {
                c.translateBy(x: 0, y: Double(i) * 20)
                c.stroke(
                    .path(zigzag(), .nonZero), style: RasterStrokeStyle(lineWidth: 5, lineCap: s.0, lineJoin: s.1),
                    with: ink)
            }
        }
        try Reference.check(c, "stroke-caps-joins")
    }

    @Test func miterLimitTurnsSharpCornersIntoBevels() throws {
        var p = RasterPath()
        p.move(to: CGPoint(x: 4, y: 40))
        p.addLine(to: CGPoint(x: 32, y: 10))
        p.addLine(to: CGPoint(x: 60, y: 40))
        var p2 = RasterPath()
        p2.move(to: CGPoint(x: 20, y: 60))
        p2.addLine(to: CGPoint(x: 32, y: 30))
        p2.addLine(to: CGPoint(x: 44, y: 60))
        let sharp = try RasterCanvas(width: 64, height: 64)
        let cut = try RasterCanvas(width: 64, height: 64)
        sharp.stroke(
            .path(p2, .nonZero), style: RasterStrokeStyle(lineWidth: 6, lineJoin: .miter, miterLimit: 10), with: ink)
        cut.stroke(
            .path(p2, .nonZero), style: RasterStrokeStyle(lineWidth: 6, lineJoin: .miter, miterLimit: 2), with: ink)
        // The miter tip lies above the corner; the bevel does not reach it.
        #expect(channel(sharp, 32, 24, 3) > 200)
        #expect(channel(cut, 32, 24, 3) == 0)
        sharp.stroke(.path(p, .nonZero), style: RasterStrokeStyle(lineWidth: 3), with: ink)
        try Reference.check(sharp, "stroke-miter")
    }

    @Test func dashes() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.stroke(
            .circle(center: CGPoint(x: 32, y: 32), radius: 22),
            style: RasterStrokeStyle(lineWidth: 4, lineCap: .round, dash: [8, 6], dashPhase: 3), with: ink)
        var line = RasterPath()
        line.move(to: CGPoint(x: 4, y: 60))
        line.addLine(to: CGPoint(x: 60, y: 60))
        c.stroke(.path(line, .nonZero), style: RasterStrokeStyle(lineWidth: 2, dash: [10, 5]), with: ink)
        try Reference.check(c, "stroke-dashes")
        // The straight dash pattern: on 4…14, off 14…19, on 19…29.
        #expect(channel(c, 9, 60, 3) == 255 && channel(c, 16, 60, 3) == 0 && channel(c, 24, 60, 3) == 255)
    }

    @Test func circleStrokeIsRingOfExactWidth() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.stroke(.circle(center: CGPoint(x: 32, y: 32), radius: 20), style: RasterStrokeStyle(lineWidth: 4), with: ink)
        try Reference.check(c, "stroke-circle")
        var sum = 0.0
        for y in 0..<64 { for x in 0..<64 { sum += Double(channel(c, x, y, 3)) / 255 } }
        let area = Double.pi * (22 * 22 - 18 * 18)
        #expect(abs(sum - area) / area < 0.005)
        #expect(channel(c, 32, 32, 3) == 0 && channel(c, 32, 12, 3) == 255)
    }

    @Test func strokeOfPolygonMatchesAnalyticRing() throws {
        // A rectangle stroked through the general path stroker equals the analytic ring (miter joins).
        let general = try RasterCanvas(width: 64, height: 64)
        let analytic = try RasterCanvas(width: 64, height: 64)
        var p = RasterPath()
        p.addRect(CGRect(x: 10, y: 12, width: 40, height: 30))
        general.stroke(.path(p, .nonZero), style: RasterStrokeStyle(lineWidth: 4), with: ink)
        analytic.stroke(
            .rect(CGRect(x: 10, y: 12, width: 40, height: 30)), style: RasterStrokeStyle(lineWidth: 4), with: ink)
        var maxDiff = 0
        for y in 0..<64 {
            for x in 0..<64 { maxDiff = max(maxDiff, abs(channel(general, x, y, 3) - channel(analytic, x, y, 3))) }
        }
        #expect(maxDiff <= 1)
    }
}

@Suite struct ClosedStrokeTests {
    @Test func closedPolygonJoinsIncludingTheClosingVertex() throws {
        let c = try RasterCanvas(width: 96, height: 40)
        c.clear(.white)
        for (i, join) in [LineJoin.miter, .round, .bevel].enumerated() {
            var p = RasterPath()
            let ox = Double(i) * 32
            p.move(to: CGPoint(x: ox + 6, y: 32))
            p.addLine(to: CGPoint(x: ox + 16, y: 6))
            p.addLine(to: CGPoint(x: ox + 26, y: 32))
            p.closeSubpath()
            c.stroke(
                .path(p, .nonZero), style: RasterStrokeStyle(lineWidth: 4, lineJoin: join),
                with: .color(PaintColor(rgb8: 0x20, 0x40, 0x90)))
        }
        try Reference.check(c, "stroke-closed-joins")
        // The inside of each triangle stays unpainted (the ring has winding 0 inside).
        #expect(channel(c, 16, 24, 0) == 255 && channel(c, 48, 24, 0) == 255 && channel(c, 80, 24, 0) == 255)
        // The miter apex reaches above the rounded and bevelled ones.
        let top = { (x: Int) -> Int in (0..<40).first { channel(c, x, $0, 0) < 200 } ?? 40 }
        #expect(top(16) < top(48) && top(48) <= top(80))
    }
}
