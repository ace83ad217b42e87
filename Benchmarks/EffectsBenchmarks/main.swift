// Drawing and effects benchmarks (`make bench`), at 1920×1080, each printed beside its baseline as a ratio:
// - a Canvas of 1 000 stroked paths (graph update, display list, render) against stroking the same paths
//   with Raster directly (goal: within 1.5×);
// - a full-window `.regularMaterial` over content that changes every frame (goal: 4 ms per frame), beside
//   the same frames without the material;
// - an idle `TimelineView(.everyMinute)` app over ten minutes of 60 Hz vsyncs: frames drawn and wakes (goal: none
//   between minutes, so 0 % CPU then), beside a static view (the floor) and a `TimelineView(.animation)`.
import Foundation
import Observation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandUI

func threadCPUMilliseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
}

func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
func fastestTenth(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 10] }

/// 1 000 wavy open paths across the window (deterministic).
func wavyPaths() -> [[(CGPoint, CGPoint, CGPoint)]] {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> CGFloat {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return CGFloat(seed >> 11) / CGFloat(1 << 53)
    }
    return (0..<1000).map { _ in
        var point = CGPoint(x: next() * 1920, y: next() * 1080)
        return (0..<3).map { _ in
            let to = CGPoint(x: point.x + (next() - 0.5) * 200, y: point.y + (next() - 0.5) * 200)
            let c1 = CGPoint(x: point.x + (next() - 0.5) * 100, y: point.y + (next() - 0.5) * 100)
            let c2 = CGPoint(x: to.x + (next() - 0.5) * 100, y: to.y + (next() - 0.5) * 100)
            defer { point = to }
            return (to, c1, c2)
        }
    }
}

@MainActor
func canvasBenchmark() throws {
    let waves = wavyPaths()
    let paths: [Path] = waves.map { segments in
        Path { path in
            path.move(to: CGPoint(x: segments[0].1.x, y: segments[0].1.y))
            for (to, c1, c2) in segments { path.addCurve(to: to, control1: c1, control2: c2) }
        }
    }
    let size = CGSize(width: 1920, height: 1080)
    let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
    let ticker = Scroller()
    let graph = ViewGraph(root: Canvas { context, _ in
        // A colour that changes with each frame, so each frame draws the whole canvas again.
        let shading = GraphicsContext.Shading.color(red: 0.1, green: 0.3, blue: 0.8 - Double(ticker.offset) / 1000)
        for path in paths { context.stroke(path, with: shading, lineWidth: 2) }
    }, size: size)
    let painter = FramePainter(graph: graph, renderer: renderer)
    let stride = 1920 * 4
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * 1080, alignment: 16)
    defer { pixels.deallocate() }
    var canvasSamples: [Double] = []
    for frame in 0..<12 {
        ticker.offset = CGFloat(frame)
        let start = threadCPUMilliseconds()
        _ = painter.paint(size: size, scale: 1, pixels: pixels, width: 1920, height: 1080, stride: stride, bufferAge: 1)
        canvasSamples.append(threadCPUMilliseconds() - start)
    }
    let canvas = try RasterCanvas(width: 1920, height: 1080)
    let region = PixelRegion(PixelBox(x: 0, y: 0, width: 1920, height: 1080))
    // The baseline: the same curves stroked with Raster, no views.
    let rasterPaths: [RasterPath] = waves.map { segments in
        var path = RasterPath()
        path.move(to: CGPoint(x: segments[0].1.x, y: segments[0].1.y))
        for (to, c1, c2) in segments { path.addCurve(to: to, control1: c1, control2: c2) }
        return path
    }
    let paint = Raster.Paint.color(PaintColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1))
    var directSamples: [Double] = []
    for _ in 0..<12 {
        let start = threadCPUMilliseconds()
        canvas.withSavedState {
            canvas.clip(to: region)
            canvas.clear(.white)
            for path in rasterPaths { canvas.stroke(.path(path, .nonZero), style: RasterStrokeStyle(lineWidth: 2), with: paint) }
        }
        directSamples.append(threadCPUMilliseconds() - start)
    }
    let c = median(canvasSamples), d = median(directSamples)
    print(String(format: "  Canvas, 1 000 stroked paths   %8.3f ms CPU   Raster directly %8.3f ms   ratio %.2f   goal ≤ 1.50", c, d, c / d))
}

@Observable @MainActor final class Scroller {
    var offset: CGFloat = 0
}

struct MaterialScene: View {
    let scroller: Scroller
    let material: Bool
    var body: some View {
        ZStack {
            HStack(spacing: 0) {
                ForEach(0..<12, id: \.self) { index in
                    Color(red: Double(index) / 12, green: 1 - Double(index) / 12, blue: Double(index % 3) / 2)
                }
            }
            .offset(x: scroller.offset)
            if material { Rectangle().fill(.regularMaterial) }
        }
    }
}

