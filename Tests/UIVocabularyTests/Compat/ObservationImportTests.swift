// Only `import WaylandUI`: SwiftUI code uses @Observable, @Bindable, ObservableObject, @Published and
// Combine's publishers without importing Observation or Combine.
import Testing
@_spi(Engine) import UICore
import WaylandUI

@Observable private final class Draft {
    var title = "Untitled"
    var words = 0
    var isFinal = false
}

private final class Settings: ObservableObject {
    @Published var volume = 0.5
}

private struct Editor: View {
    @Bindable var draft: Draft
    var body: some View {
        VStack {
            Toggle(draft.title, isOn: $draft.isFinal)
            Text("\(draft.words) words")
        }
    }
}

@MainActor @Suite struct ObservationImportTests {
    @Test func observableAndBindableNeedOnlyWaylandUI() {
        let draft = Draft()
        let graph = makeGraph(Editor(draft: draft), width: 200, height: 100)
        graph.update()
        let binding = Bindable(draft).title
        binding.wrappedValue = "Letter"
        #expect(draft.title == "Letter")
        #expect(graph.needsUpdate)
        graph.update()
        Editor(draft: draft).$draft.isFinal.wrappedValue = true
        #expect(draft.isFinal)
        #expect(graph.needsUpdate)
        graph.update()
        draft.words = 3
        #expect(graph.needsUpdate)
    }

    @Test func combineTypesNeedOnlyWaylandUI() {
        let settings = Settings()
        var volumes: [Double] = []
        var tokens = Set<AnyCancellable>()
        settings.$volume.removeDuplicates().sink { volumes.append($0) }.store(in: &tokens)
        settings.volume = 0.5
        settings.volume = 0.8
        #expect(volumes == [0.5, 0.8])
    }
}
