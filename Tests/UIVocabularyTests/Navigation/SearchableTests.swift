import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@MainActor private final class SearchLog {
    var searchSubmits: [String] = []
    var textSubmits = 0
    var isSearching: [Bool] = []
}

/// Reports `isSearching` as it changes, and offers `dismissSearch`.
private struct SearchWatcher: View {
    let log: SearchLog
    @Environment(\.isSearching) private var isSearching
    @Environment(\.dismissSearch) private var dismissSearch

    var body: some View {
        Button("Stop") { dismissSearch() }
            .onChange(of: isSearching) { _, new in log.isSearching.append(new) }
    }
}

private let fruits = ["Apple", "Apricot", "Banana", "Cherry"]

/// A list of fruits filtered by a search field: `.searchable` on the list inside a stack's root page, on the
/// stack itself, or with no stack at all.
private struct Fruits: View {
    enum Where { case page, stack, alone }
    let placement: Where
    let log: SearchLog
    @State private var query = ""

    var list: some View {
        List {
            SearchWatcher(log: log)
            ForEach(fruits.filter { query.isEmpty || $0.hasPrefix(query) }, id: \.self) { fruit in
                NavigationLink(fruit, value: fruit)
            }
        }
        .listStyle(.plain)
        .navigationTitle("Fruits")
        .navigationDestination(for: String.self) { Text("About \($0)") }
    }

    var body: some View {
        switch placement {
        case .page:
            NavigationStack { list.searchable(text: $query, prompt: "Find a fruit") }
                .onSubmit(of: .search) { log.searchSubmits.append(query) }
                .onSubmit { log.textSubmits += 1 }
        case .stack:
            NavigationStack { list }
                .searchable(text: $query, placement: .navigationBarDrawer(displayMode: .always))
                .onSubmit(of: .search) { log.searchSubmits.append(query) }
        case .alone:
            list.searchable(text: $query, prompt: Text("Find a fruit"))
        }
    }
}

@MainActor
@Suite struct SearchableTests {
    func searchBars(_ h: NavigationHarness) -> Int {
        h.texts.filter { $0 == "Find a fruit" || $0 == "Search" }.count
    }

    @Test func onAPageTheSearchBarIsUnderTheHeaderBarAndFiltersAsYouType() throws {
        let log = SearchLog()
        let h = NavigationHarness(Fruits(placement: .page, log: log))
        h.focus.activate()
        // The header bar (47), then the search bar: its entry (34 tall, at most 360 wide) centred, 6 down.
        let prompt = try #require(h.textFrame("Find a fruit"), "\(h.texts)")
        #expect(prompt.minY > 47 + 6 && prompt.maxY < 47 + 6 + 34, "\(prompt)")
        #expect(prompt.minX > 20 + 9 && prompt.minX < 20 + 9 + 30, "after the magnifier: \(prompt)")
        let apple = try #require(h.textFrame("Apple"))
        #expect(apple.minY > 47 + 46, "the list starts under the search bar: \(apple)")
        #expect(searchBars(h) == 1)
        // A click in the entry focuses it: the search is on.
        h.click(prompt.midX, prompt.midY, finish: false)
        #expect(log.isSearching == [true])
        h.press("A")
        h.press("p")
        #expect(h.texts.contains("Apple") && h.texts.contains("Apricot") && !h.texts.contains("Banana"), "\(h.texts)")
        #expect(!h.texts.contains("Find a fruit"), "the prompt goes with the first character")
        // Return submits the search (not the text-field actions).
        h.press(.return)
        #expect(log.searchSubmits == ["Ap"] && log.textSubmits == 0)
        // Escape empties the field and ends the search; the stack's own Escape (pop) is not reached.
        h.press(.escape)
        #expect(h.texts.contains("Banana") && h.texts.contains("Find a fruit"), "\(h.texts)")
        #expect(log.isSearching == [true, false])
    }

    @Test func onAStackTheRootPageShowsTheFieldOnceAndPushedPagesDoNot() throws {
        let log = SearchLog()
        let h = NavigationHarness(Fruits(placement: .stack, log: log))
        h.focus.activate()
        // The stack shows the field under its root page's header bar, not above the header bar.
        let prompt = try #require(h.textFrame("Search"), "\(h.texts)")
        #expect(prompt.minY > 47 + 6 && prompt.maxY < 47 + 6 + 34, "\(prompt)")
        #expect(searchBars(h) == 1)
        let title = try #require(h.textFrame("Fruits"))
        #expect(title.maxY < 47, "the header bar stays at the top: \(title)")
        // A pushed page has no search field; back on the root, it is there again. (The list starts under the
        // search bar, 93 down: Cherry, the fifth row, is past the window's bottom; Banana is the last in view.)
        // (A field with focus blinks its caret for ever: time is let pass instead of waiting for stillness.)
        let banana = try #require(h.textFrame("Banana"))
        #expect(banana.maxY < 300, "\(banana)")
        h.click(banana.midX, banana.midY, finish: false)
        h.advance(by: 600)
        #expect(h.texts.contains("About Banana"))
        #expect(searchBars(h) == 0, "\(h.texts)")
        h.press(.escape)
        h.advance(by: 600)
        #expect(searchBars(h) == 1, "\(h.texts)")
        h.click(prompt.midX, prompt.midY, finish: false)
        h.press("C")
        #expect(!h.texts.contains("Apple") && h.texts.contains("Cherry"))
        h.press(.return)
        #expect(log.searchSubmits == ["C"])
        // dismissSearch from inside the list ends the search.
        let stop = try #require(h.textFrame("Stop"))
        h.click(stop.midX, stop.midY)
        #expect(log.isSearching == [true, false])
        #expect(h.texts.contains("Apple"))
    }

    @Test func withoutAStackTheSearchBarIsAboveTheView() throws {
        let log = SearchLog()
        let h = NavigationHarness(Fruits(placement: .alone, log: log))
        h.focus.activate()
        let prompt = try #require(h.textFrame("Find a fruit"), "\(h.texts)")
        #expect(prompt.minY > 6 && prompt.maxY < 6 + 34, "\(prompt)")
        let apple = try #require(h.textFrame("Apple"))
        #expect(apple.minY > 46)
        h.click(prompt.midX, prompt.midY, finish: false)
        h.press("B")
        #expect(h.texts.contains("Banana") && !h.texts.contains("Cherry"))
        // The clear button (at the entry's trailing end) empties the field; the search stays on.
        let clear = CGPoint(x: 200 + 180 - 9 - 8, y: 6 + 17)
        h.click(clear.x, clear.y, finish: false)
        #expect(h.texts.contains("Cherry"), "\(h.texts)")
        #expect(log.isSearching == [true])
    }
}
