import Foundation

/// A part of a window's behaviour that lives beside its graph rather than in it: gestures, focus, hover, popups,
/// presentations, scene storage. The graph tells each one of nodes leaving and of every finished update, and
/// knows them only through these protocols, so the engine names none of the features built on it.
@MainActor
package protocol GraphSubsystem: AnyObject {
    /// `node` (one this subsystem cares about: a gesture or focus target) leaves the graph in this update.
    func nodeWillLeave(_ node: ViewNode)
    /// An update finished: layout, hit-test tree and deferred actions are current.
    func graphDidUpdate()
}

extension GraphSubsystem {
    package func nodeWillLeave(_ node: ViewNode) {}
    package func graphDidUpdate() {}
}

/// A feature the graph makes the first time a view asks for it and keeps for as long as the graph lives: one per
/// window (the presentations showing, the window's `@SceneStorage` values).
@MainActor
package protocol GraphOwnedFeature: GraphSubsystem {
    init(graph: ViewGraph)
}

/// A feature that lays out and draws over the root's content (the sheets and alerts over the window).
@MainActor
package protocol RootOverlayFeature: AnyObject {
    func placeOverlays(over root: ViewNode, in context: PlacementContext)
    func renderOverlays(over root: ViewNode, at origin: CGPoint, into output: inout RenderOutput)
}

/// The subsystems following one graph: the attached ones held weakly (they keep the graph), the owned ones strongly.
@MainActor
package struct GraphFeatureRegistry {
    private struct WeakSubsystem {
        weak var subsystem: (any GraphSubsystem)?
    }
    private var attached: [WeakSubsystem] = []
    private var owned: [ObjectIdentifier: any GraphOwnedFeature] = [:]
    /// The owned features that draw over the root, in the order they were made.
    package private(set) var rootOverlays: [any RootOverlayFeature] = []

    package mutating func attach(_ subsystem: any GraphSubsystem) {
        attached.removeAll { $0.subsystem == nil }
        attached.append(WeakSubsystem(subsystem: subsystem))
    }

    package func subsystem<S: GraphSubsystem>(_ type: S.Type) -> S? {
        for entry in attached { if let found = entry.subsystem as? S { return found } }
        return nil
    }

    package mutating func feature<F: GraphOwnedFeature>(_ type: F.Type, of graph: ViewGraph) -> F {
        if let existing = owned[ObjectIdentifier(type)] { return existing as! F }
        let made = F(graph: graph)
        owned[ObjectIdentifier(type)] = made
        attach(made)
        if let overlay = made as? any RootOverlayFeature { rootOverlays.append(overlay) }
        return made
    }

    package func forEach(_ body: (any GraphSubsystem) -> Void) {
        for entry in attached { if let subsystem = entry.subsystem { body(subsystem) } }
    }
}
