import Foundation
@_spi(Engine) import UICore

extension View {
    /// Adds swipe actions to a list row: a finger (or a mouse drag) sliding the row away from `edge` reveals the
    /// buttons of `content` there; with `allowsFullSwipe`, a swipe across most of the row runs the first one.
    /// The same buttons are in the row's context menu (a right click), for the mouse. A destructive button is red,
    /// `.tint` colours the others (grey without one).
    public func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View {
        let actions = content()
        return modifier(SwipeActionsModifier(edge: edge, allowsFullSwipe: allowsFullSwipe, actions: actions))
            .contextMenu { actions }
    }
}

/// Wraps the row in a `SwipeActionsNode` holding the action buttons beside it (drawn only while revealed).
package struct SwipeActionsModifier<Actions: View>: ElementWrappingModifier {
    package typealias Body = Never
    package let edge: HorizontalEdge
    package let allowsFullSwipe: Bool
    package let actions: Actions
    /// The Delete action a list gives the rows of a `ForEach` with `onDelete` (dropped when the row has its own).
    package var isSynthesizedDelete = false

    package func wrapElement(
        in builder: _ViewNodeBuilder, environment: EnvironmentValues, content: (_ViewNodeBuilder) -> Void
    ) {
        let graph = builder.graph
        let node = builder.node(SwipeActionsNode.self) { SwipeActionsNode(graph: graph, environment: environment) }
        node.isSynthesizedDelete = isSynthesizedDelete
        if node.edge != edge || node.allowsFullSwipe != allowsFullSwipe {
            node.edge = edge
            node.allowsFullSwipe = allowsFullSwipe
            node.invalidate()
        }
        graph.rebuildChildren(of: node, environment: builder.environment) { inner in
            content(inner)
            inner.with(.secondary) {
                let host = inner.node(SwipeActionsHostNode.self) {
                    SwipeActionsHostNode(graph: graph, environment: environment)
                }
                var buttons = environment
                buttons.primitiveButtonStyle = AnyPrimitiveButtonStyle(SwipeActionButtonStyle())
                buttons.swipeActionsRow = SwipeActionsRowHandle(node: node)
                graph.rebuildChildren(of: host, environment: buttons) { makeNodes(actions, into: $0) }
            }
        }
    }
}

/// How a swipe action's button closes its row once it has acted.
@MainActor
package final class SwipeActionsRowHandle {
    package weak var node: SwipeActionsNode?
    package init(node: SwipeActionsNode) { self.node = node }
}

package struct SwipeActionsRowKey: EnvironmentKey { package static var defaultValue: SwipeActionsRowHandle? { nil } }

extension EnvironmentValues {
    package var swipeActionsRow: SwipeActionsRowHandle? {
        get { self[SwipeActionsRowKey.self] }
        set { self[SwipeActionsRowKey.self] = newValue }
    }
}

/// What a swipe action's button leaves for its row: its action (a full swipe runs the first one).
package struct SwipeActionTrigger: Equatable {
    package let id = UUID()
    package let trigger: @MainActor () -> Void
    package static func == (a: Self, b: Self) -> Bool { a.id == b.id }
}

package enum SwipeActionTriggerKey: LayoutValueKey { package static var defaultValue: SwipeActionTrigger? { nil } }

/// A swipe action: the label in white on the role's or the tint's colour, as tall as the row; a tap acts and
/// closes the row.
package struct SwipeActionButtonStyle: PrimitiveButtonStyle {
    package func makeBody(configuration: Configuration) -> some View { SwipeActionButton(configuration: configuration) }
}

package struct SwipeActionButton: View {
    package let configuration: PrimitiveButtonStyleConfiguration
    @Environment(\.tint) private var tint
    @Environment(\.swipeActionsRow) private var row

    /// Red for a destructive action, else the tint, else grey.
    package static func fill(role: ButtonRole?, tint: Color?) -> Color {
        if role == .destructive { return .red }
        return tint ?? .gray
    }

    package var body: some View {
        let configuration = self.configuration
        let row = self.row
        let act: @MainActor () -> Void = {
            row?.node?.closeRow()
            configuration.trigger()
        }
        // The label keeps its size whatever share of the row the button has while it opens (the row clips it).
        configuration.label
            .lineLimit(1)
            .fixedSize(horizontal: true, vertical: false)
            .foregroundStyle(Color.white)
            .padding(.horizontal, 16)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(Self.fill(role: configuration.role, tint: tint))
            .contentShape(Rectangle())
            .onTapGesture(perform: act)
            .layoutValue(key: SwipeActionTriggerKey.self, value: SwipeActionTrigger(trigger: act))
    }
}

