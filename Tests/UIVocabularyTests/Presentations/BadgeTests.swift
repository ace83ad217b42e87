import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// `badge(_:)` on tab items and list rows, as SwiftUI's documentation describes it.
@MainActor
@Suite struct BadgeTests {
    struct Mailbox: View {
        var unread: Int
        var body: some View {
            TabView {
                Text("Inbox page")
                    .tabItem { Label("Inbox", systemImage: "tray") }
                    .badge(unread)
                Text("Sent page")
                    .tabItem { Label("Sent", systemImage: "paperplane") }
                    .badge("New")
            }
        }
    }

    /// Apple, `badge(_:)` (count): "An integer value to display in the badge. Set the value to zero to hide the
    /// badge." … "Badges appear in list rows, tab bars, toolbar items, and menus." (`badge(_:)` with a string:
    /// "Set the value to `nil` to hide the badge.")
    @Test func aTabItemsBadgeShowsOnItsTabInTheBarAndZeroHidesIt() {
        let harness = NavigationHarness(Mailbox(unread: 3), width: 640, height: 480)
        let inbox = harness.textFrame("Inbox")!
        let count = harness.textFrame("3")
        #expect(count != nil, "\(harness.texts)")
        // In the bar at the top, after the tab's title on its line.
        if let count {
            #expect(count.midY < TabContainerNode.topBarHeight)
            #expect(count.minX > inbox.maxX && abs(count.midY - inbox.midY) < 2, "\(count) \(inbox)")
        }
        #expect(harness.textFrame("New") != nil)
        // A red capsule behind the count.
        let red = Color.red.resolve(in: EnvironmentValues())
        #expect(fills(harness.graph).contains { $0.1 == red })
        let none = NavigationHarness(Mailbox(unread: 0), width: 640, height: 480)
        #expect(none.textFrame("3") == nil && none.textFrame("0") == nil)
    }

    /// Apple, `badge(_:)`: "The following example shows a `List` with the value of `recentItems.count` represented
    /// by a badge on one of the rows: `List { Text("Recents").badge(recentItems.count); Text("Favorites") }`."
    @Test func aListRowsBadgeShowsAtTheRowsTrailingSide() {
        let graph = makeGraph(
            List {
                Text("Recents").badge(12)
                Text("Favorites").badge(nil as Text?)
                Text("Servers").badge("Default")
            }
            .listStyle(.plain), width: 300, height: 300)
        graph.update()
        let recents = frame(of: "Text(\"Recents\")", in: graph)!
        let badge = frame(of: "Text(\"12\")", in: graph)!
        // At the trailing side of the row (16-point inset), centred on the row's line.
        #expect(abs(badge.maxX - (300 - 16 - 7)) < 1, "\(badge)")
        #expect(abs(badge.midY - recents.midY) < 1)
        #expect(frame(of: "Text(\"Default\")", in: graph) != nil)
        // A row without a badge is unchanged.
        #expect(frame(of: "Text(\"Favorites\")", in: graph)?.minX == 16)
    }

    func fills(_ graph: ViewGraph) -> [(CGRect, RGBA)] {
        func flattened(_ items: [DisplayItem]) -> [DisplayItem] {
            items.flatMap { item -> [DisplayItem] in
                if case .layer(let layer) = item { return flattened(layer.items) }
                return [item]
            }
        }
        return flattened(graph.displayList.items).compactMap { item -> (CGRect, RGBA)? in
            guard case .fill(let fill) = item, case .color(let color) = fill.paint else { return nil }
            return (fill.path.boundingRect, color)
        }
    }
}
