import Foundation
@_spi(Engine) import UICore

/// Rows of data in one scrolling column, in sections, optionally selectable. Rows are built as they scroll into
/// view (a list of 100 000 rows costs what one of a screenful does).
///
/// Selection: a click selects a row (Ctrl+click toggles it in a multiple selection, Shift+click extends it);
/// the arrow keys move it (with Shift, extend it); Delete removes the selected rows of a `ForEach` that has
/// `onDelete`. In edit mode (`\.editMode`, the list's own when nothing around it sets one), such rows show a delete
/// button, and rows of a `ForEach` with `onMove` a handle that drags them to another place (Alt+Up and Alt+Down move
/// the selected row, in or out of edit mode).
public struct List<SelectionValue: Hashable, Content: View>: View {
    package let content: Content
    package let selection: ListSelection?
    @Environment(\.editMode) private var editMode
    @Environment(\.listStyleKind) private var style
    @Environment(\.refresh) private var refresh
    @State private var coordinator = ListCoordinator()
    /// The edit mode of a list that finds none around it (an `EditButton` in it works, as on iOS).
    @State private var ownEditMode = EditMode.inactive

    /// A list with a multiple selection.
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = selection.map { binding in
            ListSelection(
                allowsMultiple: true, get: { Set(binding.wrappedValue.map { AnyHashable($0) }) },
                set: { binding.wrappedValue = Set($0.compactMap { $0 as? SelectionValue }) },
                accepts: { $0 is SelectionValue })
        }
    }

    /// A list with a single selection (or none).
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = selection.map { binding in
            ListSelection(
                allowsMultiple: false, get: { binding.wrappedValue.map { [AnyHashable($0)] } ?? [] },
                set: { binding.wrappedValue = $0.first.flatMap { $0 as? SelectionValue } },
                accepts: { $0 is SelectionValue })
        }
    }

    public var body: some View {
        let kind = style
        let mode = editMode ?? $ownEditMode
        let rows = _ListRows(
            content: content, selection: selection, isEditing: mode.wrappedValue.isEditing,
            style: kind, coordinator: coordinator)
        ScrollView { rows }
            .environment(\.editMode, mode)
            .background(ListBackground(kind: kind))
            .focusable(selection != nil || refresh != nil)
            .onKeyPress(phases: [.down, .repeat]) { [coordinator] press in coordinator.handle(press) }
    }
}

extension List where SelectionValue == Never {
    /// A list without selection.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = nil
    }

    /// A row per element of `data`, identified by the elements' `id`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init { ForEach(data, content: rowContent) }
    }

    /// A row per element of `data`, identified by the property at `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init { ForEach(data, id: id, content: rowContent) }
    }

    /// A row per integer of a constant range.
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
    where Content == ForEach<Range<Int>, Int, RowContent> {
        self.init { ForEach(data, content: rowContent) }
    }
}

extension List {
    /// A row per element of `data`, with a multiple selection of their ids.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<Set<SelectionValue>>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    /// A row per element of `data`, with a single selection of their ids.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    /// A row per element of `data` identified by the property at `id`, with a multiple selection.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }

    /// A row per element of `data` identified by the property at `id`, with a single selection.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }
}

/// A list's background, in the colour scheme around it: it fills the list's whole frame, below the last row too.
package struct ListBackground: View {
    package let kind: _ListStyleKind
    @Environment(\.colorScheme) private var colorScheme

    package var body: some View { ListPalette(kind: kind, isDark: colorScheme == .dark).background }
}

/// A list's selection binding with its value type erased.
package struct ListSelection {
    package let allowsMultiple: Bool
    package let get: @MainActor () -> Set<AnyHashable>
    package let set: @MainActor (Set<AnyHashable>) -> Void
    /// Whether a row's value is of the selection's type (rows of other types are not selectable).
    package let accepts: (AnyHashable) -> Bool
}

/// What the list's key handler reaches its rows through (the node is made after the handler).
@MainActor
package final class ListCoordinator {
    package weak var node: ListNode?
    package func handle(_ press: KeyPress) -> KeyPress.Result { node?.handle(press) ?? .ignored }
}

/// The rows of a list: a lazy stack styled as a list.
package struct _ListRows<Content: View>: View {
    package let content: Content
    package let selection: ListSelection?
    package let isEditing: Bool
    package let style: _ListStyleKind
    package let coordinator: ListCoordinator

    package var body: Never { primitiveViewBody(Self.self) }

    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let parameters = LazyStackNode.Parameters(
            axis: .vertical, alignment: HorizontalAlignment.leading.key, spacing: 0,
            pinned: view.style == .plain ? [.sectionHeaders] : [])
        let node = makeLazyStackNode(ListNode.self, parameters: parameters, content: view.content, into: builder)
        node.configureList(
            style: view.style, selection: view.selection, isEditing: view.isEditing,
            metrics: ListMetrics(builder.environment))
        view.coordinator.node = node
    }
}
