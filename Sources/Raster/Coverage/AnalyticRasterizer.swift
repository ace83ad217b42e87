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
        mutating func cornerCut(
            _ pa: Double, _ pb: Double, _ cx: Double, _ bx0: Double, _ bx1: Double, _ cy: Double,
            _ band: (y0: Double, y1: Double), top isTop: Bool
        ) -> Double {
            let ix0 = max(pa, bx0)
            let ix1 = min(pb, bx1)
            if ix1 <= ix0 { return 0 }
            let h = band.y1 - band.y0
            if largeCircle && ix0 == pa && ix1 == pb && h == 1 {
                // Whole pixel inside the corner box of a large circular corner: the tangent half-plane gives
                // the area to within 0.25/r px² (< 1/255 for r > 64) at a fraction of the cost.
                let dx = pa + 0.5 - cx
                let dy = band.y0 + 0.5 - cy
                let d = (dx * dx + dy * dy).squareRoot()
                return 1 - AnalyticRasterizer.halfPlaneArea(t: rx - d, nx: dx / d, ny: dy / d)
            }
            let inside: Double
            if isTop {
                if topArea == nil {
                    topArea = DiscRowArea(radius: rx, y0: (band.y0 - cy) * yScale, y1: (band.y1 - cy) * yScale)
                }
                inside = topArea!.area(ix0 - cx, ix1 - cx)
            } else {
                if bottomArea == nil {
                    bottomArea = DiscRowArea(radius: rx, y0: (band.y0 - cy) * yScale, y1: (band.y1 - cy) * yScale)
                }
                inside = bottomArea!.area(ix0 - cx, ix1 - cx)
            }
            return (ix1 - ix0) * h - inside * areaScale
        }

        /// The corner centre y of a row lying wholly inside one band of a large circle (fast rim), else nil.
        var fastRowCentreY: Double?
        var mirrorX: Int?
        /// Columns of this row written so far by `rim` from the left, which twins may copy.
        var computedA = 0, computedB = 0
        var rowTop = 0.0
        var fastDy = 0.0, fastDy2 = 0.0, inside2 = 0.0, outside2 = 0.0
        var leftA = 0, leftB = 0, rightA = 0, rightB = 0

        /// Per-row constants of the fast rim.
        mutating func prepareFastRow() {
            guard let cy = fastRowCentreY else { return }
            fastDy = rowTop + 0.5 - cy
            fastDy2 = fastDy * fastDy
            inside2 = (rx - 0.7072) * (rx - 0.7072)
            outside2 = (rx + 0.7072) * (rx + 0.7072)
            leftA = safeInt(x0.rounded(.up))
            leftB = safeInt(cxL.rounded(.down))
            rightA = safeInt(cxR.rounded(.up))
            rightB = safeInt(x1.rounded(.down))
        }

        /// Coverage of one rim pixel: rows of a large circle lying wholly in one corner band take the tangent
        /// half-plane for pixels wholly inside a corner box (within 0.25/r px² of exact: < 1/255 for
        /// r > 64); every other pixel gets the exact integral.
        @inline(__always)
        mutating func value(_ px: Int) -> UInt8 {
            guard fastRowCentreY != nil else { return exact(px) }
            let cx: Double
            if px >= leftA && px < leftB {
                cx = cxL
            } else if px >= rightA && px < rightB {
                cx = cxR
            } else {
                return exact(px)
            }
            let dx = Double(px) + 0.5 - cx
            let d2 = dx * dx + fastDy2
            if d2 <= inside2 { return 255 }
            if d2 >= outside2 { return 0 }
            let d = d2.squareRoot()
            let inv = 1 / d
            return coverageByte(AnalyticRasterizer.halfPlaneArea(t: rx - d, nx: dx * inv, ny: fastDy * inv))
        }

        /// Exact coverage of pixel column `px` in the current row.
        mutating func exact(_ px: Int) -> UInt8 {
            let pa = Double(px)
            let pb = Double(px + 1)
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
    static func fill(
        _ mask: CoverageMask, x0: Double, y0: Double, x1: Double, y1: Double, rx rxIn: Double, ry ryIn: Double
    ) {
        let box = mask.box
        guard x1 > x0, y1 > y0 else {
            mask.bytes.update(repeating: 0, count: mask.stride * box.height)
            return
        }
        var rx = min(max(0, rxIn), (x1 - x0) / 2)
        var ry = min(max(0, ryIn), (y1 - y0) / 2)
        if rx <= 0 || ry <= 0 {
            rx = 0
            ry = 0
        }
        // Radii equal up to rounding (a circle whose size went through a transform) are a circle.
        if abs(rx - ry) <= 1e-9 * rx { ry = rx }
        let hasCorners = rx > 0
        // Scaling y by rx/ry turns the corner ellipses into circles of radius rx.
        var st = Rows(
            x0: x0, y0: y0, x1: x1, y1: y1, rx: rx, ry: ry, cxL: x0 + rx, cxR: x1 - rx, cyT: y0 + ry, cyB: y1 - ry,
            yScale: hasCorners ? rx / ry : 1, areaScale: hasCorners ? ry / rx : 1,
            largeCircle: hasCorners && rx == ry && rx > 64)

        // Mirror symmetry (centre on a pixel boundary or centre): lower rows copy their upper twins and right
        // rim pixels their left twins. The twin is always the one computed, whatever part of the mask is
        // requested, so clipped and full renders agree byte for byte.
        let ySum = y0 + y1
        let xSum = x0 + x1
        let mirrorY = ySum == ySum.rounded() && abs(ySum) < 1e7 ? Int(ySum) : nil
        st.mirrorX = xSum == xSum.rounded() && abs(xSum) < 1e7 ? Int(xSum) : nil
        for py in box.y0..<box.y1 {
            let rowPtr = mask.row(py)
            var gy = py
            if let my = mirrorY, my - 1 - py < py {
                gy = my - 1 - py
                if gy >= box.y0 {
                    rowPtr.update(from: mask.row(gy), count: box.width)
                    continue
                }
            }
            computeRow(&st, gy, rowPtr - box.x0, box.x0, box.x1)
        }
    }

    /// Writes geometry row `gy` into `row` (indexed by device x) over columns `[bx0, bx1)`.
    private static func computeRow(
        _ st: inout Rows, _ gy: Int, _ row: UnsafeMutablePointer<UInt8>, _ bx0: Int, _ bx1: Int
    ) {
        let ys = max(Double(gy), st.y0)
        let ye = min(Double(gy + 1), st.y1)
        if ye <= ys {
            (row + bx0).update(repeating: 0, count: bx1 - bx0)
            return
        }
        st.rowCov = ye - ys
        st.rowTop = ys
        st.top = nil
        st.bottom = nil
        st.topArea = nil
        st.bottomArea = nil
        st.fastRowCentreY = nil
        var lin = st.x0
        var rin = st.x1
        var lout = st.x0
        var rout = st.x1
        if st.rx > 0 {
            let rx = st.rx
            let ry = st.ry
            func halfWidth(_ dy: Double) -> Double {
                let t = dy / ry
                return t >= 1 ? 0 : rx * (1 - t * t).squareRoot()
            }
            let inTop = ys < st.cyT
            let inBottom = ye > st.cyB
            let inMiddle = ye > st.cyT && ys < st.cyB
            var inner = Double.infinity
            var outer = 0.0
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
                lin = st.cxL - inner
                rin = st.cxR + inner
                if !inMiddle {
                    lout = st.cxL - outer
                    rout = st.cxR + outer
                }
            }
        }
        let fullA = safeInt(lin.rounded(.up))
        let fullB = safeInt(rin.rounded(.down))
        let outA = safeInt(lout.rounded(.down))
        let outB = safeInt(rout.rounded(.up))
        let spanA = min(bx1, max(bx0, outA))
        let spanB = max(spanA, min(bx1, outB))
        if spanA > bx0 { (row + bx0).update(repeating: 0, count: spanA - bx0) }
        if spanB < bx1 { (row + spanB).update(repeating: 0, count: bx1 - spanB) }
        if spanB <= spanA { return }
        st.computedA = spanA
        st.computedB = spanA
        if fullB > fullA {
            let fa = min(spanB, max(spanA, fullA))
            let fb = max(fa, min(spanB, fullB))
            rim(&st, row, spanA, fa)
            st.computedB = fa
            if fb > fa { (row + fa).update(repeating: coverageByte(st.rowCov), count: fb - fa) }
            rim(&st, row, fb, spanB)
        } else {
            rim(&st, row, spanA, spanB)
        }
    }

    /// Rim pixels `[a, b)` of the current row into `row` (indexed by device x). A pixel whose left twin
    /// (mirror symmetry) was already written in this row copies it.
    @inline(__always)
    private static func rim(_ st: inout Rows, _ row: UnsafeMutablePointer<UInt8>, _ a: Int, _ b: Int) {
        guard a < b else { return }
        if st.fastRowCentreY != nil { st.prepareFastRow() }
        for px in a..<b {
            if let mx = st.mirrorX {
                let twin = mx - 1 - px
                if twin < px {
                    row[px] = twin >= st.computedA && twin < st.computedB ? row[twin] : st.value(twin)
                    if px == st.computedB { st.computedB = px + 1 }
                    continue
                }
            }
            row[px] = st.value(px)
            if px == st.computedB { st.computedB = px + 1 }
        }
    }

    /// Area of the unit pixel (centred at the origin) on the inner side of the line `n·q = t`, where `n` is a
    /// unit normal pointing outwards: linear while the line crosses two opposite sides, quadratic near corners.
    @inline(__always)
    static func halfPlaneArea(t: Double, nx: Double, ny: Double) -> Double {
        let ax = abs(nx)
        let ay = abs(ny)
        let a = max(ax, ay)
        let b = min(ax, ay)
        let outer = (a + b) / 2
        let inner = (a - b) / 2
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
