import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A blue card with a context menu, at the top left of the window.
struct CardWithContextMenu: View {
    let log: CallLog
    var body: some View {
        Color.blue
            .frame(width: 200, height: 100)
            .onTapGesture { log("tap") }
            .contextMenu {
                Button("Rename") { log("rename") }
                Button("Remove", role: .destructive) { log("remove") }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// A button that shows a popover, placed at `alignment` in the window.
struct InfoButton: View {
    let log: CallLog
    var alignment: Alignment = .top
    @State private var shown = false
    var body: some View {
        Button("Info") { shown = true }
            .popover(isPresented: $shown) {
                Text("Details")
            }
            .onChange(of: shown) { _, new in log("shown \(new)") }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: alignment)
    }
}

struct Note: Identifiable {
    let id: Int
    let text: String
}

@MainActor
@Suite struct ContextMenuTests {
    @Test func rightClickOpensTheMenuAtThePointer() throws {
        let log = CallLog()
        let h = PopupHarness(CardWithContextMenu(log: log))
        h.click(50, 40, at: 0, button: .secondary)
        let popup = try #require(h.popups.first)
        #expect(h.presenter.frame(of: popup).origin == CGPoint(x: 50, y: 40), "\(h.presenter.frame(of: popup))")
        #expect(log.entries.isEmpty, "a right click is no tap")
        h.choose("Rename", at: 200)
        #expect(log.entries == ["rename"])
        #expect(h.popups.isEmpty)
        h.click(50, 40, at: 400)
        #expect(log.entries == ["rename", "tap"])
        #expect(h.popups.isEmpty, "a left click opens nothing")
    }

    @Test func rightClickNearTheEdgeFlipsTheMenuBackIntoTheWindow() throws {
        let h = PopupHarness(CardWithContextMenu(log: CallLog()), width: 230, height: 120)
        h.click(190, 90, at: 0, button: .secondary)
        let popup = try #require(h.popups.first)
        let panel = h.presenter.frame(of: popup)
        // 160 wide from x 190 overflows 230: flipped to end at the pointer; too tall below: above it.
        #expect(panel.maxX == 191 && panel.maxY <= 91, "\(panel)")
    }

    @Test func aFingerHeldHalfASecondOpensItAndAMouseHeldDoesNot() throws {
        let log = CallLog()
        let h = PopupHarness(CardWithContextMenu(log: log))
        h.frame(.touchDown(1, CGPoint(x: 60, y: 50), time: 0))
        h.advance(to: 499)
        #expect(h.popups.isEmpty)
        h.advance(to: 500)
        let popup = try #require(h.popups.first)
        #expect(h.presenter.frame(of: popup).origin == CGPoint(x: 60, y: 50))
        h.frame(.touchUp(1, time: 700))
        #expect(log.entries.isEmpty, "the long press took the finger: no tap")
        h.choose("Remove", at: 900)
        #expect(log.entries == ["remove"])

        h.frame(.pointerDown(CGPoint(x: 60, y: 50), time: 2000))
        h.advance(to: 3000)
        #expect(h.popups.isEmpty, "a mouse opens context menus with its right button only")
        h.frame(.pointerUp(time: 3100))
    }
}

@MainActor
@Suite struct PopoverTests {
    @Test func popoverShowsBelowWithItsArrowUpAndEscapeCloses() throws {
        let log = CallLog()
        let h = PopupHarness(InfoButton(log: log))
        let info = try #require(h.textFrame("Info"))
        h.click(info.midX, info.midY, at: 0)
        #expect(log.entries == ["shown true"])
        let popup = try #require(h.popups.first)
        #expect(popup.kind == .popover(arrowEdge: .top) && popup.arrowEdge == .top)
        let panel = h.presenter.frame(of: popup)
        let button = try #require(frame(of: "interaction", in: h.graph))
        #expect(panel.midX == button.midX && panel.minY == button.maxY, "\(panel) under \(button)")
        // The content sits under the 10-point arrow and 12 points of padding.
        let details = try #require(h.textFrame("Details", in: popup))
        #expect(details.minY == panel.minY + 10 + 12, "\(details) in \(panel)")
        h.key(.escape)
        #expect(h.popups.isEmpty)
        #expect(log.entries == ["shown true", "shown false"])
    }

    @Test func noRoomBelowFlipsItAboveWithTheArrowDown() throws {
        let h = PopupHarness(InfoButton(log: CallLog(), alignment: .bottom))
        let info = try #require(h.textFrame("Info"))
        h.click(info.midX, info.midY, at: 0)
        let popup = try #require(h.popups.first)
        let panel = h.presenter.frame(of: popup)
        #expect(panel.maxY <= info.minY, "\(panel) above \(info)")
        #expect(popup.arrowEdge == .bottom)
    }

    @Test func itemPopoverShowsTheItemAndClosingClearsIt() throws {
        struct Scene: View {
            @State var note: Note?
            let log: CallLog
            var body: some View {
                Button("Show") { note = Note(id: 7, text: "Seven") }
                    .popover(item: $note) { note in Text(note.text) }
                    .onChange(of: note?.id) { _, id in log("note \(id.map(String.init) ?? "nil")") }
            }
        }
        let log = CallLog()
        let h = PopupHarness(Scene(log: log))
        let show = try #require(h.textFrame("Show"))
        h.click(show.midX, show.midY, at: 0)
        let popup = try #require(h.popups.first)
        #expect(h.textFrame("Seven", in: popup) != nil)
        h.click(5, 5, at: 300)
        #expect(h.popups.isEmpty)
        #expect(log.entries == ["note 7", "note nil"])
    }
}
