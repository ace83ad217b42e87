import Foundation
@_spi(Engine) import UICore

/// A control that selects one of a set of views, each identified by its `tag(_:)` (or, in a `ForEach`, by
/// its element's id).
///
/// Its look comes from `pickerStyle` (`.automatic` is `.menu`): a drop-down button that opens a menu of the
/// options (the chosen one checked), linked segments (`.segmented`), a column of rows with a check mark
/// (`.inline`), radio buttons (`.radioGroup`), a column with the chosen row on a band (`.wheel`). The label is
/// shown at the leading edge and the control at the trailing edge, as a form row. A focused picker moves its
/// selection with the arrow keys (the menu opens with Space, Return or Down). A selection that no option's tag
/// matches selects nothing (and is said once on standard error). Inside a menu a picker is a group of rows
/// with check marks.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    package let selection: Binding<SelectionValue>
    package let label: Label
    package let content: Content
    @Environment(\.pickerStyleKind) private var style
    @Environment(\.popupContext) private var popupContext

    /// A picker of the views of `content`, labelled with `label`.
    public init(
        selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label
    ) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    /// A picker labelled with `label` (the spelling before the label became a closure).
    @available(*, deprecated, renamed: "Picker(selection:content:label:)")
    public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content, label: { label })
    }

    public var body: some View {
        let options = PickerOptions(content: content, selection: selection)
        if let popupContext, popupContext.isMenu {
            PickerMenuRows(options: options, closeAll: popupContext.closeAll)
        } else {
            switch style {
            case .menu: PickerMenuLook(options: options, label: label, content: content, selection: selection)
            case .segmented: PickerSegmentedLook(options: options)
            case .inline, .radioGroup, .wheel:
                PickerColumnLook(options: options, label: label, kind: style)
            }
        }
    }
}

extension Picker where Label == Text {
    /// A picker labelled with the text of `titleKey`.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
    ) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }
    /// A picker labelled with `title`.
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
    ) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

extension Picker where Label == UIVocabulary.Label<Text, Image> {
    /// A picker labelled with the text of `titleKey` and a symbol.
    public init(
        _ titleKey: LocalizedStringKey, systemImage: String, selection: Binding<SelectionValue>,
        @ViewBuilder content: () -> Content
    ) {
        self.init(selection: selection, content: content) { UIVocabulary.Label(titleKey, systemImage: systemImage) }
    }
    /// A picker labelled with `title` and a symbol.
    public init<S: StringProtocol>(
        _ title: S, systemImage: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
    ) {
        self.init(selection: selection, content: content) { UIVocabulary.Label(title, systemImage: systemImage) }
    }
}

/// A picker's options as its content's elements: each one's tag (its `tag(_:)`, else its `ForEach` id), which
/// one is selected, and how to choose one.
@MainActor
package struct PickerOptions {
    package let list: _ViewList
    package let tags: [AnyHashable?]
    /// The first option whose tag matches the selection, if any.
    package let selectedIndex: Int?
    package let choose: @MainActor (Int) -> Void

    package init<SelectionValue: Hashable, Content: View>(content: Content, selection: Binding<SelectionValue>) {
        list = _viewList(of: content)
        let tags = (0..<list.count).map { [list] index -> AnyHashable? in
            let element = list.element(index)
            if let tag = element.traits.tag { return tag }
            for component in element.path {
                if case .explicit(let id) = component { return id }
            }
            return nil
        }
        self.tags = tags
        let current = selection.wrappedValue
        let selected = tags.firstIndex { $0.map { pickerTag($0, matches: current) } ?? false }
        selectedIndex = selected
        if selected == nil {
            ListDiagnostics.report(
                "Picker: the selection \"\(current)\" is invalid and does not have an associated tag")
        }
        choose = { index in
            guard index >= 0, index < tags.count, let tag = tags[index],
                let value = pickerValue(tag, as: SelectionValue.self)
            else { return }
            selection.wrappedValue = value
        }
    }

    package var count: Int { list.count }

    /// Whether option `index` can be chosen (its tag is of the selection's type).
    package func isChoosable(_ index: Int) -> Bool { index >= 0 && index < tags.count && tags[index] != nil }

    /// Chooses the choosable option `offset` places from the selected one (the first one when none is selected),
    /// stopping at the ends.
    package func move(by offset: Int) {
        let choosable = (0..<count).filter(isChoosable)
        guard !choosable.isEmpty else { return }
        guard let selectedIndex, let position = choosable.firstIndex(of: selectedIndex) else {
            choose(choosable[0])
            return
        }
        let target = min(max(position + offset, 0), choosable.count - 1)
        if target != position { choose(choosable[target]) }
    }

    /// Option `index`'s view.
    package func view(_ index: Int) -> PickerOptionView { PickerOptionView(list: list, index: index) }
}

/// One option of a picker: element `index` of its content, built alone.
package struct PickerOptionView: View {
    package let list: _ViewList
    package let index: Int
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        view.list.build(at: view.index, into: builder)
    }
    package static func _makeViewList(_ view: Self) -> _ViewList {
        .single { builder in view.list.build(at: view.index, into: builder) }
    }
    package static var _viewListCount: Int? { 1 }
}

/// Whether `tag` selects `value`: equal, or (`tag(_:includeOptional:)`) equal to the value an optional holds.
package func pickerTag<V: Hashable>(_ tag: AnyHashable, matches value: V) -> Bool {
    if tag == AnyHashable(value) { return true }
    if let optional = value as? any PickerOptionalValue, let wrapped = optional.wrappedHashable {
        return tag == wrapped
    }
    return false
}

/// The selection value `tag` stands for, when it is one (an optional selection takes a tag of its wrapped type).
package func pickerValue<V: Hashable>(_ tag: AnyHashable, as type: V.Type) -> V? {
    if let value = tag.base as? V { return value }
    return nil
}

/// An optional selection, seen through its wrapped value.
package protocol PickerOptionalValue {
    var wrappedHashable: AnyHashable? { get }
}

extension Optional: PickerOptionalValue where Wrapped: Hashable {
    package var wrappedHashable: AnyHashable? { self.map { AnyHashable($0) } }
}
