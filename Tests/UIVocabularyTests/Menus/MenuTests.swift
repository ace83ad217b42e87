import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A menu at the top left of a 400×300 window, with a submenu, a destructive row and a button behind the
/// menu's popup (which a click outside must not reach).
struct EditMenuScene: View {
    let log: CallLog
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Menu("Edit") {
                Button("Copy") { log("copy") }
                Button("Paste") { log("paste") }
                Divider()
                Menu("Share") {
                    Button("Mail") { log("mail") }
                    Button("Messages") { log("messages") }
                }
                Button("Delete", role: .destructive) { log("delete") }
            }
            Spacer()
            Button("Behind") { log("behind") }
                .frame(maxWidth: .infinity, alignment: .trailing)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Menu: opens a popup below its button, its buttons become rows; a row chosen by click or keyboard closes
/// the menus and acts; Escape or a click outside closes without acting; submenus open beside their row.
@MainActor
@Suite struct MenuTests {
    func openEdit(_ log: CallLog) -> PopupHarness {
        let h = PopupHarness(EditMenuScene(log: log))
        let edit = h.textFrame("Edit")!
        h.click(edit.midX, edit.midY, at: 0)
        return h
    }

    @Test func clickOpensTheMenuBelowItsButtonWithARowPerButton() throws {
        let log = CallLog()
        let h = openEdit(log)
        #expect(h.popups.count == 1)
        let popup = try #require(h.popups.first)
        let button = try #require(frame(of: "Text(\"Edit\")", in: h.graph))
        let panel = h.presenter.frame(of: popup)
        // The panel's left edge on the button's (bordered: the label is inset), 4 points below it.
        #expect(panel.minY >= button.maxY + 4 && panel.minX <= button.minX, "\(panel) under \(button)")
        #expect(panel.width == 160, "the minimum width: the rows are narrower: \(panel)")
        let copy = try #require(h.textFrame("Copy", in: popup))
        let paste = try #require(h.textFrame("Paste", in: popup))
        // 6 points of padding, then 28-point rows; labels after the 12-point inset.
        #expect(copy.minX == panel.minX + 12, "\(copy) in \(panel)")
        #expect(paste.midY - copy.midY == 28)
        #expect(copy.midY == panel.minY + 6 + 14)
        // The destructive row is red; the submenu row has its chevron.
        #expect(h.list.description.contains("rgb(224,28,36)"), "\(h.list.description)")
        #expect(log.entries.isEmpty)
    }

    @Test func choosingARowClosesTheMenuThenActs() {
        let log = CallLog()
        let h = openEdit(log)
        h.choose("Paste", at: 200)
        #expect(log.entries == ["paste"])
        #expect(h.popups.isEmpty)
        #expect(!h.list.description.contains("Paste"))
    }

    @Test func clickOutsideClosesWithoutReachingTheWindow() throws {
        let log = CallLog()
        let h = openEdit(log)
        let behind = try #require(h.textFrame("Behind"))
        h.click(behind.midX, behind.midY, at: 200)
        #expect(h.popups.isEmpty)
        #expect(log.entries.isEmpty, "the press that ended the grab goes nowhere")
        h.click(behind.midX, behind.midY, at: 400)
        #expect(log.entries == ["behind"])
    }

    @Test func arrowsMoveTheHighlightReturnChoosesEscapeCloses() {
        let log = CallLog()
        let h = openEdit(log)
        let highlight = "fill roundedRect"
        #expect(h.popups.first?.focus.focusedView == nil, "opened by a click: nothing highlighted yet")
        h.key(.downArrow)
        h.key(.downArrow)
        #expect(h.list.description.contains("rgba(0,0,0,0.08)"), "a highlighted row: \(h.list.description)")
        _ = highlight
        h.key(.return)
        #expect(log.entries == ["paste"])
        #expect(h.popups.isEmpty)
        let again = openEdit(log)
        again.key(.escape)
        #expect(again.popups.isEmpty)
        #expect(log.entries == ["paste"])
    }

