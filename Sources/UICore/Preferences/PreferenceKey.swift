import Foundation

/// A named value that views produce and their ancestors read: values flow up the view tree, combined in
/// view-tree order by `reduce(value:nextValue:)`.
public protocol PreferenceKey {
    associatedtype Value
    /// The value of a view tree that sets none.
    static var defaultValue: Value { get }
    /// Combines the value accumulated so far with the next subtree's value.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension PreferenceKey where Value: ExpressibleByNilLiteral {
    public static var defaultValue: Value { nil }
}

/// What a preference modifier does to the value of its content for one key.
@MainActor
package enum PreferenceWrite {
    /// Replaces the content's value (`preference(key:value:)`).
    case value(Any)
    /// Changes the content's value, or the default when it sets none (`transformPreference`).
    case transform((inout Any) -> Void)
    /// A value made from the view's frame in the window, known after layout (`anchorPreference`).
    case anchored((CGRect) -> Any)
}

/// The node of `preference`, `transformPreference` and `anchorPreference`: sets its content's value for one key.
@MainActor
package final class PreferenceWriterNode: ViewNode {
    package var preferenceKey: ObjectIdentifier?
    package var write: PreferenceWrite?
    package var defaultValue: () -> Any = { () }

    package override init(graph: ViewGraph, environment: EnvironmentValues) {
        super.init(graph: graph, environment: environment)
        graph.preferenceWriterCount += 1
    }

    package override func willRemove() {
        if !isRemoved { graph.preferenceWriterCount -= 1 }
        super.willRemove()
    }

    package func configure(key: ObjectIdentifier, write: PreferenceWrite, defaultValue: @escaping () -> Any) {
        preferenceKey = key
        self.write = write
        self.defaultValue = defaultValue
        // Values are not required to be comparable: readers above collect again at the next placement.
        invalidate()
    }

    /// This view's value: its content's (`nil` when it sets none) with the write applied.
    package func resolve(contentValue: Any?) -> Any {
        switch write {
        case .value(let value): return value
        case .transform(let transform):
            var value = contentValue ?? defaultValue()
            transform(&value)
            return value
        case .anchored(let make): return make(CGRect(origin: placedOrigin ?? .zero, size: size))
        case nil: return contentValue ?? defaultValue()
        }
    }

    package override var debugName: String { "preference" }
}

extension ViewNode {
    /// The value of `K` this subtree sets, or `nil` when no view in it sets one.
    package final func preferenceValue<K: PreferenceKey>(_ key: K.Type) -> K.Value? {
        let inner = childrenPreferenceValue(key)
        if let writer = self as? PreferenceWriterNode, writer.preferenceKey == ObjectIdentifier(key) {
            return writer.resolve(contentValue: inner) as? K.Value
        }
        return inner
    }

    /// The children's values of `K` combined in view-tree order; `nil` when none sets one.
    package final func childrenPreferenceValue<K: PreferenceKey>(_ key: K.Type) -> K.Value? {
        ViewNode.combinedPreferenceValue(key, of: children)
    }

    /// The values of `K` that `nodes` set, combined in order; `nil` when none sets one.
    package static func combinedPreferenceValue<K: PreferenceKey>(_ key: K.Type, of nodes: [ViewNode]) -> K.Value? {
        var accumulated: K.Value?
        for child in nodes where !child.isRemoved && !child.keepsPreferencesInside {
            guard let next = child.preferenceValue(key) else { continue }
            if accumulated == nil {
                accumulated = next
            } else {
                K.reduce(value: &accumulated!, nextValue: { next })
            }
        }
        return accumulated
    }
}

/// The node of `onPreferenceChange`: after each placement of its content, compares the content's value with
/// the last one and runs the action after the update when it changed (starting from the key's default).
@MainActor
package final class PreferenceChangeNode: ViewNode {
    package var check: ((PreferenceChangeNode) -> Void)?
    package var lastValue: Any?

    package override func placeContent(in context: PlacementContext) {
        super.placeContent(in: context)
        check?(self)
    }

    package override var debugName: String { "onPreferenceChange" }
}

extension View {
    /// Sets `value` as this view's value of `key` (replacing what its content sets).
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        wrapped(in: PreferenceWriterNode.init) { node in
            node.configure(key: ObjectIdentifier(key), write: .value(value), defaultValue: { K.defaultValue })
        }
    }

    /// Changes this view's value of `key` with `callback` (starting from the key's default when the content sets none).
    public func transformPreference<K: PreferenceKey>(
        _ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void
    )
        -> some View
    {
        wrapped(in: PreferenceWriterNode.init) { node in
            let write = PreferenceWrite.transform { value in
                guard var typed = value as? K.Value else { return }
                callback(&typed)
                value = typed
            }
            node.configure(key: ObjectIdentifier(key), write: write, defaultValue: { K.defaultValue })
        }
    }

    /// Sets this view's value of `key` from an anchor (`value`) resolved in this view's frame.
    public func anchorPreference<A, K: PreferenceKey>(
        key _: K.Type = K.self, value: Anchor<A>.Source,
        transform: @escaping (Anchor<A>) -> K.Value
    ) -> some View {
        wrapped(in: PreferenceWriterNode.init) { node in
            let write = PreferenceWrite.anchored { frame in transform(value.resolve(frame)) }
            node.configure(key: ObjectIdentifier(K.self), write: write, defaultValue: { K.defaultValue })
        }
    }

    /// Changes this view's value of `key` with an anchor resolved in this view's frame.
    public func transformAnchorPreference<A, K: PreferenceKey>(
        key _: K.Type = K.self, value: Anchor<A>.Source,
        transform: @escaping (inout K.Value, Anchor<A>) -> Void
    )
        -> some View
    {
        wrapped(in: PreferenceWriterNode.init) { node in
            let write = PreferenceWrite.anchored { [unowned node] frame in
                var typed = node.childrenPreferenceValue(K.self) ?? K.defaultValue
                transform(&typed, value.resolve(frame))
                return typed
            }
            node.configure(key: ObjectIdentifier(K.self), write: write, defaultValue: { K.defaultValue })
        }
    }

    /// Runs `action` with the new value after an update in which this view's value of `key` changed.
    public func onPreferenceChange<K: PreferenceKey>(
        _ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void
    )
        -> some View where K.Value: Equatable
    {
        wrapped(in: PreferenceChangeNode.init) { node in
            node.check = { node in
                let value = node.childrenPreferenceValue(K.self) ?? K.defaultValue
                let previous = node.lastValue as? K.Value ?? K.defaultValue
                node.lastValue = value
                if value != previous { node.graph.deferAction { action(value) } }
            }
        }
    }
}
