import Foundation

/// Exact-area coverage of axis-aligned rounded rectangles (which include rectangles, ellipses, circles and
/// capsules) in device space.
///
/// A rounded rectangle is its bounding rectangle minus, at each corner, the part of the corner box outside the
/// corner's quarter ellipse. Per row, the span where every pixel is fully covered is filled with one `memset`;
/// only rim pixels between the inner and outer chord get an exact area (`DiscRowArea`, ellipses by scaling y).
enum AnalyticRasterizer {
    /// The shape's constants, and per row the bands and lazily built corner areas. A struct with mutating
    /// methods rather than closures, which would box their captured state on every row.
    private struct Rows {
        let x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double
        let cxL: Double, cxR: Double, cyT: Double, cyB: Double
        let yScale: Double, areaScale: Double
        let largeCircle: Bool
        var rowCov = 0.0
        var top: (y0: Double, y1: Double)?, bottom: (y0: Double, y1: Double)?
        var topArea: DiscRowArea?, bottomArea: DiscRowArea?

        /// Area of the part of corner box `[bx0, bx1] × band` outside the corner ellipse, within pixel [pa, pb].
        mutating func cornerCut(_ pa: Double, _ pb: Double, _ cx: Double, _ bx0: Double, _ bx1: Double, _ cy: Double,
                                _ band: (y0: Double, y1: Double), top isTop: Bool) -> Double {
            let ix0 = max(pa, bx0), ix1 = min(pb, bx1)
            if ix1 <= ix0 { return 0 }
            let h = band.y1 - band.y0
            if largeCircle && ix0 == pa && ix1 == pb && h == 1 {
                // Whole pixel inside the corner box of a large circular corner: the tangent half-plane gives
                // the area to within 0.25/r px² (< 1/255 for r > 64) at a fraction of the cost.
                let dx = pa + 0.5 - cx, dy = band.y0 + 0.5 - cy
                let d = (dx * dx + dy * dy).squareRoot()
                return 1 - AnalyticRasterizer.halfPlaneArea(t: rx - d, nx: dx / d, ny: dy / d)
            }
            let inside: Double
            if isTop {
                if topArea == nil { topArea = DiscRowArea(radius: rx, y0: (band.y0 - cy) * yScale, y1: (band.y1 - cy) * yScale) }
                inside = topArea!.area(ix0 - cx, ix1 - cx)
            } else {
                if bottomArea == nil { bottomArea = DiscRowArea(radius: rx, y0: (band.y0 - cy) * yScale, y1: (band.y1 - cy) * yScale) }
                inside = bottomArea!.area(ix0 - cx, ix1 - cx)
            }
            return (ix1 - ix0) * h - inside * areaScale
        }

        /// The corner centre y of a row lying wholly inside one band of a large circle (fast rim), else nil.
        var fastRowCentreY: Double?

        /// Exact coverage of pixel column `px` in the current row.
        mutating func exact(_ px: Int) -> UInt8 {
            let pa = Double(px), pb = Double(px + 1)
            var cov = max(0, min(pb, x1) - max(pa, x0)) * rowCov
            if let t = top {
                cov -= cornerCut(pa, pb, cxL, x0, cxL, cyT, t, top: true)
                cov -= cornerCut(pa, pb, cxR, cxR, x1, cyT, t, top: true)
            }
            if let b = bottom {
                cov -= cornerCut(pa, pb, cxL, x0, cxL, cyB, b, top: false)
                cov -= cornerCut(pa, pb, cxR, cxR, x1, cyB, b, top: false)
            }
            return coverageByte(cov)
        }
    }

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
        // Scaling y by rx/ry turns the corner ellipses into circles of radius rx.
        var st = Rows(x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, cxL: x0 + rx, cxR: x1 - rx, cyT: y0 + ry, cyB: y1 - ry,
                      yScale: hasCorners ? rx / ry : 1, areaScale: hasCorners ? ry / rx : 1,
                      largeCircle: hasCorners && rx == ry && rx > 64)

        func halfWidth(_ dy: Double) -> Double {
            let t = dy / ry
            return t >= 1 ? 0 : rx * (1 - t * t).squareRoot()
        }

