import Foundation

/// The elements of a piece of view content, in order: how many there are, and for element `k` its identity
/// and a way to build its nodes alone, without building (or even making the views of) the others.
///
/// A tuple's elements are its views' elements; a `ForEach`'s are its rows' (counted without building them);
/// a `Group`, a conditional, an optional, `AnyView` and `.id` pass their content's on; `EmptyView` has none;
/// a built-in modifier maps over its content's elements, so that it applies to each. Containers build every
/// element (`makeNodes` does so in one pass); lazy containers build only the ones they show.
///
/// A custom view is one element: its body (and so how many views it makes) is known only once its node,
/// which owns its state, has evaluated it. When that body is several views, each of them is an element of the
/// container, and the modifiers applied to the custom view wrap each (the builder hands them to its node).
@MainActor
public struct _ViewList {
    /// How many elements.
    package let count: Int
    /// Element `index`.
    package let element: (Int) -> Element
    /// For element `index`, the end of the run of elements from it known to be outside any `Section` (so a
    /// lazy grid can find its rows without asking every element for its traits); `nil` when not known.
    package var sectionlessEnd: (Int) -> Int? = { _ in nil }

    /// One element: its structural path (relative to the content) and how to build its nodes at that path.
    @_spi(Engine) public struct Element {
        package var path: [IdentityComponent]
        /// What lazy containers and lists need to know of the element besides its view (its section, its row).
        package var traits = ElementTraits()
        package var build: (_ViewNodeBuilder) -> Void
    }

    /// No elements.
    package static let empty = _ViewList(count: 0) { _ in preconditionFailure("an empty view list has no elements") }

    /// One element built by `build`, at the content's own path.
    package static func single(_ build: @escaping (_ViewNodeBuilder) -> Void) -> _ViewList {
        var result = _ViewList(count: 1) { _ in Element(path: [], build: build) }
        result.sectionlessEnd = { _ in 1 }
        return result
    }

    /// The elements of `lists` one after the other, each list's under `component(i)`.
    package static func concatenating(_ lists: [_ViewList], under component: @escaping (Int) -> IdentityComponent)
        -> _ViewList
    {
        if lists.count == 1, lists[0].count == 1 {
            let only = lists[0]
            var result = _ViewList(count: 1) { _ in only.element(0).prefixed(by: component(0)) }
            result.sectionlessEnd = only.sectionlessEnd
            return result
        }
        var starts: [Int] = []
        starts.reserveCapacity(lists.count)
        var total = 0
        for list in lists {
            starts.append(total)
            total += list.count
        }
        var result = _ViewList(count: total) { index in
            let part = lastIndex(in: starts, notAbove: index)
            return lists[part].element(index - starts[part]).prefixed(by: component(part))
        }
        result.sectionlessEnd = { index in
            // Through the parts whose elements are all known to be sectionless.
            var part = lastIndex(in: starts, notAbove: index)
            guard let first = lists[part].sectionlessEnd(index - starts[part]) else { return nil }
            var end = starts[part] + first
            while end == starts[part] + lists[part].count, part + 1 < lists.count,
                lists[part + 1].count == 0 || lists[part + 1].sectionlessEnd(0) != nil
            {
                part += 1
                end = starts[part] + (lists[part].count == 0 ? 0 : lists[part].sectionlessEnd(0)!)
            }
            return end
        }
        return result
    }

    /// The same elements, each built by `transform` around its own build (a modifier applied to each).
    package func mapElements(_ transform: @escaping (_ViewNodeBuilder, _ build: (_ViewNodeBuilder) -> Void) -> Void)
        -> _ViewList
    {
        let element = self.element
        var result = _ViewList(count: count) { index in
            let original = element(index)
            return Element(path: original.path, traits: original.traits) { builder in transform(builder, original.build)
            }
        }
        result.sectionlessEnd = sectionlessEnd
        return result
    }

    /// The same elements with their traits changed by `change` (`index` is the element's index in this list).
    package func mapTraits(_ change: @escaping (_ index: Int, inout ElementTraits) -> Void) -> _ViewList {
        let element = self.element
        return _ViewList(count: count) { index in
            var result = element(index)
            change(index, &result.traits)
            return result
        }
    }

    /// The traits of element `index`.
    package func traits(at index: Int) -> ElementTraits { element(index).traits }

    /// The same elements under `component`.
    package func prefixed(by component: IdentityComponent) -> _ViewList {
        let element = self.element
        var result = _ViewList(count: count) { element($0).prefixed(by: component) }
        result.sectionlessEnd = sectionlessEnd
        return result
    }

    /// The identity of element `index`, relative to the content.
    package func identity(at index: Int) -> [IdentityComponent] { element(index).path }

    /// Builds element `index` into `builder`, at the builder's current path; returns the element's identity.
    @discardableResult
    package func build(at index: Int, into builder: _ViewNodeBuilder) -> [IdentityComponent] {
        let element = self.element(index)
        builder.with(path: element.path) { element.build(builder) }
        return element.path
    }
}

/// Where an element stands in a `Section` and in the data of a `ForEach` (what lists and pinned headers read).
package struct ElementTraits {
    /// The element's place in the innermost section around it, if any.
    package var section: SectionPosition?
    /// The data element the view was made for: its offset in the `ForEach`'s data and that `ForEach`'s
    /// editing actions (`onDelete`, `onMove`), when it has some.
    package var dataOffset: Int?
    package var editing: EditingActions?
    /// The value `tag(_:)` gave the element (what a picker selects it by).
    package var tag: AnyHashable?
}

/// An element's place in its section: header, row or footer, its index among the section's elements (headers
/// first, then rows, then footers), and how many of each the section has.
package struct SectionPosition {
    package enum Role { case header, row, footer }
    package var role: Role
    package var index: Int
    package var count: Int
    package var headerCount: Int
    package var rowCount: Int
    /// The index, in the section, of the first row.
    package var firstRow: Int { headerCount }
}

/// The editing actions a `ForEach` was given (`onDelete(perform:)`, `onMove(perform:)`).
package struct EditingActions {
    package var onDelete: ((IndexSet) -> Void)?
    package var onMove: ((IndexSet, Int) -> Void)?
}

extension _ViewList.Element {
    package func prefixed(by component: IdentityComponent) -> Self {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }
}

/// The position of the last value in the ascending `starts` that is at most `index` (binary search).
private func lastIndex(in starts: [Int], notAbove index: Int) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return low
}

/// The view list of `view` (a generic entry point that also opens `any View` existentials).
@MainActor package func _viewList<V: View>(of view: V) -> _ViewList {
    V._makeViewList(view)
}
