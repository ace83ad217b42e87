import Foundation

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
        let paragraphLevel = paragraphLevel(ofLine: index)
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
