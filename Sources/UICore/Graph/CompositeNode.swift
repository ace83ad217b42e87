import Foundation

/// The node of a composite view (one with a `body`): it owns the view's dynamic-property storage
/// (`@State`, `@StateObject`…), re-evaluates `body` only when invalid; its body's elements are laid out in its place.
@MainActor
package final class CompositeNode<V: View>: ViewNode, StateReader {
    package private(set) var view: V
    /// For `Animatable` views: their animatable data as presented (Animation/AnimatableViews.swift).
    package var viewAnimation: AnyViewAnimation?
    package let properties = DynamicPropertyStorage()
    package private(set) var isDirty = true
    /// How many times `body` ran (state tests check that only readers re-evaluate).
    package private(set) var evaluationCount = 0
    /// Built-in modifiers applied to this view from outside (outermost first): they wrap each element of the
    /// body, as SwiftUI applies modifiers on a custom view to each of its views.
    private var elementModifiers: [ElementModifier] = []
    /// The body last built: its nodes are rebuilt from it, without running `body` again, when only the element
    /// modifiers' values or an environment the view does not read changed.
    private var lastBody: V.Body?

    /// This node as observation callbacks hold it (weakly), made once rather than per evaluation.
    private lazy var observationReader = ObservationBridge.WeakReader(self)

    /// `ViewFields.of(V.self)`, looked up once per node rather than once per update.
    private let fields: ViewFields?

    package init(view: V, graph: ViewGraph, environment: EnvironmentValues) {
        self.view = view
        fields = ViewFields.of(V.self)
        super.init(graph: graph, environment: environment)
    }

    package override var debugName: String { "\(V.self)" }

    /// A custom view lays nothing out itself: its body's elements stand in its place in the container.
    package override func appendLayoutElements(to elements: inout [ViewNode]) {
        elements.append(contentsOf: layoutChildren)
    }

    /// Set while the view is removed but its elements' removal transitions run.
    private var isLeaving = false

    package override func beginInsertionTransitions() {
        for element in layoutChildren { element.beginInsertionTransition() }
    }

    package override func beginRemovalTransitions() -> Bool {
        var anyRuns = false
        for element in layoutChildren where element.beginRemovalTransition() { anyRuns = true }
        isLeaving = anyRuns
        return anyRuns
    }

    /// Once the last leaving element is gone, the removed view leaves too.
    package override func elementDidLeave() {
        guard isLeaving else {
            parent?.elementDidLeave()
            return
        }
        guard !layoutChildren.contains(where: { $0.transitionState?.isRemoval == true }), let parent else { return }
        parent.children.removeAll { $0 === self }
        willRemove()
        parent.invalidate()
        parent.elementDidLeave()
    }

    /// Takes a new value of the view from the parent's re-evaluation; re-evaluates `body` unless the value is
    /// provably unchanged, the view reads no environment that changed, and nothing it read was written. A body
    /// that need not run is built again only when its nodes' inputs changed (element modifiers, environment).
    package func update(
        view newView: V, environment newEnvironment: EnvironmentValues, isNew: Bool,
        elementModifiers: [ElementModifier] = []
    ) {
        let environmentChanged = !environment.isIdentical(to: newEnvironment)
        let unchanged =
            !isNew && (!environmentChanged || !properties.readsEnvironment)
            && viewValuesEqual(view, newView, fields: fields)
        environment = newEnvironment
        view = newView
        self.elementModifiers = elementModifiers
        if !unchanged { animateViewData() }
        if !unchanged || isDirty {
            evaluate()
        } else if let body = lastBody, environmentChanged || !elementModifiers.isEmpty {
            build(body)
        }
    }

    /// An animation frame of an `Animatable` view: `body` runs again in this update.
    package func markDirtyForAnimation() { isDirty = true }

    /// A dependency of this node changed: re-evaluate at the next update.
    package func stateDidChange() {
        guard !isRemoved, !isDirty else { return }
        isDirty = true
        graph.scheduleEvaluation(self)
    }

    /// Re-evaluates `body` now, if still needed (called by the graph for invalidated nodes).
    package override func evaluateIfDirty() {
        if isDirty && !isRemoved { evaluate() }
    }

    private func evaluate() {
        isDirty = false
        evaluationCount += 1
        properties.install(in: view, fields: fields, reader: self, environment: environment)
        let shown = presentedView
        let body = ObservationBridge.track(observationReader) { graph.withReader(self) { shown.body } }
        build(body)
    }

    private func build(_ body: V.Body) {
        lastBody = body
        graph.withReader(self) {
            graph.rebuildChildren(of: self, environment: environment, elementModifiers: elementModifiers) {
                makeNodes(body, into: $0)
            }
        }
    }

    package override func willRemove() {
        properties.detach()
        super.willRemove()
    }

    package override var compositeEvaluationCount: Int? { evaluationCount }
}

