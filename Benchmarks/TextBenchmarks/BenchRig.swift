// What every text benchmark drives: a view graph filling a 1920×1080 window, painted with real fonts (Raster) into
// one pixel buffer, with keyboard focus.
import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandUI

func threadCPUMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
}

@MainActor
final class BenchRig {
    static let width = 1920, height = 1080
    let size = CGSize(width: BenchRig.width, height: BenchRig.height)
    let graph: ViewGraph
    let focus: FocusSystem
    private let painter: FramePainter
    private let stride = BenchRig.width * 4
    nonisolated(unsafe) private let pixels: UnsafeMutableRawPointer

    /// Builds the graph with a new text system (nothing shaped yet) and paints nothing.
    init<Root: View>(root: Root) throws {
        let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        graph = ViewGraph(root: root, size: size)
        graph.textMeasurer = renderer.text
        graph.imageSizeProvider = renderer.images
        focus = FocusSystem(graph: graph)
        painter = FramePainter(graph: graph, renderer: renderer)
        pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * BenchRig.height, alignment: 16)
    }

    deinit { pixels.deallocate() }

    /// Paints a frame; `age` 0 repaints everything, 1 only the damage since the last frame.
    func frame(age: Int) {
        _ = painter.paint(
            size: size, scale: 1, pixels: pixels, width: BenchRig.width, height: BenchRig.height, stride: stride,
            bufferAge: age)
    }

    /// The first full frame, then focus moved into the window (to its first field) and the frame that shows it.
    func focusFirstField() {
        frame(age: 0)
        focus.activate()
        frame(age: 1)
    }
}
