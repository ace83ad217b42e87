import Foundation

/// Anti-aliased coverage of arbitrary polygons by signed-area accumulation (the technique of font
/// rasterizers): every edge adds, to the cells it crosses, the signed area it sweeps to the cell's right
/// edge, plus the remainder to the next cell; a running sum along each row is then the exact winding-weighted
/// coverage. Non-zero uses `min(1, |sum|)`, even-odd folds the sum into `[0, 1]`.
///
/// Results do not depend on which part of the path is requested: points are snapped to 1/256 px, the
/// accumulation always starts at the path's own left edge, and each row's crossing is computed from the
/// segment directly — so damage-clipped and full renders match bit for bit.
final class PathRasterizer {
    private var acc: [Float] = []

    /// Writes the coverage of `polylines` (device coordinates; open ones are closed implicitly) into `mask`.
    func fill(_ mask: CoverageMask, polylines: [Polyline], rule: FillRule) {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        var lines = polylines
        for i in lines.indices {
            for j in lines[i].points.indices {
                var p = lines[i].points[j]
                p.x = (p.x * 256).rounded() / 256
                p.y = (p.y * 256).rounded() / 256
                lines[i].points[j] = p
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
            }
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let box = mask.box
        let rowLo = max(box.y0, safeInt(minY.rounded(.down)))
        let rowHi = min(box.y1, safeInt(maxY.rounded(.up)))
        guard rowLo < rowHi, Double(box.x1) > minX else { return }
        // The accumulation origin is the path's left edge (capped so absurd paths stay bounded).
        let ax0 = max(safeInt(minX.rounded(.down)), box.x0 - 16384)
        let width = box.x1 - ax0
        guard width > 0 else { return }
        let rowLen = width + 2
        let rows = rowHi - rowLo
        let count = rowLen * rows
        if acc.count < count {
            acc = [Float](repeating: 0, count: count)
        } else {
            acc.withUnsafeMutableBufferPointer { $0.baseAddress!.update(repeating: 0, count: count) }
        }
        acc.withUnsafeMutableBufferPointer { buf in
            let a = buf.baseAddress!
            let ox = Double(ax0)
            for line in lines {
                let pts = line.points
                guard pts.count > 1 else { continue }
                for i in 0..<pts.count {
                    let p = pts[i]
                    let q = i + 1 < pts.count ? pts[i + 1] : pts[0]
                    if i + 1 == pts.count && p == q { break }
                    PathRasterizer.addEdge(
                        a, rowLen: rowLen, width: width, rowLo: rowLo, rowHi: rowHi,
                        x0: p.x - ox, y0: p.y, x1: q.x - ox, y1: q.y)
                }
            }
            // Running sums → coverage bytes for the requested columns.
            let colA = box.x0 - ax0
            for r in 0..<rows {
                let accRow = a + r * rowLen
                let out = mask.row(rowLo + r)
                var sum: Float = 0
                var x = 0
                while x < colA {
                    sum += accRow[x]
                    x += 1
                }
                switch rule {
                case .nonZero:
                    while x < width {
                        sum += accRow[x]
                        let v = min(1, abs(sum))
                        out[x - colA] = UInt8(v * 255 + 0.5)
                        x += 1
                    }
                case .evenOdd:
                    while x < width {
                        sum += accRow[x]
                        var v = abs(sum).truncatingRemainder(dividingBy: 2)
                        if v > 1 { v = 2 - v }
                        out[x - colA] = UInt8(v * 255 + 0.5)
                        x += 1
                    }
                }
            }
        }
    }

    /// Adds one edge (x relative to the accumulation origin, y absolute) to the rows `[rowLo, rowHi)`.
    @inline(__always)
    private static func addEdge(
        _ a: UnsafeMutablePointer<Float>, rowLen: Int, width: Int, rowLo: Int, rowHi: Int,
        x0: Double, y0: Double, x1: Double, y1: Double
    ) {
        if y0 == y1 { return }
        let dir: Double = y1 > y0 ? 1 : -1
        let (tx, ty, bx, by) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let dxdy = (bx - tx) / (by - ty)
        let first = max(rowLo, safeInt(ty.rounded(.down)))
        let last = min(rowHi, safeInt(by.rounded(.up)))
        if first >= last { return }
        for row in first..<last {
            let ya = max(ty, Double(row))
            let yb = min(by, Double(row + 1))
            let dy = yb - ya
            if dy <= 0 { continue }
            let xa = ya == ty ? tx : tx + (ya - ty) * dxdy
            let xb = yb == by ? bx : tx + (yb - ty) * dxdy
            let accRow = a + (row - rowLo) * rowLen
            let d = dy * dir
            let xl = min(xa, xb)
            let xr = max(xa, xb)
            var cell = safeInt(xl.rounded(.down))
            let lastCell = max(cell, safeInt(xr.rounded(.up)) - 1)
            if cell == lastCell {
                deposit(accRow, width: width, cell: cell, amount: d, mid: (xa + xb) * 0.5 - Double(cell))
                continue
            }
            // The edge crosses several cells: split its height in proportion to the x-extent in each. Whatever
            // lies left of the buffer folds into column 0 at once; cells right of it are never needed.
            let perX = d / (xr - xl)
            var cx0 = xl
            if cell < 0 {
                let leftEnd = min(xr, 0)
                accRow[0] += Float((leftEnd - xl) * perX)
                cx0 = leftEnd
                cell = 0
            }
            while cell <= lastCell && cell < width {
                let cx1 = min(xr, Double(cell + 1))
                let part = (cx1 - cx0) * perX
                deposit(accRow, width: width, cell: cell, amount: part, mid: (cx0 + cx1) * 0.5 - Double(cell))
                cx0 = cx1
                cell += 1
            }
        }
    }

    /// Adds `amount` of winding to a cell: the part right of the edge (`1 − mid`) to the cell itself and the
    /// rest to its right neighbour. Cells left of the buffer fold into column 0; right ones are dropped.
    @inline(__always)
    private static func deposit(_ row: UnsafeMutablePointer<Float>, width: Int, cell: Int, amount: Double, mid: Double)
    {
        if cell < 0 {
            row[0] += Float(amount)
            return
        }
        if cell >= width { return }
        row[cell] += Float(amount * (1 - mid))
        row[cell + 1] += Float(amount * mid)
    }
}

/// A finite double as Int, clamped far beyond any pixel buffer so absurd geometry cannot trap.
@inline(__always) func safeInt(_ v: Double) -> Int {
    Int(max(-1e15, min(1e15, v)))
}
