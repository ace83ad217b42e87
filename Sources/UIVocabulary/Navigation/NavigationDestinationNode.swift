import Foundation
@_spi(Engine) import UICore

/// What a pushed page shows: the destination registered for a path value, or a keyed destination.
package enum NavigationPageTarget: Hashable {
    case value(AnyHashable)
    case keyed(ObjectIdentifier)
}

/// The content of a pushed page: the destination its stack has for the page's value or key. It takes the
/// whole proposal.
package struct NavigationDestinationContent: View {
    package let target: NavigationPageTarget
    package let model: NavigationStackModel
    package let depth: Int
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(NavigationDestinationNode.self) {
            NavigationDestinationNode(graph: builder.graph, environment: builder.environment)
        }
        node.environment = builder.environment
        node.configure(target: view.target, model: view.model, depth: view.depth)
    }
}

/// Builds the destination as the page is built (the pages beneath, built first, have registered theirs),
/// and again at placement when registrations changed or none was found yet (a destination declared inside
/// content that is itself built at placement); only then is a missing destination shown and logged.
@MainActor
package final class NavigationDestinationNode: ViewNode {
    package private(set) var target: NavigationPageTarget?
    private weak var model: NavigationStackModel?
    package private(set) var pageDepth = 0
    private var contentIsDirty = true

    package func configure(target: NavigationPageTarget, model: NavigationStackModel, depth: Int) {
        self.target = target
        self.model = model
        pageDepth = depth
        model.addDestinationNode(self)
        // The page was rebuilt: its environment (which the destination reads) is new.
        contentIsDirty = !build(finalAttempt: false)
        invalidate()
    }

    package func destinationsChanged() {
        guard !isRemoved, !contentIsDirty else { return }
        contentIsDirty = true
        invalidate()
    }

    /// Builds the content; returns whether the destination was found (or a placeholder shown for good).
    private func build(finalAttempt: Bool) -> Bool {
        guard let target, let model else { return true }
        let view: AnyView
        switch target {
        case .value(let value):
            if let found = model.destination(for: value, atDepth: pageDepth) {
                view = found
            } else if finalAttempt {
                model.logMissingDestination(for: value)
                view = AnyView(MissingDestinationPlaceholder(value: value))
            } else {
                return false
            }
        case .keyed(let key):
            view = model.destination(forKey: key) ?? AnyView(EmptyView())
        }
        graph.rebuildChildren(of: self, environment: environment) { makeNodes(view, into: $0) }
        return true
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: .zero)
    }

    package override func placeContent(in context: PlacementContext) {
        if contentIsDirty {
            contentIsDirty = false
            graph.withPlacementBarrier(self) { _ = build(finalAttempt: true) }
        }
        let proposal = ProposedViewSize(size)
        for child in layoutChildren {
            let childSize = child.sizeThatFits(proposal)
            let origin = CGPoint(x: (size.width - childSize.width) / 2, y: (size.height - childSize.height) / 2)
            child.place(at: origin, proposal: proposal, in: context)
        }
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }
    package override var debugName: String { "NavigationDestination" }
}

/// What a path value with no registered destination shows: a visible sign of the mistake, naming the type.
package struct MissingDestinationPlaceholder: View {
    package let value: AnyHashable

    package var body: some View {
        VStack(spacing: 8) {
            Image(systemName: "exclamationmark.triangle")
                .font(.system(size: 28))
            Text("No destination for \(String(describing: type(of: value.base)))")
                .font(.headline)
            Text(
                "Add navigationDestination(for: \(String(describing: type(of: value.base))).self) inside the NavigationStack"
            )
            .font(.caption)
            .multilineTextAlignment(.center)
        }
        .foregroundColor(Color(white: 0.45))
        .padding()
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
