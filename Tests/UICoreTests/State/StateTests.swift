import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// Counts body evaluations per view name and keeps bindings handed out by views.
@MainActor final class Probe {
    var evaluations: [String: Int] = [:]
    var bindings: [String: Binding<Int>] = [:]
    var objects: [ObjectIdentifier] = []
    func evaluated(_ name: String) { evaluations[name, default: 0] += 1 }
}

private struct Counter: View {
    let name: String
    let probe: Probe
    @State private var count = 0
    var body: some View {
        let _ = probe.evaluated(name)
        let _ = probe.bindings[name] = $count
        Text("\(name)=\(count)")
    }
}

private struct TwoCounters: View {
    let probe: Probe
    var body: some View {
        let _ = probe.evaluated("root")
        VStack {
            Counter(name: "a", probe: probe)
            Counter(name: "b", probe: probe)
        }
    }
}

/// The strings a display list draws, in order (layers included).
func texts(_ list: DisplayList) -> [String] {
    var result: [String] = []
    func visit(_ items: [DisplayItem]) {
        for item in items {
            switch item {
            case .text(let op): result.append(op.string)
            case .layer(let layer): visit(layer.items)
            default: break
            }
        }
    }
    visit(list.items)
    return result
}

@MainActor
@Suite struct StateTests {
    @Test func writeReevaluatesOnlyTheReader() {
        let probe = Probe()
        let graph = makeGraph(TwoCounters(probe: probe), width: 200, height: 200)
        graph.update()
        #expect(probe.evaluations == ["root": 1, "a": 1, "b": 1])
        probe.bindings["a"]!.wrappedValue = 5
        graph.update()
        #expect(probe.evaluations == ["root": 1, "a": 2, "b": 1])
        #expect(texts(graph.displayList) == ["a=5", "b=0"])
    }

    @Test func writesAreCoalescedIntoOneUpdate() {
        let probe = Probe()
        let graph = makeGraph(TwoCounters(probe: probe), width: 200, height: 200)
        var requests = 0
        graph.onNeedsUpdate = { requests += 1 }
        graph.update()
        #expect(!graph.needsUpdate)
        let a = probe.bindings["a"]!
        a.wrappedValue = 1
        a.wrappedValue = 2
        a.wrappedValue = 3
        probe.bindings["b"]!.wrappedValue = 7
        #expect(requests == 1)
        #expect(graph.needsUpdate)
        graph.update()
        #expect(probe.evaluations["a"] == 2)
        #expect(probe.evaluations["b"] == 2)
        #expect(texts(graph.displayList) == ["a=3", "b=7"])
        #expect(!graph.needsUpdate)
    }

    @Test func writingAnEqualValueInvalidatesNothing() {
        let probe = Probe()
        let graph = makeGraph(TwoCounters(probe: probe), width: 200, height: 200)
        var requests = 0
        graph.onNeedsUpdate = { requests += 1 }
        graph.update()
        probe.bindings["a"]!.wrappedValue = 0
        #expect(requests == 0)
        #expect(!graph.needsUpdate)
    }

    @Test func identitySurvivesReorderingWithForEachIDs() {
        struct Item: Identifiable { let id: Int }
        struct List: View {
            let items: [Item]
            let probe: Probe
            var body: some View {
                VStack { ForEach(items) { item in Counter(name: "row\(item.id)", probe: probe) } }
            }
        }
        let probe = Probe()
        let graph = makeGraph(
            List(items: [Item(id: 1), Item(id: 2), Item(id: 3)], probe: probe), width: 200, height: 200)
        graph.update()
        probe.bindings["row2"]!.wrappedValue = 42
        graph.update()
        #expect(texts(graph.displayList) == ["row1=0", "row2=42", "row3=0"])
        graph.setRoot(List(items: [Item(id: 3), Item(id: 2), Item(id: 1)], probe: probe))
        graph.update()
        #expect(texts(graph.displayList) == ["row3=0", "row2=42", "row1=0"])
        // Removing an item discards its state; bringing it back starts fresh.
        graph.setRoot(List(items: [Item(id: 3), Item(id: 1)], probe: probe))
        graph.update()
        graph.setRoot(List(items: [Item(id: 2), Item(id: 3), Item(id: 1)], probe: probe))
        graph.update()
        #expect(texts(graph.displayList) == ["row2=0", "row3=0", "row1=0"])
    }

