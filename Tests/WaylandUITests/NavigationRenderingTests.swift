import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Navigation pages drawn through the renderer (one update, as the first frame of a window), compared with
/// references that were looked at: a pushed page with its header bar, toolbar and bottom bar; a root page
/// merged with the window's own title bar.
@MainActor
@Suite struct NavigationRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    struct PushedPage: View {
        var body: some View {
            NavigationStack(path: .constant([3])) {
                Text("Root")
                    .navigationDestination(for: Int.self) { number in
                        Text("Message \(number)")
                            .navigationTitle("Details")
                            .toolbar {
                                ToolbarItem(placement: .confirmationAction) { Button("Save") {} }
                                ToolbarItem(placement: .primaryAction) {
                                    Button {
                                    } label: {
                                        Image(systemName: "trash")
                                    }
                                }
                                ToolbarItemGroup(placement: .bottomBar) {
                                    Button {
                                    } label: {
                                        Image(systemName: "square.and.arrow.up")
                                    }
                                    Spacer()
                                    Button {
                                    } label: {
                                        Image(systemName: "star")
                                    }
                                }
                            }
                    }
            }
        }
    }

    struct Inbox: View {
        var body: some View {
            NavigationStack {
                VStack(alignment: .leading, spacing: 12) {
                    NavigationLink("First message", value: 1)
                    NavigationLink("Second message", value: 2)
                }
                .navigationTitle("Inbox")
                .toolbar {
                    ToolbarItem(placement: .navigation) {
                        Button {
                        } label: {
                            Image(systemName: "list.bullet")
                        }
                    }
                    ToolbarItem {
                        Button {
                        } label: {
                            Image(systemName: "plus")
                        }
                    }
                }
            }
        }
    }

    struct Folders: View {
        var body: some View {
            NavigationSplitView {
                VStack(alignment: .leading, spacing: 12) {
                    NavigationLink("Inbox", value: "Inbox")
                    NavigationLink("Archive", value: "Archive")
                }
                .navigationTitle("Mail")
            } detail: {
                Text("No folder selected")
                    .foregroundColor(.gray)
                    .navigationTitle("Messages")
                    .toolbar {
                        ToolbarItem {
                            Button {
                            } label: {
                                Image(systemName: "square.and.pencil")
                            }
                        }
                    }
            }
        }
    }

    /// A searchable list on a stack's root page: the search bar under the header bar.
    struct Fruits: View {
        let query: String
        var body: some View {
            NavigationStack {
                List(["Apple", "Apricot", "Banana"].filter { query.isEmpty || $0.hasPrefix(query) }, id: \.self) {
                    Text($0)
                }
                .listStyle(.plain)
                .navigationTitle("Fruits")
            }
            .searchable(text: .constant(query), prompt: "Find a fruit")
        }
    }

    func render(_ view: some View, size: CGSize) throws -> Screenshot {
        let description = WindowDescription(title: "", defaultSize: nil, makeContent: { AnyView(view) })
        let canvas = try OffscreenRenderer.render(description, size: size)
        let png = FileManager.default.temporaryDirectory.appending(path: "navigation-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        return try Screenshot.decode(png)
    }

    @Test func aPushedPageWithItsBars() throws {
        let shot = try render(PushedPage(), size: CGSize(width: 360, height: 240))
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: "navigation-pushed-page",
            in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// The window's title bar (floating: round corners, shadow margin) gives way to the stack's header bar.
    @Test func aHeaderBarMergedWithTheWindowTitleBar() throws {
        let chrome = WindowChrome(title: "Mail")
        chrome.showsTitleBar = true
        chrome.frameMargin = WindowChrome.floatingFrameMargin
        let shot = try render(
            DecoratedRoot(chrome: chrome, content: AnyView(Inbox())), size: CGSize(width: 400, height: 200))
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: "navigation-merged-title-bar",
            in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// The search bar: the prompt in the empty entry (light), then a query with the clear button (dark).
    @Test(arguments: [("", ColorScheme.light, "navigation-search-bar"), ("Ap", .dark, "navigation-search-bar-dark")])
    func aSearchBarUnderTheHeaderBar(query: String, scheme: ColorScheme, reference: String) throws {
        let shot = try render(
            Fruits(query: query).preferredColorScheme(scheme), size: CGSize(width: 360, height: 176))
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: reference, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// Two columns, each with its header bar; the window controls end the detail's bar.
    @Test func aSplitViewWithItsTwoHeaderBars() throws {
        let chrome = WindowChrome(title: "Mail")
        chrome.showsTitleBar = true
        let shot = try render(
            DecoratedRoot(chrome: chrome, content: AnyView(Folders())), size: CGSize(width: 640, height: 200))
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: "navigation-split-view", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
