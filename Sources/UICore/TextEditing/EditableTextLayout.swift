import Foundation

/// The lines of an editable text as drawn: its logical lines (between line breaks), each wrapped at word
/// boundaries to the wrapping width (editors and vertical fields) into visual lines, with the caret stops
/// of each. After an edit only the logical lines that changed are wrapped again (a 10 000-line editor
/// re-wraps one line per keystroke); caret stops are measured for the lines drawn and kept by line text.
@MainActor
final class EditableTextLayout {
    /// A logical line: its UTF-8 range in the text (without its line break) and the offsets, relative to
    /// its start, where it wraps onto a new visual line.
    private struct LogicalLine {
        var range: Range<Int>
        var breaks: [Int]
    }

    private(set) var text = ""
    private var font = Font.body.resolve()
    /// The width lines wrap to; nil: no wrapping.
    private(set) var wrapWidth: CGFloat?
    private var logical: [LogicalLine] = [LogicalLine(range: 0..<0, breaks: [])]
    /// The visual lines (UTF-8 ranges of the text) and the logical line each belongs to.
    private(set) var lines: [Range<Int>] = [0..<0]
    private var logicalIndex: [Int] = [0]
    /// Caret stops by logical line text: lines that did not change keep theirs across edits.
    private var stopsCache: [String: (offsets: [Int], xs: [CGFloat])] = [:]
    var measurer: any TextMeasurer = ApproximateTextMeasurer()

    var lineCount: Int { lines.count }

