import Foundation
import Testing

@testable import Raster

@Suite struct PathRasterizerTests {
    func mask(_ path: RasterPath, _ rule: FillRule, size: Int = 32) -> CoverageMask {
        let m = CoverageMask(box: PixelBox(x: 0, y: 0, width: size, height: size))
        PathRasterizer().fill(
            m, polylines: PathFlattener.flatten(path, transform: .identity, tolerance: 0.05), rule: rule)
        return m
    }

    @Test func polygonSquareMatchesAnalyticRect() {
        var p = RasterPath()
        p.addRect(CGRect(x: 3.25, y: 4.5, width: 17.5, height: 9.75))
        let fromPath = mask(p, .nonZero)
        let analytic = CoverageMask(box: fromPath.box)
        AnalyticRasterizer.fill(analytic, x0: 3.25, y0: 4.5, x1: 20.75, y1: 14.25, rx: 0, ry: 0)
        for y in 0..<32 { for x in 0..<32 { #expect(fromPath.value(x: x, y: y) == analytic.value(x: x, y: y)) } }
    }

    @Test func triangleAreaIsExact() {
        var p = RasterPath()
        p.move(to: CGPoint(x: 2.3, y: 1.7))
        p.addLine(to: CGPoint(x: 29.1, y: 8.4))
        p.addLine(to: CGPoint(x: 11.6, y: 30.2))
        p.closeSubpath()
        let m = mask(p, .nonZero)
        var sum = 0.0
        for y in 0..<32 { for x in 0..<32 { sum += Double(m.value(x: x, y: y)) / 255 } }
        let ax: Double = 29.1 - 2.3
        let ay: Double = 8.4 - 1.7
        let bx: Double = 11.6 - 2.3
        let by: Double = 30.2 - 1.7
        let area = abs(ax * by - bx * ay) / 2
        #expect(abs(sum - area) < 0.5)
    }

    @Test func evenOddLeavesOverlapEmptyNonZeroFillsIt() {
        var p = RasterPath()
        p.addRect(CGRect(x: 2, y: 2, width: 20, height: 20))
        p.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
        let eo = mask(p, .evenOdd)
        let nz = mask(p, .nonZero)
        #expect(eo.value(x: 15, y: 15) == 0)
        #expect(nz.value(x: 15, y: 15) == 255)
        #expect(eo.value(x: 5, y: 5) == 255 && eo.value(x: 25, y: 25) == 255)
    }

    @Test func coverageIndependentOfRequestedBox() {
        var p = RasterPath()
        p.move(to: CGPoint(x: 1.3, y: 2.2))
        p.addCurve(to: CGPoint(x: 30.1, y: 28.7), control1: CGPoint(x: 40, y: 0), control2: CGPoint(x: -10, y: 35))
        p.addLine(to: CGPoint(x: 3, y: 29))
        p.closeSubpath()
        let lines = PathFlattener.flatten(p, transform: .identity, tolerance: 0.05)
        let full = CoverageMask(box: PixelBox(x: 0, y: 0, width: 32, height: 32))
        PathRasterizer().fill(full, polylines: lines, rule: .nonZero)
        let part = CoverageMask(box: PixelBox(x: 9, y: 7, width: 13, height: 11))
        PathRasterizer().fill(part, polylines: lines, rule: .nonZero)
        for y in 7..<18 { for x in 9..<22 { #expect(part.value(x: x, y: y) == full.value(x: x, y: y)) } }
    }
}
