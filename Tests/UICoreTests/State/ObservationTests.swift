import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@MainActor private final class Model: ObservableObject {
    @Published var name = "a"
    @Published var count = 0
}

@Observable @MainActor private final class Store {
    var title = "t"
    var other = 0
}

@MainActor
@Suite struct ObservationTests {
    @Test func aRemovedStateObjectAndItsPublisherAreReleased() {
        final class Probe {
            weak var model: Model?
            weak var publisher: ObservableObjectPublisher?
        }
        struct Owner: View {
            @StateObject var model = Model()
            let probe: Probe
            var body: some View {
                let _ = probe.model = model
                let _ = probe.publisher = model.objectWillChange
                Text(model.name)
            }
        }
        struct Root: View {
            let shown: Bool
            let probe: Probe
            var body: some View { if shown { Owner(probe: probe) } else { Text("gone") } }
        }
        let probe = Probe()
        let graph = makeGraph(Root(shown: true, probe: probe), width: 100, height: 100)
        graph.update()
        probe.model?.name = "b"
        graph.update()
        guard case .text(let text) = graph.displayList.items.first else {
            Issue.record("no text")
            return
        }
        #expect(text.string == "b", "the view observes its object")
        #expect(probe.publisher != nil)
        graph.setRoot(Root(shown: false, probe: probe))
        graph.update()
        #expect(probe.model == nil, "the view's object goes with the view")
        #expect(probe.publisher == nil, "and so does its objectWillChange with the subscriptions it holds")
    }

    @Test func observedObjectChangeReevaluatesOnlyObservers() {
        struct Observer: View {
            @ObservedObject var model: Model
            let probe: Probe
            var body: some View {
                let _ = probe.evaluated("observer")
                Text(model.name)
            }
        }
        struct Bystander: View {
            let probe: Probe
            var body: some View {
                let _ = probe.evaluated("bystander")
                Text("still")
            }
        }
        struct Root: View {
            let model: Model
            let probe: Probe
            var body: some View {
                VStack {
                    Observer(model: model, probe: probe)
                    Bystander(probe: probe)
                }
            }
        }
        let model = Model()
        let probe = Probe()
        let graph = makeGraph(Root(model: model, probe: probe), width: 100, height: 100)
        graph.update()
        model.name = "b"
        model.count = 3
        #expect(graph.needsUpdate)
        graph.update()
        #expect(probe.evaluations == ["observer": 2, "bystander": 1])
        guard case .text(let text) = graph.displayList.items.first else {
            Issue.record("no text")
            return
        }
        #expect(text.string == "b")
    }

    @Test func stateObjectIsCreatedOnceAndSurvivesReevaluation() {
        final class Counter: ObservableObject {
            nonisolated(unsafe) static var created = 0
            @Published var value = 0
            init() { Counter.created += 1 }
        }
        struct Owner: View {
            @StateObject private var counter = Counter()
            @State private var tick = 0
            let label: String
            let probe: Probe
            var body: some View {
                let _ = probe.bindings["tick"] = $tick
                let _ = probe.evaluated("owner")
                Text("\(counter.value) \(tick)")
            }
        }
        Counter.created = 0
        let probe = Probe()
        let graph = makeGraph(Owner(label: "a", probe: probe), width: 100, height: 100)
        graph.update()
        probe.bindings["tick"]!.wrappedValue = 1
        graph.update()
        graph.setRoot(Owner(label: "b", probe: probe))
        graph.update()
        #expect(probe.evaluations["owner"] == 3)
        // Owner() values were created three times, but the object only when the view first appeared.
        #expect(Counter.created == 1)
    }

    @Test func observableMacroPropertiesInvalidateReaders() {
        struct Reader: View {
            let store: Store
            let probe: Probe
            var body: some View {
                let _ = probe.evaluated("reader")
                Text(store.title)
            }
        }
        let store = Store()
        let probe = Probe()
        let graph = makeGraph(Reader(store: store, probe: probe), width: 100, height: 100)
        graph.update()
        store.other = 5
        #expect(!graph.needsUpdate)
        store.title = "new"
        #expect(graph.needsUpdate)
        graph.update()
        #expect(probe.evaluations["reader"] == 2)
    }

    @Test func publishedProjectionAndSink() {
        let model = Model()
        var heard = 0
        let token = model.objectWillChange.sink { heard += 1 }
        model.name = "x"
        model.count = 1
        #expect(heard == 2)
        token.cancel()
        model.name = "y"
        #expect(heard == 2)
        // As in Combine: the current value on subscription, then each new value before it is stored.
        var sent: [String] = []
        var stored: [String] = []
        let projected = model.$name.sink {
            sent.append($0)
            stored.append(model.name)
        }
        model.name = "z"
        #expect(sent == ["y", "z"])
        #expect(stored == ["y", "y"])
        projected.cancel()
    }

    @Test func environmentValuesFlowDown() {
        struct SchemeReader: View {
            @Environment(\.colorScheme) private var scheme
            @Environment(\.font) private var font
            var body: some View { Text(scheme == .dark ? "dark" : "light").font(font == .largeTitle ? .caption : nil) }
        }
        let graph = makeGraph(
            SchemeReader().environment(\.colorScheme, .dark).font(.largeTitle).foregroundColor(.red), width: 200,
            height: 100)
        graph.update()
        guard case .text(let text) = graph.displayList.items.first else {
            Issue.record("no text")
            return
        }
        #expect(text.string == "dark")
        #expect(text.font.size == 12)
        #expect(text.paint == .color(RGBA(red: 1, green: 69 / 255, blue: 58 / 255)))
    }

    @Test func foregroundStyleColoursShapesAndMaskGetsOpaqueDefault() {
        let graph = makeGraph(Circle().foregroundStyle(Color.green), width: 10, height: 10)
        graph.update()
        guard case .fill(let fill) = graph.displayList.items.first else {
            Issue.record("no fill")
            return
        }
        #expect(fill.paint == .color(RGBA(red: 52 / 255, green: 199 / 255, blue: 89 / 255)))
        let dark = makeGraph(Color.blue.mask(Circle()).environment(\.colorScheme, .dark), width: 10, height: 10)
        dark.update()
        #expect(dark.displayList.description.contains("fill ellipse [0,0 10x10] rgb(0,0,0)"))
        #expect(dark.displayList.description.contains("rgb(10,132,255)"))
    }

    @Test func customEnvironmentKey() {
        struct Show: View {
            @Environment(\.accentName) private var accent
            var body: some View { Text(accent) }
        }
        let graph = makeGraph(
            VStack {
                Show()
                Show().environment(\.accentName, "set")
            }, width: 200, height: 100)
        graph.update()
        #expect(graph.displayList.description.contains("\"none\"") && graph.displayList.description.contains("\"set\""))
    }

    @Test func observableObjectInEnvironment() {
        struct Child: View {
            @EnvironmentObject var model: Model
            var body: some View { Text(model.name) }
        }
        let model = Model()
        let graph = makeGraph(Child().environmentObject(model), width: 100, height: 100)
        graph.update()
        model.name = "env"
        graph.update()
        #expect(graph.displayList.description.contains("\"env\""))
    }
}

private struct AccentNameKey: EnvironmentKey { static var defaultValue: String { "none" } }

extension EnvironmentValues {
    fileprivate var accentName: String {
        get { self[AccentNameKey.self] }
        set { self[AccentNameKey.self] = newValue }
    }
}
