import Foundation

/// Background, overlay and mask: a secondary view laid out in the primary's frame.
///
/// The secondary is proposed exactly the primary's size and aligned to it; it never changes the
/// primary's size. A mask's content only provides alpha: it is neither drawn nor hit-testable.
package struct SecondaryModifier<Secondary: View>: ElementWrappingModifier {
    package typealias Body = Never
    package let role: SecondaryNode.Role
    package let alignment: Alignment
    package let secondary: Secondary

    /// The modifier as applied in `environment` (which its node and the secondary view see), around one element.
    package func wrapElement(
        in builder: _ViewNodeBuilder, environment: EnvironmentValues, content: (_ViewNodeBuilder) -> Void
    ) {
        let graph = builder.graph
        let node = builder.node(SecondaryNode.self) { SecondaryNode(graph: graph, environment: environment) }
        node.environment = environment
        if node.role != role {
            node.role = role
            node.invalidate()
        }
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
                let secondaryEnvironment = role == .mask ? host.maskEnvironment(from: environment) : environment
                graph.rebuildChildren(of: host, environment: secondaryEnvironment) {
                    makeNodes(secondary, into: $0)
                }
            }
        }
    }
}

/// Holds a background/overlay/mask's content: a ZStack with the modifier's alignment.
@MainActor
package final class SecondaryHostNode: ViewNode {
    package var alignment = Alignment.center
    /// The last environment a mask's content was given, and the one it was made from.
    private var maskEnvironmentCache: (source: EnvironmentValues, mask: EnvironmentValues)?

    /// `environment` with the opaque default foreground of a mask's shapes (only their alpha matters): the
    /// same value while `environment` is, so a mask rebuilt on every frame makes no new environment.
    package func maskEnvironment(from environment: EnvironmentValues) -> EnvironmentValues {
        if let cache = maskEnvironmentCache, cache.source.isIdentical(to: environment) { return cache.mask }
        var mask = environment
        mask.foregroundStyle = AnyShapeStyle(Color.black)
        maskEnvironmentCache = (environment, mask)
        return mask
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        ZStackLayoutEngine.size(of: layoutChildren, proposal: proposal, alignment: alignment)
    }
    package override func placeContent(in context: PlacementContext) {
        let proposal = placedProposal ?? ProposedViewSize(size)
        let kids = layoutChildren
        if kids.count == 1 {
            // One child (the usual secondary): placed as `layout` would, without its arrays.
            kids[0].place(
                at: ZStackLayoutEngine.originOfOnlyChild(kids[0], proposal: proposal, alignment: alignment),
                proposal: proposal, in: context)
            return
        }
        let (_, origins) = ZStackLayoutEngine.layout(kids, proposal: proposal, alignment: alignment)
        for (child, origin) in zip(kids, origins) { child.place(at: origin, proposal: proposal, in: context) }
    }
    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }
}

/// The node of a background, overlay or mask.
@MainActor
package class SecondaryNode: ViewNode {
    package enum Role { case background, overlay, mask }
    package var role = Role.background

    package final var host: SecondaryHostNode? { children.last as? SecondaryHostNode }
    package override func isSecondary(_ child: ViewNode) -> Bool { child is SecondaryHostNode }

    /// Called once the primary content is placed, before the secondary is.
    package func primaryDidPlace() {}

    package override func placeContent(in context: PlacementContext) {
        super.placeContent(in: context)
        primaryDidPlace()
        guard let host else { return }
        let proposal = ProposedViewSize(size)
        let hostSize = host.sizeThatFits(proposal)
        host.place(
            at: ZStackLayoutEngine.origin(of: host, size: hostSize, in: size, alignment: host.alignment),
            proposal: proposal, in: context)
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var primary = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &primary)
        var secondary = RenderOutput()
        if let host { host.render(at: origin + host.position, into: &secondary) }
        switch role {
        case .background:
            output.append(secondary)
            output.append(primary)
        case .overlay:
            output.append(primary)
            output.append(secondary)
        case .mask:
            output.items.append(.layer(DisplayLayer(effect: .mask(secondary.items), items: primary.items)))
            output.appendHits(primary.hits)
        }
    }

    package override var debugName: String { "\(role)" }
}

extension View {
    /// Layers `content` behind this view, proposed this view's size and aligned with `alignment`.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(SecondaryModifier(role: .background, alignment: alignment, secondary: content()))
    }
    /// Layers `background` behind this view (older spelling).
    @_disfavoredOverload
    public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View {
        modifier(SecondaryModifier(role: .background, alignment: alignment, secondary: background))
    }
    /// Fills the area behind this view with `style`.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        modifier(SecondaryModifier(role: .background, alignment: .center, secondary: Rectangle().fill(style)))
    }
    /// Fills `shape` behind this view with `style`.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> some View
    {
        modifier(
            SecondaryModifier(role: .background, alignment: .center, secondary: shape.fill(style, style: fillStyle)))
    }
    /// Layers `content` in front of this view, proposed this view's size and aligned with `alignment`.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(SecondaryModifier(role: .overlay, alignment: alignment, secondary: content()))
    }
    /// Layers `overlay` in front of this view (older spelling).
    @_disfavoredOverload
    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        modifier(SecondaryModifier(role: .overlay, alignment: alignment, secondary: overlay))
    }
    /// Fills the area in front of this view with `style`.
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        modifier(SecondaryModifier(role: .overlay, alignment: .center, secondary: Rectangle().fill(style)))
    }
    /// Shows this view only where `mask` (laid out in this view's frame) is opaque.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
        modifier(SecondaryModifier(role: .mask, alignment: alignment, secondary: mask()))
    }
    /// Shows this view only where `mask` is opaque (older spelling; centred).
    public func mask<Mask: View>(_ mask: Mask) -> some View {
        modifier(SecondaryModifier(role: .mask, alignment: .center, secondary: mask))
    }
}

extension View {
    /// Draws a border of `width` inside the view's frame.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }
}
