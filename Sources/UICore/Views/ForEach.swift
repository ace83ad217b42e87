import Foundation

/// Views computed from a collection; each element's view is identified by the element's id,
/// so state follows the element when the collection is reordered.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// The collection.
    public var data: Data
    /// Builds the view for one element.
    public var content: (Data.Element) -> Content
    package let idOf: (Data.Element) -> ID
    /// `onDelete(perform:)` and `onMove(perform:)`, when set: lists offer them on the rows.
    package var editing: EditingActions?
}

extension ForEach: View where Content: View {
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        var seen = Set<ID>()
        seen.reserveCapacity(view.data.count)
        for element in view.data {
            let id = view.idOf(element)
            // A second element with an id already used would take the first one's nodes: it is skipped, and said.
            guard seen.insert(id).inserted else {
                DuplicateIDWarning.report(id: id, in: Self.self)
                continue
            }
            builder.with(.explicit(AnyHashable(id))) { makeNodes(view.content(element), into: builder) }
        }
    }

    /// One element per row when the row's type says so (the rows' views are made only for the elements
    /// asked for); otherwise each row's view is made once to count its elements (still no nodes).
    public static func _makeViewList(_ view: Self) -> _ViewList {
        let data = view.data
        let idOf = view.idOf
        let content = view.content
        let editing = view.editing
        func row(_ offset: Int) -> Data.Element { data[data.index(data.startIndex, offsetBy: offset)] }
        if let perRow = Content._viewListCount {
            guard perRow > 0 else { return .empty }
            var list = _ViewList(count: data.count * perRow) { index in
                let element = row(index / perRow)
                var result = _viewList(of: content(element)).element(index % perRow).prefixed(
                    by: .explicit(AnyHashable(idOf(element))))
                result.traits.dataOffset = index / perRow
                result.traits.editing = editing
                return result
            }
            // Rows of a known number of elements are not sections (a `Section`'s count is not known).
            let total = list.count
            list.sectionlessEnd = { _ in total }
            return list
        }
        var starts: [Int] = []
        var total = 0
        let lists = data.map { element -> _ViewList in
            let list = _viewList(of: content(element))
            starts.append(total)
            total += list.count
            return list
        }
        return _ViewList.concatenating(lists, under: { .explicit(AnyHashable(idOf(row($0)))) }).mapTraits {
            index, traits in
            // The row whose elements include `index`: the last start at or before it.
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= index { low = middle } else { high = middle - 1 }
            }
            traits.dataOffset = low
            traits.editing = editing
        }
    }
    public static var _viewListCount: Int? { nil }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// One view per element, identified by the element's `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        idOf = { $0.id }
    }
}

extension ForEach where Content: View {
    /// One view per element, identified by the property at `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        self.data = data
        self.content = content
        idOf = { $0[keyPath: id] }
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// One view per integer of a constant range, identified by the integer.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
        idOf = { $0 }
    }
}

/// SwiftUI's warning for a `ForEach` whose data repeats an id, said once per type and id.
@MainActor
package enum DuplicateIDWarning {
    private static var reported = Set<String>()
    /// Where the warning goes (standard error; tests listen here).
    package static var log: (String) -> Void = { FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8)) }

    package static func report<ID, T>(id: ID, in type: T.Type) {
        let message =
            "\(type): the ID \(id) occurs multiple times within the collection, this will give undefined results!"
        guard reported.insert(message).inserted else { return }
        log(message)
    }
}

extension ForEach: DynamicViewContent where Content: View {}

/// A view whose content comes from a collection (`ForEach`, and modifiers on it): it can take editing actions.
public protocol DynamicViewContent: View {
    associatedtype Data: Collection
    /// The collection the views are made from.
    var data: Data { get }
}

extension ForEach where Content: View {
    /// Lets a list delete rows of this `ForEach`: `action` gets the offsets in `data` to remove.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach {
        var copy = self
        var editing = copy.editing ?? EditingActions()
        editing.onDelete = action
        copy.editing = editing
        return copy
    }
    /// Lets a list move rows of this `ForEach`: `action` gets the offsets moved and the destination offset.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach {
        var copy = self
        var editing = copy.editing ?? EditingActions()
        editing.onMove = action
        copy.editing = editing
        return copy
    }
}
