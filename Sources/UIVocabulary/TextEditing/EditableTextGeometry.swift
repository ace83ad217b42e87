import Foundation
@_spi(Engine) import UICore

/// Where an editable text's lines and carets were drawn, shared by its drawing node (which writes it at each
/// render) and its pointer gesture (which maps window points to text offsets). Also keeps the scroll offset
/// that keeps the caret visible, and counts clicks for double and triple clicks.
@MainActor
package final class EditableTextGeometry {
    /// The text area's frame in window points, at the last render.
    package var frame = CGRect.zero
    /// Where the caret was drawn (or would be, while it blinks off), in window points.
    package var caretRect = CGRect.zero
    /// How far the content is scrolled (x: single-line fields, y: editors).
    package var scroll = CGPoint.zero
    package var lineHeight: CGFloat = 17
    /// The shown text's visual lines (wrapped in editors): their UTF-8 ranges in the shown text.
    package var lines: [Range<Int>] = [0..<0]
    /// The caret stops of visual line `index`: grapheme boundaries (offsets within the line) and their x.
    package var stops: (Int) -> (offsets: [Int], xs: [CGFloat]) = { _ in ([0], [0]) }
    /// The modifier keys held now (Shift+click extends the selection).
    package var heldModifiers: () -> EventModifiers = { [] }
    /// Maps an offset in the shown text to one in the model's text (a secure field shows bullets).
    package var modelOffset: (Int) -> Int = { $0 }
    /// The lines as last drawn (nil before the first render): where the arrow keys move the caret on screen.
    package weak var layout: EditableTextLayout?

    // Click counting (double click: word, triple click: line).
    private var lastClick: (time: Double, location: CGPoint, count: Int)?
    /// Presses this close in time (ms) and space (points) count as one multiple click, as GTK's defaults.
    package static let multiClickInterval: Double = 400
    package static let multiClickDistance: CGFloat = 5

    /// The click count of a press at `location` (window points) at `time`: 1, 2, 3, then 1 again.
    package func clickCount(at location: CGPoint, time: Double) -> Int {
        var count = 1
        if let last = lastClick, time - last.time <= Self.multiClickInterval,
            abs(location.x - last.location.x) <= Self.multiClickDistance,
            abs(location.y - last.location.y) <= Self.multiClickDistance
        {
            count = last.count % 3 + 1
        }
        lastClick = (time, location, count)
        return count
    }

    /// The model offset nearest to window point `point`.
    package func offset(at point: CGPoint) -> Int {
        let y = point.y - frame.minY + scroll.y
        let line = min(max(Int((y / max(lineHeight, 1)).rounded(.down)), 0), lines.count - 1)
        return modelOffset(nearestStop(to: point.x - frame.minX + scroll.x, in: line))
    }

    /// The shown offset in visual line `line` whose caret is nearest to `x` (a wrapped line's end is the next
    /// line's start, so it is left out).
    package func nearestStop(to x: CGFloat, in line: Int) -> Int {
        var (offsets, xs) = stops(line)
        if line + 1 < lines.count, lines[line + 1].lowerBound == lines[line].upperBound, offsets.count > 1 {
            offsets.removeLast()
            xs.removeLast()
        }
        var best = 0
        for index in xs.indices where abs(xs[index] - x) < abs(xs[best] - x) { best = index }
        return lines[line].lowerBound + (offsets.isEmpty ? 0 : offsets[best])
    }

    /// Where the caret was when Up or Down last moved it, and the x it keeps going to (GTK's and every
    /// editor's behaviour: passing a short line does not lose the column).
    private var verticalGoal: (offset: Int, x: CGFloat)?

    /// The shown offset one visual line above or below `offset`, nearest to the column it keeps; nil on the
    /// first (last) line.
    package func offset(movingVerticallyFrom offset: Int, down: Bool) -> Int? {
        guard !lines.isEmpty else { return nil }
        var line = 0
        var high = lines.count - 1
        while line < high {
            let mid = (line + high + 1) / 2
            if lines[mid].lowerBound <= offset { line = mid } else { high = mid - 1 }
        }
        let target = line + (down ? 1 : -1)
        guard target >= 0, target < lines.count else { return nil }
        let goal: CGFloat
        if let verticalGoal, verticalGoal.offset == offset {
            goal = verticalGoal.x
        } else {
            let (offsets, xs) = stops(line)
            goal = xs[offsets.lastIndex { $0 <= offset - lines[line].lowerBound } ?? 0]
        }
        let result = nearestStop(to: goal, in: target)
        verticalGoal = (result, goal)
        return result
    }
}
