import Foundation
@_spi(Engine) import UICore

/// How text fields look. `.automatic` is `.roundedBorder` (a Linux desktop's entries have a border);
/// `.plain` draws the text and caret only.
public protocol TextFieldStyle {}

/// The platform's look: a rounded border.
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {} }
/// A rounded border around a light field.
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
/// No decoration.
public struct PlainTextFieldStyle: TextFieldStyle { public init() {} }
/// A square border (macOS's default): drawn as the rounded border, with square corners.
public struct SquareBorderTextFieldStyle: TextFieldStyle { public init() {} }

extension TextFieldStyle where Self == DefaultTextFieldStyle {
    public static var automatic: DefaultTextFieldStyle { .init() }
}
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { .init() }
}
extension TextFieldStyle where Self == PlainTextFieldStyle { public static var plain: PlainTextFieldStyle { .init() } }
extension TextFieldStyle where Self == SquareBorderTextFieldStyle {
    public static var squareBorder: SquareBorderTextFieldStyle { .init() }
}

/// The decoration a style stands for.
package enum TextFieldDecoration: Hashable {
    case border(cornerRadius: CGFloat)
    case none
}

extension TextFieldStyle {
    package var decoration: TextFieldDecoration {
        switch self {
        case is PlainTextFieldStyle: .none
        case is SquareBorderTextFieldStyle: .border(cornerRadius: 0)
        default: .border(cornerRadius: 5)
        }
    }
}

/// What triggers `onSubmit` actions.
public struct SubmitTriggers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Return in a text field or secure field.
    public static let text = SubmitTriggers(rawValue: 1)
    /// Submitting a search field.
    public static let search = SubmitTriggers(rawValue: 2)
}

/// The label of the Return key on a software keyboard (accepted; Linux keyboards show none).
public struct SubmitLabel: Hashable, Sendable {
    package let name: String
    public static let done = SubmitLabel(name: "done")
    public static let go = SubmitLabel(name: "go")
    public static let send = SubmitLabel(name: "send")
    public static let join = SubmitLabel(name: "join")
    public static let route = SubmitLabel(name: "route")
    public static let search = SubmitLabel(name: "search")
    public static let `return` = SubmitLabel(name: "return")
    public static let next = SubmitLabel(name: "next")
    public static let `continue` = SubmitLabel(name: "continue")
}

/// How a software keyboard capitalizes (accepted; typed text is never changed on Linux).
public struct TextInputAutocapitalization: Sendable {
    package let name: String
    public static let never = TextInputAutocapitalization(name: "never")
    public static let words = TextInputAutocapitalization(name: "words")
    public static let sentences = TextInputAutocapitalization(name: "sentences")
    public static let characters = TextInputAutocapitalization(name: "characters")
}

/// Whether the text of a `Text` can be selected and copied.
public protocol TextSelectability { static var allowsSelection: Bool { get } }
/// Selectable text.
public struct EnabledTextSelectability: TextSelectability { public static var allowsSelection: Bool { true } }
/// Text that cannot be selected (the default).
public struct DisabledTextSelectability: TextSelectability { public static var allowsSelection: Bool { false } }
extension TextSelectability where Self == EnabledTextSelectability {
    public static var enabled: EnabledTextSelectability { .init() }
}
extension TextSelectability where Self == DisabledTextSelectability {
    public static var disabled: DisabledTextSelectability { .init() }
}

/// The `onSubmit` actions around a view, innermost first.
package struct SubmitActionsKey: EnvironmentKey { package static var defaultValue: [@MainActor () -> Void] { [] } }
package struct TextFieldStyleKey: EnvironmentKey {
    package static var defaultValue: TextFieldDecoration { .border(cornerRadius: 5) }
}
package struct LineLimitRangeKey: EnvironmentKey { package static var defaultValue: ClosedRange<Int>? { nil } }

extension EnvironmentValues {
    package var submitActions: [@MainActor () -> Void] {
        get { self[SubmitActionsKey.self] }
        set { self[SubmitActionsKey.self] = newValue }
    }
    package var textFieldDecoration: TextFieldDecoration {
        get { self[TextFieldStyleKey.self] }
        set { self[TextFieldStyleKey.self] = newValue }
    }
    /// `lineLimit` given as a range (lines a vertical text field grows between).
    package var lineLimitRange: ClosedRange<Int>? {
        get { self[LineLimitRangeKey.self] }
        set { self[LineLimitRangeKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of the text fields in this view.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        environment(\.textFieldDecoration, style.decoration)
    }

    /// Runs `action` when the user submits a text field (`.text`) or the search field (`.search`) in this view
    /// (Return); outer actions run too.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping @MainActor () -> Void) -> some View {
        modifier(
            _EnvironmentTransformModifier { environment in
                if triggers.contains(.text) { environment.submitActions.insert(action, at: 0) }
                if triggers.contains(.search) { environment.searchSubmitActions.insert(action, at: 0) }
            })
    }

    /// Stops `onSubmit` actions of the views around this one from running for submissions inside it.
    public func submitScope(_ isBlocking: Bool = true) -> some View {
        modifier(_EnvironmentTransformModifier { if isBlocking { $0.submitActions = [] } })
    }

    /// The Return key's label on a software keyboard (accepted for source compatibility).
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }

    /// Turns autocorrection off (accepted: nothing corrects typed text on Linux).
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }

    /// Deprecated spelling of `autocorrectionDisabled(_:)`.
    public func disableAutocorrection(_ disable: Bool?) -> some View { self }

    /// How a software keyboard capitalizes (accepted: typed text is never changed on Linux).
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }

    /// Lets the user select (and copy) the text of the `Text` views inside.
    public func textSelection<S: TextSelectability>(_ selectability: S) -> some View {
        environment(\.selectableText, S.allowsSelection ? makeSelectableText : nil)
    }

    /// Text shows at least `limit.lowerBound` lines and grows to `limit.upperBound` (vertical text fields).
    public func lineLimit(_ limit: ClosedRange<Int>) -> some View {
        modifier(
            _EnvironmentTransformModifier {
                $0.lineLimit = limit.upperBound
                $0.lineLimitRange = limit
            })
    }

    /// Text shows at least `limit.lowerBound` lines and grows without bound.
    public func lineLimit(_ limit: PartialRangeFrom<Int>) -> some View {
        modifier(
            _EnvironmentTransformModifier {
                $0.lineLimit = nil
                $0.lineLimitRange = limit.lowerBound...Int.max
            })
    }

    /// Text shows at most `limit` lines; with `reservesSpace`, its height is always that of `limit` lines.
    public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        modifier(
            _EnvironmentTransformModifier {
                $0.lineLimit = limit
                $0.lineLimitRange = reservesSpace ? limit...limit : 1...limit
            })
    }
}

/// Selectable text is drawn and selected as a read-only text field.
@MainActor
private func makeSelectableText(_ text: Text, into builder: _ViewNodeBuilder) {
    let selectable = EditableText(
        text: .constant(text.content), placeholder: "", mode: .selectable,
        font: text.resolvedFont(in: builder.environment))
    if let color = text.color { return makeNodes(selectable.foregroundColor(color), into: builder) }
    makeNodes(selectable, into: builder)
}