    @Test func explicitIDChangeResetsState() {
        struct Holder: View {
            let key: Int
            let probe: Probe
            var body: some View { Counter(name: "c", probe: probe).id(key) }
        }
        let probe = Probe()
        let graph = makeGraph(Holder(key: 1, probe: probe), width: 100, height: 100)
        graph.update()
        probe.bindings["c"]!.wrappedValue = 9
        graph.update()
        graph.setRoot(Holder(key: 1, probe: probe))
        graph.update()
        #expect(texts(graph.displayList) == ["c=9"])
        graph.setRoot(Holder(key: 2, probe: probe))
        graph.update()
        #expect(texts(graph.displayList) == ["c=0"])
    }

    @Test func theSameViewValueAtANewIdentityStartsFromItsInitialState() {
        // One view value, kept and shown again under a new id (the kiosk rebuilds its start screen this way).
        struct Holder: View {
            let key: Int
            let content: Counter
            var body: some View { content.id(key) }
        }
        final class Model: ObservableObject { @Published var value = 0 }
        struct WithObject: View {
            @StateObject var model = Model()
            let probe: Probe
            var body: some View {
                let _ = probe.objects.append(ObjectIdentifier(model))
                Text("object")
            }
        }
        let probe = Probe()
        let kept = Counter(name: "c", probe: probe)
        let graph = makeGraph(Holder(key: 1, content: kept), width: 100, height: 100)
        graph.update()
        probe.bindings["c"]!.wrappedValue = 9
        graph.update()
        #expect(texts(graph.displayList) == ["c=9"])
        graph.setRoot(Holder(key: 2, content: kept))
        graph.update()
        #expect(texts(graph.displayList) == ["c=0"], "state is per identity, not per view value")

        let object = WithObject(probe: probe)
        graph.setRoot(object.id(1))
        graph.update()
        graph.setRoot(object.id(2))
        graph.update()
        #expect(
            probe.objects.count == 2 && probe.objects[0] != probe.objects[1], "a new identity makes a new @StateObject")
    }

    @Test func conditionalBranchesHaveSeparateIdentity() {
        struct Switcher: View {
            let flag: Bool
            let probe: Probe
            var body: some View {
                if flag { Counter(name: "t", probe: probe) } else { Counter(name: "f", probe: probe) }
            }
        }
        let probe = Probe()
        let graph = makeGraph(Switcher(flag: true, probe: probe), width: 100, height: 100)
        graph.update()
        probe.bindings["t"]!.wrappedValue = 3
        graph.update()
        graph.setRoot(Switcher(flag: false, probe: probe))
        graph.update()
        #expect(texts(graph.displayList) == ["f=0"])
        graph.setRoot(Switcher(flag: true, probe: probe))
        graph.update()
        #expect(texts(graph.displayList) == ["t=0"])
    }

    @Test func bindingReaderIsTheChildNotTheOwner() {
        struct Child: View {
            @Binding var value: Int
            let probe: Probe
            var body: some View {
                let _ = probe.evaluated("child")
                Text("v=\(value)")
            }
        }
        struct Owner: View {
            @State private var value = 1
            let probe: Probe
            var body: some View {
                let _ = probe.evaluated("owner")
                let _ = probe.bindings["owner"] = $value
                Child(value: $value, probe: probe)
            }
        }
        let probe = Probe()
        let graph = makeGraph(Owner(probe: probe), width: 100, height: 100)
        graph.update()
        probe.bindings["owner"]!.wrappedValue = 2
        graph.update()
        // The owner never read `value` in its body, only passed the binding on.
        #expect(probe.evaluations == ["owner": 1, "child": 2])
        #expect(texts(graph.displayList) == ["v=2"])
    }

    @Test func equatableChildIsNotReevaluatedWhenUnchanged() {
        struct Label: View, Equatable {
            let number: Int
            let probe: Probe
            nonisolated static func == (l: Label, r: Label) -> Bool { l.number == r.number }
            var body: some View {
                let _ = probe.evaluated("label")
                Text("\(number)")
            }
        }
        struct Parent: View {
            @State private var other = 0
            let probe: Probe
            var body: some View {
                let _ = probe.bindings["parent"] = $other
                VStack {
                    Text("other \(other)")
                    Label(number: 1, probe: probe).equatable()
                }
            }
        }
        let probe = Probe()
        let graph = makeGraph(Parent(probe: probe), width: 200, height: 200)
        graph.update()
        probe.bindings["parent"]!.wrappedValue = 1
        graph.update()
        #expect(probe.evaluations["label"] == 1)
        #expect(texts(graph.displayList) == ["other 1", "1"])
    }

    @Test func transactionOfWithAnimationIsCarriedByTheUpdate() {
        let probe = Probe()
        let graph = makeGraph(TwoCounters(probe: probe), width: 200, height: 200)
        graph.update()
        withAnimation(.linear(duration: 0.5)) { probe.bindings["a"]!.wrappedValue = 1 }
        graph.update()
        #expect(graph.lastTransaction.animation == .linear(duration: 0.5))
        probe.bindings["a"]!.wrappedValue = 2
        graph.update()
        #expect(graph.lastTransaction.animation == nil)
    }
}

