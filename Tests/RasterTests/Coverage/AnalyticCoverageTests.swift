import Foundation
import Testing

@testable import Raster

/// Exact pixel area of a disc by numerical integration of the chord length over x (Simpson, fine steps).
func referenceDiscArea(cx: Double, cy: Double, r: Double, px: Int, py: Int) -> Double {
    let n = 400
    var sum = 0.0
    for i in 0...n {
        let x = Double(px) + Double(i) / Double(n)
        let dx = x - cx
        var h = 0.0
        if abs(dx) < r {
            let s = (r * r - dx * dx).squareRoot()
            h = max(0, min(Double(py + 1), cy + s) - max(Double(py), cy - s))
        }
        let w: Double = (i == 0 || i == n) ? 1 : (i % 2 == 1 ? 4 : 2)
        sum += w * h
    }
    return sum / Double(3 * n)
}

@Suite struct AnalyticCoverageTests {
    @Test(arguments: [(20.3, 19.7, 13.37), (32.0, 32.0, 25.5), (10.5, 40.25, 3.2), (31.9, 30.1, 0.8)])
    func circleCoverageMatchesExactArea(cx: Double, cy: Double, r: Double) {
        let mask = CoverageMask(box: PixelBox(x: 0, y: 0, width: 64, height: 64))
        AnalyticRasterizer.fill(mask, x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r, rx: r, ry: r)
        var worst = 0.0
        for y in 0..<64 {
            for x in 0..<64 {
                let expected = referenceDiscArea(cx: cx, cy: cy, r: r, px: x, py: y)
                worst = max(worst, abs(Double(mask.value(x: x, y: y)) / 255 - expected))
            }
        }
        #expect(worst <= 1.0 / 255, "max coverage error \(worst * 255)/255")
    }

    @Test func ellipseAreaSumsToPiAB() {
        let mask = CoverageMask(box: PixelBox(x: 0, y: 0, width: 64, height: 64))
        AnalyticRasterizer.fill(mask, x0: 5.3, y0: 12.1, x1: 58.9, y1: 40.6, rx: 26.8, ry: 14.25)
        var sum = 0.0
        for y in 0..<64 { for x in 0..<64 { sum += Double(mask.value(x: x, y: y)) / 255 } }
        let expected = Double.pi * 26.8 * 14.25
        #expect(abs(sum - expected) / expected < 0.002)
    }

    @Test func rectangleCoverageIsProductOfEdgeOverlaps() {
        let mask = CoverageMask(box: PixelBox(x: 0, y: 0, width: 16, height: 16))
        AnalyticRasterizer.fill(mask, x0: 2.25, y0: 3.5, x1: 10.75, y1: 9.0, rx: 0, ry: 0)
        #expect(mask.value(x: 2, y: 3) == coverageByte(0.75 * 0.5))
        #expect(mask.value(x: 5, y: 5) == 255)
        #expect(mask.value(x: 10, y: 8) == coverageByte(0.75))
        #expect(mask.value(x: 11, y: 5) == 0)
        #expect(mask.value(x: 5, y: 9) == 0)
    }

