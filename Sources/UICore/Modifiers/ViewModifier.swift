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
    /// The elements of the modified view (see `_ViewList`): built-in modifiers map over their content's
    /// elements; a custom modifier's view is one element, like a custom view.
    static func _makeModifiedList<C: View>(_ modifier: Self, content: C) -> _ViewList
    /// How many elements the modified view has, given how many its content has (`nil`: unknown from types).
    static func _modifiedListCount(_ contentCount: Int?) -> Int?
}

extension ViewModifier {
    public static func _makeModifiedNodes<C: View>(_ modifier: Self, content: C, into builder: _ViewNodeBuilder) {
        builder.makeComposite(_CustomModifierView(modifier: modifier, content: content))
    }
    public static func _makeModifiedList<C: View>(_ modifier: Self, content: C) -> _ViewList {
        .single { _makeModifiedNodes(modifier, content: content, into: $0) }
    }
    public static func _modifiedListCount(_ contentCount: Int?) -> Int? { 1 }
}

extension ViewModifier where Body == Never {
    /// Built-in modifiers are primitive.
    public func body(content: Self.Content) -> Never { primitiveViewBody(Self.self) }
}

/// The view a custom modifier was applied to, as `body(content:)` sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    package let content: any View
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeNodes(view.content, into: builder)
    }
    public static func _makeViewList(_ view: Self) -> _ViewList { _viewList(of: view.content) }
    public static var _viewListCount: Int? { nil }
}

/// A custom modifier applied to content, evaluated like a composite view.
package struct _CustomModifierView<Modifier: ViewModifier, Content: View>: View, ModifierBodyView {
    package var modifier: Modifier
    package let content: Content
    package var body: Modifier.Body { modifier.body(content: _ViewModifier_Content(content: content)) }
}

/// A view that evaluates a custom modifier's body: the modifier's `@State`, `@Environment`… belong to the
/// view's node, as a custom view's own do (a view merely holding a modifier value does not own its state).
package protocol ModifierBodyView {}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        Modifier._makeModifiedNodes(view.modifier, content: view.content, into: builder)
    }
    public static func _makeViewList(_ view: Self) -> _ViewList {
        Modifier._makeModifiedList(view.modifier, content: view.content)
    }
    public static var _viewListCount: Int? { Modifier._modifiedListCount(Content._viewListCount) }
}

extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeModifiedNodes<C: View>(_ modifier: Self, content: C, into builder: _ViewNodeBuilder) {
        makeNodes(
            ModifiedContent<ModifiedContent<C, Content>, Modifier>(
                content: ModifiedContent<C, Content>(content: content, modifier: modifier.content),
                modifier: modifier.modifier), into: builder)
    }
    public static func _makeModifiedList<C: View>(_ modifier: Self, content: C) -> _ViewList {
        _viewList(
            of: ModifiedContent<ModifiedContent<C, Content>, Modifier>(
                content: ModifiedContent<C, Content>(content: content, modifier: modifier.content),
                modifier: modifier.modifier))
    }
    public static func _modifiedListCount(_ contentCount: Int?) -> Int? {
        Modifier._modifiedListCount(Content._modifiedListCount(contentCount))
    }
}

