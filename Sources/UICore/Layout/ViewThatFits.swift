import Foundation

/// Shows the first of its views whose ideal size fits the space offered, along `axes`; the last one if none
/// fits. Only that view is drawn and hit-tested (the others keep their identity and state).
public struct ViewThatFits<Content: View>: View {
    package let axes: Axis.Set
    package let content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(ViewThatFitsNode.self) {
            ViewThatFitsNode(graph: builder.graph, environment: builder.environment)
        }
        if node.axes != view.axes {
            node.axes = view.axes
            node.invalidate()
        }
        builder.graph.rebuildChildren(of: node, environment: builder.environment) { makeNodes(view.content, into: $0) }
    }
}

/// The node of a `ViewThatFits`.
@MainActor
package final class ViewThatFitsNode: ViewNode {
    package var axes: Axis.Set = [.horizontal, .vertical]
    /// The child shown, as last placed.
    private var shown: ViewNode?

    /// The first child whose ideal size along `axes` fits `proposal` (an unspecified dimension fits anything).
    private func choice(for proposal: ProposedViewSize) -> ViewNode? {
        let kids = layoutChildren
        let measuring = ProposedViewSize(
            width: axes.contains(.horizontal) ? nil : proposal.width,
            height: axes.contains(.vertical) ? nil : proposal.height)
        func fits(_ value: CGFloat, _ limit: CGFloat?, along axis: Axis.Set) -> Bool {
            guard axes.contains(axis), let limit else { return true }
            return value <= limit + 0.001
        }
        for kid in kids.dropLast() {
            let ideal = kid.sizeThatFits(measuring)
            if fits(ideal.width, proposal.width, along: .horizontal)
                && fits(ideal.height, proposal.height, along: .vertical)
            {
                return kid
            }
        }
        return kids.last
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        choice(for: proposal)?.sizeThatFits(proposal) ?? .zero
    }

    package override func placeContent(in context: PlacementContext) {
        let proposal = placedProposal ?? ProposedViewSize(size)
        let chosen = choice(for: proposal)
        if chosen !== shown {
            shown = chosen
            invalidateRender()
        }
        chosen?.place(at: .zero, proposal: proposal, in: context)
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        if let shown { renderChildren([shown], at: origin, into: &output) }
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        shown?.explicitAlignment(key, size: size)
    }

    package override var debugName: String { "ViewThatFits" }
}
