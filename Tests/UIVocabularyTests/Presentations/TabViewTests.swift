import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A counter that keeps its count in `@State` (to see that a tab keeps its state while hidden).
struct TabCounter: View {
    let name: String
    @State private var count = 0
    var body: some View {
        Button("\(name) \(count)") { count += 1 }
    }
}

@MainActor
@Suite struct TabViewTests {
    enum Section: Hashable { case inbox, sent }

    struct Tagged: View {
        let log: CallLog
        @State var selection = Section.inbox
        var body: some View {
            TabView(selection: $selection) {
                TabCounter(name: "Inbox")
                    .tabItem { Label("Inbox", systemImage: "tray") }
                    .tag(Section.inbox)
                TabCounter(name: "Sent")
                    .tabItem { Label("Sent", systemImage: "paperplane") }
                    .tag(Section.sent)
            }
            .onChange(of: selection) { _, now in log("\(now)") }
        }
    }

    func tabView(_ harness: NavigationHarness) -> TabContainerNode? {
        allNodes(harness.graph).compactMap { $0 as? TabContainerNode }.first
    }

    @Test func aClickOnTheBarSelectsByTagAndEachTabKeepsItsState() {
        let log = CallLog()
        let harness = NavigationHarness(Tagged(log: log), width: 640, height: 480)
        #expect(harness.texts.contains("Inbox 0"))
        #expect(!harness.texts.contains("Sent 0"))
        // The bar: a header-bar strip at the top, the switcher centred in it.
        let inboxTitle = harness.textFrame("Inbox")!
        #expect(inboxTitle.midY < TabContainerNode.topBarHeight)
        let counter = harness.textFrame("Inbox 0")!
        harness.click(counter.midX, counter.midY)
        harness.click(counter.midX, counter.midY)
        #expect(harness.texts.contains("Inbox 2"))
        let sent = harness.textFrame("Sent")!
        harness.click(sent.midX, sent.midY)
        #expect(log.entries == ["sent"])
        #expect(harness.texts.contains("Sent 0"))
        #expect(!harness.texts.contains("Inbox 2"))
        let inbox = harness.textFrame("Inbox")!
        harness.click(inbox.midX, inbox.midY)
        #expect(log.entries == ["sent", "inbox"])
        #expect(harness.texts.contains("Inbox 2"))
    }

    @Test func controlPageDownAndControlTabMoveBetweenTabs() {
        let log = CallLog()
        let harness = NavigationHarness(Tagged(log: log), width: 640, height: 480)
        #expect(harness.press(.pageDown, modifiers: .control))
        #expect(log.entries == ["sent"])
        // Wraps around.
        harness.press(.pageDown, modifiers: .control)
        #expect(log.entries == ["sent", "inbox"])
        harness.press(.tab, modifiers: [.control, .shift])
        #expect(log.entries == ["sent", "inbox", "sent"])
        harness.press(.tab, modifiers: .control)
        harness.press(.pageUp, modifiers: .control)
        #expect(log.entries == ["sent", "inbox", "sent", "inbox", "sent"])
        // Without Ctrl, Page Down is not the tab view's.
        #expect(!harness.press(.pageDown))
    }

    struct Modern: View {
        @State var selection = 2
        var body: some View {
            TabView(selection: $selection) {
                Tab("Home", systemImage: "house", value: 1) { Text("Home page") }
                Tab("Search", systemImage: "magnifyingglass", value: 2) { Text("Search page") }
                Tab(value: 3) {
                    Text("Settings page")
                } label: {
                    Label("Settings", systemImage: "gear")
                }
            }
        }
    }

    @Test func tabsWithValuesShowTheSelectedOneAndANarrowWindowPutsTheBarAtTheBottom() {
        let harness = NavigationHarness(Modern(), width: 640, height: 480)
        #expect(harness.texts.contains("Search page"))
        #expect(!harness.texts.contains("Home page"))
        let settings = harness.textFrame("Settings")!
        harness.click(settings.midX, settings.midY)
        #expect(harness.texts.contains("Settings page"))
        let narrow = NavigationHarness(Modern(), width: 360, height: 640)
        let search = narrow.textFrame("Search")!
        #expect(search.minY > 640 - TabContainerNode.bottomBarHeight)
        #expect(narrow.textFrame("Search page")!.maxY < 640 - TabContainerNode.bottomBarHeight)
    }

