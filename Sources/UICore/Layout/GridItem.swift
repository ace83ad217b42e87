import Foundation

/// A description of one row or column of a lazy grid (`LazyVGrid`'s columns, `LazyHGrid`'s rows).
public struct GridItem: Sendable {
    /// How a grid item is sized.
    public enum Size: Sendable {
        /// A single item of the given size.
        case fixed(CGFloat)
        /// A single item sharing the space left by the fixed items and spacing, clamped to its bounds.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many items as fit, of at least `minimum`, in the space of one flexible item.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    public var size: GridItem.Size
    /// The space after this item, to the next one (the system spacing when `nil`).
    public var spacing: CGFloat?
    /// How views sit in this item's cells (the grid's alignment, centred the other way, when `nil`).
    public var alignment: Alignment?

    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// One resolved row or column of a lazy grid: where it starts across the grid, how long it is, and how its
/// views are aligned.
package struct GridTrack: Equatable {
    package var offset: CGFloat
    package var length: CGFloat
    package var alignment: Alignment?
}

extension GridItem {
    /// The spacing between grid items when none is given.
    package static let systemSpacing: CGFloat = 8
    /// The most tracks one adaptive item makes (a tiny minimum in a huge proposal would make millions).
    package static let maximumAdaptiveTracks: CGFloat = 4096

    /// The item with numbers that cannot size anything replaced (a size by 0, a bound by none, a spacing by the
    /// system's), each kind of mistake logged once.
    package var sanitized: GridItem {
        func length(_ value: CGFloat, _ what: String) -> CGFloat {
            guard value.isFinite, value >= 0 else {
                InvalidValueLog.report("grid-item-\(what)", "GridItem: \(what) \(value) is not a length; 0 is used")
                return 0
            }
            return value
        }
        func bound(_ value: CGFloat) -> CGFloat {
            guard !value.isNaN, value >= 0 else {
                InvalidValueLog.report("grid-item-maximum", "GridItem: maximum \(value) is not a length; ignored")
                return .infinity
            }
            return value
        }
        var result = self
        switch size {
        case .fixed(let value):
            result.size = .fixed(length(value, "size"))
        case .flexible(let minimum, let maximum):
            let low = length(minimum, "minimum")
            result.size = .flexible(minimum: low, maximum: max(low, bound(maximum)))
        case .adaptive(let minimum, let maximum):
            // A minimum of 0 would fit any number of items: one point is the least an item takes.
            var low = length(minimum, "minimum")
            if low < 1 {
                InvalidValueLog.report(
                    "grid-item-adaptive", "GridItem(.adaptive(minimum: \(minimum))): the minimum must be at least 1")
                low = 1
            }
            result.size = .adaptive(minimum: low, maximum: max(low, bound(maximum)))
        }
        if let spacing, !spacing.isFinite || spacing < 0 {
            InvalidValueLog.report("grid-item-spacing", "GridItem: spacing \(spacing) is not a length; ignored")
            result.spacing = nil
        }
        return result
    }

    /// The tracks of `items` (already sanitized) across `length` points (`nil`: as small as they go), as SwiftUI
    /// computes them: fixed items take their size; the space left after them and the spacing is shared by the
    /// flexible and adaptive items in order, each taking an equal part of what is left, clamped to its bounds
    /// (an adaptive item to at least its minimum); an adaptive item then holds as many tracks of at least its
    /// minimum as fit in its part, widened to fill it up to its maximum.
    package static func tracks(of items: [GridItem], in length: CGFloat?) -> [GridTrack] {
        guard !items.isEmpty else { return [] }
        let spacings = items.map { $0.spacing ?? systemSpacing }
        var remaining = (length ?? 0) - spacings.dropLast().reduce(0, +)
        var sharing = 0
        for item in items {
            if case .fixed(let value) = item.size { remaining -= value } else { sharing += 1 }
        }
        var tracks: [GridTrack] = []
        var position: CGFloat = 0
        for (index, item) in items.enumerated() {
            let spacing = spacings[index]
            switch item.size {
            case .fixed(let value):
                tracks.append(GridTrack(offset: position, length: value, alignment: item.alignment))
                position += value
            case .flexible(let minimum, let maximum):
                let share = max(minimum, min(maximum, max(0, remaining) / CGFloat(sharing)))
                remaining -= share
                sharing -= 1
                tracks.append(GridTrack(offset: position, length: share, alignment: item.alignment))
                position += share
            case .adaptive(let minimum, let maximum):
                let share = max(minimum, max(0, remaining) / CGFloat(sharing))
                remaining -= share
                sharing -= 1
                let fitting = ((share + spacing) / (minimum + spacing)).rounded(.down)
                let count = Int(max(1, min(fitting, maximumAdaptiveTracks)))
                let each = min(maximum, (share - CGFloat(count - 1) * spacing) / CGFloat(count))
                for step in 0..<count {
                    if step > 0 { position += spacing }
                    tracks.append(GridTrack(offset: position, length: each, alignment: item.alignment))
                    position += each
                }
            }
            position += spacing
        }
        return tracks
    }

    /// The length of `tracks` end to end.
    package static func totalLength(of tracks: [GridTrack]) -> CGFloat {
        tracks.last.map { $0.offset + $0.length } ?? 0
    }
}
