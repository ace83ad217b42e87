import Foundation

/// The node of a composite view (one with a `body`): it owns the view's dynamic-property storage
/// (`@State`, `@StateObject`…), re-evaluates `body` only when invalid, and is transparent to layout.
@MainActor
final class CompositeNode<V: View>: ViewNode, StateReader {
    private(set) var view: V
    let properties = DynamicPropertyStorage()
    private(set) var isDirty = true
    /// How many times `body` ran (state tests check that only readers re-evaluate).
    private(set) var evaluationCount = 0

    init(view: V, graph: ViewGraph, environment: EnvironmentValues) {
        self.view = view
        super.init(graph: graph, environment: environment)
    }

    override var isTransparent: Bool { true }
    override var debugName: String { "\(V.self)" }

    /// Takes a new value of the view from the parent's re-evaluation; re-evaluates `body` unless
    /// the value and environment are provably unchanged and nothing it read was written.
    func update(view newView: V, environment newEnvironment: EnvironmentValues, isNew: Bool) {
        let environmentChanged = !environment.isIdentical(to: newEnvironment)
        let unchanged = !isNew && !environmentChanged && viewValuesEqual(view, newView)
        environment = newEnvironment
        view = newView
        if !unchanged || isDirty { evaluate() }
    }

    /// A dependency of this node changed: re-evaluate at the next update.
    func stateDidChange() {
        guard !isRemoved, !isDirty else { return }
        isDirty = true
        graph.scheduleEvaluation(self)
    }

    /// Re-evaluates `body` now, if still needed (called by the graph for invalidated nodes).
    override func evaluateIfDirty() {
        if isDirty && !isRemoved { evaluate() }
    }

    private func evaluate() {
        isDirty = false
        evaluationCount += 1
        properties.install(in: view, reader: self, environment: environment)
        let body = ObservationBridge.track(self) { graph.withReader(self) { view.body } }
        graph.withReader(self) {
            graph.rebuildChildren(of: self, environment: environment) { makeNodes(body, into: $0) }
        }
    }

    override func willRemove() {
        properties.detach()
        super.willRemove()
    }

    override var compositeEvaluationCount: Int? { evaluationCount }
}

/// Something that re-evaluates when state it read changes.
@MainActor protocol StateReader: AnyObject {
    func stateDidChange()
}

/// Whether two values of a view are the same: `==` for `Equatable` views, bytewise for plain-data views;
/// otherwise unknown (treated as changed, as SwiftUI does for views holding closures or references).
func viewValuesEqual<V>(_ a: V, _ b: V) -> Bool {
    if let equatable = a as? any Equatable {
        return equatableEquals(equatable, b)
    }
    guard _isPOD(V.self) else { return false }
    return withUnsafeBytes(of: a) { pa in withUnsafeBytes(of: b) { pb in pa.elementsEqual(pb) } }
}

func equatableEquals<E: Equatable>(_ a: E, _ b: Any) -> Bool {
    guard let b = b as? E else { return false }
    return a == b
}
