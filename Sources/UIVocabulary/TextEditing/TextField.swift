import Foundation
@_spi(Engine) import UICore

/// A control that edits one line of text (or, with `axis: .vertical`, grows to several lines).
///
/// The title is shown as the placeholder when the field is empty, unless a `prompt` is given. Return runs the
/// `onSubmit` actions around the field. Editing follows Linux desktop conventions (see `README.md`).
public struct TextField<Label: View>: View {
    package let text: Binding<String>
    package let placeholder: String
    package let axis: Axis
    package var onCommit: (@MainActor () -> Void)?
    /// A value field's value: its text is a draft until the user commits it (Return, or focus leaving).
    package var value: FormattedValue?
    /// The text typed since the last commit, and the value's text it was typed over.
    @State private var draft: (text: String, over: String)?
    @FocusState private var isFocused: Bool

    package init(
        text: Binding<String>, placeholder: String, axis: Axis, onCommit: (@MainActor () -> Void)? = nil,
        value: FormattedValue? = nil
    ) {
        self.text = text
        self.placeholder = placeholder
        self.axis = axis
        self.onCommit = onCommit
        self.value = value
    }

    public var body: some View {
        if let value {
            let draft = $draft
            let onCommit = self.onCommit
            EditableText(
                text: value.draftBinding(draft), placeholder: placeholder, mode: .field(axis),
                onCommit: {
                    value.commit(draft)
                    onCommit?()
                }
            )
            .focused($isFocused)
            .onChange(of: isFocused) { _, focused in if !focused { value.commit(draft) } }
        } else {
            EditableText(text: text, placeholder: placeholder, mode: .field(axis), onCommit: onCommit)
        }
    }
}

extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(text: text, placeholder: titleKey.key, axis: .horizontal)
    }
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, placeholder: String(title), axis: .horizontal)
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(text: text, placeholder: prompt?.content ?? titleKey.key, axis: .horizontal)
    }
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(text: text, placeholder: prompt?.content ?? String(title), axis: .horizontal)
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(text: text, placeholder: titleKey.key, axis: axis)
    }
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(text: text, placeholder: String(title), axis: axis)
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(text: text, placeholder: prompt?.content ?? titleKey.key, axis: axis)
    }
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(text: text, placeholder: prompt?.content ?? String(title), axis: axis)
    }
    /// Deprecated: `onCommit` runs at Return (use `onSubmit`).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onCommit: @escaping @MainActor () -> Void) {
        self.init(text: text, placeholder: titleKey.key, axis: .horizontal, onCommit: onCommit)
    }
    /// Deprecated: `onCommit` runs at Return (use `onSubmit`).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onCommit: @escaping @MainActor () -> Void) {
        self.init(text: text, placeholder: String(title), axis: .horizontal, onCommit: onCommit)
    }
}

extension TextField {
    /// A field labelled by `label` (shown by forms; the prompt is the placeholder).
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(text: text, placeholder: prompt?.content ?? "", axis: .horizontal)
    }
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis, @ViewBuilder label: () -> Label) {
        self.init(text: text, placeholder: prompt?.content ?? "", axis: axis)
    }
}

// MARK: Values

extension TextField where Label == Text {
    /// A field editing `value` through `format`. As in SwiftUI, the value changes when the user commits the text
    /// (Return, or focus leaving the field) and it parses; then the field shows the value formatted again.
    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F,
        prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(
            text: .constant(""),
            placeholder: prompt?.content ?? titleKey.key, axis: .horizontal,
            value: FormattedValue(value, format: format))
    }
    public init<S: StringProtocol, F: ParseableFormatStyle>(
        _ title: S, value: Binding<F.FormatInput>, format: F,
        prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(
            text: .constant(""),
            placeholder: prompt?.content ?? String(title), axis: .horizontal,
            value: FormattedValue(value, format: format))
    }
    /// A field editing `value` through a Foundation `Formatter`.
    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter) {
        self.init(
            text: .constant(""), placeholder: titleKey.key, axis: .horizontal,
            value: FormattedValue(value, formatter: formatter))
    }
    public init<S: StringProtocol, V>(_ title: S, value: Binding<V>, formatter: Formatter) {
        self.init(
            text: .constant(""), placeholder: String(title), axis: .horizontal,
            value: FormattedValue(value, formatter: formatter))
    }
    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter, prompt: Text?) {
        self.init(
            text: .constant(""), placeholder: prompt?.content ?? titleKey.key,
            axis: .horizontal,
            value: FormattedValue(value, formatter: formatter))
    }
}

