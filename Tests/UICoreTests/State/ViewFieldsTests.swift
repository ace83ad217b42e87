import Foundation
import Testing

@_spi(Engine) @testable import UICore

// Views' fields are read from their type's metadata, once per type: the dynamic properties a node installs
// and the comparison that decides whether a view's new value needs its body run again.

private final class Model {}

/// A user-defined dynamic property holding graph-managed ones.
private struct Counted: DynamicProperty {
    @State var count = 0
    @Environment(\.colorScheme) var scheme
}

/// A dynamic property nested in another.
private struct Outer: DynamicProperty {
    var inner = Counted()
    @State var label = "x"
}

private struct NestedPropertyView: View {
    let probe: Probe
    var outer = Outer()
    var body: some View {
        let _ = probe.evaluated("nested")
        let _ = probe.bindings["count"] = outer.inner.$count
        Text("\(outer.label) \(outer.inner.count) \(outer.inner.scheme == .dark ? "dark" : "light")")
    }
}

/// A field typed as an existential: which dynamic property it holds shows only in its value.
private struct ExistentialPropertyView: View {
    let probe: Probe
    let property: any DynamicProperty = State(initialValue: 3)
    var body: some View {
        let _ = probe.evaluated("existential")
        if let state = property as? State<Int> {
            let _ = probe.bindings["existential"] = state.projectedValue
            Text("v\(state.wrappedValue)")
        }
    }
}

/// An existential field that holds a dynamic property in some values of the type and nothing in others.
private struct OptionalPropertyView: View {
    let name: String
    let probe: Probe
    let property: (any DynamicProperty)?
    /// Changes with the host's state, so that a new value is never the same view and its body runs again.
    var generation = 0
    var body: some View {
        if let state = property as? State<Int> {
            let _ = probe.bindings[name] = state.projectedValue
            Text("\(name) \(state.wrappedValue)")
        } else {
            Text("\(name) none")
        }
    }
}

/// Makes both kinds of `OptionalPropertyView` value again whenever its own state changes.
private struct OptionalPropertyHost: View {
    let probe: Probe
    @State private var tick = 0
    var body: some View {
        let _ = probe.bindings["host"] = $tick
        VStack {
            OptionalPropertyView(name: "first", probe: probe, property: nil, generation: tick)
            OptionalPropertyView(name: "second", probe: probe, property: State(initialValue: 3), generation: tick)
        }
    }
}

/// A class whose `==` says every two instances are equal: fields holding it must not call it.
private final class AlwaysEqualModel: Equatable {
    static func == (_: AlwaysEqualModel, _: AlwaysEqualModel) -> Bool { true }
}

private struct Fields {
    var number = 1
    var text = "a"
    var model = Model()
    weak var weakModel: Model?
    unowned var unownedModel: Model
    var optionalNumber: Double? = 2
    var anyValue: any Equatable = 5
    @State var state = 0
    var point = CGPoint(x: 1, y: 2)
}

@MainActor
@Suite struct ViewFieldsTests {
    @Test func dynamicPropertiesNestedInUserPropertiesAreInstalledAndKeepTheirState() {
        let probe = Probe()
        let graph = makeGraph(NestedPropertyView(probe: probe), width: 200, height: 100)
        graph.update()
        #expect(texts(graph.displayList) == ["x 0 light"])
        probe.bindings["count"]!.wrappedValue = 4
        graph.update()
        #expect(texts(graph.displayList) == ["x 4 light"])
        #expect(probe.evaluations["nested"] == 2)
        graph.environment.colorScheme = .dark
        graph.update()
        #expect(texts(graph.displayList) == ["x 4 dark"])
    }

    @Test func aPropertyBehindAnExistentialIsInstalledToo() {
        let probe = Probe()
        let graph = makeGraph(ExistentialPropertyView(probe: probe), width: 200, height: 100)
        graph.update()
        #expect(texts(graph.displayList) == ["v3"])
        probe.bindings["existential"]!.wrappedValue = 8
        graph.update()
        #expect(texts(graph.displayList) == ["v8"])
    }

