import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Grids drawn through the renderer, compared with references that were looked at: a photo-style adaptive grid
/// scrolled so its second section's header is pinned at the top, and a `Grid` table with spanning cells.
@MainActor
@Suite struct GridRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    /// Renders `view` at `size` after scrolling the scroll view under the centre by `scroll` points.
    func render<V: View>(_ view: V, size: CGSize, scroll: CGFloat) throws -> Screenshot {
        let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        let graph = ViewGraph(root: view)
        graph.textMeasurer = renderer.text
        graph.imageSizeProvider = renderer.images
        graph.size = size
        graph.update()
        if scroll != 0 {
            let gestures = GestureSystem(graph: graph, clock: VirtualClock())
            let center = CGPoint(x: size.width / 2, y: size.height / 2)
            gestures.handle(frame: [InputEvent(.scroll(CGSize(width: 0, height: scroll)), location: center, time: 1)])
            graph.update()
        }
        let canvas = try RasterCanvas(width: Int(size.width), height: Int(size.height), scale: 1)
        renderer.render(
            OffscreenPopupPresenter(graph: graph).update(), into: canvas,
            region: PixelRegion(PixelBox(x: 0, y: 0, width: Int(size.width), height: Int(size.height))))
        let png = FileManager.default.temporaryDirectory.appending(path: "grid-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        return try Screenshot.decode(png)
    }

    struct Photos: View {
        var body: some View {
            ScrollView {
                LazyVGrid(
                    columns: [GridItem(.adaptive(minimum: 70), spacing: 4)], spacing: 4, pinnedViews: [.sectionHeaders]
                ) {
                    ForEach(0..<3) { section in
                        Section {
                            ForEach(0..<9) { photo in
                                let hue = Double(section * 9 + photo) / 27
                                RoundedRectangle(cornerRadius: 6)
                                    .fill(Color(hue: hue, saturation: 0.6, brightness: 0.9))
                                    .aspectRatio(1, contentMode: .fit)
                                    .overlay(Text("\(photo + 1)").foregroundColor(.white))
                            }
                        } header: {
                            Text("Album \(section + 1)")
                                .frame(maxWidth: .infinity, alignment: .leading)
                                .padding(6)
                                .background(Color(white: 0.92))
                        }
                    }
                }
                .padding(.horizontal, 4)
            }
            .font(.custom("DejaVu Sans", size: 14))
            .background(Color.white)
        }
    }

    @Test func adaptivePhotoGridWithAPinnedHeaderMidScroll() throws {
        // 300 wide: four columns of 70.5; section 1 is a header and three rows; 330 down, album 2 is pinned.
        let shot = try render(Photos(), size: CGSize(width: 300, height: 260), scroll: 330)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: "grid-photos-pinned", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func gridTableWithSpanningCells() throws {
        let table = Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 8) {
            GridRow {
                Text("Fruit").bold()
                Text("Count").bold().gridColumnAlignment(.trailing)
                Text("Price").bold().gridColumnAlignment(.trailing)
            }
            // Taking all the width offered, the divider widens the columns equally.
            Divider()
            GridRow {
                Text("Apple")
                Text("3")
                Text("1.20")
            }
            GridRow {
                Text("Cherry")
                Text("250")
                Text("8.00")
            }
            GridRow {
                Text("Sold out").italic().gridCellColumns(2).gridCellAnchor(.center)
                Color.orange.frame(width: 20, height: 20)
            }
            Color.blue.opacity(0.3).frame(height: 6)
        }
        .padding(10)
        .font(.custom("DejaVu Sans", size: 14))
        .background(Color.white)
        let shot = try render(table, size: CGSize(width: 240, height: 180), scroll: 0)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: "grid-table", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