@MainActor
@Suite struct StateWriteRulesTests {
    @Test func writesDuringBodyEvaluationAreIgnored() {
        struct SelfWriter: View {
            @State private var count = 0
            let probe: Probe
            var body: some View {
                let _ = probe.evaluated("writer")
                let _ = { count += 1 }()
                Text("\(count)")
            }
        }
        let probe = Probe()
        let graph = makeGraph(SelfWriter(probe: probe), width: 100, height: 100)
        graph.update()
        #expect(!graph.needsUpdate)
        graph.update()
        #expect(probe.evaluations["writer"] == 1)
    }
}

@MainActor
@Suite struct InputComparisonTests {
    private struct Row: View {
        let title: String
        let probe: Probe
        @Binding var value: Int
        @State private var local = 0
        var body: some View {
            let _ = probe.evaluated("row \(title)")
            Text("\(title) \(value)")
        }
    }

    private struct Parent: View {
        @State private var counter = 0
        @State private var value = 0
        let probe: Probe
        var body: some View {
            let _ = probe.bindings["counter"] = $counter
            let _ = probe.bindings["value"] = $value
            VStack {
                Text("counter \(counter)")
                Row(title: "a", probe: probe, value: $value)
                Row(title: counter > 1 ? "changed" : "b", probe: probe, value: $value)
            }
        }
    }

    @Test func unchangedChildInputsSkipReevaluation() {
        let probe = Probe()
        let graph = makeGraph(Parent(probe: probe), width: 300, height: 300)
        graph.update()
        #expect(probe.evaluations == ["row a": 1, "row b": 1])
        // The parent re-evaluates; both rows get equal inputs (same strings, same probe, same binding).
        probe.bindings["counter"]!.wrappedValue = 1
        graph.update()
        #expect(probe.evaluations == ["row a": 1, "row b": 1])
        // A changed input re-evaluates only that row.
        probe.bindings["counter"]!.wrappedValue = 2
        graph.update()
        #expect(probe.evaluations == ["row a": 1, "row b": 1, "row changed": 1])
        // Writing through the binding re-evaluates the rows that read it.
        probe.bindings["value"]!.wrappedValue = 5
        graph.update()
        #expect(probe.evaluations["row a"] == 2)
        #expect(graph.displayList.description.contains("\"a 5\""))
    }

    @Test func closuresCountAsChangedInputs() {
        struct Action: View {
            let run: () -> Void
            let probe: Probe
            var body: some View {
                let _ = probe.evaluated("action")
                Text("act")
            }
        }
        struct Holder: View {
            @State private var tick = 0
            let probe: Probe
            var body: some View {
                let _ = probe.bindings["tick"] = $tick
                VStack {
                    Text("\(tick)")
                    Action(run: {}, probe: probe)
                }
            }
        }
        let probe = Probe()
        let graph = makeGraph(Holder(probe: probe), width: 100, height: 100)
        graph.update()
        probe.bindings["tick"]!.wrappedValue = 1
        graph.update()
        #expect(probe.evaluations["action"] == 2)
    }
}