    @Test func roundedRectCornerMatchesQuarterDiscPlusBox() {
        // The corner pixels of a rounded rect equal those of a circle of the same radius placed in the corner.
        let rr = CoverageMask(box: PixelBox(x: 0, y: 0, width: 40, height: 40))
        AnalyticRasterizer.fill(rr, x0: 4.4, y0: 4.4, x1: 36.2, y1: 30.7, rx: 9.5, ry: 9.5)
        let disc = CoverageMask(box: PixelBox(x: 0, y: 0, width: 40, height: 40))
        AnalyticRasterizer.fill(disc, x0: 4.4, y0: 4.4, x1: 4.4 + 19, y1: 4.4 + 19, rx: 9.5, ry: 9.5)
        for y in 0..<13 { for x in 0..<13 { #expect(rr.value(x: x, y: y) == disc.value(x: x, y: y)) } }
    }

    @Test func interiorIsFullAndOutsideEmpty() {
        let mask = CoverageMask(box: PixelBox(x: 0, y: 0, width: 64, height: 64))
        AnalyticRasterizer.fill(mask, x0: 8, y0: 8, x1: 56, y1: 56, rx: 24, ry: 24)
        #expect(mask.value(x: 32, y: 32) == 255)
        #expect(mask.value(x: 9, y: 9) == 0)
        #expect(mask.value(x: 32, y: 8) > 0)
    }
}

@Suite struct LargeCircleCoverageTests {
    /// Radii above 64 px use the tangent half-plane for rim pixels; they must stay within 1/255 of exact.
    @Test(arguments: [(150.3, 149.8, 70.2), (160.0, 160.0, 140.5), (100.7, 210.25, 95.0)])
    func largeCircleWithinOneLevelOfExactArea(cx: Double, cy: Double, r: Double) {
        let box = PixelBox(x0: Int(cx - r) - 1, y0: Int(cy - r) - 1, x1: Int(cx + r) + 2, y1: Int(cy + r) + 2)
        let mask = CoverageMask(box: box)
        AnalyticRasterizer.fill(mask, x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r, rx: r, ry: r)
        var worst = 0.0
        // Every rim pixel of the upper-left quadrant and a sample of the rest.
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 {
                let dx = Double(x) + 0.5 - cx
                let dy = Double(y) + 0.5 - cy
                let d = (dx * dx + dy * dy).squareRoot()
                guard abs(d - r) < 1.5, (x < Int(cx) && y < Int(cy)) || (x + y) % 5 == 0 else { continue }
                let expected = referenceDiscArea(cx: cx, cy: cy, r: r, px: x, py: y)
                worst = max(worst, abs(Double(mask.value(x: x, y: y)) / 255 - expected))
            }
        }
        #expect(worst <= 1.0 / 255, "max coverage error \(worst * 255)/255")
    }
}

@Suite struct SymmetryTests {
    /// Symmetric shapes copy mirrored rows and pixels; a clipped request must still produce the same bytes.
    @Test(arguments: [(64.0, 64.0, 40.3), (64.5, 63.0, 90.7), (50.0, 70.5, 12.25)])
    func clippedRequestsMatchFullMask(cx: Double, cy: Double, r: Double) {
        let full = CoverageMask(box: PixelBox(x: 0, y: 0, width: 160, height: 160))
        AnalyticRasterizer.fill(full, x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r, rx: r, ry: r)
        for sub in [
            PixelBox(x: 70, y: 75, width: 50, height: 60), PixelBox(x: 3, y: 90, width: 150, height: 9),
            PixelBox(x: 100, y: 10, width: 7, height: 140),
        ] {
            let part = CoverageMask(box: sub)
            AnalyticRasterizer.fill(part, x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r, rx: r, ry: r)
            for y in sub.y0..<sub.y1 {
                for x in sub.x0..<sub.x1 { #expect(part.value(x: x, y: y) == full.value(x: x, y: y)) }
            }
        }
        // And the mirror images agree with a direct evaluation within one level.
        let reference = referenceDiscArea(cx: cx, cy: cy, r: r, px: Int(cx + r * 0.6), py: Int(cy + r * 0.6))
        #expect(abs(Double(full.value(x: Int(cx + r * 0.6), y: Int(cy + r * 0.6))) / 255 - reference) <= 1.0 / 255)
    }
}

/// Exact pixel area of a rounded rectangle with elliptical corners, by Simpson integration of its vertical
/// extent over x (the extent is smooth within a pixel except at corner-box edges, where 400 steps suffice).
func referenceRoundedRectArea(x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double, px: Int, py: Int)
    -> Double
{
    let n = 400
    var sum = 0.0
    for i in 0...n {
        let x = Double(px) + Double(i) / Double(n)
        var h = 0.0
        if x > x0 && x < x1 {
            var inset = 0.0
            let dx = x < x0 + rx ? (x0 + rx - x) : (x > x1 - rx ? x - (x1 - rx) : 0)
            if dx > 0 { inset = ry - ry * max(0, 1 - (dx / rx) * (dx / rx)).squareRoot() }
            h = max(0, min(Double(py + 1), y1 - inset) - max(Double(py), y0 + inset))
        }
        let w: Double = (i == 0 || i == n) ? 1 : (i % 2 == 1 ? 4 : 2)
        sum += w * h
    }
    return sum / Double(3 * n)
}

@Suite struct EllipseAndRoundedRectCoverageTests {
    @Test(arguments: [
        (3.3, 5.7, 60.1, 30.2, 28.4, 12.25), (2.5, 2.5, 61.5, 61.5, 8.0, 8.0), (10.2, 4.9, 50.6, 58.3, 12.7, 20.1),
        (4.0, 20.5, 40.0, 31.5, 18.0, 5.5),
    ])
    func perPixelWithinOneLevel(x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double) {
        let mask = CoverageMask(box: PixelBox(x: 0, y: 0, width: 64, height: 64))
        AnalyticRasterizer.fill(mask, x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry)
        var worst = 0.0
        for y in 0..<64 {
            for x in 0..<64 {
                let expected = referenceRoundedRectArea(
                    x0: x0, y0: y0, x1: x1, y1: y1, rx: min(rx, (x1 - x0) / 2), ry: min(ry, (y1 - y0) / 2), px: x, py: y
                )
                worst = max(worst, abs(Double(mask.value(x: x, y: y)) / 255 - expected))
            }
        }
        #expect(worst <= 1.0 / 255, "max coverage error \(worst * 255)/255")
    }
}
