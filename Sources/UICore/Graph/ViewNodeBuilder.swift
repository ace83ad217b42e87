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
    /// Built-in modifiers (outermost first) handed down to a custom view built here, in case its body
    /// is several views (see `DeferredModifier`).
    var deferredModifiers: [DeferredModifier] = []

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
        let modifiers = deferredModifiers
        deferredModifiers = []
        node.update(view: view, environment: environment, isNew: isNew, outerModifiers: modifiers)
    }

    /// Builds a built-in modifier's `content` into this builder (the one of the modifier's `wrapper` node).
    /// If the content is a custom view whose body turns out to be several views, that view's composite
    /// applies the modifier to each of them, as SwiftUI does, and claims `wrapper` as pass-through.
    func buildModifiedContent<M: ViewModifier, C: View>(_ content: C, of modifier: M, wrapper: ViewNode, outer: _ViewNodeBuilder) {
        guard mayBuildComposite(C.self) else {
            makeNodes(content, into: self)
            return
        }
        deferredModifiers = outer.deferredModifiers + [DeferredModifier(wrapper: wrapper) { modifiedView($0, modifier) }]
        wrapper.isPassThroughClaimed = false
        makeNodes(content, into: self)
        deferredModifiers = []
        if !wrapper.isPassThroughClaimed { wrapper.setPassThrough(false) }
    }

    /// The previous children that were not matched: they leave the graph.
    func finish() -> (built: [ViewNode], removed: [ViewNode]) {
        (built, Array(previous.values))
    }
}

/// A built-in modifier whose node (`wrapper`) wraps a custom view, kept so that the view's composite node
/// can apply the modifier to each of its body views when that body is several views.
struct DeferredModifier {
    unowned let wrapper: ViewNode
    /// The modifier applied to one view.
    let apply: @MainActor (any View) -> any View
}

@MainActor func modifiedView<V: View, M: ViewModifier>(_ view: V, _ modifier: M) -> any View {
    ModifiedContent(content: view, modifier: modifier)
}

/// Whether building a view of type `V` may create a composite node directly in the current builder
/// (a custom view, possibly under built-in modifiers, an `.id` or type erasure).
@MainActor func mayBuildComposite<V: View>(_ type: V.Type) -> Bool {
    if V.Body.self != Never.self { return true }
    return (V.self as? any ForwardsSingleContent.Type)?.contentMayBuildComposite ?? false
}

/// A primitive view that builds its one content view in place.
@MainActor protocol ForwardsSingleContent {
    static var contentMayBuildComposite: Bool { get }
}
