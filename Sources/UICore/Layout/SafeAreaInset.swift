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

extension View {
    /// Shows `content` along `edge` (a bar of buttons, a summary) and lays this view out in what is left, so
    /// nothing of it hides behind the bar. `spacing` separates the two (`nil`: the stack's default).
    public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let inset = content().fixedSize(horizontal: false, vertical: true)
        return VStack(alignment: alignment, spacing: spacing) {
            if edge == .top { inset }
            self
            if edge == .bottom { inset }
        }
    }

    /// Shows `content` along `edge` and lays this view out in what is left beside it.
    public func safeAreaInset<V: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let inset = content().fixedSize(horizontal: true, vertical: false)
        return HStack(alignment: alignment, spacing: spacing) {
            if edge == .leading { inset }
            self
            if edge == .trailing { inset }
        }
    }
}
