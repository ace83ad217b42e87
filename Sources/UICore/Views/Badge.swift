import Foundation

extension View {
    /// A badge of `count` on this view: on a tab item, a red capsule on its tab in the bar; on a list row, the count
    /// at the row's trailing side. Zero shows none.
    public func badge(_ count: Int) -> some View {
        modifier(BadgeModifier(label: count == 0 ? nil : Text(verbatim: "\(count)")))
    }
    /// A badge of `label` on this view (`nil`: none).
    public func badge(_ label: Text?) -> some View { modifier(BadgeModifier(label: label)) }
    /// A badge of the text of `key` on this view (`nil`: none).
    public func badge(_ key: LocalizedStringKey?) -> some View { modifier(BadgeModifier(label: key.map { Text($0) })) }
    /// A badge of `label` on this view (`nil`: none).
    public func badge<S: StringProtocol>(_ label: S?) -> some View {
        modifier(BadgeModifier(label: label.map { Text($0) }))
    }
}

/// A badge's text, kept on the view as a layout value: a tab view reads its pages' for the bar.
package struct BadgeLabel {
    package let text: Text
}

package enum BadgeKey: LayoutValueKey { package static var defaultValue: BadgeLabel? { nil } }

package struct ListRowContentKey: EnvironmentKey { package static var defaultValue: Bool { false } }

extension EnvironmentValues {
    /// Whether the views here are a list row's content (a badge then shows at the row's trailing side).
    package var isListRowContent: Bool {
        get { self[ListRowContentKey.self] }
        set { self[ListRowContentKey.self] = newValue }
    }
}

/// `badge(_:)`: the label as a layout value; in a list row, also drawn at the row's trailing side over the row's
/// width (the row's content keeps the layout values it set).
package struct BadgeModifier: ViewModifier {
    package let label: Text?
    @Environment(\.isListRowContent) private var isListRowContent

    @ViewBuilder package func body(content: Content) -> some View {
        let value = label.map(BadgeLabel.init)
        if isListRowContent, let label {
            content
                .frame(maxWidth: .infinity, alignment: .leading)
                .overlay(alignment: .trailing) { ListRowBadge(label: label) }
                .layoutValue(key: BadgeKey.self, value: value)
        } else {
            content.layoutValue(key: BadgeKey.self, value: value)
        }
    }
}

/// A list row's badge, as a desktop's sidebar counter: the text in the secondary style, smaller, on a faint
/// rounded pill.
package struct ListRowBadge: View {
    package let label: Text
    @Environment(\.colorScheme) private var colorScheme

    package var body: some View {
        label
            .font(.system(size: 12, weight: .semibold))
            .foregroundStyle(HierarchicalShapeStyle.secondary)
            .lineLimit(1)
            .fixedSize()
            .padding(.horizontal, 7)
            .frame(minWidth: 22, minHeight: 20)
            .background(Capsule().fill(Color(white: colorScheme == .dark ? 1 : 0, opacity: 0.08)))
    }
}

/// A tab item's badge: the text in white on a red capsule, at the top trailing corner of the tab's label.
package struct TabItemBadge: View {
    package let label: Text

    package var body: some View {
        label
            .font(.system(size: 11, weight: .bold))
            .foregroundStyle(Color.white)
            .lineLimit(1)
            .fixedSize()
            .padding(.horizontal, 5)
            .frame(minWidth: 18, minHeight: 18)
            .background(Capsule().fill(Color.red))
    }
    package init(label: Text) {
        self.label = label
    }
}