/// Something that re-evaluates when state it read changes.
@MainActor package protocol StateReader: AnyObject {
    /// The graph the reader belongs to (writes it reads are queued there).
    var graph: ViewGraph { get }
    func stateDidChange()
}

/// Whether two values of a view are the same: `==` for `Equatable` views, bytewise for plain-data views;
/// otherwise unknown (treated as changed, as SwiftUI does for views holding closures or references).
/// `fields`: those of `V` (`ViewFields.of(V.self)`), when the caller keeps them.
package func viewValuesEqual<V>(_ a: V, _ b: V, fields: ViewFields?? = nil) -> Bool {
    if let equatable = a as? any Equatable {
        return equatableEquals(equatable, b)
    }
    if _isPOD(V.self) {
        return withUnsafeBytes(of: a) { pa in withUnsafeBytes(of: b) { pb in pa.elementsEqual(pb) } }
    }
    return fieldsEqual(a, b, fields: fields)
}

/// Field-by-field comparison of two values of a view (SwiftUI compares view inputs the same way):
/// graph-managed properties (@State, @Environment…) are the node's own and always "equal"; bindings
/// compare by location; observed objects and other references by identity; other fields with `==`
/// or bytewise when plain data. Anything else (closures, nested non-comparable values) counts as changed.
package func fieldsEqual<V>(_ a: V, _ b: V, fields: ViewFields?? = nil) -> Bool {
    guard let fields = fields ?? ViewFields.of(V.self) else { return false }
    return withUnsafeBytes(of: a) { left in
        withUnsafeBytes(of: b) { right in
            guard let x = left.baseAddress, let y = right.baseAddress else { return true }
            return fields.equal(x, y)
        }
    }
}

/// Field equality for values whose static type does not decide it, by their dynamic type.
package func boxedFieldEqual(_ x: Any, _ y: Any) -> Bool {
    if let comparable = x as? any ComparableInput { return comparable.isSameInput(as: y) }
    if x is any GraphInstallable { return true }
    if let equatable = x as? any Equatable { return equatableEquals(equatable, y) }
    if type(of: x) is AnyClass { return (x as AnyObject) === (y as AnyObject) }
    return sameValueBytes(x, y)
}

/// Bytewise equality of two plain-data values of the same dynamic type.
private func sameValueBytes(_ x: Any, _ y: Any) -> Bool {
    func open<T>(_ x: T) -> Bool {
        guard _isPOD(T.self), let y = y as? T else { return false }
        return withUnsafeBytes(of: x) { px in withUnsafeBytes(of: y) { py in px.elementsEqual(py) } }
    }
    return open(x)
}

/// A view input with its own notion of "the same" (bindings, observed objects).
package protocol ComparableInput {
    func isSameInput(as other: Any) -> Bool
}

extension Binding: ComparableInput {
    package func isSameInput(as other: Any) -> Bool {
        guard let other = other as? Binding<Value>, let location, let otherLocation = other.location else {
            return false
        }
        return location == otherLocation
    }
}

extension ObservedObject: ComparableInput {
    package func isSameInput(as other: Any) -> Bool {
        guard let other = other as? ObservedObject<ObjectType> else { return false }
        return wrappedValue === other.wrappedValue
    }
}

package func equatableEquals<E: Equatable>(_ a: E, _ b: Any) -> Bool {
    guard let b = b as? E else { return false }
    return a == b
}