    /// Lays out `newText` in `newFont`, wrapping to `width` (nil: no wrapping). Returns whether anything changed.
    @discardableResult
    func update(text newText: String, font newFont: Font.Resolved, wrapWidth width: CGFloat?) -> Bool {
        let width = width.map { max($0, 1) }
        guard newText != text || newFont != font || width != wrapWidth else { return false }
        if newFont != font { stopsCache.removeAll() }
        if stopsCache.count > 4096 { stopsCache.removeAll() }
        if newFont != font || bidiCache.count > 1024 { bidiCache.removeAll() }
        let reusable = newFont == font && width == wrapWidth
        let old = logical
        let oldCount = text.utf8.count
        let (prefix, suffix) = reusable ? Self.commonEnds(text, newText) : (0, 0)
        font = newFont
        wrapWidth = width
        text = newText
        let starts = Self.lineStarts(of: newText)
        let count = newText.utf8.count
        var result: [LogicalLine] = []
        result.reserveCapacity(starts.count)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] - 1 : count
            // A line before the change (with its line break) or after it (with the break before it) wraps as before.
            if reusable, end < prefix, index < old.count, old[index].range == start..<end {
                result.append(old[index])
                continue
            }
            let fromEnd = count - start
            if reusable, start > 0, fromEnd + 1 <= suffix {
                let oldIndex = old.count - (starts.count - index)
                let shift = count - oldCount
                if oldIndex >= 0, old[oldIndex].range == (start - shift)..<(end - shift) {
                    result.append(LogicalLine(range: start..<end, breaks: old[oldIndex].breaks))
                    continue
                }
            }
            result.append(LogicalLine(range: start..<end, breaks: breaks(start..<end)))
        }
        logical = result
        lines.removeAll(keepingCapacity: true)
        logicalIndex.removeAll(keepingCapacity: true)
        for (index, line) in logical.enumerated() {
            var start = line.range.lowerBound
            for wrap in line.breaks {
                lines.append(start..<(line.range.lowerBound + wrap))
                logicalIndex.append(index)
                start = line.range.lowerBound + wrap
            }
            lines.append(start..<line.range.upperBound)
            logicalIndex.append(index)
        }
        return true
    }

    /// The bytes `a` and `b` share at their starts and at their ends (not overlapping).
    static func commonEnds(_ a: String, _ b: String) -> (prefix: Int, suffix: Int) {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard let a = x.baseAddress, let b = y.baseAddress else { return (0, 0) }
                let limit = min(x.count, y.count)
                let block = 4096
                // Whole blocks with memcmp (an edit in half a megabyte is found in microseconds), then bytes.
                var prefix = 0
                while limit - prefix >= block, memcmp(a + prefix, b + prefix, block) == 0 { prefix += block }
                while prefix < limit, x[prefix] == y[prefix] { prefix += 1 }
                var suffix = 0
                while limit - prefix - suffix >= block,
                    memcmp(a + x.count - suffix - block, b + y.count - suffix - block, block) == 0
                { suffix += block }
                while suffix < limit - prefix, x[x.count - 1 - suffix] == y[y.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }

    static func lineStarts(of text: String) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            var starts = [0]
            guard let base = bytes.baseAddress else { return starts }
            var offset = 0
            // memchr: a 10 000-line editor rescans its half megabyte at each keystroke.
            while offset < bytes.count, let found = memchr(base + offset, 0x0A, bytes.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
            return starts
        }
    }

    func string(_ range: Range<Int>) -> String {
        String(text[TextBoundaries.index(text, range.lowerBound)..<TextBoundaries.index(text, range.upperBound)])
    }

    /// Grapheme boundaries of a logical line's text (offsets within it) and the caret x of each.
    private func logicalStops(_ line: String) -> (offsets: [Int], xs: [CGFloat]) {
        if let cached = stopsCache[line] { return cached }
        var offsets = [0]
        var offset = 0
        for character in line {
            offset += character.utf8.count
            offsets.append(offset)
        }
        let xs = line.isEmpty ? [0] : measurer.caretPositions(line, font: font, boundaries: offsets)
        stopsCache[line] = (offsets, xs)
        return (offsets, xs)
    }

    /// Where the logical line `range` wraps: after the last space that keeps a visual line within the width,
    /// else (a word longer than the line) between graphemes. Spaces at a wrap hang past the width.
    private func breaks(_ range: Range<Int>) -> [Int] {
        guard let wrapWidth, !range.isEmpty else { return [] }
        let line = string(range)
        let (offsets, xs) = logicalStops(line)
        guard let last = xs.last, last > wrapWidth else { return [] }
        let isSpace = line.map { $0.isWhitespace }
        var result: [Int] = []
        var start = 0
        var opportunity: Int?
        for index in 1..<offsets.count {
            if isSpace[index - 1] {
                opportunity = index
                continue
            }
            while xs[index] - xs[start] > wrapWidth {
                let wrap: Int
                if let opportunity, opportunity > start {
                    wrap = opportunity
                } else if index - 1 > start {
                    wrap = index - 1
                } else {
                    break
                }
                result.append(offsets[wrap])
                start = wrap
                opportunity = nil
            }
        }
        return result
    }

    /// The text of visual line `index` (a wrapped line keeps its trailing spaces).
    func lineText(_ index: Int) -> String { string(lines[index]) }

    /// The caret stops of visual line `index`: grapheme boundaries (offsets within the line) and their x.
    func stops(_ index: Int) -> (offsets: [Int], xs: [CGFloat]) {
        if let bidi = bidiLine(index) { return (bidi.offsets, bidi.xs) }
        return logicalOrderStops(index)
    }

    /// The caret stops of visual line `index` as if all of it ran left to right (advances summed in text order).
    func logicalOrderStops(_ index: Int) -> (offsets: [Int], xs: [CGFloat]) {
        let line = logical[logicalIndex[index]]
        let (offsets, xs) = logicalStops(string(line.range))
        let range = lines[index]
        guard range != line.range else { return (offsets, xs) }
        let lower = range.lowerBound - line.range.lowerBound
        let upper = range.upperBound - line.range.lowerBound
        guard let first = offsets.firstIndex(of: lower), let end = offsets.firstIndex(of: upper) else {
            return ([0], [0])
        }
        return (offsets[first...end].map { $0 - lower }, xs[first...end].map { $0 - xs[first] })
    }

    func lineWidth(_ index: Int) -> CGFloat { bidiLine(index)?.width ?? logicalOrderStops(index).xs.last ?? 0 }

    /// The text of logical line `index`'s paragraph, for the bidirectional algorithm's paragraph level.
    func paragraphText(ofLine index: Int) -> String { string(logical[logicalIndex[index]].range) }

    /// Laid-out right-to-left lines by their text and paragraph level.
    var bidiCache: [String: BidiLine] = [:]

    /// The visual line holding offset `offset` (at a wrap, the line it starts).
    func line(containing offset: Int) -> Int {
        var low = 0
        var high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The visual line of `offset` and the caret's x in it.
    func position(of offset: Int) -> (line: Int, x: CGFloat) {
        let line = line(containing: offset)
        let (offsets, xs) = stops(line)
        let within = offset - lines[line].lowerBound
        let index = offsets.lastIndex { $0 <= within } ?? 0
        return (line, xs[index])
    }

    /// Whether visual line `index` ends where its logical line does (not at a wrap).
    func endsLogicalLine(_ index: Int) -> Bool {
        index + 1 >= lines.count || logicalIndex[index + 1] != logicalIndex[index]
    }
}

// MARK: Right-to-left text

/// A visual line holding right-to-left text: its runs in display order and the caret stop of each grapheme
/// boundary (in text order, so the xs are not ascending).
struct BidiLine {
    struct Run {
        /// UTF-8 offsets within the line.
        var range: Range<Int>
        var isRightToLeft: Bool
        var x: CGFloat
        var width: CGFloat
        /// Grapheme boundaries within the run (offsets within the line) and their distance from the run's
        /// logical start (its right edge when right-to-left).
        var offsets: [Int]
        var advances: [CGFloat]

