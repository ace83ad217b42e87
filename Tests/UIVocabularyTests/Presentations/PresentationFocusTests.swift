import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@MainActor
@Suite struct PresentationFocusTests {
    enum Field: Hashable { case behind, first, second }

    struct Form: View {
        let log: CallLog
        @State var isPresented = false
        @State var a = false
        @State var b = false
        @State var c = false
        @FocusState var focus: Field?
        var body: some View {
            VStack {
                Toggle("Behind", isOn: $a).focused($focus, equals: .behind)
                Button("Open") { isPresented = true }
            }
            .sheet(isPresented: $isPresented) {
                VStack {
                    Toggle("First", isOn: $b).focused($focus, equals: .first)
                    Toggle("Second", isOn: $c).focused($focus, equals: .second)
                }
            }
            .onChange(of: focus) { _, now in log("\(now.map { "\($0)" } ?? "none")") }
        }
    }

    @Test func focusMovesIntoTheSheetStaysInsideAndComesBack() {
        let log = CallLog()
        let harness = NavigationHarness(Form(log: log), width: 640, height: 480)
        harness.focus.activate()
        harness.settle()
        #expect(log.entries == ["behind"])
        let open = harness.textFrame("Open")!
        harness.click(open.midX, open.midY)
        #expect(log.entries == ["behind", "first"])
        harness.press(.tab)
        harness.press(.tab)
        harness.press(.tab, modifiers: .shift)
        // Trapped: Tab wraps between the sheet's two toggles, never reaching the one behind.
        #expect(log.entries == ["behind", "first", "second", "first", "second"])
        harness.press(.escape)
        harness.finishAnimations()
        #expect(log.entries.last == "behind")
    }

    struct TwoSheets: View {
        @State var first = true
        @State var second = true
        var body: some View {
            VStack {
                Text("One").sheet(isPresented: $first) { Text("First sheet") }
                Text("Two").sheet(isPresented: $second) { Text("Second sheet") }
            }
        }
    }

    @Test func aSecondPresentationWaitsForTheFirstAndSaysSo() {
        var lines: [String] = []
        PresentationLog.sink = { lines.append($0) }
        defer { PresentationLog.sink = { FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8)) } }
        let harness = NavigationHarness(TwoSheets(), width: 640, height: 480)
        #expect(harness.texts.contains("First sheet"))
        #expect(!harness.texts.contains("Second sheet"))
        #expect(lines == ["sheet: another presentation is showing; this one shows once it is dismissed"])
        harness.press(.escape)
        harness.finishAnimations()
        #expect(!harness.texts.contains("First sheet"))
        #expect(harness.texts.contains("Second sheet"))
        #expect(lines.count == 1)
    }

    struct Nested: View {
        let log: CallLog
        @State var sheet = true
        @State var alert = false
        var body: some View {
            Text("Root").sheet(isPresented: $sheet) {
                Button("Ask") { alert = true }
                    .alert("Sure?", isPresented: $alert) {
                        Button("No", role: .cancel) { log("no") }
                    }
            }
        }
    }

    @Test func anAlertFromASheetShowsOverItAndEscapeClosesTheTopmostFirst() {
        let log = CallLog()
        let harness = NavigationHarness(Nested(log: log), width: 640, height: 480)
        let ask = harness.textFrame("Ask")!
        harness.click(ask.midX, ask.midY)
        #expect(harness.texts.contains("Sure?"))
        // The sheet behind the alert takes no clicks.
        harness.click(ask.midX, ask.midY)
        harness.press(.escape)
        harness.finishAnimations()
        #expect(log.entries == ["no"])
        #expect(!harness.texts.contains("Sure?"))
        #expect(harness.texts.contains("Ask"))
        harness.press(.escape)
        harness.finishAnimations()
        #expect(!harness.texts.contains("Ask"))
    }

    struct Note: Identifiable {
        let id: Int
    }

    struct ItemSheet: View {
        let log: CallLog
        @State var note: Note?
        var body: some View {
            VStack {
                Button("Show 1") { note = Note(id: 1) }
                Button("Clear") { note = nil }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .sheet(item: $note, onDismiss: { log("dismissed") }) { note in
                Text("Note \(note.id)")
            }
        }
    }

    @Test func anItemBecomingNilMidAnimationAnimatesOutFromWhereItWas() {
        let log = CallLog()
        let harness = NavigationHarness(ItemSheet(log: log), width: 640, height: 480)
        let show = harness.textFrame("Show 1")!
        let clear = harness.textFrame("Clear")!
        harness.click(show.midX, show.midY, finish: false)
        harness.advance(by: 100)
        let node = allNodes(harness.graph).compactMap { $0 as? PresentationNode }.first!
        let partway = node.presentedProgress
        #expect(partway > 0 && partway < 1)
        // The binding is set to nil directly (as a model might), mid-animation: the note stays drawn as it goes.
        node.shown?.dismiss()
        harness.settle()
        #expect(node.isDismissing)
        #expect(harness.texts.contains("Note 1"))
        harness.finishAnimations()
        #expect(!harness.texts.contains("Note 1"))
        #expect(log.entries == ["dismissed"])
        // The window takes input again.
        harness.click(clear.midX, clear.midY)
        harness.click(show.midX, show.midY)
        #expect(harness.texts.contains("Note 1"))
    }
}
