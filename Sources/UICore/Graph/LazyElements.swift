import Foundation

/// Content whose elements are built only when asked for, one at a time by index (see `LazyElementsContainer`):
/// the base of lazy stacks, lists and grids, which build the elements they show.
package struct _LazyElements<Content: View>: View {
    package let content: Content
    package init(@ViewBuilder content: () -> Content) { self.content = content() }
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(LazyElementsNode.self) {
            LazyElementsNode(graph: builder.graph, environment: builder.environment)
        }
        node.environment = builder.environment
        node.update(list: _viewList(of: view.content))
    }
}

/// The node of `_LazyElements` (and the base of lazy stacks and lists): its children are the nodes of the
/// elements built and shown, in element order.
@MainActor
@_spi(Engine) open class LazyElementsNode: ViewNode {
    package private(set) var list = _ViewList.empty
    /// The built elements by index, with the identity each was built under.
    private var built: [Int: (identity: [IdentityComponent], nodes: [ViewNode])] = [:]
    /// The traits of the built elements (asking the list makes the element's view again).
    private var builtTraits: [Int: ElementTraits] = [:]
    /// The index of each built element by identity (two elements with one identity are a `ForEach` repeating an id).
    private var builtIndexByIdentity: [[IdentityComponent]: Int] = [:]

    /// New content: the elements built so far are brought up to date if they are still at their index
    /// with the same identity; the others leave (a container builds them again when it shows them).
    @_spi(Engine) open func update(list newList: _ViewList) {
        list = newList
        unbuiltTraits.removeAll()
        for (index, element) in built {
            if index < list.count, list.identity(at: index) == element.identity {
                buildElement(at: index)
            } else {
                releaseElement(at: index)
            }
        }
        arrangeChildren()
    }

    /// Builds element `index`, or brings its nodes up to date, leaving the other elements as they are.
    /// `duringLayout`: built while the container is measured or placed, which needs no new layout pass.
    @discardableResult
    package func buildElement(at index: Int, duringLayout: Bool = false) -> [ViewNode] {
        let builder = _ViewNodeBuilder(
            graph: graph, parent: self, environment: environment(forElement: index),
            previous: built[index]?.nodes ?? [])
        let element = list.element(index)
        builder.with(path: element.path) { build(element, at: index, into: builder) }
        let identity = element.path
        builtTraits[index] = element.traits
        let (nodes, removed) = builder.finish()
        for gone in removed { gone.willRemove() }
        let isNew = built[index] == nil
        built[index] = (identity, nodes)
        if isNew {
            if let other = builtIndexByIdentity[identity], other != index {
                DuplicateIDWarning.report(
                    id: identity.map { "\($0)" }.joined(separator: "/"), in: LazyElementsNode.self)
            } else {
                builtIndexByIdentity[identity] = index
            }
            arrangeChildren(duringLayout: duringLayout)
        }
        if duringLayout { invalidateRender() } else { invalidate() }
        return nodes
    }

    /// Builds `element`'s nodes (lists wrap the rows they can delete in a Delete swipe action).
    @_spi(Engine) open func build(_ element: _ViewList.Element, at index: Int, into builder: _ViewNodeBuilder) {
        element.build(builder)
    }

    /// The environment element `index` is built in (lists set their headers' font).
    @_spi(Engine) open func environment(forElement index: Int) -> EnvironmentValues { environment }

    /// The traits of element `index` (kept for built elements).
    package func traits(at index: Int) -> ElementTraits {
        if let traits = builtTraits[index] ?? unbuiltTraits[index] { return traits }
        if unbuiltTraits.count >= 256 { unbuiltTraits.removeAll(keepingCapacity: true) }
        let traits = list.traits(at: index)
        unbuiltTraits[index] = traits
        return traits
    }
    /// Traits asked of elements not built (a list looks at the rows around the ones it shows), until the content changes.
    private var unbuiltTraits: [Int: ElementTraits] = [:]

    /// The identity of element `index` (kept for built elements).
    package func identity(at index: Int) -> [IdentityComponent] { built[index]?.identity ?? list.identity(at: index) }

    /// The nodes of element `index`, if built.
    package func builtNodes(at index: Int) -> [ViewNode]? { built[index]?.nodes }

    /// The indices of the built elements.
    package var builtIndices: Dictionary<Int, (identity: [IdentityComponent], nodes: [ViewNode])>.Keys { built.keys }

    /// Element `index` leaves the graph (its state with it); it is built anew if shown again.
    package func releaseElement(at index: Int, duringLayout: Bool = false) {
        guard let element = built.removeValue(forKey: index) else { return }
        builtTraits[index] = nil
        if builtIndexByIdentity[element.identity] == index { builtIndexByIdentity[element.identity] = nil }
        for node in element.nodes { node.willRemove() }
        elementWasReleased(at: index)
        arrangeChildren(duringLayout: duringLayout)
    }

    /// Subclasses forget what they knew of a released element here.
    package func elementWasReleased(at index: Int) {}

    package var builtCount: Int { built.count }

    /// Whether a built element takes part in layout and drawing (lazy stacks keep elements scrolled away for a while).
    package func isShown(_ index: Int) -> Bool { true }

    /// Sets the children to the shown elements' nodes, in element order.
    package func arrangeChildren(duringLayout: Bool = false) {
        children = built.keys.sorted().filter(isShown).flatMap { built[$0]!.nodes }
        if duringLayout { childrenDidChangeDuringLayout() } else { invalidate() }
    }

    @_spi(Engine) open override var debugName: String { "LazyElements" }
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
