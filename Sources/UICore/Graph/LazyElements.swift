import Foundation

/// Content whose elements are built only when asked for, one at a time by index (see `LazyElementsContainer`):
/// the base of lazy stacks, lists and grids, which build the elements they show.
package struct _LazyElements<Content: View>: View {
    let content: Content
    package init(@ViewBuilder content: () -> Content) { self.content = content() }
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(LazyElementsNode.self) { LazyElementsNode(graph: builder.graph, environment: builder.environment) }
        node.environment = builder.environment
        node.update(list: _viewList(of: view.content))
    }
}

/// The node of `_LazyElements`: its children are the nodes of the elements built so far, in element order.
@MainActor
final class LazyElementsNode: ViewNode {
    private(set) var list = _ViewList.empty
    /// The built elements by index, with the identity each was built under.
    private var built: [Int: (identity: [IdentityComponent], nodes: [ViewNode])] = [:]

    /// New content: the elements built so far are brought up to date if they are still at their index
    /// with the same identity; the others leave (a container builds them again when it shows them).
    func update(list newList: _ViewList) {
        list = newList
        for (index, element) in built {
            if index < list.count, list.identity(at: index) == element.identity {
                buildElement(at: index)
            } else {
                for node in element.nodes { node.willRemove() }
                built[index] = nil
            }
        }
        arrangeChildren()
    }

    /// Builds element `index`, or brings its nodes up to date, leaving the other elements as they are.
    @discardableResult
    func buildElement(at index: Int) -> [ViewNode] {
        let builder = _ViewNodeBuilder(graph: graph, parent: self, environment: environment, previous: built[index]?.nodes ?? [])
        let identity = list.build(at: index, into: builder)
        let (nodes, removed) = builder.finish()
        for gone in removed { gone.willRemove() }
        let isNew = built[index] == nil
        built[index] = (identity, nodes)
        if isNew { arrangeChildren() }
        invalidate()
        return nodes
    }

    var builtCount: Int { built.count }

    private func arrangeChildren() {
        children = built.keys.sorted().flatMap { built[$0]!.nodes }
        invalidate()
    }

    override var debugName: String { "LazyElements" }
}

/// A handle on a lazy container in a graph: what a lazy stack or list asks of its content.
@MainActor
package struct LazyElementsContainer {
    fileprivate let node: LazyElementsNode

    /// How many elements the content has (counted without building any).
    package var count: Int { node.list.count }
    /// The identity of element `index`: equal across updates for as long as the element is the same view.
    package func id(at index: Int) -> AnyHashable { AnyHashable(node.list.identity(at: index)) }
    /// Builds element `index` (the others stay unbuilt); returns how many nodes its subtree has.
    @discardableResult
    package func buildElement(at index: Int) -> Int {
        func count(_ node: ViewNode) -> Int { 1 + node.children.reduce(0) { $0 + count($1) } }
        return node.buildElement(at: index).reduce(0) { $0 + count($1) }
    }
    /// How many elements are built.
    package var builtCount: Int { node.builtCount }
}

extension ViewGraph {
    /// The lazy containers in the graph, depth first.
    package var lazyContainers: [LazyElementsContainer] {
        var result: [LazyElementsContainer] = []
        func visit(_ node: ViewNode) {
            if let lazy = node as? LazyElementsNode { result.append(LazyElementsContainer(node: lazy)) }
            node.children.forEach(visit)
        }
        visit(rootNode)
        return result
    }
}
