import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A mail-like split view: folders in the sidebar link to folder values; the detail column shows them.
struct FoldersSplit: View {
    var threeColumns = false
    @State var visibility = NavigationSplitViewVisibility.all

    var sidebar: some View {
        VStack(spacing: 10) {
            NavigationLink("Inbox", value: "inbox")
            NavigationLink("Sent", value: "sent")
        }
        .navigationTitle("Folders")
        .navigationDestination(for: String.self) { folder in
            VStack {
                Text("Folder \(folder)")
                NavigationLink("Open message", value: 42)
            }
        }
        .navigationDestination(for: Int.self) { Text("Message \($0)") }
    }

    var body: some View {
        if threeColumns {
            NavigationSplitView(columnVisibility: $visibility) {
                sidebar
            } content: {
                Text("Pick a folder")
            } detail: {
                Text("No message")
            }
        } else {
            VStack(spacing: 0) {
                Button("Hide sidebar") { visibility = .detailOnly }
                NavigationSplitView(columnVisibility: $visibility) {
                    sidebar
                } detail: {
                    Text("Nothing selected")
                }
            }
        }
    }
}

@MainActor
@Suite struct NavigationSplitViewTests {
    @Test func twoColumnsSideBySideAndASidebarLinkShowsInTheDetail() throws {
        let h = NavigationHarness(FoldersSplit(), width: 800, height: 400)
        let headers = allNodes(h.graph).filter { $0 is NavigationBarNode && $0.debugName == "HeaderBar" }
        #expect(headers.count == 2, "a header bar per column")
        let sidebarTitle = try #require(h.textFrame("Folders"))
        #expect(abs(sidebarTitle.midX - 100) < 0.5, "the sidebar is a quarter of 800 points wide: \(sidebarTitle)")
        #expect(h.texts.contains("Nothing selected"))
        let nothing = try #require(h.textFrame("Nothing selected"))
        #expect(
            abs(nothing.midX - (201 + 599 / 2)) < 0.5, "the detail fills the rest after a 1-point divider: \(nothing)")
        let sent = try #require(h.textFrame("Sent"))
        h.click(sent.midX, sent.midY)
        #expect(
            h.texts.contains("Folder sent") && h.texts.contains("Sent"),
            "the sidebar stays, the detail shows: \(h.texts)")
        // A link in the detail pushes there; the sidebar still replaces the detail's pages.
        let open = try #require(h.textFrame("Open message"))
        h.click(open.midX, open.midY)
        #expect(h.texts.contains("Message 42"))
        let inbox = try #require(h.textFrame("Inbox"))
        h.click(inbox.midX, inbox.midY)
        #expect(h.texts.contains("Folder inbox") && !h.texts.contains("Message 42"))
    }

    @Test func aNarrowWindowCollapsesToOneStack() throws {
        let h = NavigationHarness(FoldersSplit(), width: 400, height: 400)
        #expect(!h.texts.contains("Nothing selected"))
        let sent = try #require(h.textFrame("Sent"))
        h.click(sent.midX, sent.midY)
        #expect(h.texts.contains("Folder sent") && !h.texts.contains("Sent"), "pushed over the sidebar: \(h.texts)")
        #expect(h.press(.escape))
        h.finishAnimations()
        #expect(h.texts.contains("Sent"))
    }

    @Test func threeColumnsPassValuesAlong() throws {
        let h = NavigationHarness(FoldersSplit(threeColumns: true), width: 1000, height: 400)
        let pick = try #require(h.textFrame("Pick a folder"))
        #expect(abs(pick.midX - (251 + 150)) < 0.5, "sidebar 250, content 300: \(pick)")
        let inbox = try #require(h.textFrame("Inbox"))
        h.click(inbox.midX, inbox.midY)
        #expect(h.texts.contains("Folder inbox") && h.texts.contains("No message"))
        let open = try #require(h.textFrame("Open message"))
        h.click(open.midX, open.midY)
        #expect(h.texts.contains("Message 42") && h.texts.contains("Folder inbox"), "\(h.texts)")
    }

    @Test func theVisibilityBindingHidesTheSidebar() throws {
        let h = NavigationHarness(FoldersSplit(), width: 800, height: 400)
        let hide = try #require(h.textFrame("Hide sidebar"))
        h.click(hide.midX, hide.midY)
        #expect(!h.texts.contains("Folders"))
        let nothing = try #require(h.textFrame("Nothing selected"))
        #expect(abs(nothing.midX - 400) < 0.5)
    }
}
