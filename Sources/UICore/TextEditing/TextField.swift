import Foundation

/// A control that edits one line of text (or, with `axis: .vertical`, grows to several lines).
///
/// The title is shown as the placeholder when the field is empty, unless a `prompt` is given. Return runs the
/// `onSubmit` actions around the field. Editing follows Linux desktop conventions (see `README.md`).
public struct TextField<Label: View>: View {
    let text: Binding<String>
    let placeholder: String
    let axis: Axis
    var onCommit: (@MainActor () -> Void)? = nil

    public var body: some View {
        EditableText(text: text, placeholder: placeholder, mode: .field(axis), onCommit: onCommit)
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
    /// A field editing `value` through `format`: the value changes whenever the text parses; while it does not,
    /// the value keeps its last valid state, and Return shows the value formatted again.
    public init<F: ParseableFormatStyle>(
        _ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F,
        prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(
            text: FormattedValue.binding(
                value, format: { format.format($0) }, parse: { try? format.parseStrategy.parse($0) }),
            placeholder: prompt?.content ?? titleKey.key, axis: .horizontal)
    }
    public init<S: StringProtocol, F: ParseableFormatStyle>(
        _ title: S, value: Binding<F.FormatInput>, format: F,
        prompt: Text? = nil
    ) where F.FormatOutput == String {
        self.init(
            text: FormattedValue.binding(
                value, format: { format.format($0) }, parse: { try? format.parseStrategy.parse($0) }),
            placeholder: prompt?.content ?? String(title), axis: .horizontal)
    }
    /// A field editing `value` through a Foundation `Formatter`.
    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter) {
        self.init(
            text: FormattedValue.binding(value, formatter: formatter), placeholder: titleKey.key, axis: .horizontal)
    }
    public init<S: StringProtocol, V>(_ title: S, value: Binding<V>, formatter: Formatter) {
        self.init(
            text: FormattedValue.binding(value, formatter: formatter), placeholder: String(title), axis: .horizontal)
    }
    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter, prompt: Text?) {
        self.init(
            text: FormattedValue.binding(value, formatter: formatter), placeholder: prompt?.content ?? titleKey.key,
            axis: .horizontal)
    }
}

extension TextField {
    public init<F: ParseableFormatStyle>(
        value: Binding<F.FormatInput>, format: F, prompt: Text? = nil,
        @ViewBuilder label: () -> Label
    ) where F.FormatOutput == String {
        self.init(
            text: FormattedValue.binding(
                value, format: { format.format($0) }, parse: { try? format.parseStrategy.parse($0) }),
            placeholder: prompt?.content ?? "", axis: .horizontal)
    }
    public init<V>(value: Binding<V>, formatter: Formatter, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(
            text: FormattedValue.binding(value, formatter: formatter), placeholder: prompt?.content ?? "",
            axis: .horizontal)
    }
}

/// The text a value field edits: the user's text while it is being typed, the value formatted when the value
/// changes from elsewhere.
@MainActor
final class FormattedValue {
    /// The text last typed, and the formatted value it stood for when last parsed.
    private var typed: String?
    private var formattedWhenTyped = ""

    static func binding<V>(_ value: Binding<V>, format: @escaping (V) -> String, parse: @escaping (String) -> V?)
        -> Binding<String>
    {
        let box = FormattedValue()
        return Binding(
            get: {
                let formatted = format(value.wrappedValue)
                // The value changed elsewhere (or nothing was typed yet): show it.
                guard let typed = box.typed, formatted == box.formattedWhenTyped else { return formatted }
                return typed
            },
            set: { newText in
                box.typed = newText
                if let parsed = parse(newText) { value.wrappedValue = parsed }
                box.formattedWhenTyped = format(value.wrappedValue)
            })
    }

    static func binding<V>(_ value: Binding<V>, formatter: Formatter) -> Binding<String> {
        binding(value, format: { formatter.string(for: $0) ?? "" }, parse: { text in parse(text, with: formatter) })
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
    let text: Binding<String>
    let placeholder: String
    var onCommit: (@MainActor () -> Void)? = nil

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
    let text: Binding<String>
    public init(text: Binding<String>) { self.text = text }
    public var body: some View { EditableText(text: text, placeholder: "", mode: .editor) }
}