/// The node of a row with swipe actions: its content, slid by the list while the row is swiped, and the buttons
/// of its edge in the space the content leaves (the list tells it the row's box and how far it is slid).
@MainActor
package final class SwipeActionsNode: ViewNode {
    package var edge = HorizontalEdge.trailing
    package var allowsFullSwipe = true
    package var isSynthesizedDelete = false
    /// How far the row is slid, points (positive: to the trailing side, showing leading actions).
    package private(set) var reveal: CGFloat = 0
    /// The row's box, window points (set by the list as it places the row).
    package private(set) var rowBox: CGRect?
    /// The first action takes all the revealed space (a full swipe will run it).
    package private(set) var expandsFirst = false

    package var host: SwipeActionsHostNode? { children.last as? SwipeActionsHostNode }
    package override func isSecondary(_ child: ViewNode) -> Bool { child is SwipeActionsHostNode }

    /// The slide of this node's content: the list's, when it reveals this node's edge.
    private var shift: CGFloat { (edge == .leading ? reveal > 0 : reveal < 0) ? reveal : 0 }

    /// The list's state for this row; returns whether it changed (the row needs placing again).
    package func setRow(box: CGRect, reveal newReveal: CGFloat, expandsFirst expands: Bool) -> Bool {
        guard box != rowBox || newReveal != reveal || expands != expandsFirst else { return false }
        rowBox = box
        reveal = newReveal
        expandsFirst = expands
        needsPlacement = true
        needsRender = true
        host?.needsPlacement = true
        return true
    }

    /// The buttons' width at their ideal sizes, for a row `height` high.
    package func actionsWidth(height: CGFloat) -> CGFloat { host?.idealWidth(height: height) ?? 0 }

    /// The actions' triggers, first first.
    package var triggers: [SwipeActionTrigger] {
        (host?.layoutChildren ?? []).compactMap {
            $0.layoutValue(for: ObjectIdentifier(SwipeActionTriggerKey.self)) as? SwipeActionTrigger
        }
    }

    /// A button acted: the list closes the row.
    package func closeRow() {
        var ancestor = parent
        while let node = ancestor, !(node is ListNode) { ancestor = node.parent }
        (ancestor as? ListNode)?.closeSwipe(animated: true)
    }

    package override func placeContent(in context: PlacementContext) {
        let proposal = placedProposal ?? ProposedViewSize(size)
        for child in layoutChildren {
            let childSize = child.sizeThatFits(proposal)
            child.place(
                at: CGPoint(x: (size.width - childSize.width) / 2 + shift, y: (size.height - childSize.height) / 2),
                proposal: proposal, in: context)
        }
        guard let host, let rowBox, shift != 0 else { return }
        let revealed =
            edge == .leading
            ? CGRect(x: rowBox.minX, y: rowBox.minY, width: shift, height: rowBox.height)
            : CGRect(x: rowBox.maxX + shift, y: rowBox.minY, width: -shift, height: rowBox.height)
        host.expandsFirst = expandsFirst
        host.edge = edge
        host.place(
            at: CGPoint(x: revealed.minX - context.origin.x, y: revealed.minY - context.origin.y),
            proposal: ProposedViewSize(revealed.size), in: context)
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var inner = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &inner)
        if shift != 0, let host { renderChildren([host], at: origin, into: &inner) }
        output.items.append(contentsOf: inner.items)
        // The whole row is the view's for hit testing: a right click anywhere on it opens its context menu.
        guard let rowBox else {
            output.hits.append(contentsOf: inner.hits)
            return
        }
        output.hits.append(
            HitTestNode(
                kind: .contentShape, identity: identity, frame: rowBox, shape: nil, children: inner.hits,
                name: "swipeActions row"))
    }

    package override var debugName: String { "swipeActions" }
}

/// Lays the action buttons side by side in the revealed space, each at its share of their ideal widths (the
/// first one at the row's edge); in a full swipe the first takes all of it.
@MainActor
package final class SwipeActionsHostNode: ViewNode {
    package static let minimumButtonWidth: CGFloat = 74
    package var expandsFirst = false
    package var edge = HorizontalEdge.trailing

    /// The buttons' ideal widths (at least the minimum) for a row `height` high.
    package func idealWidths(height: CGFloat) -> [CGFloat] {
        layoutChildren.map {
            max(Self.minimumButtonWidth, $0.sizeThatFits(ProposedViewSize(width: nil, height: height)).width)
        }
    }

    package func idealWidth(height: CGFloat) -> CGFloat { idealWidths(height: height).reduce(0, +) }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.width ?? idealWidth(height: proposal.height ?? 44), height: proposal.height ?? 44)
    }

    package override func placeContent(in context: PlacementContext) {
        let buttons = layoutChildren
        guard !buttons.isEmpty else { return }
        let ideal = idealWidths(height: size.height)
        let total = max(1, ideal.reduce(0, +))
        let scale = size.width / total
        // Open (the whole width shown), each is its ideal width exactly: a hair less would cut its label short.
        let widths: [CGFloat] =
            expandsFirst
            ? [size.width] + Array(repeating: 0, count: buttons.count - 1)
            : abs(scale - 1) < 0.001 ? ideal : ideal.map { $0 * scale }
        // The first action sits at the row's outer edge: rightmost for trailing actions.
        let order = edge == .trailing ? Array(buttons.indices.reversed()) : Array(buttons.indices)
        var x: CGFloat = 0
        for index in order {
            let width = widths[index]
            buttons[index].place(
                at: CGPoint(x: x, y: 0), proposal: ProposedViewSize(width: width, height: size.height), in: context)
            x += width
        }
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var inner = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &inner)
        // Labels wider than their share while the row opens are cut at it.
        output.items.append(
            .layer(
                DisplayLayer(effect: .clip(Path(CGRect(origin: origin, size: size)), eoFill: false), items: inner.items)
            ))
        output.hits.append(contentsOf: inner.hits)
    }

    package override var debugName: String { "SwipeActions" }
}