    @Test func aTypeWhoseFirstValueHoldsNoPropertyStillInstallsThoseOfLaterValues() {
        let probe = Probe()
        let graph = makeGraph(OptionalPropertyHost(probe: probe), width: 200, height: 100)
        graph.update()
        #expect(texts(graph.displayList) == ["first none", "second 3"])
        probe.bindings["second"]!.wrappedValue = 8
        graph.update()
        #expect(texts(graph.displayList) == ["first none", "second 8"])
        probe.bindings["host"]!.wrappedValue = 1
        graph.update()
        #expect(
            texts(graph.displayList) == ["first none", "second 8"],
            "the new view value's state is the graph's, not a fresh 3")
    }

    @Test func fieldsCompareByValueReferencesByIdentityAndGraphStateNever() {
        let model = Model()
        let other = Model()
        let base = Fields(model: model, weakModel: model, unownedModel: model)
        #expect(fieldsEqual(base, base))

        var changed = base
        changed.state = 9  // the node's own storage: not an input
        #expect(fieldsEqual(base, changed))
        changed.point.y = 3
        #expect(!fieldsEqual(base, changed))

        for change: (inout Fields) -> Void in [
            { $0.number = 2 }, { $0.text = "b" }, { $0.model = other }, { $0.weakModel = other },
            { $0.weakModel = nil }, { $0.unownedModel = other }, { $0.optionalNumber = nil }, { $0.anyValue = 6 },
            { $0.anyValue = "5" },
        ] {
            var value = base
            change(&value)
            #expect(!fieldsEqual(base, value))
        }
        // Equal values in new storage are the same input; a closure never is, not even itself.
        var copy = base
        copy.text = String("xa".dropFirst())
        copy.anyValue = 5
        #expect(fieldsEqual(base, copy))
        struct WithAction {
            var number = 1
            var action: () -> Void = {}
        }
        let withAction = WithAction()
        #expect(!fieldsEqual(withAction, withAction))
    }

    @Test func aWeakFieldWhoseObjectIsGoneComparesWithoutTouchingIt() {
        let kept = Model()
        var a = Fields(unownedModel: kept)
        var b = a
        do {
            let gone = Model()
            a.weakModel = gone
            b.weakModel = gone
        }
        #expect(fieldsEqual(a, b))
        #expect(a.weakModel == nil)
        b.weakModel = kept
        #expect(!fieldsEqual(a, b))
    }

    @Test func referencesToEquatableClassesCompareByIdentityNotEquality() {
        // Identity even where `==` exists: a weak field's storage must not be loaded to call it, and strong and
        // optional fields follow the same rule so that moving a reference between them changes nothing.
        struct Holder {
            var strong: AlwaysEqualModel
            var optional: AlwaysEqualModel?
            weak var weak: AlwaysEqualModel?
        }
        let first = AlwaysEqualModel()
        let second = AlwaysEqualModel()
        #expect(first == second)
        let base = Holder(strong: first, optional: first, weak: first)
        #expect(fieldsEqual(base, Holder(strong: first, optional: first, weak: first)))
        #expect(!fieldsEqual(base, Holder(strong: second, optional: first, weak: first)))
        #expect(!fieldsEqual(base, Holder(strong: first, optional: second, weak: first)))
        #expect(!fieldsEqual(base, Holder(strong: first, optional: first, weak: second)))
        #expect(fieldsEqual(Holder(strong: first, optional: nil, weak: nil), Holder(strong: first, optional: nil)))
    }

    @Test func onlyStructsHaveFields() {
        #expect(ViewFields.of(Fields.self)?.fields.count == 9)
        #expect(ViewFields.of(Model.self) == nil)
        #expect(ViewFields.of(Optional<Int>.self) == nil)
        #expect(ViewFields.of((Int, Int).self) == nil)
        #expect(!fieldsEqual((1, 2), (1, 2)))
    }
}