        /// The x of boundary `offset` of this run, in the line.
        func x(of offset: Int) -> CGFloat {
            let advance = advances[offsets.firstIndex(of: offset) ?? 0]
            return isRightToLeft ? x + width - advance : x + advance
        }
    }
    var runs: [Run]
    var offsets: [Int]
    var xs: [CGFloat]
    var width: CGFloat
}

extension EditableTextLayout {
    /// The bidirectional layout of visual line `index`, nil when it holds no right-to-left text (drawn and
    /// measured left to right as a whole).
    func bidiLine(_ index: Int) -> BidiLine? {
        let range = lines[index]
        let utf8 = self.text.utf8
        let bytes = utf8[
            TextBoundaries.index(self.text, range.lowerBound)..<TextBoundaries.index(self.text, range.upperBound)]
        guard Bidi.mayHoldRightToLeft(bytes) else { return nil }
        let text = lineText(index)
        let paragraph = paragraphText(ofLine: index)
        let paragraphLevel = Bidi.paragraphLevel(paragraph.map { Bidi.type(of: $0.unicodeScalars.first!) })
        let key = "\(paragraphLevel)" + text
        if let cached = bidiCache[key] { return cached }
        var offsets = [0]
        var types: [Bidi.CharacterType] = []
        for character in text {
            offsets.append(offsets.last! + character.utf8.count)
            types.append(Bidi.type(of: character.unicodeScalars.first!))
        }
        guard types.contains(where: { $0.isStrongRightToLeft }) || paragraphLevel == 1 else { return nil }
        var levels = Bidi.levels(types, paragraphLevel: paragraphLevel)[...]
        Bidi.resetTrailingWhitespace(&levels, types: types[...], paragraphLevel: paragraphLevel)
        var runs: [BidiLine.Run] = []
        var x: CGFloat = 0
        for run in Bidi.visualRuns(Array(levels)) {
            let runOffsets = Array(offsets[run.range.lowerBound...run.range.upperBound])
            let start = runOffsets[0]
            let runText = string((range.lowerBound + start)..<(range.lowerBound + runOffsets.last!))
            let advances = measurer.caretPositions(runText, font: font, boundaries: runOffsets.map { $0 - start })
            let width = advances.last ?? 0
            runs.append(
                BidiLine.Run(
                    range: start..<runOffsets.last!, isRightToLeft: run.isRightToLeft, x: x, width: width,
                    offsets: runOffsets, advances: advances))
            x += width
        }
        // A caret stands after the grapheme before it (where typing goes on), the first before the first.
        func run(holding grapheme: Int) -> BidiLine.Run {
            runs.first { $0.range.contains(offsets[grapheme]) }!
        }
        var xs: [CGFloat] = []
        xs.reserveCapacity(offsets.count)
        for boundary in offsets.indices {
            if boundary == 0 {
                xs.append(offsets.count > 1 ? run(holding: 0).x(of: 0) : 0)
            } else {
                xs.append(run(holding: boundary - 1).x(of: offsets[boundary]))
            }
        }
        let line = BidiLine(runs: runs, offsets: offsets, xs: xs, width: x)
        bidiCache[key] = line
        return line
    }

    /// The horizontal extents (within the line) that offsets `range` of visual line `index` cover: one per run
    /// it touches, adjacent ones merged.
    func extents(of range: Range<Int>, inLine index: Int) -> [ClosedRange<CGFloat>] {
        let start = lines[index].lowerBound
        let lower = range.lowerBound - start
        let upper = range.upperBound - start
        guard let bidi = bidiLine(index) else {
            let (offsets, xs) = logicalOrderStops(index)
            let x0 = xs[offsets.lastIndex { $0 <= lower } ?? 0]
            let x1 = xs[offsets.lastIndex { $0 <= upper } ?? 0]
            return [x0...max(x0, x1)]
        }
        var result: [ClosedRange<CGFloat>] = []
        for run in bidi.runs {
            let a = max(lower, run.range.lowerBound)
            let b = min(upper, run.range.upperBound)
            guard a < b else { continue }
            let xa = run.x(of: run.offsets.last { $0 <= a } ?? a)
            let xb = run.x(of: run.offsets.last { $0 <= b } ?? b)
            let extent = min(xa, xb)...max(xa, xb)
            if let last = result.last, abs(last.upperBound - extent.lowerBound) < 0.01 {
                result[result.count - 1] = last.lowerBound...extent.upperBound
            } else {
                result.append(extent)
            }
        }
        return result
    }

    /// The pieces visual line `index` is drawn in: its text at x 0, or each run of a bidirectional line at its x.
    func drawnRuns(_ index: Int) -> [(text: String, x: CGFloat, width: CGFloat)] {
        guard let bidi = bidiLine(index) else { return [(lineText(index), 0, lineWidth(index))] }
        let start = lines[index].lowerBound
        return bidi.runs.map { run in
            (string((start + run.range.lowerBound)..<(start + run.range.upperBound)), run.x, run.width)
        }
    }
}
