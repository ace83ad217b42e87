import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// A megabyte of text in a scroll view, through the graph and the renderer: a scroll frame shapes and breaks
/// nothing and places only the lines it shows.
@MainActor
@Suite struct HugeTextRenderingTests {
    /// About a megabyte: 5 000 paragraphs of one to four sentences.
    static let megabyte: String = {
        let sentence = "Seven wizards quietly judge the jumbled box of black quartz, and the lazy dog sleeps. "
        var text = ""
        var index = 0
        while text.utf8.count < 1 << 20 {
            text += "\(index): " + String(repeating: sentence, count: 1 + index % 4) + "\n"
            index += 1
        }
        return text
    }()

    @Test func aScrollFrameShapesNothingAndPlacesOnlyVisibleLines() throws {
        let size = CGSize(width: 400, height: 300)
        let text = try TextSystem()
        let spec = TextSystem.fontSpec(for: Font.custom("DejaVu Sans", size: 14).resolve())
        let lineHeight = try text.engine.measure("x", font: spec).size.height
        let visible = Int((size.height / lineHeight).rounded(.up))
        let renderer = DisplayListRenderer(text: text, images: ImageStore())
        let graph = ViewGraph(root: ScrollView { Text(verbatim: Self.megabyte).font(.custom("DejaVu Sans", size: 14)) })
        graph.textMeasurer = renderer.text
        graph.imageSizeProvider = renderer.images
        graph.size = size
        graph.update()
        let canvas = try RasterCanvas(width: 400, height: 300, scale: 1)
        let whole = PixelRegion(PixelBox(x: 0, y: 0, width: 400, height: 300))
        renderer.render(graph.displayList, into: canvas, region: whole)
        let first = text.engine.counters
        let paragraphs = Self.megabyte.split(separator: "\n").count
        #expect(first.paragraphsShaped == paragraphs + 1)  // and the "x" measured above
        #expect(first.linesPlaced <= visible + 4)

        /// The canvas's pixels, to see that each scroll shows other lines.
        func picture() -> [UInt32] { (0..<300).flatMap { y in (0..<400).map { canvas.pixel(x: $0, y: y) } } }
        var pictures = [picture()]
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        for step in 1...5 {
            let before = text.engine.counters
            gestures.handle(frame: [
                InputEvent(
                    .scroll(CGSize(width: 0, height: 5000)), location: CGPoint(x: 200, y: 150), time: Double(step))
            ])
            graph.update()
            renderer.render(graph.displayList, into: canvas, region: whole)
            let after = text.engine.counters
            #expect(after.paragraphsShaped == before.paragraphsShaped && after.layoutsBroken == before.layoutsBroken)
            let placed = after.linesPlaced - before.linesPlaced
            #expect(placed >= visible - 1 && placed <= visible + 4, "\(placed) lines placed")
            #expect(!pictures.contains(picture()))
            pictures.append(picture())
        }
        #expect(text.engine.counters.paragraphsShaped == first.paragraphsShaped)
    }
}
