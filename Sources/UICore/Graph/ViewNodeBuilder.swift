import Foundation

/// Collects the nodes a view produces under one parent node, reusing the parent's previous children
/// whose structural identity matches (so their state and caches survive re-evaluation and reordering).
@MainActor
public final class _ViewNodeBuilder {
    package unowned let graph: ViewGraph
    /// The node being built; a builder the graph keeps for reuse (`ViewGraph.rebuildChildren`) has it
    /// replaced by `begin`.
    package private(set) unowned var parent: ViewNode
    /// The environment the next node is built with (environment modifiers change it around their content).
    package var environment: EnvironmentValues
    /// The structural path of the view being built, relative to `parent`.
    package private(set) var path: [IdentityComponent] = []
    /// The previous children not matched yet. Most parents have a few: they are searched in place, and the
    /// bits of `unmatched` say which are left (no table to build on each re-evaluation); more go in `previous`.
    private var reusable: [ViewNode] = []
    private var unmatched: UInt64 = 0
    private var previous: [NodeKey: ViewNode] = [:]
    /// While the nodes built are the first `reusedPrefix` of `reusable` in order (a re-evaluation that changed
    /// no structure), no array of them is made: `builtNodes` is filled only once they differ.
    private var builtIsReusedPrefix = true
    private var reusedPrefix = 0
    private var builtNodes: [ViewNode] = []
    /// Built-in modifiers (outermost first) waiting for the elements of their content: each element built
    /// here is wrapped in their nodes (see `ElementModifier`).
    package private(set) var elementModifiers: [ElementModifier] = []

    /// The nodes built so far, in order.
    package var built: [ViewNode] { builtIsReusedPrefix ? Array(reusable[..<reusedPrefix]) : builtNodes }

    /// A builder for `parent` that reuses `previous` (by default, all of the parent's children).
    package init(
        graph: ViewGraph, parent: ViewNode, environment: EnvironmentValues, elementModifiers: [ElementModifier] = [],
        previous previousNodes: [ViewNode]? = nil
    ) {
        self.graph = graph
        self.parent = parent
        self.environment = environment
        begin(parent: parent, environment: environment, elementModifiers: elementModifiers, previous: previousNodes)
    }

    /// Starts building `parent`'s children afresh, keeping the buffers (their capacity) of a finished build.
    package func begin(
        parent: ViewNode, environment: EnvironmentValues, elementModifiers: [ElementModifier],
        previous previousNodes: [ViewNode]? = nil
    ) {
        self.parent = parent
        self.environment = environment
        // Copied into the builder's own buffer, which `applying` then grows in place.
        self.elementModifiers.removeAll(keepingCapacity: true)
        self.elementModifiers.append(contentsOf: elementModifiers)
        path.removeAll(keepingCapacity: true)
        builtIsReusedPrefix = true
        reusedPrefix = 0
        builtNodes = []
        let reusable = previousNodes ?? parent.children
        if reusable.count <= Self.inPlaceLimit {
            self.reusable = reusable
            unmatched = (1 << UInt64(reusable.count)) - 1
        } else {
            self.reusable = []
            unmatched = 0
            var previous: [NodeKey: ViewNode] = [:]
            previous.reserveCapacity(reusable.count)
            for child in reusable { previous[child.key] = child }
            self.previous = previous
        }
    }

    /// Lets go of what the finished build referenced (a builder kept for reuse must not keep nodes alive).
    package func clear() {
        reusable = []
        previous = [:]
        builtNodes = []
        environment = Self.emptyEnvironment
        elementModifiers.removeAll(keepingCapacity: true)
    }

    private static let emptyEnvironment = EnvironmentValues()

    /// Up to this many previous children are searched in place (a search costs a comparison per child left).
    private static let inPlaceLimit = 16

    /// Takes the unmatched previous child at the current path whose node class is `nodeType`, if there is one.
    private func takePrevious(nodeType: ObjectIdentifier) -> ViewNode? {
        guard unmatched != 0 else {
            return previous.isEmpty ? nil : previous.removeValue(forKey: NodeKey(path: path, nodeType: nodeType))
        }
        // Children are usually rebuilt in their previous order: the lowest unmatched one is the likeliest.
        var candidates = unmatched
        while candidates != 0 {
            let index = candidates.trailingZeroBitCount
            candidates &= candidates - 1
            let child = reusable[index]
            if child.key.nodeType == nodeType && child.key.path == path {
                unmatched &= ~(1 << UInt64(index))
                return child
            }
        }
        return nil
    }

    /// Runs `body` with `component` appended to the structural path.
    package func with<R>(_ component: IdentityComponent, _ body: () -> R) -> R {
        path.append(component)
        defer { path.removeLast() }
        return body()
    }

    /// Runs `body` with `components` appended to the structural path.
    package func with<R>(path components: [IdentityComponent], _ body: () -> R) -> R {
        if components.isEmpty { return body() }
        let depth = path.count
        path.append(contentsOf: components)
        defer { path.removeSubrange(depth...) }
        return body()
    }

    /// Builds `content` with `modifier` applied to each of its elements.
    package func applying(_ modifier: ElementModifier, _ content: () -> Void) {
        elementModifiers.append(modifier)
        content()
        elementModifiers.removeLast()
    }

