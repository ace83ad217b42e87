import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@Observable @MainActor private final class Model {
    var x: CGFloat = 0
}

@MainActor private final class Log {
    var entries: [String] = []
}

private struct PhaseWatcher: View {
    let log: Log
    @Environment(\.scenePhase) private var scenePhase
    var body: some View {
        Text("phase").onChange(of: scenePhase) { _, phase in log.entries.append("\(phase)") }
    }
}

private struct ScaledBox: View {
    @ScaledMetric private var side = 20.0
    @ScaledMetric(relativeTo: .title) private var title: CGFloat = 34
    var body: some View {
        HStack(spacing: 0) {
            Color.red.frame(width: side, height: side)
            Color.blue.frame(width: title, height: 1)
        }
    }
}

private struct SchemeReader: View {
    let log: Log
    @Environment(\.colorScheme) private var colorScheme
    var body: some View {
        log.entries.append("\(colorScheme)")
        return Text("scheme")
    }
}

private struct Slide: View {
    let model: Model
    var body: some View { Color.blue.frame(width: 10, height: 10).offset(x: model.x) }
}

@MainActor
@Suite struct EverydayAPIExtrasTests {
    @Test func scenePhaseFollowsTheEnvironmentAndOnChangeSeesIt() {
        let log = Log()
        let graph = makeGraph(PhaseWatcher(log: log), width: 100, height: 100)
        graph.update()
        #expect(EnvironmentValues().scenePhase == .active)
        graph.environment.scenePhase = .inactive
        graph.update()
        graph.environment.scenePhase = .background
        graph.update()
        graph.environment.scenePhase = .background
        graph.update()
        #expect(log.entries == ["inactive", "background"])
        #expect(ScenePhase.background < .inactive && ScenePhase.inactive < .active)
    }

    @Test(arguments: [(DynamicTypeSize.large, 17.0), (.xSmall, 14.0), (.accessibility1, 28.0)])
    func scaledMetricFollowsTheTextSize(size: DynamicTypeSize, bodyPoints: Double) {
        let side = 20 * bodyPoints / 17
        let title = 34 * bodyPoints / 17
        let graph = makeGraph(ScaledBox().dynamicTypeSize(size), width: 300, height: 300)
        graph.update()
        let red = frame(of: "frame", in: graph, occurrence: 0)
        let blue = frame(of: "frame", in: graph, occurrence: 1)
        #expect(abs((red?.width ?? 0) - side) < 1e-9 && abs((red?.height ?? 0) - side) < 1e-9)
        #expect(abs((blue?.width ?? 0) - title) < 1e-9)
    }

    /// A range limits the size the views inside see (set further out: the modifier nearer the views is inside it).
    @Test func dynamicTypeSizeRangeClampsTheSize() {
        let graph = makeGraph(
            ScaledBox().dynamicTypeSize(...DynamicTypeSize.large).dynamicTypeSize(.xxLarge),
            width: 300, height: 300)
        graph.update()
        #expect(frame(of: "frame", in: graph)?.width == 20)
        #expect(DynamicTypeSize.accessibility2.isAccessibilitySize && !DynamicTypeSize.xxxLarge.isAccessibilitySize)
    }

    /// `preferredColorScheme` deep in the tree sets the scheme of the whole window, from the first frame.
    @Test func preferredColorSchemeAppliesToTheWholeWindow() {
        let log = Log()
        let graph = makeGraph(
            VStack {
                SchemeReader(log: log)
                Text("inner").preferredColorScheme(.dark)
            },
            width: 100, height: 100)
        graph.update()
        #expect(log.entries.last == "dark")
        #expect(graph.displayList.description.contains("rgb(255,255,255)"))  // primary text is white in dark
        graph.setRoot(
            VStack {
                SchemeReader(log: log)
                Text("inner").preferredColorScheme(nil)
            })
        graph.update()
        #expect(log.entries.last == "light")
        graph.environment.colorScheme = .dark
        graph.update()
        #expect(log.entries.last == "dark")
    }

    @Test func withAnimationCompletionRunsWhenTheAnimationEnds() {
        let model = Model()
        let log = Log()
        let graph = makeGraph(Slide(model: model), width: 100, height: 100)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) {
            model.x = 50
        } completion: {
            log.entries.append("done")
        }
        graph.update(at: 1)
        graph.update(at: 1.5)
        #expect(log.entries.isEmpty && graph.isAnimating)
        graph.update(at: 2)
        #expect(log.entries == ["done"])
        graph.update(at: 3)
        #expect(log.entries == ["done"])
    }

    @Test func transactionCompletionsRunForEachAnimationStartedWithIt() {
        let model = Model()
        let log = Log()
        let graph = makeGraph(Slide(model: model), width: 100, height: 100)
        graph.update(at: 0)
        var transaction = Transaction(animation: .easeIn(duration: 0.5))
        transaction.addAnimationCompletion { log.entries.append("first") }
        transaction.addAnimationCompletion(criteria: .removed) { log.entries.append("second") }
        withTransaction(transaction) { model.x = 20 }
        graph.update(at: 1)
        graph.update(at: 1.25)
        #expect(log.entries.isEmpty)
        graph.update(at: 1.5)
        #expect(log.entries == ["first", "second"])
    }

    @Test func aCompletionWithoutAnimationRunsAfterTheUpdate() {
        let model = Model()
        let log = Log()
        let graph = makeGraph(Slide(model: model), width: 100, height: 100)
        graph.update(at: 0)
        withAnimation(nil) {
            model.x = 30
        } completion: {
            log.entries.append("done")
        }
        #expect(log.entries.isEmpty)
        graph.update(at: 1)
        #expect(log.entries == ["done"] && !graph.isAnimating)
    }

    @Test func aCompletionWithNoChangeRunsOnTheNextTurnOfTheMainQueue() async {
        let log = Log()
        withAnimation {
        } completion: {
            log.entries.append("done")
        }
        #expect(log.entries.isEmpty)
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        #expect(log.entries == ["done"])
    }
}
