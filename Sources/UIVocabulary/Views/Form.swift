import Foundation
@_spi(Engine) import UICore

/// Controls grouped for settings and data entry: a list in the inset grouped style, each section a box of rows
/// (as GNOME's preference groups), without selection.
public struct Form<Content: View>: View {
    package let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View {
        List { content }.listStyle(.insetGrouped)
    }
}

/// A label and a value or control, the label at the leading edge and the content at the trailing one, in the
/// secondary style (a form's read-only rows).
public struct LabeledContent<Label: View, Content: View>: View {
    package let label: Label
    package let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        HStack(alignment: .firstTextBaseline) {
            label
            Spacer(minLength: 8)
            content.foregroundStyle(.secondary)
        }
    }
}

extension LabeledContent where Label == Text {
    /// Content labelled with a title.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }
    /// Content labelled with a title.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        let string = String(title)
        self.init(content: content, label: { Text(string) })
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A value shown as text beside a title.
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
        let string = String(value)
        self.init(content: { Text(string) }, label: { Text(titleKey) })
    }
    /// A value shown as text beside a title.
    @_disfavoredOverload
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
        let titleString = String(title)
        let valueString = String(value)
        self.init(content: { Text(valueString) }, label: { Text(titleString) })
    }
}
