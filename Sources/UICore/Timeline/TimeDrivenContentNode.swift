import Foundation

/// A node whose content is rebuilt from a value that moves with time (a timeline's entry, an animator's phase or
/// keyframe value): it reads state as its content's reader and rebuilds at the next update when state changes or
/// a frame asks for it. `TimelineView`, `PhaseAnimator` and `KeyframeAnimator` are built on it.
@MainActor
package class TimeDrivenContentNode: ViewNode, StateReader {
    private var isDirty = true

    package required override init(graph: ViewGraph, environment: EnvironmentValues) {
        super.init(graph: graph, environment: environment)
    }

    /// The node of the view being built by `builder` (created the first time), with the builder's environment.
    package static func installed(in builder: _ViewNodeBuilder) -> Self {
        let node = builder.node(Self.self) { Self(graph: builder.graph, environment: builder.environment) }
        node.environment = builder.environment
        return node
    }

    /// Builds the content for the current frame (subclasses); runs through `rebuild()`.
    package func buildContent() {}

    /// Builds the content now.
    package final func rebuild() {
        isDirty = false
        buildContent()
    }

    /// Rebuilds the children with `make`, reading state (and observing objects) as this node.
    package final func rebuildContent(_ make: (_ViewNodeBuilder) -> Void) {
        ObservationBridge.track(self) {
            graph.withReader(self) { graph.rebuildChildren(of: self, environment: environment, make) }
        }
    }

    package final func stateDidChange() {
        guard !isRemoved, !isDirty else { return }
        isDirty = true
        graph.scheduleEvaluation(self)
    }

    package override final func evaluateIfDirty() {
        if isDirty && !isRemoved { rebuild() }
    }
}
