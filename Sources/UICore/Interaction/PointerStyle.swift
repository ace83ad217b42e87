import Foundation

/// The shape of the pointer over a view (`.pointerStyle(_:)`, SwiftUI's macOS 15 names). The host shows
/// the matching cursor of the desktop's cursor theme.
public struct PointerStyle: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case standard, link, horizontalText, verticalText, grabIdle, grabActive, rectSelection, zoomIn, zoomOut
        case columnResize(HorizontalDirection.Set)
        case rowResize(VerticalDirection.Set)
        case frameResize(FrameResizePosition, FrameResizeDirection.Set)
    }
    package let kind: Kind

    /// The platform's arrow.
    public static let `default` = PointerStyle(kind: .standard)
    /// A pointing hand: the view is a link.
    public static let link = PointerStyle(kind: .link)
    /// An I-beam: horizontal text to select or edit.
    public static let horizontalText = PointerStyle(kind: .horizontalText)
    /// A sideways I-beam: vertical text.
    public static let verticalText = PointerStyle(kind: .verticalText)
    /// An open hand: something that can be dragged.
    public static let grabIdle = PointerStyle(kind: .grabIdle)
    /// A closed hand: something being dragged.
    public static let grabActive = PointerStyle(kind: .grabActive)
    /// A crosshair: selecting a rectangle.
    public static let rectSelection = PointerStyle(kind: .rectSelection)
    /// A magnifier with a plus.
    public static let zoomIn = PointerStyle(kind: .zoomIn)
    /// A magnifier with a minus.
    public static let zoomOut = PointerStyle(kind: .zoomOut)
    /// Resizing a column (both ways).
    public static let columnResize = PointerStyle(kind: .columnResize(.all))
    /// Resizing a row (both ways).
    public static let rowResize = PointerStyle(kind: .rowResize(.all))
    /// Resizing a column in `directions`.
    public static func columnResize(directions: HorizontalDirection.Set) -> PointerStyle {
        PointerStyle(kind: .columnResize(directions))
    }
    /// Resizing a row in `directions`.
    public static func rowResize(directions: VerticalDirection.Set) -> PointerStyle {
        PointerStyle(kind: .rowResize(directions))
    }
    /// Resizing a frame from the edge or corner at `position`.
    public static func frameResize(position: FrameResizePosition, directions: FrameResizeDirection.Set = .all)
        -> PointerStyle
    {
        PointerStyle(kind: .frameResize(position, directions))
    }

    /// The CSS cursor name of the style (what cursor themes name their cursors), for hosts.
    public var _cursorName: String {
        switch kind {
        case .standard: "default"
        case .link: "pointer"
        case .horizontalText: "text"
        case .verticalText: "vertical-text"
        case .grabIdle: "grab"
        case .grabActive: "grabbing"
        case .rectSelection: "crosshair"
        case .zoomIn: "zoom-in"
        case .zoomOut: "zoom-out"
        case .columnResize(let directions):
            directions == .leading ? "w-resize" : directions == .trailing ? "e-resize" : "col-resize"
        case .rowResize(let directions):
            directions == .up ? "n-resize" : directions == .down ? "s-resize" : "row-resize"
        case .frameResize(let position, _):
            switch position {
            case .top: "n-resize"
            case .bottom: "s-resize"
            case .leading: "w-resize"
            case .trailing: "e-resize"
            case .topLeading: "nw-resize"
            case .topTrailing: "ne-resize"
            case .bottomLeading: "sw-resize"
            case .bottomTrailing: "se-resize"
            }
        }
    }
}

/// A horizontal direction.
public enum HorizontalDirection: Hashable, CaseIterable, Sendable {
    case leading, trailing
    /// A set of horizontal directions.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ direction: HorizontalDirection) { self.init(rawValue: direction == .leading ? 1 : 2) }
        public static let leading = Set(.leading)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.leading, .trailing]
    }
}

/// A vertical direction.
public enum VerticalDirection: Hashable, CaseIterable, Sendable {
    case up, down
    /// A set of vertical directions.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ direction: VerticalDirection) { self.init(rawValue: direction == .up ? 1 : 2) }
        public static let up = Set(.up)
        public static let down = Set(.down)
        public static let all: Set = [.up, .down]
    }
}

/// The edge or corner a frame is resized from.
public enum FrameResizePosition: Int8, Hashable, CaseIterable, Sendable {
    case top, leading, bottom, trailing, topLeading, topTrailing, bottomLeading, bottomTrailing
}

/// Whether a frame grows or shrinks.
public enum FrameResizeDirection: Int8, Hashable, CaseIterable, Sendable {
    case inward, outward
    /// A set of resize directions.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ direction: FrameResizeDirection) { self.init(rawValue: direction == .inward ? 1 : 2) }
        public static let inward = Set(.inward)
        public static let outward = Set(.outward)
        public static let all: Set = [.inward, .outward]
    }
}
