import Foundation
import Testing

@_spi(Engine) @testable import UICore

private enum Mode { case one, two, three }

@MainActor
@Suite struct ViewBuilderTests {
    private func strings(_ graph: ViewGraph) -> [String] {
        graph.displayList.items.compactMap { if case .text(let t) = $0 { return t.string } else { return nil } }
    }

    @Test func twelveChildrenThroughParameterPacks() {
        let graph = makeGraph(
            VStack(spacing: 0) {
                Text("1")
                Text("2")
                Text("3")
                Text("4")
                Text("5")
                Text("6")
                Text("7")
                Text("8")
                Text("9")
                Text("10")
                Text("11")
                Text("12")
            }, width: 200, height: 400)
        graph.update()
        #expect(strings(graph) == (1...12).map(String.init))
        #expect(abs((frame(of: "VStack", in: graph)?.height ?? 0) - 264) < 1e-6)
    }

    @Test func ifElseIfLetSwitchAndOptional() {
        struct Built: View {
            let flag: Bool
            let name: String?
            let mode: Mode
            var body: some View {
                VStack {
                    if flag { Text("yes") } else { Text("no") }
                    if let name { Text("hi \(name)") }
                    switch mode {
                    case .one: Text("one")
                    case .two: Text("two")
                    case .three: EmptyView()
                    }
                    if !flag { Text("only when false") }
                }
            }
        }
        let graph = makeGraph(Built(flag: true, name: "x", mode: .two), width: 300, height: 300)
        graph.update()
        #expect(strings(graph) == ["yes", "hi x", "two"])
        graph.setRoot(Built(flag: false, name: nil, mode: .three))
        graph.update()
        #expect(strings(graph) == ["no", "only when false"])
    }

    @Test func anyViewTypeChangeReplacesTheView() {
        struct Erased: View {
            let asText: Bool
            let probe: Probe
            var body: some View {
                if asText { AnyView(Text("text")) } else { AnyView(Color.red.frame(width: 5, height: 5)) }
            }
        }
        let graph = makeGraph(AnyView(Text("plain")), width: 100, height: 100)
        graph.update()
        #expect(strings(graph) == ["plain"])
        graph.setRoot(Erased(asText: false, probe: Probe()))
        graph.update()
        #expect(graph.displayList.description.hasPrefix("fill rect"))
    }

    @Test func emptyViewAndGroupDrawNothingThemselves() {
        let graph = makeGraph(
            Group {
                EmptyView()
                Text("g")
            }.font(.title), width: 100, height: 100)
        graph.update()
        #expect(graph.displayList.items.count == 1)
        guard case .text(let text) = graph.displayList.items.first else {
            Issue.record("no text")
            return
        }
        #expect(text.font.size == 28)
    }

    @Test func forEachWithKeyPathIDs() {
        let names = ["a", "bb", "ccc"]
        let graph = makeGraph(HStack(spacing: 0) { ForEach(names, id: \.self) { Text($0) } }, width: 300, height: 100)
        graph.update()
        #expect(strings(graph) == names)
        #expect(frame(of: "HStack", in: graph)?.width == 6 * 8.5)
    }

    @Test func customViewModifierWrapsContent() {
        struct Card: ViewModifier {
            func body(content: Content) -> some View {
                content.padding(10).background(Color.gray)
            }
        }
        let graph = makeGraph(Text("x").modifier(Card()), width: 100, height: 100)
        graph.update()
        // 8.5 × 22 text padded by 10: the grey background is 28.5 × 42, centred.
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 35.75, y: 29, width: 28.5, height: 42)))
        #expect(graph.displayList.items.count == 2)
    }

    @Test func viewIdentitiesAreStableAcrossUpdates() {
        struct Counterless: View {
            let label: String
            var body: some View { Text(label) }
        }
        let graph = makeGraph(Counterless(label: "a"), width: 100, height: 100)
        graph.update()
        let before = graph.hitTestTree.hitTest(CGPoint(x: 50, y: 50))?.leaf.identity
        graph.setRoot(Counterless(label: "b"))
        graph.update()
        let after = graph.hitTestTree.hitTest(CGPoint(x: 50, y: 50))?.leaf.identity
        #expect(before != nil && before == after)
    }
}
