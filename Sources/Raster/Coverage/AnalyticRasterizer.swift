import Foundation

/// Exact-area coverage of axis-aligned rounded rectangles (which include rectangles, ellipses, circles and
/// capsules) in device space.
///
/// A rounded rectangle is its bounding rectangle minus, at each corner, the part of the corner box outside the
/// corner's quarter ellipse. Per row, the span where every pixel is fully covered is filled with one `memset`;
/// only rim pixels between the inner and outer chord get an exact area (`DiscRowArea`, ellipses by scaling y).
enum AnalyticRasterizer {
    /// Writes coverage of the shape `[x0, x1] × [y0, y1]` with corner radii `rx`, `ry` into `mask` (which must
    /// be zeroed): every pixel of `mask.box` gets its exact area fraction.
    static func fill(_ mask: CoverageMask, x0: Double, y0: Double, x1: Double, y1: Double, rx rxIn: Double, ry ryIn: Double) {
        guard x1 > x0, y1 > y0 else { return }
        var rx = min(max(0, rxIn), (x1 - x0) / 2), ry = min(max(0, ryIn), (y1 - y0) / 2)
        if rx <= 0 || ry <= 0 { rx = 0; ry = 0 }
        let hasCorners = rx > 0
        let cxL = x0 + rx, cxR = x1 - rx, cyT = y0 + ry, cyB = y1 - ry
        let box = mask.box
        let firstRow = max(box.y0, Int(y0.rounded(.down))), lastRow = min(box.y1, Int(y1.rounded(.up)))
        guard firstRow < lastRow else { return }
        // Scaling y by rx/ry turns the corner ellipses into circles of radius rx.
        let yScale = hasCorners ? rx / ry : 1
        let largeCircle = hasCorners && rx == ry && rx > 64
        let areaScale = hasCorners ? ry / rx : 1

        func halfWidth(_ dy: Double) -> Double {
            let t = dy / ry
            return t >= 1 ? 0 : rx * (1 - t * t).squareRoot()
        }

        var corners: [(cx: Double, cy: Double, bx0: Double, bx1: Double, row: DiscRowArea)] = []
        corners.reserveCapacity(4)
        for py in firstRow..<lastRow {
            let ys = max(Double(py), y0), ye = min(Double(py + 1), y1)
            if ye <= ys { continue }
            let rowCov = ye - ys
            var lin = x0, rin = x1, lout = x0, rout = x1
            // Corner rows: the y-extent of this row inside the top and bottom corner bands.
            corners.removeAll(keepingCapacity: true)
            if hasCorners {
                let inTop = ys < cyT, inBottom = ye > cyB
                let inMiddle = ye > cyT && ys < cyB
                var inner = Double.infinity, outer = 0.0
                if inTop {
                    inner = min(inner, halfWidth(cyT - ys))
                    outer = max(outer, halfWidth(max(0, cyT - ye)))
                    let r0 = ys, r1 = min(ye, cyT)
                    let row = DiscRowArea(radius: rx, y0: (r0 - cyT) * yScale, y1: (r1 - cyT) * yScale)
                    corners.append((cxL, cyT, x0, cxL, row))
                    corners.append((cxR, cyT, cxR, x1, row))
                }
                if inBottom {
                    inner = min(inner, halfWidth(ye - cyB))
                    outer = max(outer, halfWidth(max(0, ys - cyB)))
                    let r0 = max(ys, cyB), r1 = ye
                    let row = DiscRowArea(radius: rx, y0: (r0 - cyB) * yScale, y1: (r1 - cyB) * yScale)
                    corners.append((cxL, cyB, x0, cxL, row))
                    corners.append((cxR, cyB, cxR, x1, row))
                }
                if inTop || inBottom {
                    lin = cxL - inner; rin = cxR + inner
                    if !inMiddle { lout = cxL - outer; rout = cxR + outer }
                }
            }
            let rowPtr = mask.row(py)
            let fullA = Int(lin.rounded(.up)), fullB = Int(rin.rounded(.down))
            let hasFull = fullB > fullA
            let outA = Int(lout.rounded(.down)), outB = Int(rout.rounded(.up))

            func exact(_ px: Int) -> UInt8 {
                let pa = Double(px), pb = Double(px + 1)
                var cov = max(0, min(pb, x1) - max(pa, x0)) * rowCov
                for k in corners {
                    let ix0 = max(pa, k.bx0), ix1 = min(pb, k.bx1)
                    if ix1 <= ix0 { continue }
                    if largeCircle && ix0 == pa && ix1 == pb && k.row.y1 - k.row.y0 == 1 {
                        // Whole pixel inside the corner box of a large circular corner: the tangent half-plane
                        // gives the area to within 0.25/r px² (< 1/255 for r > 64) at a fraction of the cost.
                        let dx = pa + 0.5 - k.cx, dy = Double(py) + 0.5 - k.cy
                        let d = (dx * dx + dy * dy).squareRoot()
                        cov -= 1 - AnalyticRasterizer.halfPlaneArea(t: rx - d, nx: dx / d, ny: dy / d)
                        continue
                    }
                    let boxArea = (ix1 - ix0) * ((k.row.y1 - k.row.y0) / yScale)
                    let ell = k.row.area(ix0 - k.cx, ix1 - k.cx) * areaScale
                    cov -= boxArea - ell
                }
                return coverageByte(cov)
            }

            let spanA = max(box.x0, outA), spanB = min(box.x1, outB)
            if spanB <= spanA { continue }
            if hasFull {
                let fa = max(spanA, fullA), fb = min(spanB, fullB)
                var px = spanA
                while px < min(fa, spanB) { rowPtr[px - box.x0] = exact(px); px += 1 }
                if fb > fa {
                    (rowPtr + (fa - box.x0)).update(repeating: coverageByte(rowCov), count: fb - fa)
                }
                px = max(fb, spanA)
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