    @Test func hoveringARowHighlightsItAndKeysGoOnFromThere() throws {
        let log = CallLog()
        let h = openEdit(log)
        let popup = try #require(h.popups.first)
        let copy = try #require(h.textFrame("Copy", in: popup))
        h.hover(copy.midX, copy.midY, at: 100)
        #expect(popup.focus.focusedView != nil)
        h.key(.downArrow)
        h.key(.return)
        #expect(log.entries == ["paste"])
    }

    @Test func submenuOpensBesideItsRowAndAChoiceClosesEveryMenu() throws {
        let log = CallLog()
        let h = openEdit(log)
        let menu = try #require(h.popups.first)
        let share = try #require(h.textFrame("Share", in: menu))
        h.click(share.midX, share.midY, at: 200)
        #expect(h.popups.count == 2)
        let submenu = try #require(h.popups.last)
        #expect(submenu.parent === menu)
        let panel = h.presenter.frame(of: menu)
        let subpanel = h.presenter.frame(of: submenu)
        // Beside the menu, its first row level with the Share row.
        #expect(subpanel.minX == panel.maxX, "\(subpanel) beside \(panel)")
        let mail = try #require(h.textFrame("Mail", in: submenu))
        #expect(abs(mail.midY - share.midY) < 0.5, "\(mail) level with \(share)")
        // Left closes only the submenu; Right (on the focused row) opens it again.
        h.key(.leftArrow)
        #expect(h.popups.count == 1)
        h.click(share.midX, share.midY, at: 400)
        h.choose("Messages", at: 600)
        #expect(log.entries == ["messages"])
        #expect(h.popups.isEmpty)
    }

    @Test func aPopupTheCompositorEndsAtOnceClosesCleanlyAndOpensAgain() throws {
        let log = CallLog()
        let h = openEdit(log)
        let popup = try #require(h.popups.first)
        // `popup_done` right after the popup was shown (a refused grab): the host asks the popup to close.
        popup.close()
        h.update()
        #expect(h.popups.isEmpty)
        #expect(popup.isClosed)
        popup.close()  // a late second popup_done does nothing
        h.update()
        let edit = try #require(h.textFrame("Edit"))
        h.click(edit.midX, edit.midY, at: 500)
        #expect(h.popups.count == 1)
        h.choose("Copy", at: 700)
        #expect(log.entries == ["copy"])
    }

    /// Menus closed by a choice, and menus still open when their window goes, are released with their graphs
    /// (a submenu's "close every menu" must not keep the menu it was opened from alive).
    @Test(arguments: [true, false]) func closedMenusAndTheirGraphsAreReleased(chooseFirst: Bool) throws {
        weak var menu: PresentedPopup?
        weak var submenu: PresentedPopup?
        weak var submenuGraph: ViewGraph?
        try {
            let h = openEdit(CallLog())
            menu = h.popups.first
            let share = try #require(h.textFrame("Share", in: try #require(menu)))
            h.click(share.midX, share.midY, at: 200)
            submenu = h.popups.last
            submenuGraph = submenu?.graph
            #expect(h.popups.count == 2)
            if chooseFirst {
                h.choose("Mail", at: 400)
                #expect(h.popups.isEmpty)
            }
        }()
        #expect(menu == nil)
        #expect(submenu == nil)
        #expect(submenuGraph == nil)
    }

    @Test func primaryActionRunsOnClickAndTheChevronOpensTheMenu() throws {
        let log = CallLog()
        let h = PopupHarness(
            Menu("Send") {
                Button("Later") { log("later") }
            } primaryAction: {
                log("send")
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading))
        let send = try #require(h.textFrame("Send"))
        h.click(send.midX, send.midY, at: 0)
        #expect(log.entries == ["send"])
        #expect(h.popups.isEmpty)
        // The chevron's button is to the right of the label's.
        let chevronX = try #require(frame(of: "Image", in: h.graph)).midX
        h.click(chevronX, send.midY, at: 200)
        #expect(h.popups.count == 1)
        h.choose("Later", at: 400)
        #expect(log.entries == ["send", "later"])
    }
}