extension TextField {
    public init<F: ParseableFormatStyle>(
        value: Binding<F.FormatInput>, format: F, prompt: Text? = nil,
        @ViewBuilder label: () -> Label
    ) where F.FormatOutput == String {
        self.init(
            text: .constant(""),
            placeholder: prompt?.content ?? "", axis: .horizontal,
            value: FormattedValue(value, format: format))
    }
    public init<V>(value: Binding<V>, formatter: Formatter, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(
            text: .constant(""), placeholder: prompt?.content ?? "",
            axis: .horizontal,
            value: FormattedValue(value, formatter: formatter))
    }
}

/// What a value field edits: the value's text, and how typed text becomes the value again.
@MainActor
package struct FormattedValue {
    /// The value, formatted.
    package let text: () -> String
    /// Writes the value `text` parses to; false (the value unchanged) if it does not parse.
    package let parse: (String) -> Bool

    package init<V>(_ value: Binding<V>, format: @escaping (V) -> String, parse: @escaping (String) -> V?) {
        text = { format(value.wrappedValue) }
        self.parse = { typed in
            guard let parsed = parse(typed) else { return false }
            value.wrappedValue = parsed
            return true
        }
    }

    package init<F: ParseableFormatStyle>(_ value: Binding<F.FormatInput>, format: F) where F.FormatOutput == String {
        self.init(value, format: { format.format($0) }, parse: { try? format.parseStrategy.parse($0) })
    }

    package init<V>(_ value: Binding<V>, formatter: Formatter) {
        self.init(
            value, format: { formatter.string(for: $0) ?? "" }, parse: { FormattedValue.parse($0, with: formatter) })
    }

    /// The field's text: the draft while there is one and the value has not changed under it, else the value's.
    package func draftBinding(_ draft: Binding<(text: String, over: String)?>) -> Binding<String> {
        let text = self.text
        return Binding(
            get: {
                let formatted = text()
                guard let typed = draft.wrappedValue, typed.over == formatted else { return formatted }
                return typed.text
            },
            set: { draft.wrappedValue = ($0, draft.wrappedValue?.over ?? text()) })
    }

    /// The user committed: the draft becomes the value if it parses; the field then shows the value's text (the
    /// last valid value when the draft did not parse).
    package func commit(_ draft: Binding<(text: String, over: String)?>) {
        guard let typed = draft.wrappedValue else { return }
        if typed.over == text() { _ = parse(typed.text) }
        draft.wrappedValue = nil
    }

    /// Number and date formatters parse (Formatter's general entry point is not available on Linux).
    private static func parse<V>(_ text: String, with formatter: Formatter) -> V? {
        if let numbers = formatter as? NumberFormatter, let number = numbers.number(from: text) {
            switch V.self {
            case is Int.Type: return number.intValue as? V
            case is Double.Type: return number.doubleValue as? V
            case is Float.Type: return number.floatValue as? V
            case is Decimal.Type: return number.decimalValue as? V
            default: return number as? V
            }
        }
        if let dates = formatter as? DateFormatter, let date = dates.date(from: text) { return date as? V }
        return nil
    }
}

/// A field whose text is shown as bullets; copying and cutting are disabled.
public struct SecureField<Label: View>: View {
    package let text: Binding<String>
    package let placeholder: String
    package var onCommit: (@MainActor () -> Void)? = nil

    public var body: some View {
        EditableText(text: text, placeholder: placeholder, mode: .secure, onCommit: onCommit)
    }
}

extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(text: text, placeholder: titleKey.key)
    }
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(text: text, placeholder: String(title))
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        self.init(text: text, placeholder: prompt?.content ?? titleKey.key)
    }
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(text: text, placeholder: prompt?.content ?? String(title))
    }
    /// Deprecated: `onCommit` runs at Return (use `onSubmit`).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onCommit: @escaping @MainActor () -> Void) {
        self.init(text: text, placeholder: titleKey.key, onCommit: onCommit)
    }
}

extension SecureField {
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(text: text, placeholder: prompt?.content ?? "")
    }
}

/// A view that edits long, multi-line text; it takes the space offered and scrolls to keep the caret visible.
public struct TextEditor: View {
    package let text: Binding<String>
    public init(text: Binding<String>) { self.text = text }
    public var body: some View { EditableText(text: text, placeholder: "", mode: .editor) }
}
