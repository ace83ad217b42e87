import Foundation

extension Text {
    /// Where the ellipsis stands when a line of text is shortened to fit.
    public enum TruncationMode: Hashable, Sendable {
        /// The start is left out: "…ample text".
        case head
        /// The end is left out: "Example te…" (the default).
        case tail
        /// The middle is left out: "Exam…text".
        case middle
    }

    /// The look of an underline or a strikethrough: a pattern and an optional colour (the text's own otherwise).
    public struct LineStyle: Hashable, Sendable {
        /// How the line is dashed.
        public struct Pattern: Hashable, Sendable {
            /// Alternating on and off lengths in multiples of the line's thickness; empty for a solid line.
            package let dashes: [CGFloat]
            /// A solid line.
            public static let solid = Pattern(dashes: [])
            /// A line of dots.
            public static let dot = Pattern(dashes: [1, 2])
            /// A line of dashes.
            public static let dash = Pattern(dashes: [4, 2])
            /// Alternating dashes and dots.
            public static let dashDot = Pattern(dashes: [4, 2, 1, 2])
            /// Dashes each followed by two dots.
            public static let dashDotDot = Pattern(dashes: [4, 2, 1, 2, 1, 2])
        }
        package let pattern: Pattern
        package let color: Color?

        /// A line with `pattern`, in `color` (`nil`: the text's colour).
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }
        /// A single solid line in the text's colour.
        public static let single = LineStyle()
    }

    /// This text with a line through it (or without one, when `isActive` is false).
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text
    {
        var t = self
        t.style.strikethrough = isActive ? LineStyle(pattern: pattern, color: color) : nil
        return t
    }
    /// This text underlined (or not, when `isActive` is false).
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        var t = self
        t.style.underline = isActive ? LineStyle(pattern: pattern, color: color) : nil
        return t
    }
    /// This text with `kerning` points added between its characters.
    public func kerning(_ kerning: CGFloat) -> Text {
        var t = self
        t.style.kerning = TextStyleOverrides.finiteSpacing(kerning, "kerning")
        return t
    }
    /// This text with `tracking` points added after each character.
    public func tracking(_ tracking: CGFloat) -> Text {
        var t = self
        t.style.tracking = TextStyleOverrides.finiteSpacing(tracking, "tracking")
        return t
    }
}

/// What `Text`'s styling methods set on one text (`nil`: the environment's value, set by the view modifiers).
package struct TextStyleOverrides: Equatable {
    package var underline: Text.LineStyle?
    package var strikethrough: Text.LineStyle?
    package var kerning: CGFloat?
    package var tracking: CGFloat?

    /// `value`, or 0 with one log line when it is NaN or infinite.
    package static func finiteSpacing(_ value: CGFloat, _ name: String) -> CGFloat {
        guard value.isFinite else {
            InvalidValueLog.report("text-\(name)", "\(name)(\(value)) is not a finite number: 0 is used")
            return 0
        }
        return value
    }
}

package struct TextUnderlineKey: EnvironmentKey { package static var defaultValue: Text.LineStyle? { nil } }
package struct TextStrikethroughKey: EnvironmentKey { package static var defaultValue: Text.LineStyle? { nil } }
package struct TextTrackingKey: EnvironmentKey { package static var defaultValue: CGFloat { 0 } }
package struct LineSpacingKey: EnvironmentKey { package static var defaultValue: CGFloat { 0 } }
package struct TruncationModeKey: EnvironmentKey { package static var defaultValue: Text.TruncationMode { .tail } }

extension EnvironmentValues {
    /// Points added between the lines of text.
    public var lineSpacing: CGFloat {
        get { self[LineSpacingKey.self] }
        set { self[LineSpacingKey.self] = newValue }
    }
    /// Where text that does not fit is shortened.
    public var truncationMode: Text.TruncationMode {
        get { self[TruncationModeKey.self] }
        set { self[TruncationModeKey.self] = newValue }
    }
}

extension View {
    /// Adds `lineSpacing` points between the lines of text in this view.
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View {
        environment(\.lineSpacing, TextStyleOverrides.finiteSpacing(lineSpacing, "lineSpacing"))
    }
    /// Sets where text in this view that does not fit is shortened.
    public func truncationMode(_ mode: Text.TruncationMode) -> some View { environment(\.truncationMode, mode) }
    /// Draws a line through the text in this view.
    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil)
        -> some View
    {
        let style = isActive ? Text.LineStyle(pattern: pattern, color: color) : nil
        return modifier(_EnvironmentTransformModifier { $0[TextStrikethroughKey.self] = style })
    }
    /// Underlines the text in this view.
    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil)
        -> some View
    {
        let style = isActive ? Text.LineStyle(pattern: pattern, color: color) : nil
        return modifier(_EnvironmentTransformModifier { $0[TextUnderlineKey.self] = style })
    }
    /// Adds `kerning` points between the characters of the text in this view.
    public func kerning(_ kerning: CGFloat) -> some View {
        let spacing = TextStyleOverrides.finiteSpacing(kerning, "kerning")
        return modifier(_EnvironmentTransformModifier { $0[TextTrackingKey.self] = spacing })
    }
    /// Adds `tracking` points after each character of the text in this view.
    public func tracking(_ tracking: CGFloat) -> some View {
        let spacing = TextStyleOverrides.finiteSpacing(tracking, "tracking")
        return modifier(_EnvironmentTransformModifier { $0[TextTrackingKey.self] = spacing })
    }
}
