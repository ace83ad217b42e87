import CompositorHarness
import Foundation
import Raster
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary
@testable import WaylandUI

/// Badges drawn through the renderer, light and dark, compared with references that were looked at: a red
/// capsule with a white count on a tab of the bar, and counts and text at the trailing side of list rows.
@MainActor
@Suite struct BadgeRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    struct Mail: View {
        var body: some View {
            TabView {
                List {
                    Text("Recents").badge(12)
                    Text("Servers").badge("Default")
                    Text("Favorites")
                }
                .tabItem { Label("Inbox", systemImage: "tray") }
                .badge(3)
                Text("Sent mail")
                    .tabItem { Label("Sent", systemImage: "paperplane") }
            }
            .font(.custom("DejaVu Sans", size: 15))
        }
    }

    /// Narrow (the bar at the bottom, icon over title) in both schemes, and wide (the bar at the top).
    @Test(arguments: [(ColorScheme.light, false), (.dark, false), (.light, true)])
    func badgesOnATabAndOnListRows(scheme: ColorScheme, wide: Bool) throws {
        let description = WindowDescription(
            title: "", defaultSize: nil, makeContent: { AnyView(Mail().preferredColorScheme(scheme)) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: wide ? 640 : 360, height: 240))
        let name = (scheme == .dark ? "badges-dark" : "badges") + (wide ? "-wide" : "")
        let png = FileManager.default.temporaryDirectory.appending(path: "\(name)-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: name, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
