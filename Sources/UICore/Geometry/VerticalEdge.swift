import Foundation

/// Which edges of a list row a modifier is about (its separators: above and below).
public enum VerticalEdge: Int8, Hashable, CaseIterable, Sendable {
    case top, bottom
    /// A set of vertical edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
        public init(_ edge: VerticalEdge) { self = edge == .top ? .top : .bottom }
    }
}
