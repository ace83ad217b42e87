import Foundation

/// Where an editable text's lines and carets were drawn, shared by its drawing node (which writes it at each
/// render) and its pointer gesture (which maps window points to text offsets). Also keeps the scroll offset
/// that keeps the caret visible, and counts clicks for double and triple clicks.
@MainActor
final class EditableTextGeometry {
    /// The text area's frame in window points, at the last render.
    var frame = CGRect.zero
    /// Where the caret was drawn (or would be, while it blinks off), in window points.
    var caretRect = CGRect.zero
    /// How far the content is scrolled (x: single-line fields, y: editors).
    var scroll = CGPoint.zero
    var lineHeight: CGFloat = 17
    /// The shown text's lines: their UTF-8 start offsets in the shown text.
    var lineStarts: [Int] = [0]
    /// The caret stops of shown line `index`: grapheme boundaries (offsets within the line) and their x.
    var stops: (Int) -> (offsets: [Int], xs: [CGFloat]) = { _ in ([0], [0]) }
    /// The modifier keys held now (Shift+click extends the selection).
    var heldModifiers: () -> EventModifiers = { [] }
    /// Maps an offset in the shown text to one in the model's text (a secure field shows bullets).
    var modelOffset: (Int) -> Int = { $0 }

    // Click counting (double click: word, triple click: line).
    private var lastClick: (time: Double, location: CGPoint, count: Int)?
    /// Presses this close in time (ms) and space (points) count as one multiple click, as GTK's defaults.
    static let multiClickInterval: Double = 400
    static let multiClickDistance: CGFloat = 5

    /// The click count of a press at `location` (window points) at `time`: 1, 2, 3, then 1 again.
    func clickCount(at location: CGPoint, time: Double) -> Int {
        var count = 1
        if let last = lastClick, time - last.time <= Self.multiClickInterval,
           abs(location.x - last.location.x) <= Self.multiClickDistance, abs(location.y - last.location.y) <= Self.multiClickDistance {
            count = last.count % 3 + 1
        }
        lastClick = (time, location, count)
        return count
    }

    /// The model offset nearest to window point `point`.
    func offset(at point: CGPoint) -> Int {
        let y = point.y - frame.minY + scroll.y
        let line = min(max(Int((y / max(lineHeight, 1)).rounded(.down)), 0), lineStarts.count - 1)
        let x = point.x - frame.minX + scroll.x
        let (offsets, xs) = stops(line)
        var best = 0
        for index in xs.indices where abs(xs[index] - x) < abs(xs[best] - x) { best = index }
        return modelOffset(lineStarts[line] + (offsets.isEmpty ? 0 : offsets[best]))
    }
}
