// The scope drag of seed 002 offscreen at 1920×1080: a pointer drag moves the circular mask over the
// landscape photo; each frame is the input event, the graph update and the repaint of the damaged pixels
// (buffer age 2, as with a compositor that holds one buffer). Printed beside the floor of the same frames:
// the same pixels repainted straight with Raster (the photo drawn through a disc clip).
import CAllocationCounter
import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandUI

/// The drag's pointer positions: a circle of 300 points around the window's centre, one step a frame, on
/// whole points as a mouse reports them on a scale-1 output.
func scopeDragPoint(_ frame: Int) -> CGPoint {
    let angle = Double(frame) * 0.05
    return CGPoint(x: (960 + 300 * cos(angle)).rounded(), y: (540 + 300 * sin(angle)).rounded())
}

@MainActor
func scopeBenchmark(frames: Int) throws {
    // `Image("Landscape")` is found in the working directory, as beside the Showcase executable.
    let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../../Sources/Showcase/Resources").standardized.path
    FileManager.default.changeCurrentDirectoryPath(resources)
    let size = CGSize(width: 1920, height: 1080)
    let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
    let graph = ViewGraph(root: ScopeView(), size: size)
    graph.textMeasurer = renderer.text
    graph.imageSizeProvider = renderer.images
    let gestures = GestureSystem(graph: graph)
    let painter = FramePainter(graph: graph, renderer: renderer)
    let stride = 1920 * 4
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * 1080, alignment: 16)
    defer { pixels.deallocate() }
    _ = painter.paint(size: size, scale: 1, pixels: pixels, width: 1920, height: 1080, stride: stride, bufferAge: 0)
    gestures.handle(.pointerDown(scopeDragPoint(0), time: 0))
    _ = painter.paint(size: size, scale: 1, pixels: pixels, width: 1920, height: 1080, stride: stride, bufferAge: 1)
    var samples: [Double] = []
    var allocations: [Double] = []
    // Reserved, so that the samples themselves allocate nothing while frames are counted.
    samples.reserveCapacity(frames)
    allocations.reserveCapacity(frames)
    var repainted = 0
    for frame in 1...frames {
        let start = threadCPUMilliseconds()
        let allocationsBefore = allocation_count()
        gestures.handle(.pointerMove(scopeDragPoint(frame), time: Double(frame) * 16))
        let region = painter.paint(
            size: size, scale: 1, pixels: pixels, width: 1920, height: 1080, stride: stride, bufferAge: 2)
        allocations.append(Double(allocation_count() - allocationsBefore))
        samples.append(threadCPUMilliseconds() - start)
        repainted += region.area
    }
    // The floor: the photo drawn through a 250-point disc at the same positions, repainting the same boxes.
    let canvas = try RasterCanvas(width: 1920, height: 1080)
    let photo = try RasterImage(contentsOfFile: resources + "/Landscape.jpg")
    var floorSamples: [Double] = []
    for frame in 1...frames {
        let start = threadCPUMilliseconds()
        let centre = scopeDragPoint(frame), previous = scopeDragPoint(frame - 2)
        let disc = CGRect(x: centre.x - 125, y: centre.y - 125, width: 250, height: 250)
        let old = CGRect(x: previous.x - 125, y: previous.y - 125, width: 250, height: 250)
        let damage = disc.union(old).insetBy(dx: -1, dy: -1)
        canvas.withSavedState {
            canvas.clip(to: PixelRegion(PixelBox(
                x0: Int(damage.minX), y0: Int(damage.minY), x1: Int(damage.maxX.rounded(.up)),
                y1: Int(damage.maxY.rounded(.up)))))
            canvas.clear(.white)
            canvas.clip(to: .ellipse(disc))
            canvas.draw(photo, in: CGRect(origin: .zero, size: size))
        }
        floorSamples.append(threadCPUMilliseconds() - start)
    }
    // The fastest tenth too: what the frame costs when the neighbours leave the machine alone.
    let s = median(samples), f = median(floorSamples)
    let sq = fastestTenth(samples), fq = fastestTenth(floorSamples)
    print(String(format: "  scope drag (seed 002), per frame %8.3f ms CPU (fastest tenth %.3f)   Raster floor %.3f (%.3f)   ratio %.2f (%.2f)   %d px repainted/frame",
                 s, sq, f, fq, s / f, sq / fq, repainted / frames))
    // Counted by the benchmark's malloc family (CAllocationCounter): the goal is none in a steady frame.
    print(String(format: "  scope drag (seed 002), heap allocations per frame: median %.0f, fewest %.0f, most %.0f",
                 median(allocations), allocations.min() ?? 0, allocations.max() ?? 0))
}