extension View {
    /// Applies `modifier` to this view.
    public func modifier<M>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

extension ViewModifier {
    /// Combines this modifier with another.
    public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A built-in modifier realised as one wrapper node around its content: created once per position,
/// reconfigured (and invalidated only if something changed) on every re-evaluation.
/// Like every built-in modifier, it applies to each element of its content.
package struct NodeModifier<Node: ViewNode>: ElementWrappingModifier {
    package typealias Body = Never
    package let create: @MainActor (ViewGraph, EnvironmentValues) -> Node
    package let configure: @MainActor (Node) -> Void

    /// The modifier as applied in `environment`: its node sees that environment, its content the element's own.
    package func wrapElement(
        in builder: _ViewNodeBuilder, environment: EnvironmentValues, content: (_ViewNodeBuilder) -> Void
    ) {
        let elementEnvironment = builder.environment
        let node = builder.node(Node.self) { create(builder.graph, environment) }
        node.environment = environment
        configure(node)
        builder.graph.rebuildChildren(of: node, environment: elementEnvironment, content)
    }
}

/// A `NodeModifier` whose configuration is a value handed to `configure`: with a `configure` that captures
/// nothing, making the modifier (in a body evaluated on every frame) allocates nothing.
package struct ConfiguredNodeModifier<Node: ViewNode, Configuration>: ElementWrappingModifier {
    package typealias Body = Never
    package let create: @MainActor (ViewGraph, EnvironmentValues) -> Node
    package let configuration: Configuration
    package let configure: @MainActor (Node, Configuration) -> Void

    package func wrapElement(
        in builder: _ViewNodeBuilder, environment: EnvironmentValues, content: (_ViewNodeBuilder) -> Void
    ) {
        let elementEnvironment = builder.environment
        let node = builder.node(Node.self) { create(builder.graph, environment) }
        node.environment = environment
        configure(node, configuration)
        builder.graph.rebuildChildren(of: node, environment: elementEnvironment, content)
    }
}

extension View {
    /// Wraps this view in a node of class `Node`, configured by `configure` with `configuration` (which it
    /// should take from there rather than capture).
    package func wrapped<Node: ViewNode, Configuration>(
        in create: @escaping @MainActor (ViewGraph, EnvironmentValues) -> Node, with configuration: Configuration,
        _ configure: @escaping @MainActor (Node, Configuration) -> Void
    ) -> ModifiedContent<Self, ConfiguredNodeModifier<Node, Configuration>> {
        modifier(ConfiguredNodeModifier(create: create, configuration: configuration, configure: configure))
    }

    /// Wraps this view in a node of class `Node`, configured by `configure`.
    package func wrapped<Node: ViewNode>(
        in create: @escaping @MainActor (ViewGraph, EnvironmentValues) -> Node,
        _ configure: @escaping @MainActor (Node) -> Void
    ) -> ModifiedContent<Self, NodeModifier<Node>> {
        modifier(NodeModifier(create: create, configure: configure))
    }
}

/// A built-in modifier that wraps each element of its content in its own node (see `ElementModifier`).
@MainActor package protocol ElementWrappingModifier: ViewModifier where Body == Never {
    /// Makes the modifier's node at the builder's current path, the modifier applied in `environment` (the
    /// environment of the view it modifies); `content` builds the element inside it.
    func wrapElement(in builder: _ViewNodeBuilder, environment: EnvironmentValues, content: (_ViewNodeBuilder) -> Void)
}

extension ElementWrappingModifier {
    /// The modifier as applied in `environment`, as a value that may be kept (a closure holding a copy).
    package func elementModifier(in environment: EnvironmentValues) -> ElementModifier {
        ElementModifier { builder, content in wrapElement(in: builder, environment: environment, content: content) }
    }

    package static func _makeModifiedNodes<C: View>(_ modifier: Self, content: C, into builder: _ViewNodeBuilder) {
        // The modifier waits for its elements where it is, on this stack frame, while its content is built:
        // a body rebuilt on every frame makes no closure per modifier.
        withUnsafePointer(to: modifier) { pointer in
            builder.applying(ElementModifier(borrowing: pointer, environment: builder.environment)) {
                makeNodes(content, into: builder)
            }
        }
    }

    package static func _makeModifiedList<C: View>(_ modifier: Self, content: C) -> _ViewList {
        _viewList(of: content).mapElements { builder, build in
            builder.graph.elementModifierCopies += 1
            builder.applying(modifier.elementModifier(in: builder.environment)) { build(builder) }
        }
    }

    package static func _modifiedListCount(_ contentCount: Int?) -> Int? { contentCount }
}

/// Sets `value` on `node` at `keyPath` and invalidates the node's layout if it changed.
@MainActor package func assign<Node: ViewNode, Value: Equatable>(
    _ value: Value, to keyPath: ReferenceWritableKeyPath<Node, Value>, of node: Node
) {
    if node[keyPath: keyPath] != value {
        node[keyPath: keyPath] = value
        node.invalidate()
    }
}
