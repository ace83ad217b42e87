import Foundation

/// Exact-area coverage of axis-aligned rounded rectangles (which include rectangles, ellipses, circles and
/// capsules) in device space.
///
/// A rounded rectangle is its bounding rectangle minus, at each corner, the part of the corner box outside the
/// corner's quarter ellipse. Per row, the span where every pixel is fully covered is filled with one `memset`;
/// only rim pixels between the inner and outer chord get an exact area (`DiscRowArea`, ellipses by scaling y).
enum AnalyticRasterizer {
    /// Writes coverage of the shape `[x0, x1] × [y0, y1]` with corner radii `rx`, `ry` into every pixel of
    /// `mask.box` (zero outside the shape), so the mask need not be cleared first.
    static func fill(_ mask: CoverageMask, x0: Double, y0: Double, x1: Double, y1: Double, rx rxIn: Double, ry ryIn: Double) {
        let box = mask.box
        guard x1 > x0, y1 > y0 else {
            mask.bytes.update(repeating: 0, count: mask.stride * box.height)
            return
        }
        var rx = min(max(0, rxIn), (x1 - x0) / 2), ry = min(max(0, ryIn), (y1 - y0) / 2)
        if rx <= 0 || ry <= 0 { rx = 0; ry = 0 }
        let hasCorners = rx > 0
        let cxL = x0 + rx, cxR = x1 - rx, cyT = y0 + ry, cyB = y1 - ry
        // Scaling y by rx/ry turns the corner ellipses into circles of radius rx.
        let yScale = hasCorners ? rx / ry : 1
        let areaScale = hasCorners ? ry / rx : 1
        let largeCircle = hasCorners && rx == ry && rx > 64

        func halfWidth(_ dy: Double) -> Double {
            let t = dy / ry
            return t >= 1 ? 0 : rx * (1 - t * t).squareRoot()
        }

        for py in box.y0..<box.y1 {
            let rowPtr = mask.row(py)
            let ys = max(Double(py), y0), ye = min(Double(py + 1), y1)
            if ye <= ys { rowPtr.update(repeating: 0, count: box.width); continue }
            let rowCov = ye - ys
            var lin = x0, rin = x1, lout = x0, rout = x1
            // The row's parts inside the top and bottom corner bands (unscaled y), with lazily built areas.
            var top: (y0: Double, y1: Double)?, bottom: (y0: Double, y1: Double)?
            var topArea: DiscRowArea?, bottomArea: DiscRowArea?
            if hasCorners {
                let inTop = ys < cyT, inBottom = ye > cyB
                let inMiddle = ye > cyT && ys < cyB
                var inner = Double.infinity, outer = 0.0
                if inTop {
                    inner = min(inner, halfWidth(cyT - ys))
                    outer = max(outer, halfWidth(max(0, cyT - ye)))
                    top = (ys, min(ye, cyT))
                }
                if inBottom {
                    inner = min(inner, halfWidth(ye - cyB))
                    outer = max(outer, halfWidth(max(0, ys - cyB)))
                    bottom = (max(ys, cyB), ye)
                }
                if inTop || inBottom {
                    lin = cxL - inner; rin = cxR + inner
                    if !inMiddle { lout = cxL - outer; rout = cxR + outer }
                }
            }

            /// Area of the corner ellipse (centre cx, cy) inside pixel columns [ix0, ix1] of one band.
            func cornerCut(_ pa: Double, _ pb: Double, _ cx: Double, _ bx0: Double, _ bx1: Double, _ cy: Double, _ band: (y0: Double, y1: Double),
                           _ area: inout DiscRowArea?) -> Double {
                let ix0 = max(pa, bx0), ix1 = min(pb, bx1)
                if ix1 <= ix0 { return 0 }
                let h = band.y1 - band.y0
                if largeCircle && ix0 == pa && ix1 == pb && h == 1 {
                    // Whole pixel inside the corner box of a large circular corner: the tangent half-plane
                    // gives the area to within 0.25/r px² (< 1/255 for r > 64) at a fraction of the cost.
                    let dx = pa + 0.5 - cx, dy = band.y0 + 0.5 - cy
                    let d = (dx * dx + dy * dy).squareRoot()
                    return 1 - AnalyticRasterizer.halfPlaneArea(t: rx - d, nx: dx / d, ny: dy / d)
                }
                if area == nil { area = DiscRowArea(radius: rx, y0: (band.y0 - cy) * yScale, y1: (band.y1 - cy) * yScale) }
                return (ix1 - ix0) * h - area!.area(ix0 - cx, ix1 - cx) * areaScale
            }

            func exact(_ px: Int) -> UInt8 {
                let pa = Double(px), pb = Double(px + 1)
                var cov = max(0, min(pb, x1) - max(pa, x0)) * rowCov
                if let t = top {
                    cov -= cornerCut(pa, pb, cxL, x0, cxL, cyT, t, &topArea)
                    cov -= cornerCut(pa, pb, cxR, cxR, x1, cyT, t, &topArea)
                }
                if let b = bottom {
                    cov -= cornerCut(pa, pb, cxL, x0, cxL, cyB, b, &bottomArea)
                    cov -= cornerCut(pa, pb, cxR, cxR, x1, cyB, b, &bottomArea)
                }
                return coverageByte(cov)
            }

            let fullA = Int(lin.rounded(.up)), fullB = Int(rin.rounded(.down))
            let outA = Int(lout.rounded(.down)), outB = Int(rout.rounded(.up))
            let spanA = min(box.x1, max(box.x0, outA)), spanB = max(spanA, min(box.x1, outB))
            if spanA > box.x0 { rowPtr.update(repeating: 0, count: spanA - box.x0) }
            if spanB < box.x1 { (rowPtr + (spanB - box.x0)).update(repeating: 0, count: box.x1 - spanB) }
            if spanB <= spanA { continue }
            if fullB > fullA {
                let fa = min(spanB, max(spanA, fullA)), fb = max(fa, min(spanB, fullB))
                var px = spanA
                while px < fa { rowPtr[px - box.x0] = exact(px); px += 1 }
                if fb > fa { (rowPtr + (fa - box.x0)).update(repeating: coverageByte(rowCov), count: fb - fa) }
                px = fb
                while px < spanB { rowPtr[px - box.x0] = exact(px); px += 1 }
            } else {
                for px in spanA..<spanB { rowPtr[px - box.x0] = exact(px) }
            }
        }
    }

    /// Area of the unit pixel (centred at the origin) on the inner side of the line `n·q = t`, where `n` is a
    /// unit normal pointing outwards: linear while the line crosses two opposite sides, quadratic near corners.
    @inline(__always)
    static func halfPlaneArea(t: Double, nx: Double, ny: Double) -> Double {
        let ax = abs(nx), ay = abs(ny)
        let a = max(ax, ay), b = min(ax, ay)
        let outer = (a + b) / 2, inner = (a - b) / 2
        if t >= outer { return 1 }
        if t <= -outer { return 0 }
        if t >= inner {
            let u = outer - t
            return 1 - u * u / (2 * a * b)
        }
        if t <= -inner {
            let u = outer + t
            return u * u / (2 * a * b)
        }
        return 0.5 + t / a
    }
}
