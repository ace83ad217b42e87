import Foundation

/// A modifier that turns a view into another view.
@MainActor @preconcurrency
public protocol ViewModifier {
    /// The type of view the modifier produces.
    associatedtype Body: View
    /// The placeholder for the view the modifier is applied to.
    typealias Content = _ViewModifier_Content<Self>
    /// The view this modifier produces from `content`.
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    /// Adds the modified view's nodes; custom modifiers (the default) are composite nodes evaluating `body(content:)`.
    static func _makeModifiedNodes<C: View>(_ modifier: Self, content: C, into builder: _ViewNodeBuilder)
}

extension ViewModifier {
    public static func _makeModifiedNodes<C: View>(_ modifier: Self, content: C, into builder: _ViewNodeBuilder) {
        builder.makeComposite(_CustomModifierView(modifier: modifier, content: content))
    }
}

extension ViewModifier where Body == Never {
    /// Built-in modifiers are primitive.
    public func body(content: Self.Content) -> Never { primitiveViewBody(Self.self) }
}

/// The view a custom modifier was applied to, as `body(content:)` sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    let content: any View
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeNodes(view.content, into: builder)
    }
}

extension _ViewModifier_Content: ForwardsSingleContent {
    static var contentMayBuildComposite: Bool { true }
}

/// Modifiers applied to `content` inside a custom modifier's body apply to each view of a multi-view content.
extension _ViewModifier_Content: MultiViewContent {
    var isMultiView: Bool { (content as? any MultiViewContent)?.isMultiView ?? false }
    func forEachView(_ body: (IdentityComponent?, any View) -> Void) {
        (content as? any MultiViewContent)?.forEachView(body)
    }
}

/// A custom modifier applied to content, evaluated like a composite view.
struct _CustomModifierView<Modifier: ViewModifier, Content: View>: View {
    var modifier: Modifier
    let content: Content
    var body: Modifier.Body { modifier.body(content: _ViewModifier_Content(content: content)) }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) { self.content = content; self.modifier = modifier }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        Modifier._makeModifiedNodes(view.modifier, content: view.content, into: builder)
    }
}

extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeModifiedNodes<C: View>(_ modifier: Self, content: C, into builder: _ViewNodeBuilder) {
        makeNodes(ModifiedContent<ModifiedContent<C, Content>, Modifier>(
            content: ModifiedContent<C, Content>(content: content, modifier: modifier.content), modifier: modifier.modifier), into: builder)
    }
}

extension View {
    /// Applies `modifier` to this view.
    public func modifier<M>(_ modifier: M) -> ModifiedContent<Self, M> { ModifiedContent(content: self, modifier: modifier) }
}

extension ViewModifier {
    /// Combines this modifier with another.
    public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent(content: self, modifier: modifier) }
}

/// A built-in modifier realised as one wrapper node around its content: created once per position,
/// reconfigured (and invalidated only if something changed) on every re-evaluation.
struct NodeModifier<Node: ViewNode>: ViewModifier, DistributedModifier {
    typealias Body = Never
    let create: @MainActor (ViewGraph, EnvironmentValues) -> Node
    let configure: @MainActor (Node) -> Void

    static func _makeModifiedNodes<C: View>(_ modifier: Self, content: C, into builder: _ViewNodeBuilder) {
        if distributeModifier(modifier, over: content, into: builder) { return }
        let node = builder.node(Node.self) { modifier.create(builder.graph, builder.environment) }
        node.environment = builder.environment
        modifier.configure(node)
        builder.graph.rebuildChildren(of: node, environment: builder.environment) { inner in
            inner.buildModifiedContent(content, of: modifier, wrapper: node, outer: builder)
        }
    }
}

extension View {
    /// Wraps this view in a node of class `Node`, configured by `configure`.
    func wrapped<Node: ViewNode>(in create: @escaping @MainActor (ViewGraph, EnvironmentValues) -> Node,
                                 _ configure: @escaping @MainActor (Node) -> Void) -> ModifiedContent<Self, NodeModifier<Node>> {
        modifier(NodeModifier(create: create, configure: configure))
    }
}

/// Sets `value` on `node` at `keyPath` and invalidates the node's layout if it changed.
@MainActor func assign<Node: ViewNode, Value: Equatable>(_ value: Value, to keyPath: ReferenceWritableKeyPath<Node, Value>, of node: Node) {
    if node[keyPath: keyPath] != value {
        node[keyPath: keyPath] = value
        node.invalidate()
    }
}
