// A 1 MB `Text` in a `ScrollView` at 1920×1080 beside a 32 KB one (three screens): the first frame (graph built, laid out and
// painted with real fonts) and a frame while scrolling (40 points a frame), as CPU time; the ratio says how far
// the huge text's cost is from what is visible (want near 1).
import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandUI

/// Paragraphs of a few sentences each, joined by line breaks, until `bytes` long.
func sampleProse(bytes: Int) -> String {
    let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "while", "seven", "wizards",
                 "quietly", "hex", "box", "jumbled", "sphinx", "of", "black", "quartz", "judge", "my", "vow"]
    var text = ""
    text.reserveCapacity(bytes + 100)
    var seed: UInt32 = 12345
    func next() -> Int {
        seed = seed &* 1_103_515_245 &+ 12345
        return Int(seed >> 16)
    }
    while text.utf8.count < bytes {
        let length = 20 + next() % 180
        for index in 0..<length {
            if index > 0 { text += " " }
            text += words[next() % words.count]
        }
        text += ".\n"
    }
    return text
}

@MainActor
func hugeTextFrames(bytes: Int) throws -> (first: Double, scroll: Double) {
    let string = sampleProse(bytes: bytes)
    let size = CGSize(width: 1920, height: 1080)
    let stride = 1920 * 4
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * 1080, alignment: 16)
    defer { pixels.deallocate() }
    var firsts: [Double] = []
    var scrolls: [Double] = []
    for _ in 0..<3 {
        // A new text system each time: nothing shaped before the first frame.
        let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        var painter: FramePainter?
        var graph: ViewGraph?
        let start = threadCPUMilliseconds()
        graph = ViewGraph(root: ScrollView { Text(verbatim: string) }, size: size)
        graph!.textMeasurer = renderer.text
        graph!.imageSizeProvider = renderer.images
        painter = FramePainter(graph: graph!, renderer: renderer)
        _ = painter!.paint(size: size, scale: 1, pixels: pixels, width: 1920, height: 1080, stride: stride, bufferAge: 0)
        firsts.append(threadCPUMilliseconds() - start)
        let gestures = GestureSystem(graph: graph!)
        for frame in 1...20 {
            let event = InputEvent(.scroll(CGSize(width: 0, height: 40)), location: CGPoint(x: 960, y: 540), time: Double(frame))
            let start = threadCPUMilliseconds()
            gestures.handle(frame: [event])
            graph!.update(at: Double(frame) / 60)
            _ = painter!.paint(size: size, scale: 1, pixels: pixels, width: 1920, height: 1080, stride: stride, bufferAge: 1)
            scrolls.append(threadCPUMilliseconds() - start)
        }
    }
    return (firsts.sorted()[firsts.count / 2], scrolls.sorted()[scrolls.count / 2])
}

@MainActor
func runHugeText() throws {
    let small = try hugeTextFrames(bytes: 32 << 10)
    let huge = try hugeTextFrames(bytes: 1 << 20)
    print("Text benchmark: ScrollView { Text } of 1 MB vs 32 KB of prose at 1920x1080, scrolled 40 points a frame")
    print(String(format: "  first frame               %10.3f ms CPU  %10.3f ms CPU   ratio %.1f", small.first, huge.first,
                 huge.first / small.first))
    print(String(format: "  frame while scrolling     %10.3f ms CPU  %10.3f ms CPU   ratio %.1f", small.scroll, huge.scroll,
                 huge.scroll / small.scroll))
}

