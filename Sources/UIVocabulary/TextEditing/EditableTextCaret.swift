import Foundation
@_spi(Engine) import UICore

/// Which of its two places a caret is drawn at where the text before and after its offset run in different
/// directions: at the trailing edge of the grapheme before it (`upstream`) or at the leading edge of the grapheme
/// after it (`downstream`). At a line's first offset upstream is the line's start edge, at its last downstream
/// the line's end edge (in the paragraph's direction).
package enum CaretAffinity: Equatable {
    case upstream, downstream
}

/// A caret: its offset in the text and the side it is drawn on.
package struct CaretPosition: Equatable {
    package var offset: Int
    package var affinity: CaretAffinity
}

/// A place on a visual line where a caret can be drawn, from left to right: the edge between two graphemes as
/// displayed, which is a caret position of the grapheme on its left and one of the grapheme on its right (the
/// line's edges count as positions too). Where runs of both directions meet, the two are different offsets.
package struct VisualCaretStop: Equatable {
    package var x: CGFloat
    package var fromLeft: CaretPosition?
    package var fromRight: CaretPosition?

    package func holds(_ caret: CaretPosition) -> Bool { fromLeft == caret || fromRight == caret }
}

// MARK: Moving the caret on screen

extension EditableTextLayout {
    /// The side a caret at `offset` is drawn on while typing runs right to left or not (nil: in its paragraph's
    /// direction). Only lines with right-to-left text tell the sides apart.
    package func defaultAffinity(at offset: Int, typingRightToLeft: Bool?) -> CaretAffinity {
        let line = line(containing: offset)
        guard let bidi = bidiLine(line) else { return .upstream }
        let within = offset - lines[line].lowerBound
        let index = bidi.offsets.lastIndex { $0 <= within } ?? 0
        return bidi.affinity(ofBoundary: index, typingRightToLeft: typingRightToLeft)
    }

    /// Whether visual line `index` belongs to a right-to-left paragraph.
    package func isRightToLeft(line index: Int) -> Bool { paragraphLevel(ofLine: index) == 1 }

    /// The places a caret can stand on visual line `index`, left to right, in offsets of the text. A wrapped
    /// line's end is the next line's start (the caret is drawn there), so it is no place on this line.
    package func visualStops(_ index: Int) -> [VisualCaretStop] {
        let start = lines[index].lowerBound
        var stops: [VisualCaretStop]
        if let bidi = bidiLine(index) {
            stops = bidi.visualStops()
        } else {
            let (offsets, xs) = logicalOrderStops(index)
            stops = offsets.indices.map { i in
                VisualCaretStop(
                    x: xs[i], fromLeft: CaretPosition(offset: offsets[i], affinity: .upstream),
                    fromRight: CaretPosition(offset: offsets[i], affinity: .downstream))
            }
        }
        let wrap = endsLogicalLine(index) ? nil : lines[index].upperBound - start
        func shifted(_ caret: CaretPosition?) -> CaretPosition? {
            guard let caret, caret.offset != wrap else { return nil }
            return CaretPosition(offset: caret.offset + start, affinity: caret.affinity)
        }
        return stops.compactMap { stop in
            let moved = VisualCaretStop(x: stop.x, fromLeft: shifted(stop.fromLeft), fromRight: shifted(stop.fromRight))
            return moved.fromLeft == nil && moved.fromRight == nil ? nil : moved
        }
    }

    /// Where Left (`left`) or Right moves `caret`: to the next place on screen in that direction, crossing one
    /// grapheme as displayed whatever its direction. Of the two caret positions there, the one drawn there while
    /// typing in `typingRightToLeft`'s direction (where typed text would go), else the edge of the grapheme
    /// crossed. Past a line's end the caret goes on to the next line in the paragraph's direction (Right at the
    /// right end of a right-to-left line goes back to the line before). The same caret at either end of the text;
    /// nil when the caret is not on the lines drawn.
    package func caret(movedFrom caret: CaretPosition, left: Bool, typingRightToLeft: Bool?) -> CaretPosition? {
        let line = line(containing: caret.offset)
        let stops = visualStops(line)
        let drawn = CaretPosition(
            offset: caret.offset, affinity: defaultAffinity(at: caret.offset, typingRightToLeft: typingRightToLeft))
        guard let current = stops.firstIndex(where: { $0.holds(caret) }) ?? stops.firstIndex(where: { $0.holds(drawn) })
        else { return nil }
        let target = current + (left ? -1 : 1)
        guard stops.indices.contains(target) else {
            return self.caret(leaving: line, forward: left == isRightToLeft(line: line), typingRightToLeft) ?? caret
        }
        let stop = stops[target]
        let crossed = left ? stop.fromRight : stop.fromLeft
        let candidates = [crossed, left ? stop.fromLeft : stop.fromRight].compactMap { $0 }
        let fitting = candidates.first {
            defaultAffinity(at: $0.offset, typingRightToLeft: typingRightToLeft) == $0.affinity
        }
        return fitting ?? candidates[0]
    }

    /// The caret one grapheme past the logical end (`forward`) or start of visual line `line`, on the line after
    /// or before it; nil at the text's ends.
    private func caret(leaving line: Int, forward: Bool, _ typingRightToLeft: Bool?) -> CaretPosition? {
        let range = lines[line]
        let offset: Int
        if forward {
            guard range.upperBound < text.utf8.count else { return nil }
            // A wrapped line's end is already the next line's start.
            offset =
                endsLogicalLine(line) ? TextBoundaries.nextGrapheme(text, after: range.upperBound) : range.upperBound
        } else {
            guard range.lowerBound > 0 else { return nil }
            offset = TextBoundaries.previousGrapheme(text, before: range.lowerBound)
        }
        return CaretPosition(
            offset: offset, affinity: defaultAffinity(at: offset, typingRightToLeft: typingRightToLeft))
    }

    /// Home (`end` false) and End: the start and end of `offset`'s visual line in its paragraph's direction, at the
    /// line's edges (a wrapped line ends before the grapheme it wraps after, as the line's end is the next line's
    /// start).
    package func lineEdge(of offset: Int, end: Bool, typingRightToLeft: Bool?) -> CaretPosition {
        let line = line(containing: offset)
        let range = lines[line]
        guard end else { return CaretPosition(offset: range.lowerBound, affinity: .upstream) }
        guard !endsLogicalLine(line) else { return CaretPosition(offset: range.upperBound, affinity: .downstream) }
        let before = max(range.lowerBound, TextBoundaries.previousGrapheme(text, before: range.upperBound))
        return CaretPosition(
            offset: before, affinity: defaultAffinity(at: before, typingRightToLeft: typingRightToLeft))
    }
}
