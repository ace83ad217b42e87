import Foundation
import Testing

@_spi(Engine) @testable import UICore

@MainActor
@Suite struct LifecycleTests {
    @Test func appearDisappearAndChange() {
        struct Screen: View {
            let show: Bool
            let value: Int
            let log: Recorder<String>
            var body: some View {
                VStack {
                    if show {
                        Text("shown").onAppear { log.values.append("appear") }.onDisappear {
                            log.values.append("disappear")
                        }
                    }
                    Text("\(value)").onChange(of: value) { old, new in log.values.append("change \(old)→\(new)") }
                }
            }
        }
        let log = Recorder<String>()
        let graph = makeGraph(Screen(show: true, value: 1, log: log), width: 100, height: 100)
        graph.update()
        #expect(log.values == ["appear"])
        graph.setRoot(Screen(show: true, value: 2, log: log))
        graph.update()
        #expect(log.values == ["appear", "change 1→2"])
        graph.setRoot(Screen(show: false, value: 2, log: log))
        graph.update()
        #expect(log.values == ["appear", "change 1→2", "disappear"])
    }

    @Test func aNewIDAppearsBeforeTheOldOneDisappears() {
        struct Screen: View {
            let id: Int
            let log: Recorder<String>
            var body: some View {
                Text("\(id)")
                    .onAppear { log.values.append("appear \(id)") }
                    .onDisappear { log.values.append("disappear \(id)") }
                    .id(id)
            }
        }
        let log = Recorder<String>()
        let graph = makeGraph(Screen(id: 1, log: log), width: 100, height: 100)
        graph.update()
        graph.setRoot(Screen(id: 2, log: log))
        graph.update()
        #expect(log.values == ["appear 1", "appear 2", "disappear 1"])
    }

    @Test func writesFromOnAppearScheduleTheNextUpdate() {
        struct Loader: View {
            @State private var loaded = false
            var body: some View { Text(loaded ? "loaded" : "loading").onAppear { loaded = true } }
        }
        let graph = makeGraph(Loader(), width: 200, height: 100)
        var requests = 0
        graph.onNeedsUpdate = { requests += 1 }
        graph.update()
        #expect(graph.needsUpdate && requests == 1)
        graph.update()
        #expect(graph.displayList.description.contains("\"loaded\""))
        #expect(!graph.needsUpdate)
    }
}