    struct Untagged: View {
        var body: some View {
            TabView {
                Text("First").tabItem { Text("One") }
                Text("Second").tabItem { Text("Two") }
            }
        }
    }

    @Test func withoutSelectionTheTabViewKeepsItsOwn() {
        let harness = NavigationHarness(Untagged(), width: 640, height: 480)
        #expect(harness.texts.contains("First"))
        let two = harness.textFrame("Two")!
        harness.click(two.midX, two.midY)
        #expect(harness.texts.contains("Second"))
        #expect(!harness.texts.contains("First"))
    }

    struct Pages: View {
        let log: CallLog
        @State var page = 0
        var body: some View {
            TabView(selection: $page) {
                ForEach(0..<3) { index in
                    Text("Page \(index)").frame(maxWidth: .infinity, maxHeight: .infinity).tag(index)
                }
            }
            .tabViewStyle(.page(indexDisplayMode: .always))
            .indexViewStyle(.page(backgroundDisplayMode: .always))
            .onChange(of: page) { _, now in log("page \(now)") }
        }
    }

    @Test func aFingerSwipeTurnsThePageAndItSnaps() {
        let log = CallLog()
        let harness = NavigationHarness(Pages(log: log), width: 400, height: 300)
        #expect(harness.texts == ["Page 0"])
        harness.swipe(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 100, y: 150), lift: false)
        // Half way: both pages drawn, 200 points along.
        #expect(tabView(harness)?.presentedPagePosition == 0.5)
        #expect(harness.textFrame("Page 1")!.midX == 400)
        harness.liftFinger()
        harness.finishAnimations()
        #expect(log.entries == ["page 1"])
        #expect(tabView(harness)?.presentedPagePosition == 1)
        #expect(harness.texts == ["Page 1"])
        // A short drag back snaps back to where it was.
        harness.swipe(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 140, y: 150))
        harness.finishAnimations()
        #expect(log.entries == ["page 1"])
        #expect(tabView(harness)?.presentedPagePosition == 1)
    }

    @Test func aQuickShortFlickTurnsThePage() {
        let log = CallLog()
        let harness = NavigationHarness(Pages(log: log), width: 400, height: 300)
        // 120 points (under a third of the page) in 200 ms: 600 points a second, a flick.
        harness.swipe(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 180, y: 150))
        harness.finishAnimations()
        #expect(log.entries == ["page 1"])
        // As slow, it snaps back.
        var now = harness.now
        harness.gestures.touchDown(1, 180, 150, at: now + 20)
        for step in 1...10 {
            now += 100
            harness.gestures.touchMove(1, 180 + CGFloat(step) * 12, 150, at: now)
        }
        harness.gestures.touchUp(1, at: now + 20)
        harness.advance(by: now - harness.now + 40)
        harness.finishAnimations()
        #expect(log.entries == ["page 1"])
        #expect(tabView(harness)?.presentedPagePosition == 1)
    }

    @Test func aMouseDragTurnsThePageAndTheDotsFollow() {
        let log = CallLog()
        let harness = NavigationHarness(Pages(log: log), width: 400, height: 300)
        let dark = RGBA(red: 0.1, green: 0.1, blue: 0.1, opacity: 0.8)
        func currentDot() -> CGRect? { fillColors(harness.graph.displayList.items).first { $0.color == dark }?.bounds }
        let firstDot = currentDot()!
        var now = harness.now + 20
        harness.gestures.down(350, 150, at: now)
        for step in 1...10 {
            now += 20
            harness.gestures.move(350 - CGFloat(step) * 30, 150, at: now)
        }
        now += 20
        harness.gestures.up(at: now)
        harness.advance(by: now - harness.now + 20)
        harness.finishAnimations()
        #expect(log.entries == ["page 1"])
        #expect(currentDot()!.minX == firstDot.minX + 16)
    }
}
