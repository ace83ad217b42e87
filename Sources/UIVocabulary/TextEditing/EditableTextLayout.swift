import Foundation
@_spi(Engine) import UICore

/// The lines of an editable text as drawn: its paragraphs (between line breaks), each wrapped at word
/// boundaries to the wrapping width (editors and vertical fields) into visual lines, with the caret stops
/// of each.
///
/// The work follows what is shown, not the text's length. An edit re-wraps only the paragraphs it touched
/// and shifts the lines after them. A large new text (a paste, a file loaded) wraps no paragraph at first:
/// each one's line count is estimated from its length, and the paragraphs drawn or holding the caret are
/// wrapped when asked (`layOut(lines:)`, `layOut(paragraphHolding:)`), refining the estimate. Caret stops
/// are measured for the lines asked about and kept by text.
@MainActor
package final class EditableTextLayout {
    /// A paragraph: its UTF-8 range in the text (without its line break) and, once wrapped, the offsets
    /// relative to its start where it breaks onto a new visual line.
    private struct Paragraph {
        var range: Range<Int>
        /// nil until wrapped: its visual lines are then an estimate (its bytes split evenly).
        var breaks: [Int]?
        /// Its bidirectional level, once asked for.
        var level: UInt8?
    }

    package private(set) var text = ""
    package private(set) var font = Font.body.resolve()
    /// The width lines wrap to; nil: no wrapping.
    package private(set) var wrapWidth: CGFloat?
    private var paragraphs: [Paragraph] = [Paragraph(range: 0..<0, breaks: [])]
    /// The first visual line of each paragraph, and the line count last.
    private var firstLines: [Int] = [0, 1]
    /// The visual lines (UTF-8 ranges of the text) and the paragraph each belongs to.
    package private(set) var lines: [Range<Int>] = [0..<0]
    private var lineParagraphs: [Int] = [0]
    /// Caret stops by line text: lines that did not change keep theirs across edits.
    private var stopsCache: [String: (offsets: [Int], xs: [CGFloat])] = [:]
    /// Points per byte of the paragraphs wrapped so far: what estimates of the others go by.
    private var measured: (width: CGFloat, bytes: Int) = (0, 0)
    package var measurer: any TextMeasurer = ApproximateTextMeasurer()

    /// New paragraphs up to this many bytes (an edit, a small text) are wrapped at once; beyond it they wait
    /// until shown.
    package static let eagerBytes = 32 << 10

    package var lineCount: Int { lines.count }

    /// Lays out `newText` in `newFont`, wrapping to `width` (nil: no wrapping). Returns whether anything changed.
    @discardableResult
    package func update(text newText: String, font newFont: Font.Resolved, wrapWidth width: CGFloat?) -> Bool {
        let width = width.map { max($0, 1) }
        guard newText != text || newFont != font || width != wrapWidth else { return false }
        if newFont != font {
            stopsCache.removeAll()
            measured = (0, 0)
        }
        if stopsCache.count > 4096 { stopsCache.removeAll() }
        if newFont != font || bidiCache.count > 1024 { bidiCache.removeAll() }
        let reusable = newFont == font && width == wrapWidth
        let oldCount = text.utf8.count
        let oldWindow = window
        window = nil
        defer { keepWindow(oldWindow, delta: text.utf8.count - oldCount) }
        let (prefix, suffix) = reusable ? Self.commonEnds(text, newText) : (0, 0)
        font = newFont
        wrapWidth = width
        text = newText
        let count = newText.utf8.count
        guard reusable else {
            var all = Pieces(firstParagraph: 0, firstLine: 0)
            lay(Self.paragraphRanges(of: newText, in: 0..<count), wrapping: count <= Self.eagerBytes, into: &all)
            paragraphs = all.paragraphs
            lines = all.lines
            lineParagraphs = all.lineParagraphs
            firstLines = all.firstLines + [all.lines.count]
            return true
        }
        // The paragraphs the changed bytes touch; those before keep their lines, those after shift theirs.
        let delta = count - oldCount
        let first = paragraph(startingAtOrBefore: prefix)
        let last = paragraph(startingAtOrBefore: oldCount - suffix)
        let start = paragraphs[first].range.lowerBound
        let end = paragraphs[last].range.upperBound + delta
        let replacements = Self.paragraphRanges(of: newText, in: start..<end)
        let oldLines = firstLines[first]..<firstLines[last + 1]
        var new = Pieces(firstParagraph: first, firstLine: oldLines.lowerBound)
        lay(replacements, wrapping: end - start <= Self.eagerBytes, into: &new)
        let paragraphShift = new.paragraphs.count - (last + 1 - first)
        let lineShift = new.lines.count - oldLines.count
        paragraphs.replaceSubrange(first...last, with: new.paragraphs)
        lines.replaceSubrange(oldLines, with: new.lines)
        lineParagraphs.replaceSubrange(oldLines, with: new.lineParagraphs)
        firstLines.replaceSubrange(first...last, with: new.firstLines)
        // What follows keeps its wrapping, moved by the edit.
        for index in (first + new.paragraphs.count)..<paragraphs.count {
            paragraphs[index].range = paragraphs[index].range.shifted(by: delta)
        }
        for index in (oldLines.lowerBound + new.lines.count)..<lines.count {
            lines[index] = lines[index].shifted(by: delta)
            lineParagraphs[index] += paragraphShift
        }
        if lineShift != 0 {
            for index in (first + new.paragraphs.count)..<firstLines.count { firstLines[index] += lineShift }
        }
        return true
    }

    /// Paragraphs laid out to replace some: their lines, and the first line of each.
    private struct Pieces {
        let firstParagraph: Int
        let firstLine: Int
        var paragraphs: [Paragraph] = []
        var lines: [Range<Int>] = []
        var lineParagraphs: [Int] = []
        var firstLines: [Int] = []
    }

    /// Lays out paragraphs `ranges` into `pieces`, wrapped or estimated.
    private func lay(_ ranges: [Range<Int>], wrapping: Bool, into pieces: inout Pieces) {
        pieces.paragraphs.reserveCapacity(ranges.count)
        pieces.firstLines.reserveCapacity(ranges.count)
        for range in ranges {
            // Unwrapped lines need no measuring to be laid out.
            let paragraph = Paragraph(range: range, breaks: wrapping || wrapWidth == nil ? breaks(range) : nil)
            pieces.firstLines.append(pieces.firstLine + pieces.lines.count)
            let paragraphLines = visualLines(of: paragraph)
            pieces.lines += paragraphLines
            pieces.lineParagraphs += repeatElement(
                pieces.firstParagraph + pieces.paragraphs.count, count: paragraphLines.count)
            pieces.paragraphs.append(paragraph)
        }
    }

    /// The visual lines of `paragraph`: from its breaks, or its bytes split evenly into the estimated count
    /// (at character starts).
    private func visualLines(of paragraph: Paragraph) -> [Range<Int>] {
        let range = paragraph.range
        guard let breaks = paragraph.breaks else {
            let count = estimatedLineCount(range.count)
            guard count > 1 else { return [range] }
            var result: [Range<Int>] = []
            var start = range.lowerBound
            text.utf8.withContiguousStorageIfAvailable { bytes in
                for part in 1..<count {
                    var end = range.lowerBound + range.count * part / count
                    while end < range.upperBound, bytes[end] & 0xC0 == 0x80 { end += 1 }
                    guard end > start, end < range.upperBound else { continue }
                    result.append(start..<end)
                    start = end
                }
            }
            result.append(start..<range.upperBound)
            return result
        }
        var result: [Range<Int>] = []
        result.reserveCapacity(breaks.count + 1)
        var start = range.lowerBound
        for wrap in breaks {
            result.append(start..<(range.lowerBound + wrap))
            start = range.lowerBound + wrap
        }
        result.append(start..<range.upperBound)
        return result
    }

    /// The visual lines a paragraph of `bytes` bytes not yet wrapped is counted as.
    private func estimatedLineCount(_ bytes: Int) -> Int {
        guard let wrapWidth, bytes > 0 else { return 1 }
        let perByte = measured.bytes > 0 ? measured.width / CGFloat(measured.bytes) : font.size / 2
        let estimate = (CGFloat(bytes) * perByte / wrapWidth).rounded(.up)
        return Int(min(max(estimate, 1), CGFloat(bytes)))
    }

    /// Wraps the paragraphs of visual lines `range` not wrapped yet. Returns whether any was (line indices
    /// after it may have moved).
    @discardableResult
    package func layOut(lines range: ClosedRange<Int>) -> Bool {
        let range = range.clamped(to: 0...(lines.count - 1))
        var wrapped = false
        var paragraph = lineParagraphs[range.lowerBound]
        // Lines are renumbered as paragraphs get wrapped: follow paragraphs until past the range's last line.
        while paragraph < paragraphs.count, firstLines[paragraph] <= range.upperBound {
            wrapped = layOut(paragraph: paragraph) || wrapped
            paragraph += 1
        }
        return wrapped
    }

    /// Wraps the paragraph holding UTF-8 offset `offset` if it was not yet. Returns whether it was.
    @discardableResult
    package func layOut(paragraphHolding offset: Int) -> Bool {
        layOut(paragraph: paragraph(startingAtOrBefore: offset))
    }

    private func layOut(paragraph index: Int) -> Bool {
        guard paragraphs[index].breaks == nil else { return false }
        paragraphs[index].breaks = breaks(paragraphs[index].range)
        let old = firstLines[index]..<firstLines[index + 1]
        let new = visualLines(of: paragraphs[index])
        lines.replaceSubrange(old, with: new)
        lineParagraphs.replaceSubrange(old, with: repeatElement(index, count: new.count))
        let shift = new.count - old.count
        if shift != 0 {
            for later in (index + 1)..<firstLines.count { firstLines[later] += shift }
        }
        return true
    }

    /// Whether the paragraph of visual line `index` is wrapped (its lines are exact, not estimated).
    package func isLaidOut(line index: Int) -> Bool { paragraphs[lineParagraphs[index]].breaks != nil }

    /// The last paragraph starting at or before UTF-8 offset `offset`.
    private func paragraph(startingAtOrBefore offset: Int) -> Int {
        var low = 0
        var high = paragraphs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if paragraphs[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    // MARK: A long single line

    /// A single line longer than this (a field holding a megabyte) is measured and drawn only in a window of
    /// this many bytes around the caret: the field shows a few hundred characters of it.
    package static let windowBytes = 16 << 10
    /// The bytes of a long single line that its one visual line stands for (nil: the whole text).
    package private(set) var window: Range<Int>?

    /// Whether the text is one line too long to lay out whole.
    private var needsWindow: Bool {
        wrapWidth == nil && paragraphs.count == 1 && text.utf8.count > Self.windowBytes
    }

    /// After an edit at the caret (inside the window) the window keeps its start and takes the change.
    private func keepWindow(_ old: Range<Int>?, delta: Int) {
        guard needsWindow, let old else { return restore() }
        let count = text.utf8.count
        let start = min(old.lowerBound, count)
        let end = min(max(old.upperBound + delta, start), count)
        window = start..<end
        lines[0] = start..<end
    }

    private func restore() {
        window = nil
        if paragraphs.count == 1, wrapWidth == nil { lines[0] = paragraphs[0].range }
    }

    /// Keeps `caret` well inside a long single line's window, moving the window when it nears an edge.
    /// Returns how far right the window's start moved, in points (what a scroll offset in it must lose),
    /// 0 when it did not move or moved out of reach of the old one.
    @discardableResult
    package func follow(caret: Int) -> CGFloat {
        guard needsWindow else {
            if window != nil { restore() }
            return 0
        }
        let count = text.utf8.count
        let margin = Self.windowBytes / 8
        if let window, window.lowerBound <= caret, caret <= window.upperBound,
            window.lowerBound == 0 || caret - window.lowerBound >= margin,
            window.upperBound == count || window.upperBound - caret >= margin
        {
            return 0
        }
        let half = Self.windowBytes / 2
        let start = caret <= half ? 0 : TextBoundaries.snapped(text, caret - half)
        let end = count - caret <= half ? count : TextBoundaries.snapped(text, caret + half)
        var shift: CGFloat = 0
        if let old = window, old.contains(start) {
            let (offsets, xs) = stops(0)
            shift = offsets.firstIndex(of: start - old.lowerBound).map { xs[$0] } ?? 0
        }
        window = start..<end
        lines[0] = start..<end
        return shift
    }

    /// The bytes `a` and `b` share at their starts and at their ends (not overlapping).
    package static func commonEnds(_ a: String, _ b: String) -> (prefix: Int, suffix: Int) {
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

    /// The paragraphs (ranges without their line breaks) of `text`'s bytes `range`, which starts a paragraph
    /// and ends one.
    package static func paragraphRanges(of text: String, in range: Range<Int>) -> [Range<Int>] {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [0..<0] }
            var result: [Range<Int>] = []
            var start = range.lowerBound
            // memchr: a paste of a megabyte is split into paragraphs in a millisecond.
            while start < range.upperBound,
                let found = memchr(base + start, 0x0A, range.upperBound - start)
            {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                result.append(start..<end)
                start = end + 1
            }
            result.append(start..<range.upperBound)
            return result
        }
    }

    package func string(_ range: Range<Int>) -> String {
        String(text[TextBoundaries.index(text, range.lowerBound)..<TextBoundaries.index(text, range.upperBound)])
    }

    /// Grapheme boundaries of a line's text (offsets within it) and the caret x of each.
    private func measuredStops(_ line: String) -> (offsets: [Int], xs: [CGFloat]) {
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

    /// Where the paragraph `range` wraps: after the last space that keeps a visual line within the width,
    /// else (a word longer than the line) between graphemes. Spaces at a wrap hang past the width.
    private func breaks(_ range: Range<Int>) -> [Int] {
        guard let wrapWidth, !range.isEmpty else { return [] }
        let line = string(range)
        let (offsets, xs) = measuredStops(line)
        guard let last = xs.last else { return [] }
        measured.width += last
        measured.bytes += range.count
        guard last > wrapWidth else { return [] }
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
    package func lineText(_ index: Int) -> String { string(lines[index]) }

    /// The caret stops of visual line `index`: grapheme boundaries (offsets within the line) and the x of each
    /// on the side typing right to left or not (nil: in the paragraph's direction) puts it.
    package func stops(_ index: Int, typingRightToLeft: Bool? = nil) -> (offsets: [Int], xs: [CGFloat]) {
        if let bidi = bidiLine(index) { return (bidi.offsets, bidi.xs(typingRightToLeft: typingRightToLeft)) }
        return logicalOrderStops(index)
    }

    /// The caret stops of visual line `index` as if all of it ran left to right (advances summed in text order).
    package func logicalOrderStops(_ index: Int) -> (offsets: [Int], xs: [CGFloat]) {
        let paragraph = paragraphs[lineParagraphs[index]]
        let range = lines[index]
        // A line not wrapped yet, or a long line's window, is measured alone.
        guard paragraph.breaks != nil, window == nil else { return measuredStops(string(range)) }
        let (offsets, xs) = measuredStops(string(paragraph.range))
        guard range != paragraph.range else { return (offsets, xs) }
        let lower = range.lowerBound - paragraph.range.lowerBound
        let upper = range.upperBound - paragraph.range.lowerBound
        guard let first = offsets.firstIndex(of: lower), let end = offsets.firstIndex(of: upper) else {
            return ([0], [0])
        }
        return (offsets[first...end].map { $0 - lower }, xs[first...end].map { $0 - xs[first] })
    }

    package func lineWidth(_ index: Int) -> CGFloat { bidiLine(index)?.width ?? logicalOrderStops(index).xs.last ?? 0 }

    /// The bidirectional level of visual line `index`'s paragraph: 1 when its first strong character is
    /// right-to-left (read up to that character only).
    package func paragraphLevel(ofLine index: Int) -> UInt8 {
        let paragraph = lineParagraphs[index]
        if let level = paragraphs[paragraph].level { return level }
        let range = paragraphs[paragraph].range
        let bytes = text.utf8[
            TextBoundaries.index(text, range.lowerBound)..<TextBoundaries.index(text, range.upperBound)]
        // Left to right unless a right-to-left letter may be there (a quick byte test).
        var level: UInt8 = 0
        if Bidi.mayHoldRightToLeft(bytes) {
            let scalars = text.unicodeScalars[bytes.startIndex..<bytes.endIndex]
            level = Bidi.paragraphLevel(scalars.lazy.map(Bidi.type(of:)))
        }
        paragraphs[paragraph].level = level
        return level
    }

    /// Laid-out right-to-left lines by their text and paragraph level.
    package var bidiCache: [String: BidiLine] = [:]

    /// The visual line holding offset `offset` (at a wrap, the line it starts).
    package func line(containing offset: Int) -> Int {
        var low = 0
        var high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The visual line of `offset` and the caret's x in it, on `affinity`'s side (nil: the side typing right to
    /// left or not puts it; nil: in the paragraph's direction).
    package func position(of offset: Int, affinity: CaretAffinity? = nil, typingRightToLeft: Bool? = nil) -> (
        line: Int, x: CGFloat
    ) {
        let line = line(containing: offset)
        let within = offset - lines[line].lowerBound
        guard let bidi = bidiLine(line) else {
            let (offsets, xs) = logicalOrderStops(line)
            return (line, xs[offsets.lastIndex { $0 <= within } ?? 0])
        }
        let index = bidi.offsets.lastIndex { $0 <= within } ?? 0
        let side = affinity ?? bidi.affinity(ofBoundary: index, typingRightToLeft: typingRightToLeft)
        return (line, bidi.x(ofBoundary: index, side))
    }

    /// Whether visual line `index` ends where its paragraph does (not at a wrap).
    package func endsLogicalLine(_ index: Int) -> Bool {
        index + 1 >= lines.count || lineParagraphs[index + 1] != lineParagraphs[index]
    }
}

extension Range<Int> {
    fileprivate func shifted(by delta: Int) -> Range<Int> { (lowerBound + delta)..<(upperBound + delta) }
}
