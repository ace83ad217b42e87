import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// `ContentUnavailableView` (its initialisers and the search forms) and `safeAreaInset` on each edge.
@MainActor
@Suite struct EmptyStateAndInsetTests {
    func texts(_ graph: ViewGraph) -> [String] { textOperations(graph).map(\.string) }

    @Test func contentUnavailableViewShowsItsTitleIconDescriptionAndActions() throws {
        let graph = makeGraph(
            VStack {
                ContentUnavailableView(
                    "No Mail", systemImage: "tray.fill", description: Text("New mail appears here."))
            }, width: 300, height: 400)
        graph.update()
        #expect(texts(graph) == ["No Mail", "New mail appears here."])
        // Centred in the space offered, the title under the icon and above the description.
        let title = try #require(frame(of: "Text(\"No Mail\")", in: graph))
        let body = try #require(frame(of: "Text(\"New mail appears", in: graph))
        #expect(abs(title.midX - 150) < 0.01 && abs(body.midX - 150) < 0.01)
        #expect(title.maxY <= body.minY)

        let custom = makeGraph(
            ContentUnavailableView {
                Label("Offline", systemImage: "wifi.slash")
            } description: {
                Text("Check your connection.")
            } actions: {
                Button("Retry") {}
            }, width: 300, height: 400)
        custom.update()
        #expect(texts(custom) == ["Offline", "Check your connection.", "Retry"])
    }

    @Test func searchFormsNameTheQuery() {
        let plain = makeGraph(ContentUnavailableView.search, width: 300, height: 300)
        plain.update()
        #expect(texts(plain) == ["No Results", "Check the spelling or try a new search."])
        let query = makeGraph(ContentUnavailableView.search(text: "qwerty"), width: 300, height: 300)
        query.update()
        #expect(texts(query) == ["No Results for \u{201C}qwerty\u{201D}", "Check the spelling or try a new search."])
    }

    /// The inset takes its own height (or width) at the edge; the view keeps the rest, the spacing between.
    @Test func safeAreaInsetLaysTheViewOutBesideTheBar() {
        func frames<V: View>(_ view: V) -> [CGRect?] {
            let graph = makeGraph(view, width: 200, height: 300)
            graph.update()
            return [frame(of: "Rectangle", in: graph, occurrence: 0), frame(of: "Rectangle", in: graph, occurrence: 1)]
        }
        let bottom = frames(Rectangle().safeAreaInset(edge: .bottom, spacing: 0) { Rectangle().frame(height: 40) })
        #expect(approx(bottom[0], CGRect(x: 0, y: 0, width: 200, height: 260)))
        #expect(approx(bottom[1], CGRect(x: 0, y: 260, width: 200, height: 40)))
        let top = frames(Rectangle().safeAreaInset(edge: .top, spacing: 10) { Rectangle().frame(height: 30) })
        #expect(approx(top[0], CGRect(x: 0, y: 0, width: 200, height: 30)))
        #expect(approx(top[1], CGRect(x: 0, y: 40, width: 200, height: 260)))
        let leading = frames(Rectangle().safeAreaInset(edge: .leading, spacing: 0) { Rectangle().frame(width: 50) })
        #expect(approx(leading[0], CGRect(x: 0, y: 0, width: 50, height: 300)))
        #expect(approx(leading[1], CGRect(x: 50, y: 0, width: 150, height: 300)))
        let trailing = frames(
            Rectangle().safeAreaInset(edge: .trailing, alignment: .top, spacing: 4) {
                Rectangle().frame(width: 20, height: 20)
            })
        #expect(approx(trailing[0], CGRect(x: 0, y: 0, width: 176, height: 300)))
        #expect(approx(trailing[1], CGRect(x: 180, y: 0, width: 20, height: 20)))
    }
}
