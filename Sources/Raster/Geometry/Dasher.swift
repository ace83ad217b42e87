/// Cuts polylines into the "on" pieces of a dash pattern.
enum Dasher {
    /// The dashes of `lines` as open polylines; a pattern without positive length returns the input.
    static func dash(_ lines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
        let pat = pattern.map { $0.isFinite ? max(0, $0) : 0 }
        let period = pat.reduce(0, +) * (pat.count % 2 == 1 ? 2 : 1)
        guard !pat.isEmpty, period > 0 else { return lines }
        // An odd-length pattern repeats twice so on/off alternate, as in SVG.
        let full = pat.count % 2 == 1 ? pat + pat : pat
        // A pattern far finer than the path would make millions of dashes: beyond a bound, draw solid.
        let totalLength = lines.reduce(0.0) { acc, l in
            zip(l.points, l.points.dropFirst()).reduce(acc) { $0 + ($1.1 - $1.0).length }
        }
        guard totalLength / period < 100_000, phase.isFinite else { return lines }
        var out: [Polyline] = []
        for line in lines {
            var pts = line.points
            if line.closed, let f = pts.first, pts.last != f { pts.append(f) }
            guard pts.count > 1 else { continue }
            // Position in the pattern at the start of this sub-path.
            var offset = phase.truncatingRemainder(dividingBy: period)
            if offset < 0 { offset += period }
            var index = 0
            while offset >= full[index] {
                offset -= full[index]
                index = (index + 1) % full.count
            }
            var remaining = full[index] - offset
            var on = index % 2 == 0
            var current = Polyline()
            if on { current.points.append(pts[0]) }
            for i in 0..<(pts.count - 1) {
                var a = pts[i]
                let b = pts[i + 1]
                var segLen = (b - a).length
                while segLen > 0 {
                    if remaining >= segLen {
                        remaining -= segLen
                        if on { current.points.append(b) }
                        segLen = 0
                    } else {
                        let p = a + (b - a) * (remaining / segLen)
                        segLen -= remaining
                        a = p
                        if on {
                            current.points.append(p)
                            out.append(current)
                            current = Polyline()
                        } else {
                            current.points = [p]
                        }
                        on.toggle()
                        index = (index + 1) % full.count
                        remaining = full[index]
                    }
                }
            }
            if on && current.points.count > 1 { out.append(current) }
        }
        return out
    }
}
