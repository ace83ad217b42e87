import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// A custom modifier with state and an environment value of its own.
private struct Tally: ViewModifier {
    let probe: Probe
    @State private var count = 0
    @Environment(\.colorScheme) private var colorScheme

    func body(content: Content) -> some View {
        let _ = probe.bindings["tally"] = $count
        VStack {
            content
            Text("tally \(count) \(colorScheme == .dark ? "dark" : "light")")
        }
    }
}

private struct TallyHost: View {
    let probe: Probe
    @State private var label = 0

    var body: some View {
        let _ = probe.bindings["label"] = $label
        Text("label \(label)").modifier(Tally(probe: probe))
    }
}

/// A custom `ViewModifier`'s `@State` and `@Environment` belong to its place in the graph, as a custom
/// view's do: the state survives the view around it being evaluated again (which makes a new modifier value),
/// and the environment is the one the modifier is applied in.
@MainActor
@Suite struct CustomModifierStateTests {
    @Test func aModifiersStateSurvivesItsParentAndItsEnvironmentIsTheViews() throws {
        let probe = Probe()
        let graph = makeGraph(TallyHost(probe: probe), width: 200, height: 100)
        graph.update()
        #expect(texts(graph.displayList) == ["label 0", "tally 0 light"])
        graph.environment.colorScheme = .dark
        graph.update()
        #expect(texts(graph.displayList) == ["label 0", "tally 0 dark"], "the modifier reads its environment")
        try #require(probe.bindings["tally"]).wrappedValue = 3
        graph.update()
        #expect(texts(graph.displayList) == ["label 0", "tally 3 dark"])
        try #require(probe.bindings["label"]).wrappedValue = 1
        graph.update()
        #expect(
            texts(graph.displayList) == ["label 1", "tally 3 dark"],
            "the parent's new modifier value keeps the modifier's state")
    }
}
