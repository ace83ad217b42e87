import Foundation

/// Views computed from a collection; each element's view is identified by the element's id,
/// so state follows the element when the collection is reordered.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// The collection.
    public var data: Data
    /// Builds the view for one element.
    public var content: (Data.Element) -> Content
    let idOf: (Data.Element) -> ID
}

extension ForEach: View where Content: View {
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        for element in view.data {
            builder.with(.explicit(AnyHashable(view.idOf(element)))) { makeNodes(view.content(element), into: builder) }
        }
    }

    /// One element per row when the row's type says so (the rows' views are made only for the elements
    /// asked for); otherwise each row's view is made once to count its elements (still no nodes).
    public static func _makeViewList(_ view: Self) -> _ViewList {
        let data = view.data, idOf = view.idOf, content = view.content
        func row(_ offset: Int) -> Data.Element { data[data.index(data.startIndex, offsetBy: offset)] }
        if let perRow = Content._viewListCount {
            guard perRow > 0 else { return .empty }
            return _ViewList(count: data.count * perRow) { index in
                let element = row(index / perRow)
                return _viewList(of: content(element)).element(index % perRow).prefixed(by: .explicit(AnyHashable(idOf(element))))
            }
        }
        return .concatenating(data.map { _viewList(of: content($0)) }, under: { .explicit(AnyHashable(idOf(row($0)))) })
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
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
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
