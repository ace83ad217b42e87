import Foundation

/// The key `tag(_:)` stores its value under, as a trait of the view that containers (a picker, a tab view) read.
enum TagValueKey: LayoutValueKey {
    static var defaultValue: AnyHashable? { nil }
}

extension View {
    /// Gives this view a tag: the value a picker or tab view selects when it selects this view; with
    /// `includeOptional`, an optional selection of the same type matches it too.
    public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View {
        layoutValue(key: TagValueKey.self, value: AnyHashable(tag))
    }
}

extension ViewNode {
    /// The tag set on this view with `tag(_:)`, if any.
    var tag: AnyHashable? { layoutValue(for: ObjectIdentifier(TagValueKey.self)) as? AnyHashable }
}
