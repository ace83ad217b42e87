import Foundation

/// The node of a composite view (one with a `body`): it owns the view's dynamic-property storage
/// (`@State`, `@StateObject`…), re-evaluates `body` only when invalid, and is transparent to layout.
@MainActor
final class CompositeNode<V: View>: ViewNode, StateReader {
    private(set) var view: V
    /// For `Animatable` views: their animatable data as presented (Animation/AnimatableViews.swift).
    var viewAnimation: AnyViewAnimation?
    let properties = DynamicPropertyStorage()
    private(set) var isDirty = true
    /// How many times `body` ran (state tests check that only readers re-evaluate).
    private(set) var evaluationCount = 0
    /// Built-in modifiers applied to this view from outside (outermost first): applied to each body view
    /// when the body is several views, else handed down to a custom view the body may be.
    private var outerModifiers: [DeferredModifier] = []
    /// The body last built, kept while the outer modifiers shaped its nodes (they are rebuilt with the
    /// modifiers' new values even when the body need not run again).
    private var bodyUsingOuterModifiers: V.Body?

    init(view: V, graph: ViewGraph, environment: EnvironmentValues) {
        self.view = view
        super.init(graph: graph, environment: environment)
    }

    override var isTransparent: Bool { true }
    override var debugName: String { "\(V.self)" }

    /// Takes a new value of the view from the parent's re-evaluation; re-evaluates `body` unless
    /// the value and environment are provably unchanged and nothing it read was written.
    func update(view newView: V, environment newEnvironment: EnvironmentValues, isNew: Bool, outerModifiers: [DeferredModifier] = []) {
        let environmentChanged = !environment.isIdentical(to: newEnvironment)
        let unchanged = !isNew && !environmentChanged && viewValuesEqual(view, newView)
        environment = newEnvironment
        view = newView
        self.outerModifiers = outerModifiers
        if !unchanged { animateViewData() }
        if !unchanged || isDirty {
            evaluate()
        } else if let body = bodyUsingOuterModifiers {
            build(body)
        }
    }

    /// An animation frame of an `Animatable` view: `body` runs again in this update.
    func markDirtyForAnimation() { isDirty = true }

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
        let shown = presentedView
        let body = ObservationBridge.track(self) { graph.withReader(self) { shown.body } }
        build(body)
    }

    private func build(_ body: V.Body) {
        if outerModifiers.isEmpty {
            bodyUsingOuterModifiers = nil
            graph.withReader(self) {
                graph.rebuildChildren(of: self, environment: environment) { makeNodes(body, into: $0) }
            }
            return
        }
        let modifiers = outerModifiers
        for modifier in modifiers { modifier.wrapper.isPassThroughClaimed = false }
        graph.withReader(self) {
            graph.rebuildChildren(of: self, environment: environment) { builder in
                if let multi = body as? any MultiViewContent, multi.isMultiView {
                    // SwiftUI applies modifiers on a multi-view custom view to each of its views: the
                    // wrappers pass through and each body view gets the modifiers (innermost first).
                    for modifier in modifiers { modifier.wrapper.setPassThrough(true) }
                    multi.forEachView { component, child in
                        var view = child
                        for modifier in modifiers.reversed() { view = modifier.apply(view) }
                        if let component {
                            builder.with(component) { makeNodes(view, into: builder) }
                        } else {
                            makeNodes(view, into: builder)
                        }
                    }
                } else {
                    // One view: the wrappers apply as they are, unless the body is itself a custom view
                    // with several views; it gets the modifiers in turn.
                    builder.deferredModifiers = modifiers
                    makeNodes(body, into: builder)
                    builder.deferredModifiers = []
                }
            }
        }
        let claimed = modifiers.contains { $0.wrapper.isPassThroughClaimed }
        bodyUsingOuterModifiers = claimed ? body : nil
        for modifier in modifiers where !modifier.wrapper.isPassThroughClaimed { modifier.wrapper.setPassThrough(false) }
    }

    override func willRemove() {
        properties.detach()
        super.willRemove()
    }

    override var compositeEvaluationCount: Int? { evaluationCount }
}

/// Something that re-evaluates when state it read changes.
@MainActor protocol StateReader: AnyObject {
    /// The graph the reader belongs to (writes it reads are queued there).
    var graph: ViewGraph { get }
    func stateDidChange()
}

/// Whether two values of a view are the same: `==` for `Equatable` views, bytewise for plain-data views;
/// otherwise unknown (treated as changed, as SwiftUI does for views holding closures or references).
func viewValuesEqual<V>(_ a: V, _ b: V) -> Bool {
    if let equatable = a as? any Equatable {
        return equatableEquals(equatable, b)
    }
    if _isPOD(V.self) {
        return withUnsafeBytes(of: a) { pa in withUnsafeBytes(of: b) { pb in pa.elementsEqual(pb) } }
    }
    return fieldsEqual(a, b)
}

/// Field-by-field comparison of two values of a view (SwiftUI compares view inputs the same way):
/// graph-managed properties (@State, @Environment…) are the node's own and always "equal"; bindings
/// compare by location; observed objects and other references by identity; other fields with `==`
/// or bytewise when plain data. Anything else (closures, nested non-comparable values) counts as changed.
func fieldsEqual(_ a: Any, _ b: Any) -> Bool {
    let left = Mirror(reflecting: a), right = Mirror(reflecting: b)
    guard left.displayStyle == .struct, left.children.count == right.children.count else { return false }
    for (x, y) in zip(left.children, right.children) {
        if !fieldEqual(x.value, y.value) { return false }
    }
    return true
}

private func fieldEqual(_ x: Any, _ y: Any) -> Bool {
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
protocol ComparableInput {
    func isSameInput(as other: Any) -> Bool
}

extension Binding: ComparableInput {
    func isSameInput(as other: Any) -> Bool {
        guard let other = other as? Binding<Value>, let location, let otherLocation = other.location else { return false }
        return location == otherLocation
    }
}

extension ObservedObject: ComparableInput {
    func isSameInput(as other: Any) -> Bool {
        guard let other = other as? ObservedObject<ObjectType> else { return false }
        return wrappedValue === other.wrappedValue
    }
}

func equatableEquals<E: Equatable>(_ a: E, _ b: Any) -> Bool {
    guard let b = b as? E else { return false }
    return a == b
}
