import Foundation
import Testing

@_spi(Engine) @testable import UICore

private struct LabelKey: EnvironmentKey { static var defaultValue: String { "default" } }

extension EnvironmentValues {
    fileprivate var closureTestLabel: String {
        get { self[LabelKey.self] }
        set { self[LabelKey.self] = newValue }
    }
}

/// Keeps the first closure a body hands out, as an action stored by a model or a task would. The closure holds the
/// view, which holds this keeper: each test lets go of the closure at its end.
@MainActor private final class KeptReader {
    var read: (() -> String)?
}

private struct LabelReader: View {
    let kept: KeptReader
    @Environment(\.closureTestLabel) private var label

    var body: some View {
        let _ = kept.read = kept.read ?? { label }
        Text(label)
    }
}

private struct LabelSetter: View {
    let kept: KeptReader
    let binding: (Binding<String>) -> Void
    @State private var label = "first"

    var body: some View {
        let _ = binding($label)
        LabelReader(kept: kept).environment(\.closureTestLabel, label)
    }
}

/// A closure made by an earlier body keeps reading the view's environment after the view has been given a newer
/// one (whose storage replaced the one the closure's view value was installed with), never the defaults.
@MainActor
@Suite struct EnvironmentClosureTests {
    @Test func aClosureFromAnEarlierBodyReadsTheViewsEnvironmentNotTheDefaults() throws {
        let kept = KeptReader()
        defer { kept.read = nil }
        var label: Binding<String>?
        let graph = makeGraph(LabelSetter(kept: kept, binding: { label = $0 }), width: 200, height: 100)
        graph.update()
        let read = try #require(kept.read)
        #expect(read() == "first")
        try #require(label).wrappedValue = "second"
        graph.update()
        #expect(texts(graph.displayList) == ["second"], "the body reads the new value")
        #expect(read() == "second", "the earlier closure reads the view's environment as it is now")
    }

    @Test func aClosureOutlivingItsViewReadsTheDefaults() throws {
        let kept = KeptReader()
        defer { kept.read = nil }
        do {
            let graph = makeGraph(
                LabelReader(kept: kept).environment(\.closureTestLabel, "set"), width: 200, height: 100)
            graph.update()
        }
        let read = try #require(kept.read)
        #expect(read() == "default", "with its graph gone the closure keeps nothing alive")
    }
}
