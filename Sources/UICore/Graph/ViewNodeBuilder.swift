import Foundation

/// Collects the nodes a view produces under one parent node, reusing the parent's previous children
/// whose structural identity matches (so their state and caches survive re-evaluation and reordering).
@MainActor
public final class _ViewNodeBuilder {
    unowned let graph: ViewGraph
    unowned let parent: ViewNode
    /// The environment the next node is built with (environment modifiers change it around their content).
    var environment: EnvironmentValues
    /// The structural path of the view being built, relative to `parent`.
    private(set) var path: [IdentityComponent] = []
    private var previous: [NodeKey: ViewNode]
    private(set) var built: [ViewNode] = []

    init(graph: ViewGraph, parent: ViewNode, environment: EnvironmentValues) {
        self.graph = graph
        self.parent = parent
        self.environment = environment
        var previous: [NodeKey: ViewNode] = [:]
        previous.reserveCapacity(parent.children.count)
        for child in parent.children { previous[child.key] = child }
        self.previous = previous
    }

    /// Runs `body` with `component` appended to the structural path.
    func with<R>(_ component: IdentityComponent, _ body: () -> R) -> R {
        path.append(component)
        defer { path.removeLast() }
        return body()
    }

    /// The node of class `N` at the current path: the previous one if it exists, else a new one from `create`.
    func node<N: ViewNode>(_ type: N.Type, create: () -> N) -> N {
        let key = NodeKey(path: path, nodeType: ObjectIdentifier(N.self))
        let node: N
        if let existing = previous.removeValue(forKey: key) as? N {
            node = existing
        } else {
            node = create()
            node.key = key
            node.parent = parent
            node.depth = parent.depth + 1
        }
        built.append(node)
        return node
    }

    /// Adds a composite view: a node that owns the view's dynamic properties and evaluates its body.
    func makeComposite<V: View>(_ view: V) {
        let environment = self.environment
        var isNew = false
        let node = self.node(CompositeNode<V>.self) {
            isNew = true
            return CompositeNode(view: view, graph: graph, environment: environment)
        }
        node.update(view: view, environment: environment, isNew: isNew)
    }

    /// The previous children that were not matched: they leave the graph.
    func finish() -> (built: [ViewNode], removed: [ViewNode]) {
        (built, Array(previous.values))
    }
}
