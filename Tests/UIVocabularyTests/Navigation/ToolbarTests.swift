import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// An editor page with items in every region of the header bar and a bottom bar.
struct EditorToolbar: View {
    let log: CallLog
    var body: some View {
        NavigationStack {
            Text("Body")
                .navigationTitle("Editor")
                .navigationBarTitleDisplayMode(.large)
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) { Button("Cancel") { log("cancel") } }
                    ToolbarItem(placement: .confirmationAction) { Button("Save") { log("save") } }
                    ToolbarItemGroup(placement: .bottomBar) {
                        Button("Bold") { log("bold") }
                        Button("Italic") { log("italic") }
                    }
                    ToolbarItem(placement: .keyboard) { Text("Never shown") }
                }
        }
    }
}

struct SpellingsToolbar: View {
    var body: some View {
        NavigationStack {
            Text("Body")
                .toolbar {
                    ToolbarItem(placement: .navigationBarLeading) { Text("L1") }
                    ToolbarItem(placement: .topBarLeading) { Text("L2") }
                    ToolbarItem(placement: .navigation) { Text("L3") }
                    ToolbarItem(placement: .principal) { Text("Middle") }
                    ToolbarItem(placement: .navigationBarTrailing) { Text("T1") }
                    ToolbarItem(placement: .topBarTrailing) { Text("T2") }
                    ToolbarItem(placement: .primaryAction) { Text("T3") }
                    ToolbarItem { Text("T4") }
                }
                .navigationTitle("Hidden by the principal item")
        }
    }
}

@MainActor
@Suite struct ToolbarTests {
    @Test func itemsGoToTheEndsOfTheHeaderBarAndTheTitleStaysCentred() throws {
        let log = CallLog()
        let h = NavigationHarness(EditorToolbar(log: log))
        let cancel = try #require(h.textFrame("Cancel"))
        let save = try #require(h.textFrame("Save"))
        let title = try #require(h.textFrame("Editor"))
        #expect(cancel.minX < 30 && cancel.midY > 20 && cancel.midY < 27, "cancellation at the start: \(cancel)")
        #expect(save.maxX > 370 && save.maxX < 400, "confirmation at the end: \(save)")
        #expect(abs(title.midX - 200) < 0.5)
        #expect(!h.texts.contains("Never shown"))
        // The bottom bar holds the group, 47 points tall, under the content.
        #expect(approx(frame(of: "BottomBar", in: h.graph), CGRect(x: 0, y: 253, width: 400, height: 47)))
        let bold = try #require(h.textFrame("Bold"))
        let italic = try #require(h.textFrame("Italic"))
        #expect(bold.midY > 253 && italic.minX > bold.maxX)
        let body = try #require(h.textFrame("Body"))
        #expect(abs(body.midY - (47 + 206 / 2)) < 1, "the content fills the room between the bars: \(body)")
        h.click(save.midX, save.midY)
        h.click(bold.midX, bold.midY)
        h.click(cancel.midX, cancel.midY)
        #expect(log.entries == ["save", "bold", "cancel"])
    }

    @Test func theConfirmationActionIsDrawnAsTheSuggestedAction() throws {
        let h = NavigationHarness(EditorToolbar(log: CallLog()))
        // GNOME's suggested-action blue behind "Save", and white text on it.
        #expect(h.graph.displayList.description.contains("rgb(53,132,228)"), "\(h.graph.displayList.description)")
    }

    @Test func everyPlacementSpellingLandsAtItsEnd() throws {
        let h = NavigationHarness(SpellingsToolbar())
        let leading = try ["L1", "L2", "L3"].map { try #require(h.textFrame($0)) }
        let trailing = try ["T1", "T2", "T3", "T4"].map { try #require(h.textFrame($0)) }
        #expect(leading.allSatisfy { $0.maxX < 150 }, "\(leading)")
        #expect(trailing.allSatisfy { $0.minX > 250 }, "\(trailing)")
        #expect(zip(trailing, trailing.dropFirst()).allSatisfy { $0.maxX < $1.minX }, "in the order declared")
        let middle = try #require(h.textFrame("Middle"))
        #expect(abs(middle.midX - 200) < 0.5)
        #expect(!h.texts.contains("Hidden by the principal item"))
    }

    @Test func aMergedWindowTitleBarStepsAsideAndItsControlsJoinTheHeaderBar() throws {
        let log = CallLog()
        let merge = WindowTitleBarMerge(
            controls: AnyView(Text("[controls]")), beginMove: { log("move") },
            toggleMaximize: { log("maximize") })
        struct Window: View {
            let merge: WindowTitleBarMerge
            var body: some View {
                VStack(spacing: 0) {
                    Text("Window title").frame(height: 37).windowTitleBar(merging: merge)
                    NumbersStack()
                        .environment(\.windowTitleBarMerge, merge)
                        .windowContent(merging: merge, cornerRadius: 10)
                }
            }
        }
        let h = NavigationHarness(Window(merge: merge))
        #expect(merge.isClaimed)
        #expect(!h.texts.contains("Window title"))
        #expect(
            approx(frame(of: "HeaderBar", in: h.graph), CGRect(x: 0, y: 0, width: 400, height: 47)),
            "the header bar is at the top")
        let controls = try #require(h.textFrame("[controls]"))
        #expect(controls.maxX > 380, "the window controls at the end of the header bar: \(controls)")
        // Dragging the bar's background moves the window.
        h.gestures.down(120, 20, at: h.now + 20)
        h.gestures.move(140, 30, at: h.now + 60)
        h.gestures.up(at: h.now + 100)
        #expect(log.entries.contains("move"))
        // The content is clipped to the window's round top corners.
        #expect(h.graph.displayList.description.contains("clip"))
    }

    @Test func withoutAStackTheWindowKeepsItsTitleBar() {
        let merge = WindowTitleBarMerge(controls: AnyView(EmptyView()), beginMove: {}, toggleMaximize: {})
        let h = NavigationHarness(
            VStack(spacing: 0) {
                Text("Window title").frame(height: 37).windowTitleBar(merging: merge)
                Text("Plain content").environment(\.windowTitleBarMerge, merge)
            })
        #expect(!merge.isClaimed)
        #expect(frame(of: "WindowTitleBar", in: h.graph)?.height == 37)
        #expect(h.texts.contains("Window title"))
    }

    @Test func onlyTheOutermostStackMerges() {
        let merge = WindowTitleBarMerge(controls: AnyView(Text("[controls]")), beginMove: {}, toggleMaximize: {})
        let h = NavigationHarness(
            NavigationStack { NavigationStack { Text("Inner") }.navigationTitle("Outer") }
                .environment(\.windowTitleBarMerge, merge))
        #expect(h.texts.filter { $0 == "[controls]" }.count == 1, "\(h.texts)")
    }
}