@MainActor
func materialBenchmark() throws {
    let size = CGSize(width: 1920, height: 1080)
    var results: [Double] = []
    for material in [false, true] {
        let scroller = Scroller()
        let graph = ViewGraph(root: MaterialScene(scroller: scroller, material: material), size: size)
        let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        let painter = FramePainter(graph: graph, renderer: renderer)
        let stride = 1920 * 4
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * 1080, alignment: 16)
        defer { pixels.deallocate() }
        _ = painter.paint(size: size, scale: 1, pixels: pixels, width: 1920, height: 1080, stride: stride, bufferAge: 0)
        var samples: [Double] = []
        for frame in 1...60 {
            scroller.offset = CGFloat(frame % 40) * 3
            let start = threadCPUMilliseconds()
            _ = painter.paint(size: size, scale: 1, pixels: pixels, width: 1920, height: 1080, stride: stride, bufferAge: 1)
            samples.append(threadCPUMilliseconds() - start)
        }
        results.append(median(samples))
    }
    print(String(format: "  regularMaterial over moving content  %8.3f ms/frame   without it %8.3f ms   ratio %.2f   goal ≤ 4 ms",
                 results[1], results[0], results[1] / results[0]))
}

/// A clock that shows the minute: what an idle `TimelineView(.everyMinute)` app draws.
struct MinuteClock: View {
    var body: some View {
        TimelineView(.everyMinute) { context in
            Text("minute \(Int(context.date.timeIntervalSinceReferenceDate / 60) % 1440)").font(.system(size: 48))
        }
    }
}

/// Ten minutes of an app on a 60 Hz display, on a virtual clock: the host draws on a vsync only when the graph
/// animates, has changes, or a view's wake time has come (the timer it arms otherwise). Frames drawn between
/// minute boundaries, wakes, and the CPU the drawn frames took over the whole window, beside the floor (a static
/// view: nothing after its first frame) and a `TimelineView(.animation)` (every vsync).
@MainActor
func idleTimelineBenchmark() throws {
    let size = CGSize(width: 1920, height: 1080)
    let minutes = 10
    func run<V: View>(_ view: V) throws -> (frames: Int, between: Int, wakes: Int, cpu: Double) {
        let graph = ViewGraph(root: view, size: size)
        // The window opens 20 s into a minute.
        let epoch = Date(timeIntervalSinceReferenceDate: 800_000_000)
        graph.dateAtFrameTime = { epoch.addingTimeInterval($0) }
        let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        graph.textMeasurer = renderer.text
        let painter = FramePainter(graph: graph, renderer: renderer)
        let stride = 1920 * 4
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * 1080, alignment: 16)
        defer { pixels.deallocate() }
        var frames = 0
        var between = 0
        var wakes = 0
        var cpu = 0.0
        var wantsFrame = true
        for vsync in 0...(minutes * 60 * 60) {
            let time = Double(vsync) / 60
            if !wantsFrame, let wake = graph.animations.nextWakeTime, wake <= time {
                wakes += 1
                wantsFrame = true
            }
            guard wantsFrame else { continue }
            let start = threadCPUMilliseconds()
            graph.animationClock = { time }
            _ = painter.paint(
                size: size, scale: 1, pixels: pixels, width: 1920, height: 1080, stride: stride,
                bufferAge: frames == 0 ? 0 : 1)
            cpu += threadCPUMilliseconds() - start
            frames += 1
            // A frame more than one vsync after a minute boundary (or the first) is one drawn between minutes.
            let intoMinute = (time + 20).truncatingRemainder(dividingBy: 60)
            if vsync > 0 && intoMinute > 1.0 / 60 + 1e-9 { between += 1 }
            wantsFrame = graph.isAnimating || graph.needsUpdate
        }
        return (frames, between, wakes, cpu)
    }
    struct Still: View {
        var body: some View { Text("12:00").font(.system(size: 48)) }
    }
    struct Live: View {
        var body: some View {
            TimelineView(.animation) { context in
                Text("\(Int(context.date.timeIntervalSinceReferenceDate * 10) % 1000)").font(.system(size: 48))
            }
        }
    }
    let window = Double(minutes * 60 * 1000)
    for (name, result) in [
        ("static view (floor)", try run(Still())), ("TimelineView(.everyMinute)", try run(MinuteClock())),
        ("TimelineView(.animation)", try run(Live())),
    ] {
        let label = name.padding(toLength: 28, withPad: " ", startingAt: 0)
        print(
            "  \(label) "
                + String(
                    format: "over %d min at 60 Hz: %6d frames, %4d between minutes, %3d wakes, CPU %8.1f ms = %.4f %%",
                    minutes, result.frames, result.between, result.wakes, result.cpu, result.cpu / window * 100))
    }
}

// EFFECTS_BENCH_ONLY=canvas|material|idle|scope runs one part (for profiling); EFFECTS_BENCH_FRAMES sets the
// scope drag's frame count.
let only = ProcessInfo.processInfo.environment["EFFECTS_BENCH_ONLY"]
let scopeFrames = ProcessInfo.processInfo.environment["EFFECTS_BENCH_FRAMES"].flatMap { Int($0) } ?? 300
MainActor.assumeIsolated {
    print("Effects benchmark: 1920x1080")
    if only == nil || only == "canvas" { try! canvasBenchmark() }
    if only == nil || only == "material" { try! materialBenchmark() }
    if only == nil || only == "idle" { try! idleTimelineBenchmark() }
    if only == nil || only == "scope" { try! scopeBenchmark(frames: scopeFrames) }
}
