import Foundation
import Testing

@testable import Raster

/// Random and degenerate geometry must never crash and must stay inside the canvas.
@Suite struct RobustnessTests {
    struct Rng {
        var s: UInt64
        mutating func next() -> Double {
            s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(s >> 11) / Double(1 << 53)
        }
        mutating func coordinate() -> Double {
            switch Int(next() * 10) {
            case 0: return [Double.nan, .infinity, -.infinity, 1e12, -1e12][Int(next() * 5)]
            case 1: return 10  // repeated points
            default: return next() * 100 - 18
            }
        }
        mutating func point() -> CGPoint { CGPoint(x: coordinate(), y: coordinate()) }
    }

    @Test(arguments: [7, 11, 2026] as [UInt64])
    func randomPathsFillAndStrokeWithoutCrashing(seed: UInt64) throws {
        var rng = Rng(s: seed)
        let c = try RasterCanvas(width: 64, height: 64)
        for i in 0..<150 {
            var p = RasterPath()
            for _ in 0..<Int(rng.next() * 8) {
                switch Int(rng.next() * 6) {
                case 0: p.move(to: rng.point())
                case 1: p.addLine(to: rng.point())
                case 2: p.addQuadCurve(to: rng.point(), control: rng.point())
                case 3: p.addCurve(to: rng.point(), control1: rng.point(), control2: rng.point())
                case 4:
                    p.addArc(
                        center: rng.point(), radius: rng.coordinate(), startAngle: rng.coordinate(),
                        endAngle: rng.coordinate(), clockwise: rng.next() < 0.5)
                default: p.closeSubpath()
                }
            }
            let style = RasterStrokeStyle(
                lineWidth: [0, 0.3, 2, 9, Double.nan, 1e9][i % 6],
                lineCap: [LineCap.butt, .round, .square][i % 3], lineJoin: [LineJoin.miter, .round, .bevel][i % 3],
                miterLimit: [10, 1, 0][i % 3], dash: [[], [3, 2], [0, 0], [1e-9, 5], [-1, 2]][i % 5],
                dashPhase: rng.coordinate())
            c.withSavedState {
                if i % 4 == 0 { c.rotate(by: rng.next() * 6) }
                if i % 7 == 0 { c.scaleBy(x: rng.coordinate(), y: rng.coordinate()) }
                c.fill(
                    .path(p, i % 2 == 0 ? .nonZero : .evenOdd),
                    with: .color(PaintColor(red: rng.next(), green: 0, blue: 0, alpha: 0.5)))
                c.stroke(.path(p, .nonZero), style: style, with: .color(.black))
                let r = CGRect(
                    x: rng.coordinate(), y: rng.coordinate(), width: rng.coordinate(), height: rng.coordinate())
                c.fill(
                    .roundedRect(r, cornerWidth: rng.coordinate(), cornerHeight: rng.coordinate()), with: .color(.white)
                )
                c.stroke(.ellipse(r), style: style, with: .color(.black))
                c.clip(to: .capsule(r))
                c.fill(
                    .rect(CGRect(x: 0, y: 0, width: 64, height: 64)),
                    with: .linearGradient([], start: rng.point(), end: rng.point()))
            }
        }
        #expect(c.width == 64)
    }

    @Test func absurdTextSizesAndPositionsDoNotCrash() throws {
        let engine = try TextEngine()
        let c = try RasterCanvas(width: 32, height: 32)
        for size in [Double.nan, -3, 0, 1e-9, 1e300, 5000] {
            let layout = try engine.layout(
                "Ab 组", font: FontSpec(filePath: TextTests.dejaVu, size: size), maxWidth: .nan)
            for origin in [CGPoint(x: Double.nan, y: 0), CGPoint(x: 1e300, y: -1e300), CGPoint(x: 2, y: 2)] {
                c.draw(layout, at: origin)
            }
            _ = try engine.glyphBitmaps(layout, at: CGPoint(x: Double.infinity, y: 0))
        }
        #expect(c.width == 32)
    }
}