    /// The node of an element at the current path: the previous one of class `N` if it exists, else a new one
    /// from `create`; inside the nodes of the element modifiers waiting here.
    package func node<N: ViewNode>(_ type: N.Type, create: () -> N) -> N {
        guard !elementModifiers.isEmpty else { return matchedNode(type, create: create) }
        var result: N?
        wrapElement(in: elementModifiers[...]) { result = $0.node(type, create: create) }
        return result!
    }

    /// Builds the nodes of `modifiers` (outermost first) around the element that `build` makes.
    private func wrapElement(in modifiers: ArraySlice<ElementModifier>, _ build: (_ViewNodeBuilder) -> Void) {
        guard let outermost = modifiers.first else {
            build(self)
            return
        }
        let waiting = elementModifiers
        elementModifiers = []
        outermost.wrap(self) { inner in inner.wrapElement(in: modifiers.dropFirst(), build) }
        elementModifiers = waiting
    }

    private func matchedNode<N: ViewNode>(_ type: N.Type, create: () -> N) -> N {
        let nodeType = ObjectIdentifier(N.self)
        let node: N
        if let existing = takePrevious(nodeType: nodeType) as? N {
            node = existing
        } else {
            node = create()
            node.key = NodeKey(path: path, nodeType: nodeType)
            node.parent = parent
            node.depth = parent.depth + 1
        }
        appendBuilt(node)
        return node
    }

    private func appendBuilt(_ node: ViewNode) {
        if builtIsReusedPrefix {
            if reusedPrefix < reusable.count && reusable[reusedPrefix] === node {
                reusedPrefix += 1
                return
            }
            builtIsReusedPrefix = false
            builtNodes.reserveCapacity(max(reusable.count, previous.count, reusedPrefix + 1))
            builtNodes.append(contentsOf: reusable[..<reusedPrefix])
        }
        builtNodes.append(node)
    }

    /// Adds a composite view: a node that owns the view's dynamic properties and evaluates its body. The element
    /// modifiers waiting here apply to the elements of its body.
    package func makeComposite<V: View>(_ view: V) {
        let environment = self.environment
        var isNew = false
        let node = matchedNode(CompositeNode<V>.self) {
            isNew = true
            return CompositeNode(view: view, graph: graph, environment: environment)
        }
        // The node keeps the modifiers for later rebuilds of its body: borrowed ones are copied.
        var kept = elementModifiers
        if elementModifiers.contains(where: \.isBorrowed) {
            kept = elementModifiers.map(\.owned)
            graph.elementModifierCopies += elementModifiers.count { $0.isBorrowed }
        }
        node.update(view: view, environment: environment, isNew: isNew, elementModifiers: kept)
    }

    /// The previous children that were not matched: they leave the graph.
    package func finish() -> (built: [ViewNode], removed: [ViewNode]) {
        var removed = Array(previous.values)
        var left = unmatched
        while left != 0 {
            removed.append(reusable[left.trailingZeroBitCount])
            left &= left - 1
        }
        let built =
            !builtIsReusedPrefix
            ? builtNodes
            : reusedPrefix == reusable.count ? reusable : Array(reusable[..<reusedPrefix])
        return (built, removed)
    }
}

/// A built-in modifier applied to each element of its content, as in SwiftUI (padding on a `Group` or on a
/// custom view whose body is several views pads each of them). It waits in the builder until an element is
/// built, then wraps that element's node in its own node.
package struct ElementModifier {
    private enum Wrapping {
        case owned(@MainActor (_ViewNodeBuilder, _ content: (_ViewNodeBuilder) -> Void) -> Void)
        /// A modifier value on the stack of the build applying it, with its type and environment: valid only
        /// during that build (`_ViewNodeBuilder.applying`); what keeps modifiers longer takes `owned` copies.
        case borrowed(UnsafeRawPointer, any ElementWrappingModifier.Type, EnvironmentValues)
    }
    private let wrapping: Wrapping

    package init(wrap: @escaping @MainActor (_ViewNodeBuilder, _ content: (_ViewNodeBuilder) -> Void) -> Void) {
        wrapping = .owned(wrap)
    }

    /// The modifier at `pointer` as applied in `environment`, for the build under way only.
    package init<Modifier: ElementWrappingModifier>(
        borrowing pointer: UnsafePointer<Modifier>, environment: EnvironmentValues
    ) {
        wrapping = .borrowed(UnsafeRawPointer(pointer), Modifier.self, environment)
    }

    /// Makes the modifier's node at the builder's current path; `content` builds the element inside it.
    @MainActor package func wrap(_ builder: _ViewNodeBuilder, _ content: (_ViewNodeBuilder) -> Void) {
        switch wrapping {
        case .owned(let wrap): wrap(builder, content)
        case .borrowed(let pointer, let type, let environment):
            func wrapElement<Modifier: ElementWrappingModifier>(_: Modifier.Type) {
                pointer.assumingMemoryBound(to: Modifier.self).pointee.wrapElement(
                    in: builder, environment: environment, content: content)
            }
            wrapElement(type)
        }
    }

    package var isBorrowed: Bool {
        if case .borrowed = wrapping { return true }
        return false
    }

    /// This modifier as a value that may outlive the build (a borrowed modifier's value is copied).
    @MainActor package var owned: ElementModifier {
        guard case .borrowed(let pointer, let type, let environment) = wrapping else { return self }
        func copy<Modifier: ElementWrappingModifier>(_: Modifier.Type) -> ElementModifier {
            pointer.assumingMemoryBound(to: Modifier.self).pointee.elementModifier(in: environment)
        }
        return copy(type)
    }
}
