import Foundation
import Testing

@testable import Raster

@Suite struct ShapeReferenceTests {
    let blue = Paint.color(PaintColor(rgb8: 0x33, 0x66, 0xCC))
    let orange = Paint.color(PaintColor(rgb8: 0xF0, 0x80, 0x20))

    @Test func analyticShapes() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.clear(.white)
        c.fill(.rect(CGRect(x: 2.5, y: 2.25, width: 25, height: 12.5)), with: blue)
        c.fill(
            .roundedRect(CGRect(x: 34.3, y: 2.6, width: 27, height: 18), cornerWidth: 6, cornerHeight: 6), with: orange)
        c.fill(.circle(center: CGPoint(x: 15.4, y: 31.7), radius: 11.3), with: orange)
        c.fill(.ellipse(CGRect(x: 33, y: 24.5, width: 28, height: 15)), with: blue)
        c.fill(
            .capsule(CGRect(x: 4.2, y: 47.5, width: 55, height: 12.4)),
            with: .color(PaintColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 0.8)))
        try Reference.check(c, "shapes-analytic")
    }

    func star() -> RasterPath {
        var p = RasterPath()
        for i in 0..<5 {
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            let pt = CGPoint(x: 32 + 28 * cos(a), y: 33 + 28 * sin(a))
            if i == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
        }
        p.closeSubpath()
        return p
    }

    @Test func starNonZeroAndEvenOdd() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.fill(.path(star(), .nonZero), with: blue)
        try Reference.check(c, "path-star-nonzero")
        #expect(channel(c, 32, 33, 3) == 255)
        let e = try RasterCanvas(width: 64, height: 64)
        e.fill(.path(star(), .evenOdd), with: blue)
        try Reference.check(e, "path-star-evenodd")
        #expect(channel(e, 32, 33, 3) == 0, "the pentagon centre has winding 2")
    }

    @Test func curvesAndArcs() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        var p = RasterPath()
        p.move(to: CGPoint(x: 4, y: 60))
        p.addQuadCurve(to: CGPoint(x: 60, y: 60), control: CGPoint(x: 32, y: 0))
        p.addArc(center: CGPoint(x: 32, y: 60), radius: 12, startAngle: 0, endAngle: Double.pi, clockwise: false)
        p.closeSubpath()
        p.move(to: CGPoint(x: 4, y: 4))
        p.addCurve(to: CGPoint(x: 60, y: 10), control1: CGPoint(x: 20, y: 30), control2: CGPoint(x: 40, y: -15))
        p.addLine(to: CGPoint(x: 60, y: 16))
        p.addLine(to: CGPoint(x: 4, y: 12))
        p.closeSubpath()
        c.fill(.path(p, .nonZero), with: orange)
        try Reference.check(c, "path-curves-arcs")
    }

    @Test func rotatedRoundedRectUsesPathCoverage() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.translateBy(x: 32, y: 32)
        c.rotate(by: Double.pi / 7)
        c.fill(.roundedRect(CGRect(x: -22, y: -12, width: 44, height: 24), cornerWidth: 7, cornerHeight: 7), with: blue)
        try Reference.check(c, "transform-rotated-rrect")
        // Coverage sums to the shape's area however it is rotated.
        var sum = 0.0
        for y in 0..<64 { for x in 0..<64 { sum += Double(channel(c, x, y, 3)) / 255 } }
        let area = 44.0 * 24 - (4 - Double.pi) * 49
        #expect(abs(sum - area) / area < 0.01)
    }

    @Test func scaledCanvasDrawsInPoints() throws {
        let c = try RasterCanvas(width: 64, height: 64, scale: 2)
        c.fill(.circle(center: CGPoint(x: 16, y: 16), radius: 10), with: blue)
        try Reference.check(c, "scale2-circle")
        #expect(channel(c, 32, 32, 3) == 255)
        #expect(channel(c, 32, 10, 3) == 0 && channel(c, 32, 13, 3) == 255)
    }
}
