import Foundation

/// The root of the graph: builds the root view and places it in the window as SwiftUI's hosting view does:
/// proposes the safe area's size and centres the result in it.
@MainActor
package final class RootNode: ViewNode {
    private var makeRoot: ((_ViewNodeBuilder) -> Void)?
    package var baseEnvironment: EnvironmentValues
    private var needsRebuild = true

    package override init(graph: ViewGraph, environment: EnvironmentValues) {
        baseEnvironment = environment
        super.init(graph: graph, environment: environment)
    }

    package func setRoot<Root: View>(_ root: Root) {
        makeRoot = { makeNodes(root, into: $0) }
        setNeedsRebuild()
    }

    /// The colour scheme a view asked for with `preferredColorScheme` (`nil`: the host's).
    private var preferredColorScheme: ColorScheme?

    /// The colour scheme the views are drawn in: the host's, or the one a view asked for.
    package var effectiveColorScheme: ColorScheme { preferredColorScheme ?? baseEnvironment.colorScheme }

    /// The environment the views see: the host's, with the colour scheme views asked for.
    private var effectiveEnvironment: EnvironmentValues {
        guard let preferredColorScheme, preferredColorScheme != baseEnvironment.colorScheme else {
            return baseEnvironment
        }
        var environment = baseEnvironment
        environment.colorScheme = preferredColorScheme
        return environment
    }

    /// Reads the laid-out views' `preferredColorScheme`; returns whether it changed (the root must be rebuilt).
    package func adoptPreferredColorScheme() -> Bool {
        let asked =
            graph.preferenceWriterCount == 0 ? nil : childrenPreferenceValue(PreferredColorSchemeKey.self) ?? nil
        guard asked != preferredColorScheme else { return false }
        preferredColorScheme = asked
        setNeedsRebuild()
        return true
    }

    package func setNeedsRebuild() {
        needsRebuild = true
        invalidate()
    }

    package override func evaluateIfDirty() {
        guard needsRebuild, let makeRoot else { return }
        needsRebuild = false
        environment = effectiveEnvironment
        graph.rebuildChildren(of: self, environment: environment, makeRoot)
    }

    /// Proposes the safe area's size to the content and centres it there.
    package func layoutRoot(windowSize: CGSize, safeArea: CGRect) {
        let context = PlacementContext(
            origin: .zero, namedSpaces: [:], safeArea: safeArea,
            visibleRect: CGRect(origin: .zero, size: windowSize))
        place(at: .zero, proposal: ProposedViewSize(windowSize), in: context)
    }

    /// The root fills the window.
    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: .zero)
    }

    package override func placeContent(in context: PlacementContext) {
        let safe = context.safeArea
        let kids = layoutChildren
        let proposal = ProposedViewSize(safe.size)
        // Several root views are laid out like a centred ZStack.
        let contentSize = ZStackLayoutEngine.size(of: kids, proposal: proposal, alignment: .center)
        let origin = CGPoint(
            x: safe.minX + (safe.width - contentSize.width) / 2, y: safe.minY + (safe.height - contentSize.height) / 2)
        for child in kids {
            let childSize = child.sizeThatFits(proposal)
            let childOrigin = ZStackLayoutEngine.origin(of: child, size: childSize, in: contentSize, alignment: .center)
            child.place(at: origin + childOrigin, proposal: proposal, in: context)
        }
        for overlay in graph.rootOverlays { overlay.placeOverlays(over: self, in: context) }
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        super.renderContent(at: origin, size: size, into: &output)
        for overlay in graph.rootOverlays { overlay.renderOverlays(over: self, at: origin, into: &output) }
    }
}
