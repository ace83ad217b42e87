import Foundation

/// A horizontal edge: leading or trailing.
public enum HorizontalEdge: Int8, Hashable, CaseIterable, Sendable {
    case leading, trailing
    /// A set of horizontal edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let leading = Set(rawValue: 1)
        public static let trailing = Set(rawValue: 2)
        public static let all: Set = [.leading, .trailing]
        public init(_ edge: HorizontalEdge) { self = edge == .leading ? .leading : .trailing }
    }
}
