import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A page that closes itself with `dismiss`.
struct SelfClosingPage: View {
    let name: String
    @Environment(\.dismiss) private var dismiss
    @Environment(\.isPresented) private var isPresented
    var body: some View {
        VStack {
            Text(name)
            Text(isPresented ? "presented" : "not presented")
            Button("Close") { dismiss() }
        }
    }
}

/// Links with their own destinations, and `isPresented`/`item` destinations driven by state.
struct KeyedDestinations: View {
    @State var showsSettings = false
    @State var selected: String?
    let log: CallLog

    var body: some View {
        NavigationStack {
            VStack(spacing: 10) {
                NavigationLink("Details") { SelfClosingPage(name: "Details page") }
                Button("Settings") { showsSettings = true }
                Button("Pick") { selected = "apple" }
                Text(showsSettings ? "settings on" : "settings off")
                Text(selected ?? "nothing")
            }
            .navigationDestination(isPresented: $showsSettings) { SelfClosingPage(name: "Settings page") }
            .navigationDestination(item: $selected) { fruit in Text("Fruit \(fruit)") }
            .onChange(of: showsSettings) { _, new in log("settings \(new)") }
        }
    }
}

@MainActor
@Suite struct NavigationDestinationTests {
    @Test func aDestinationLinkPushesItsViewAndDismissPopsIt() throws {
        let h = NavigationHarness(KeyedDestinations(log: CallLog()))
        #expect(h.texts.contains("not presented") == false)
        let details = try #require(h.textFrame("Details"))
        h.click(details.midX, details.midY)
        #expect(h.texts.contains("Details page") && h.texts.contains("presented"), "\(h.texts)")
        let close = try #require(h.textFrame("Close"))
        h.click(close.midX, close.midY)
        #expect(!h.texts.contains("Details page") && h.texts.contains("Details"))
    }

    @Test func anIsPresentedDestinationFollowsItsBindingAndPoppingClearsIt() throws {
        let log = CallLog()
        let h = NavigationHarness(KeyedDestinations(log: log))
        let settings = try #require(h.textFrame("Settings"))
        h.click(settings.midX, settings.midY)
        #expect(h.texts.contains("Settings page"), "\(h.texts)")
        h.click(backControl.x, backControl.y)
        #expect(h.texts.contains("settings off"), "popping set the binding back: \(h.texts)")
        #expect(log.entries == ["settings true", "settings false"])
    }

    @Test func anItemDestinationShowsTheItemAndPoppingSetsItToNil() throws {
        let h = NavigationHarness(KeyedDestinations(log: CallLog()))
        let pick = try #require(h.textFrame("Pick"))
        h.click(pick.midX, pick.midY)
        #expect(h.texts.contains("Fruit apple"), "\(h.texts)")
        #expect(h.press(.escape))
        h.finishAnimations()
        #expect(h.texts.contains("nothing"))
    }

    @Test func aTouchFromTheLeadingEdgeDragsThePageAndPopsPastHalfway() throws {
        let h = NavigationHarness(NumbersStack())
        let seven = try #require(h.textFrame("Seven"))
        h.click(seven.midX, seven.midY)
        let settled = try #require(h.textFrame("Number 7"))
        h.swipe(from: CGPoint(x: 4, y: 150), to: CGPoint(x: 244, y: 152), lift: false)
        // The page follows the finger (240 of 400 points) and the root shows beneath.
        let dragged = try #require(h.textFrame("Number 7"))
        #expect(abs(dragged.minX - settled.minX - 240) < 0.5, "\(settled) → \(dragged)")
        #expect(abs((h.stack?.presentedPosition ?? 0) - 0.4) < 0.001)
        #expect(h.texts.contains("Seven"))
        h.liftFinger()
        h.finishAnimations()
        #expect(h.texts.contains("Seven") && !h.texts.contains("Number 7"))
    }

    @Test func aShortSwipeSpringsBackAndAMouseDragFromTheEdgeDoesNothing() throws {
        let h = NavigationHarness(NumbersStack())
        let seven = try #require(h.textFrame("Seven"))
        h.click(seven.midX, seven.midY)
        h.swipe(from: CGPoint(x: 4, y: 150), to: CGPoint(x: 84, y: 150), lift: false)
        #expect(abs((h.stack?.presentedPosition ?? 0) - 0.8) < 0.001)
        // A slow release before halfway: the page returns.
        h.advance(by: 300)
        h.liftFinger()
        h.finishAnimations()
        #expect(h.stack?.presentedPosition == 1 && h.texts.contains("Number 7"))
        // A touch that starts away from the edge, and a mouse drag from it, leave the stack alone.
        h.swipe(from: CGPoint(x: 60, y: 150), to: CGPoint(x: 300, y: 150))
        h.finishAnimations()
        #expect(h.texts.contains("Number 7"))
        h.gestures.down(3, 150, at: h.now + 20)
        h.gestures.move(200, 150, at: h.now + 60)
        h.gestures.up(at: h.now + 100)
        h.finishAnimations()
        #expect(h.texts.contains("Number 7") && h.stack?.presentedPosition == 1)
    }

    @Test func theBackControlCanBeHidden() throws {
        struct Hidden: View {
            var body: some View {
                NavigationStack {
                    NavigationLink("In") { Text("Inside").navigationBarBackButtonHidden() }
                }
            }
        }
        let h = NavigationHarness(Hidden())
        let link = try #require(h.textFrame("In"))
        h.click(link.midX, link.midY)
        #expect(h.texts.contains("Inside"))
        #expect(!h.hasBackControl)
        h.click(backControl.x, backControl.y)
        #expect(h.texts.contains("Inside"), "no back control to press")
        #expect(h.press(.escape), "the keys still go back")
    }
}
