import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Popups drawn offscreen, where a compositor would place them, over the window (what `--screenshot` without a
/// compositor and previews show), compared with reference images.
@MainActor
@Suite struct PopupRenderTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    func compare(_ canvas: RasterCanvas, reference: String) throws -> String? {
        let png = FileManager.default.temporaryDirectory.appending(path: "\(reference)-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        return try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: reference, in: references)
    }

    /// A popover presented from the first frame: below its button, its arrow pointing up at it.
    @Test func popoverDrawsBelowItsButtonWithAnArrow() throws {
        let view = VStack {
            Button("Info") {}
                .popover(isPresented: .constant(true)) {
                    Text("Details about this item").padding(4)
                }
            Spacer()
        }
        .padding(20)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color(red: 30 / 255, green: 110 / 255, blue: 90 / 255))
        .font(.custom("DejaVu Sans", size: 14))
        let description = WindowDescription(title: "", defaultSize: nil, makeContent: { AnyView(view) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 320, height: 160))
        let mismatch = try compare(canvas, reference: "offscreen-popover")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// A menu opened by a click, its second row highlighted by the keyboard; its submenu row has a chevron and
    /// its destructive row is red.
    @Test func openMenuWithAHighlightedRow() throws {
        let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        let view = VStack(alignment: .leading) {
            Menu("Edit") {
                Button("Copy") {}
                Button("Paste") {}
                Divider()
                Menu("Share") { Button("Mail") {} }
                Button("Delete", role: .destructive) {}
            }
            Spacer()
        }
        .padding(20)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(Color(red: 30 / 255, green: 110 / 255, blue: 90 / 255))
        .font(.custom("DejaVu Sans", size: 14))
        let graph = ViewGraph(root: view, size: CGSize(width: 260, height: 240))
        graph.textMeasurer = renderer.text
        graph.imageSizeProvider = renderer.images
        let clock = VirtualClock()
        let popups = OffscreenPopupPresenter(
            graph: graph, windowGestures: GestureSystem(graph: graph, clock: clock), clock: clock)
        popups.update()
        // The Edit button's label starts 20 points in; a click on it opens the menu.
        popups.handle(frame: [.pointerDown(CGPoint(x: 40, y: 32), time: 0)])
        popups.handle(frame: [.pointerUp(CGPoint(x: 40, y: 32), time: 40)])
        popups.update()
        #expect(popups.popups.count == 1)
        popups.handleKey(KeyPress(phase: .down, key: .downArrow, characters: "", modifiers: []))
        popups.update()
        popups.handleKey(KeyPress(phase: .down, key: .downArrow, characters: "", modifiers: []))
        let canvas = try RasterCanvas(width: 260, height: 240, scale: 1)
        renderer.render(
            popups.update(), into: canvas, region: PixelRegion(PixelBox(x: 0, y: 0, width: 260, height: 240)))
        let mismatch = try compare(canvas, reference: "offscreen-menu-open")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
