import Foundation
@_spi(Engine) import UICore

/// A view that shows or hides its content under a label, as GNOME's expander rows.
///
/// The label row ends with a chevron that turns down while expanded; a click or tap on the row (or, when
/// focused, Space, Return, Right to expand and Left to collapse) flips it, with an animation: the chevron
/// turns and the content fades in below the label, indented.
public struct DisclosureGroup<Label: View, Content: View>: View {
    package let isExpandedBinding: Binding<Bool>?
    package let label: Label
    package let content: () -> Content
    @State private var ownIsExpanded = false
    @Environment(\.isEnabled) private var isEnabled

    package static var animation: Animation { .easeInOut(duration: 0.2) }

    /// A group that keeps its own expanded state (collapsed at first).
    public init(@ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label) {
        isExpandedBinding = nil
        self.label = label()
        self.content = content
    }

    /// A group expanded while `isExpanded` is true.
    public init(
        isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label
    ) {
        isExpandedBinding = isExpanded
        self.label = label()
        self.content = content
    }

    public var body: some View {
        let isExpanded = isExpandedBinding ?? $ownIsExpanded
        let expanded = isExpanded.wrappedValue
        let enabled = isEnabled
        let set: @MainActor (Bool) -> Void = { value in
            guard value != isExpanded.wrappedValue else { return }
            withAnimation(Self.animation) { isExpanded.wrappedValue = value }
        }
        VStack(alignment: .leading, spacing: 0) {
            HStack {
                label.layoutPriority(1)
                Spacer(minLength: 8)
                Image(systemName: "chevron.right")
                    .imageScale(.small)
                    .foregroundStyle(.secondary)
                    .rotationEffect(.degrees(expanded ? 90 : 0))
            }
            .frame(minHeight: 28)
            .contentShape(Rectangle())
            .gesture(
                ButtonPressGesture(onPressedChange: { _ in }, action: { set(!isExpanded.wrappedValue) }),
                including: enabled ? .all : .subviews
            )
            .focusable(enabled)
            .onKeyPress(phases: .down) { press in
                guard enabled else { return .ignored }
                switch press.key {
                case .space, .return: set(!isExpanded.wrappedValue)
                case .rightArrow: set(true)
                case .leftArrow: set(false)
                default: return .ignored
                }
                return .handled
            }
            if expanded {
                VStack(alignment: .leading, spacing: 8) { content() }
                    .padding(.leading, 16)
                    .padding(.top, 6)
                    .transition(.opacity)
            }
        }
        .opacity(enabled ? 1 : 0.45)
    }
}

extension DisclosureGroup where Label == Text {
    /// A group titled with the text of `titleKey`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: @escaping () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }
    /// A group titled `label`.
    public init<S: StringProtocol>(_ label: S, @ViewBuilder content: @escaping () -> Content) {
        self.init(content: content) { Text(label) }
    }
    /// A group titled with the text of `titleKey`, expanded while `isExpanded` is true.
    public init(
        _ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content
    ) {
        self.init(isExpanded: isExpanded, content: content) { Text(titleKey) }
    }
    /// A group titled `label`, expanded while `isExpanded` is true.
    public init<S: StringProtocol>(
        _ label: S, isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content
    ) {
        self.init(isExpanded: isExpanded, content: content) { Text(label) }
    }
}

/// A tree of data shown as nested disclosure groups: an element with children (the property at `children`
/// is not `nil`) is a group whose content is its children; the others are plain rows.
public struct OutlineGroup<Data: RandomAccessCollection, ID: Hashable, Parent: View, Leaf: View, Subgroup: View>: View {
    package let data: Data
    package let id: KeyPath<Data.Element, ID>
    package let children: KeyPath<Data.Element, Data?>
    package let rowContent: (Data.Element) -> Leaf

    public var body: some View {
        let id = self.id
        let children = self.children
        let rowContent = self.rowContent
        ForEach(data, id: id) { element in
            OutlineNode(element: element, id: id, children: children, rowContent: rowContent)
        }
    }
}

extension OutlineGroup
where
    ID == Data.Element.ID, Parent == Leaf, Subgroup == DisclosureGroup<Leaf, AnyView>,
    Data.Element: Identifiable
{
    /// A tree from the elements of `data`, each identified by its `id`.
    public init<DataElement: Identifiable>(
        _ data: Data, children: KeyPath<DataElement, Data?>, @ViewBuilder content: @escaping (DataElement) -> Leaf
    ) where ID == DataElement.ID, DataElement == Data.Element {
        self.init(data: data, id: \.id, children: children, rowContent: content)
    }
}

extension OutlineGroup where Parent == Leaf, Subgroup == DisclosureGroup<Leaf, AnyView> {
    /// A tree from the elements of `data`, each identified by the property at `id`.
    public init<DataElement>(
        _ data: Data, id: KeyPath<DataElement, ID>, children: KeyPath<DataElement, Data?>,
        @ViewBuilder content: @escaping (DataElement) -> Leaf
    ) where DataElement == Data.Element {
        self.init(data: data, id: id, children: children, rowContent: content)
    }
}

/// One element of an outline: a disclosure group of its children, or a row.
package struct OutlineNode<Data: RandomAccessCollection, ID: Hashable, Leaf: View>: View {
    package let element: Data.Element
    package let id: KeyPath<Data.Element, ID>
    package let children: KeyPath<Data.Element, Data?>
    package let rowContent: (Data.Element) -> Leaf

    package var body: some View {
        if let nested = element[keyPath: children] {
            let id = self.id
            let children = self.children
            let rowContent = self.rowContent
            DisclosureGroup {
                // Erased: the view's type would otherwise contain itself.
                AnyView(
                    ForEach(nested, id: id) { child in
                        OutlineNode(element: child, id: id, children: children, rowContent: rowContent)
                    })
            } label: {
                rowContent(element)
            }
        } else {
            rowContent(element)
        }
    }
}

extension List where SelectionValue == Never {
    /// A row per element of `data`, elements with children shown as disclosure groups of their children.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, children: KeyPath<Data.Element, Data?>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where
        Content == OutlineGroup<Data, Data.Element.ID, RowContent, RowContent, DisclosureGroup<RowContent, AnyView>>,
        Data.Element: Identifiable
    {
        self.init { OutlineGroup(data, children: children, content: rowContent) }
    }
    /// A row per element of `data` identified by the property at `id`, elements with children shown as
    /// disclosure groups of their children.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, children: KeyPath<Data.Element, Data?>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == OutlineGroup<Data, ID, RowContent, RowContent, DisclosureGroup<RowContent, AnyView>> {
        self.init { OutlineGroup(data, id: id, children: children, content: rowContent) }
    }
}
