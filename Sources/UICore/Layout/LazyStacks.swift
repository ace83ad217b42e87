import Foundation

/// A vertical stack that builds its views only as they scroll into view (inside a `ScrollView`; elsewhere, as
/// far as the window shows them). Views out of view are estimated at the average height of those measured.
public struct LazyVStack<Content: View>: View {
    package let alignment: HorizontalAlignment
    package let spacing: CGFloat?
    package let pinnedViews: PinnedScrollableViews
    package let content: Content

    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let parameters = LazyStackNode.Parameters(
            axis: .vertical, alignment: view.alignment.key,
            spacing: view.spacing ?? LazyStackNode.systemSpacing,
            pinned: view.pinnedViews)
        makeLazyStackNode(LazyStackNode.self, parameters: parameters, content: view.content, into: builder)
    }
}

/// A horizontal stack that builds its views only as they scroll into view.
public struct LazyHStack<Content: View>: View {
    package let alignment: VerticalAlignment
    package let spacing: CGFloat?
    package let pinnedViews: PinnedScrollableViews
    package let content: Content

    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let parameters = LazyStackNode.Parameters(
            axis: .horizontal, alignment: view.alignment.key,
            spacing: view.spacing ?? LazyStackNode.systemSpacing,
            pinned: view.pinnedViews)
        makeLazyStackNode(LazyStackNode.self, parameters: parameters, content: view.content, into: builder)
    }
}

/// Makes (or updates) the lazy stack node of class `N` for `content`.
@MainActor
@discardableResult
package func makeLazyStackNode<N: LazyStackNode, Content: View>(
    _ type: N.Type, parameters: LazyStackNode.Parameters,
    content: Content, into builder: _ViewNodeBuilder, configure: (N) -> Void = { _ in }
) -> N {
    let node = builder.node(N.self) { N(graph: builder.graph, environment: builder.environment) }
    node.environment = builder.environment
    node.configure(parameters)
    configure(node)
    node.update(list: _viewList(of: content))
    return node
}
