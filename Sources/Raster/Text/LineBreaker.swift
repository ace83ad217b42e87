/// Greedy line breaking of shaped clusters: breaks after spaces, around CJK ideographs and kana, and at
/// newlines; a word wider than the line is broken between clusters. Trailing spaces hang (do not count).
///
/// Simplifications: left-to-right only, no hyphenation, no CJK kinsoku (punctuation placement) rules.
enum LineBreaker {
    /// A cluster: glyphs sharing one source offset, with what the text at that offset allows. Kept small
    /// (16 bytes): a megabyte of text holds a million of them.
    struct Cluster {
        private var glyphStart: Int32
        private var glyphEnd: Int32
        /// Exact: shaped advances are 26.6 fixed point.
        private var advance32: Float
        var isSpace: Bool
        var isNewline: Bool
        var isIdeographic: Bool

        init(glyphs: Range<Int>, advance: Double, isSpace: Bool, isNewline: Bool, isIdeographic: Bool) {
            glyphStart = Int32(glyphs.lowerBound)
            glyphEnd = Int32(glyphs.upperBound)
            advance32 = Float(advance)
            self.isSpace = isSpace
            self.isNewline = isNewline
            self.isIdeographic = isIdeographic
        }

        var glyphs: Range<Int> { Int(glyphStart)..<Int(glyphEnd) }
        var advance: Double { Double(advance32) }
    }

    /// Lines as ranges of cluster indices.
    static func breakLines(_ clusters: [Cluster], maxWidth: Double?) -> [Range<Int>] {
        // NaN means no usable width: no wrapping. Negative widths wrap at every opportunity.
        let limit = maxWidth.map { $0.isNaN ? .infinity : max(0, $0) } ?? .infinity
        var lines: [Range<Int>] = []
        var lineStart = 0
        var lineWidth = 0.0  // includes trailing spaces
        var i = 0
        let n = clusters.count
        func contentWidth(_ r: Range<Int>) -> Double {
            var end = r.upperBound
            while end > r.lowerBound && (clusters[end - 1].isSpace || clusters[end - 1].isNewline) { end -= 1 }
            return clusters[r.lowerBound..<end].reduce(0) { $0 + $1.advance }
        }
        while i < n {
            if clusters[i].isNewline {
                lines.append(lineStart..<(i + 1))
                lineStart = i + 1
                lineWidth = 0
                i += 1
                continue
            }
            // The next segment: up to and including trailing spaces, or one ideograph.
            var j = i
            if clusters[j].isIdeographic {
                j += 1
            } else {
                while j < n && !clusters[j].isSpace && !clusters[j].isNewline && !clusters[j].isIdeographic { j += 1 }
            }
            while j < n && clusters[j].isSpace { j += 1 }
            if j == i { j = i + 1 }
            let segment = i..<j
            let segContent = contentWidth(segment)
            let segFull = clusters[segment].reduce(0) { $0 + $1.advance }
            if lineWidth + segContent <= limit || lineStart == i && segContent <= limit {
                lineWidth += segFull
                i = j
                continue
            }
            if lineStart < i {
                lines.append(lineStart..<i)
                lineStart = i
                lineWidth = 0
                continue
            }
            // A word wider than the line on its own: break it between clusters (at least one per line).
            var k = i
            var w = 0.0
            while k < j && (k == i || w + clusters[k].advance <= limit && !clusters[k].isSpace) {
                w += clusters[k].advance
                k += 1
            }
            if k < j && !clusters[k].isSpace {
                lines.append(lineStart..<k)
                lineStart = k
                lineWidth = 0
                i = k
            } else {
                lineWidth = w
                i = k
            }
        }
        if lineStart < n || lines.isEmpty { lines.append(lineStart..<n) }
        return lines
    }

    /// Width of a line without its trailing spaces and newline.
    static func width(of line: Range<Int>, _ clusters: [Cluster]) -> Double {
        var end = line.upperBound
        while end > line.lowerBound && (clusters[end - 1].isSpace || clusters[end - 1].isNewline) { end -= 1 }
        return clusters[line.lowerBound..<end].reduce(0) { $0 + $1.advance }
    }

    /// True for characters between which lines may break without a space (CJK ideographs, kana, fullwidth).
    static func isIdeographic(_ v: UInt32) -> Bool {
        (0x2E80...0x303F).contains(v) || (0x3040...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v)
            || (0x4E00...0x9FFF).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v)
            || (0x20000...0x2FFFF).contains(v)
    }
}