        for py in box.y0..<box.y1 {
            let rowPtr = mask.row(py)
            let ys = max(Double(py), y0), ye = min(Double(py + 1), y1)
            if ye <= ys { rowPtr.update(repeating: 0, count: box.width); continue }
            st.rowCov = ye - ys
            st.top = nil; st.bottom = nil; st.topArea = nil; st.bottomArea = nil; st.fastRowCentreY = nil
            var lin = x0, rin = x1, lout = x0, rout = x1
            if hasCorners {
                let inTop = ys < st.cyT, inBottom = ye > st.cyB
                let inMiddle = ye > st.cyT && ys < st.cyB
                var inner = Double.infinity, outer = 0.0
                if inTop {
                    inner = min(inner, halfWidth(st.cyT - ys))
                    outer = max(outer, halfWidth(max(0, st.cyT - ye)))
                    st.top = (ys, min(ye, st.cyT))
                }
                if inBottom {
                    inner = min(inner, halfWidth(ye - st.cyB))
                    outer = max(outer, halfWidth(max(0, ys - st.cyB)))
                    st.bottom = (max(ys, st.cyB), ye)
                }
                if st.largeCircle && !inMiddle && (st.top == nil) != (st.bottom == nil) {
                    let band = st.top ?? st.bottom!
                    if band.y1 - band.y0 == 1 { st.fastRowCentreY = st.top != nil ? st.cyT : st.cyB }
                }
                if inTop || inBottom {
                    lin = st.cxL - inner; rin = st.cxR + inner
                    if !inMiddle { lout = st.cxL - outer; rout = st.cxR + outer }
                }
            }
            let fullA = Int(lin.rounded(.up)), fullB = Int(rin.rounded(.down))
            let outA = Int(lout.rounded(.down)), outB = Int(rout.rounded(.up))
            let spanA = min(box.x1, max(box.x0, outA)), spanB = max(spanA, min(box.x1, outB))
            if spanA > box.x0 { rowPtr.update(repeating: 0, count: spanA - box.x0) }
            if spanB < box.x1 { (rowPtr + (spanB - box.x0)).update(repeating: 0, count: box.x1 - spanB) }
            if spanB <= spanA { continue }
            if fullB > fullA {
                let fa = min(spanB, max(spanA, fullA)), fb = max(fa, min(spanB, fullB))
                rim(&st, rowPtr - box.x0, spanA, fa, ys: ys)
                if fb > fa { (rowPtr + (fa - box.x0)).update(repeating: coverageByte(st.rowCov), count: fb - fa) }
                rim(&st, rowPtr - box.x0, fb, spanB, ys: ys)
            } else {
                rim(&st, rowPtr - box.x0, spanA, spanB, ys: ys)
            }
        }
    }

    /// Rim pixels `[a, b)` of the current row into `row` (indexed by device x). Rows of a large circle that
    /// lie wholly in one corner band take the tangent half-plane for pixels wholly inside a corner box (area
    /// within 0.25/r px² of exact: < 1/255 for r > 64); every other pixel gets the exact integral.
    @inline(__always)
    private static func rim(_ st: inout Rows, _ row: UnsafeMutablePointer<UInt8>, _ a: Int, _ b: Int, ys: Double) {
        guard a < b else { return }
        guard let cy = st.fastRowCentreY else {
            for px in a..<b { row[px] = st.exact(px) }
            return
        }
        let dy = ys + 0.5 - cy, dy2 = dy * dy, r = st.rx
        let inside2 = (r - 0.7072) * (r - 0.7072), outside2 = (r + 0.7072) * (r + 0.7072)
        // Columns wholly inside the left and right corner boxes.
        let leftA = Int(st.x0.rounded(.up)), leftB = Int(st.cxL.rounded(.down))
        let rightA = Int(st.cxR.rounded(.up)), rightB = Int(st.x1.rounded(.down))
        var px = a
        while px < b {
            let cx: Double
            if px >= leftA && px < leftB { cx = st.cxL } else if px >= rightA && px < rightB { cx = st.cxR } else {
                row[px] = st.exact(px); px += 1; continue
            }
            let dx = Double(px) + 0.5 - cx
            let d2 = dx * dx + dy2
            if d2 <= inside2 { row[px] = 255 } else if d2 >= outside2 { row[px] = 0 } else {
                let d = d2.squareRoot(), inv = 1 / d
                row[px] = coverageByte(halfPlaneArea(t: r - d, nx: dx * inv, ny: dy * inv))
            }
            px += 1
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
