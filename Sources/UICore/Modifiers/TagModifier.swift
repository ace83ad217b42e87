import Foundation

/// The key `tag(_:)` stores its value under, as a trait of the view that containers (a picker, a tab view) read.
package enum TagValueKey: LayoutValueKey {
    package static var defaultValue: AnyHashable? { nil }
}

extension View {
    /// Gives this view a tag: the value a picker or tab view selects when it selects this view; with
    /// `includeOptional`, an optional selection of the same type matches it too.
    public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View {
        modifier(TagModifier(value: AnyHashable(tag)))
    }
}

/// `tag(_:)`: a layout value on the view's node (lists read it from their rows' nodes), and a trait of its
/// elements (pickers read it before building anything).
package struct TagModifier: ViewModifier {
    package typealias Body = Never
    package let value: AnyHashable

    private var layoutValue: NodeModifier<LayoutValueNode> {
        let value = self.value
        return NodeModifier(create: LayoutValueNode.init) { node in node.set(value, for: TagValueKey.self) }
    }

    package static func _makeModifiedNodes<C: View>(_ modifier: Self, content: C, into builder: _ViewNodeBuilder) {
        NodeModifier._makeModifiedNodes(modifier.layoutValue, content: content, into: builder)
    }

    package static func _makeModifiedList<C: View>(_ modifier: Self, content: C) -> _ViewList {
        let value = modifier.value
        return NodeModifier._makeModifiedList(modifier.layoutValue, content: content).mapTraits { _, traits in
            traits.tag = value
        }
    }

    package static func _modifiedListCount(_ contentCount: Int?) -> Int? { contentCount }
}

extension ViewNode {
    /// The tag set on this view with `tag(_:)`, if any.
    package var tag: AnyHashable? { layoutValue(for: ObjectIdentifier(TagValueKey.self)) as? AnyHashable }
}
