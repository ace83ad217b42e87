import Foundation

/// `overlayPreferenceValue`/`backgroundPreferenceValue`: a background or overlay built from the value of a
/// preference key that the primary content sets, once the primary is placed (anchors are known then).
package struct PreferenceSecondaryModifier<Key: PreferenceKey, Secondary: View>: ElementWrappingModifier {
    package typealias Body = Never
    package let role: SecondaryNode.Role
    package let alignment: Alignment
    package let transform: (Key.Value) -> Secondary

    package func wrapElement(
        in builder: _ViewNodeBuilder, environment: EnvironmentValues, content: (_ViewNodeBuilder) -> Void
    ) {
        let graph = builder.graph
        let node = builder.node(PreferenceSecondaryNode.self) {
            PreferenceSecondaryNode(graph: graph, environment: environment)
        }
        node.environment = environment
        if node.role != role {
            node.role = role
            node.invalidate()
        }
        node.makeSecondary = { node, builder in
            // The primary's value only: the secondary's own preferences flow past, not into it.
            let primary = node.children.filter { !($0 is SecondaryHostNode) }
            let value = ViewNode.combinedPreferenceValue(Key.self, of: primary) ?? Key.defaultValue
            makeNodes(transform(value), into: builder)
        }
        node.invalidate()
        graph.rebuildChildren(of: node, environment: builder.environment) { inner in
            content(inner)
            inner.with(.secondary) {
                let host = inner.node(SecondaryHostNode.self) {
                    SecondaryHostNode(graph: graph, environment: environment)
                }
                if host.alignment != alignment {
                    host.alignment = alignment
                    host.invalidate()
                }
            }
        }
    }
}

/// The node of a preference-valued background or overlay: rebuilds the secondary content at each placement
/// of the primary (the value may have changed with it), and when state its closure read changes.
@MainActor
package final class PreferenceSecondaryNode: SecondaryNode, StateReader {
    package var makeSecondary: ((PreferenceSecondaryNode, _ViewNodeBuilder) -> Void)?

    package override func isSecondary(_ child: ViewNode) -> Bool { child is SecondaryHostNode }

    package func stateDidChange() {
        guard !isRemoved else { return }
        invalidate()
    }

    package override func primaryDidPlace() {
        guard let host, let makeSecondary else { return }
        graph.withPlacementBarrier(self) {
            ObservationBridge.track(self) {
                graph.withReader(self) {
                    graph.rebuildChildren(of: host, environment: environment) { makeSecondary(self, $0) }
                }
            }
        }
    }

    package override var debugName: String { "\(role)PreferenceValue" }
}

extension View {
    /// Layers the view `transform` makes from this view's value of `key` in front of this view.
    public func overlayPreferenceValue<Key: PreferenceKey, T: View>(
        _ key: Key.Type = Key.self, @ViewBuilder _ transform: @escaping (Key.Value) -> T
    ) -> some View {
        modifier(PreferenceSecondaryModifier<Key, T>(role: .overlay, alignment: .center, transform: transform))
    }

    /// Layers the view `transform` makes from this view's value of `key` in front of this view, aligned.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> some View {
        modifier(PreferenceSecondaryModifier<K, V>(role: .overlay, alignment: alignment, transform: transform))
    }

    /// Layers the view `transform` makes from this view's value of `key` behind this view.
    public func backgroundPreferenceValue<Key: PreferenceKey, T: View>(
        _ key: Key.Type = Key.self, @ViewBuilder _ transform: @escaping (Key.Value) -> T
    ) -> some View {
        modifier(PreferenceSecondaryModifier<Key, T>(role: .background, alignment: .center, transform: transform))
    }

    /// Layers the view `transform` makes from this view's value of `key` behind this view, aligned.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> some View {
        modifier(PreferenceSecondaryModifier<K, V>(role: .background, alignment: alignment, transform: transform))
    }
}
