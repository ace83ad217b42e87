import Foundation
@_spi(Engine) import UICore

// MARK: Right-to-left text

/// A visual line holding right-to-left text: its runs in display order and the two places of a caret at each
/// grapheme boundary (in text order, so the xs are not ascending).
package struct BidiLine {
    package struct Run {
        /// UTF-8 offsets within the line.
        package var range: Range<Int>
        package var isRightToLeft: Bool
        package var x: CGFloat
        package var width: CGFloat
        /// Grapheme boundaries within the run (offsets within the line) and their distance from the run's
        /// logical start (its right edge when right-to-left).
        package var offsets: [Int]
        package var advances: [CGFloat]

        /// The x of boundary `offset` of this run, in the line.
        package func x(of offset: Int) -> CGFloat { x(atBoundary: offsets.firstIndex(of: offset) ?? 0) }

        /// The x of the run's boundary `index` (into `offsets`), in the line.
        package func x(atBoundary index: Int) -> CGFloat {
            isRightToLeft ? x + width - advances[index] : x + advances[index]
        }
    }
    package var runs: [Run]
    package var offsets: [Int]
    /// Where a caret at each boundary stands upstream: at the trailing edge of the grapheme before it (the
    /// first, at the line's start edge).
    package var upstreamXs: [CGFloat]
    /// Where it stands downstream: at the leading edge of the grapheme after it (the last, at the line's end edge).
    package var downstreamXs: [CGFloat]
    /// Whether the text before each boundary runs right to left (the first: the paragraph).
    package var rightToLeftBefore: [Bool]
    package var isRightToLeft: Bool
    package var width: CGFloat

    /// The side a caret at boundary `index` is drawn on while typing runs right to left or not (nil: in the
    /// paragraph's direction): after the grapheme before it where that runs in the typing direction (typed text
    /// goes on from it there), else before the grapheme after it. Pango's strong cursor, or its weak one while
    /// typing against the paragraph's direction.
    package func affinity(ofBoundary index: Int, typingRightToLeft: Bool?) -> CaretAffinity {
        rightToLeftBefore[index] == (typingRightToLeft ?? isRightToLeft) ? .upstream : .downstream
    }

    package func x(ofBoundary index: Int, _ affinity: CaretAffinity) -> CGFloat {
        affinity == .upstream ? upstreamXs[index] : downstreamXs[index]
    }

    /// The caret x of each boundary on the side typing in that direction puts it.
    package func xs(typingRightToLeft: Bool?) -> [CGFloat] {
        offsets.indices.map { x(ofBoundary: $0, affinity(ofBoundary: $0, typingRightToLeft: typingRightToLeft)) }
    }

    /// The places a caret can stand on the line from left to right: each grapheme's edges in display order, and
    /// which caret positions (offsets within the line) each edge is.
    package func visualStops() -> [VisualCaretStop] {
        var stops: [VisualCaretStop] = []
        stops.reserveCapacity(offsets.count)
        let lineStart = CaretPosition(offset: 0, affinity: .upstream)
        let lineEnd = CaretPosition(offset: offsets.last ?? 0, affinity: .downstream)
        for run in runs {
            let count = run.offsets.count - 1
            for j in 0..<count {
                // Left to right: a right-to-left run's graphemes from its last to its first.
                let k = run.isRightToLeft ? count - 1 - j : j
                let start = run.offsets[k]
                let end = run.offsets[k + 1]
                let edges = (run.x(atBoundary: k), run.x(atBoundary: k + 1))
                let leadingEdge = CaretPosition(offset: start, affinity: .downstream)
                let trailingEdge = CaretPosition(offset: end, affinity: .upstream)
                let (leftEdge, rightEdge) =
                    run.isRightToLeft ? (trailingEdge, leadingEdge) : (leadingEdge, trailingEdge)
                if stops.isEmpty {
                    stops.append(
                        VisualCaretStop(
                            x: min(edges.0, edges.1), fromLeft: isRightToLeft ? lineEnd : lineStart,
                            fromRight: leftEdge))
                } else {
                    stops[stops.count - 1].fromRight = leftEdge
                }
                stops.append(VisualCaretStop(x: max(edges.0, edges.1), fromLeft: rightEdge, fromRight: nil))
            }
        }
        guard !stops.isEmpty else { return [VisualCaretStop(x: 0, fromLeft: lineStart, fromRight: lineEnd)] }
        stops[stops.count - 1].fromRight = isRightToLeft ? lineStart : lineEnd
        return stops
    }
}

extension EditableTextLayout {
    /// The bidirectional layout of visual line `index`, nil when it holds no right-to-left text (drawn and
    /// measured left to right as a whole).
    package func bidiLine(_ index: Int) -> BidiLine? {
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
        let visualRuns = Bidi.visualRuns(Array(levels))
        for run in visualRuns {
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
        // Each boundary's two places: the trailing edge of the grapheme before it and the leading edge of the one
        // after it (the line's edges, in the paragraph's direction, at its ends).
        let isRightToLeft = paragraphLevel == 1
        var upstream = [CGFloat](repeating: isRightToLeft ? x : 0, count: offsets.count)
        var downstream = [CGFloat](repeating: isRightToLeft ? 0 : x, count: offsets.count)
        var rightToLeftBefore = [Bool](repeating: isRightToLeft, count: offsets.count)
        for (run, levels) in zip(runs, visualRuns) {
            for index in 0..<(run.offsets.count - 1) {
                let grapheme = levels.range.lowerBound + index
                downstream[grapheme] = run.x(atBoundary: index)
                upstream[grapheme + 1] = run.x(atBoundary: index + 1)
                rightToLeftBefore[grapheme + 1] = run.isRightToLeft
            }
        }
        let line = BidiLine(
            runs: runs, offsets: offsets, upstreamXs: upstream, downstreamXs: downstream,
            rightToLeftBefore: rightToLeftBefore, isRightToLeft: isRightToLeft, width: x)
        bidiCache[key] = line
        return line
    }

    /// The horizontal extents (within the line) that offsets `range` of visual line `index` cover: one per run
    /// it touches, adjacent ones merged.
    package func extents(of range: Range<Int>, inLine index: Int) -> [ClosedRange<CGFloat>] {
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
    package func drawnRuns(_ index: Int) -> [(text: String, x: CGFloat, width: CGFloat)] {
        guard let bidi = bidiLine(index) else { return [(lineText(index), 0, lineWidth(index))] }
        let start = lines[index].lowerBound
        return bidi.runs.map { run in
            (string((start + run.range.lowerBound)..<(start + run.range.upperBound)), run.x, run.width)
        }
    }
}
