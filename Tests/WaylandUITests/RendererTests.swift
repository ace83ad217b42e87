import CompositorHarness
import Foundation
import Raster
import Testing
import WaylandClient

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary
@testable import WaylandUI

/// The display-list renderer on its own: a view drawn offscreen, pixels read back.
@MainActor
@Suite struct RendererTests {
    func render<V: View>(_ view: V, width: CGFloat = 40, height: CGFloat = 40) throws -> RasterCanvas {
        let description = WindowDescription(title: "", defaultSize: nil, makeContent: { AnyView(view) })
        return try OffscreenRenderer.render(description, size: CGSize(width: width, height: height))
    }

    func rgb(_ canvas: RasterCanvas, _ x: Int, _ y: Int) -> [Int] {
        let pixel = canvas.pixel(x: x, y: y)
        return [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
    }

    @Test func blendModeMultiplyDarkensWhatIsBelow() throws {
        let canvas = try render(
            ZStack {
                Color(red: 0.5, green: 1, blue: 1)
                Color(red: 1, green: 0.5, blue: 0).frame(width: 20, height: 20).blendMode(.multiply)
            })
        // Inside the square: (0.5·1, 1·0.5, 1·0) ≈ (128, 128, 0); outside: the cyan-ish background.
        let inside = rgb(canvas, 20, 20)
        let outside = rgb(canvas, 2, 2)
        #expect(zip(inside, [128, 128, 0]).allSatisfy { abs($0 - $1) <= 1 }, "\(inside)")
        #expect(zip(outside, [128, 255, 255]).allSatisfy { abs($0 - $1) <= 1 }, "\(outside)")
    }

    @Test func contentUnderAMaskThatDrawsNothingIsNotDrawn() throws {
        let frame = CGRect(x: 5, y: 5, width: 20, height: 20)
        let circle = DisplayItem.fill(
            FillOperation(
                path: UICore.Path(ellipseIn: frame), primitive: .ellipse(frame),
                paint: .color(RGBA(red: 0, green: 0, blue: 0)), eoFill: false, antialiased: true))
        let clear = DisplayItem.fill(
            FillOperation(
                path: UICore.Path(ellipseIn: frame), primitive: .ellipse(frame),
                paint: .color(RGBA(red: 0, green: 0, blue: 0, opacity: 0)), eoFill: false, antialiased: true))
        #expect(DisplayListRenderer.drawsNothing([]))
        #expect(DisplayListRenderer.drawsNothing([clear]))
        #expect(DisplayListRenderer.drawsNothing([.layer(DisplayLayer(effect: .opacity(0), items: [circle]))]))
        #expect(
            DisplayListRenderer.drawsNothing([
                .layer(
                    DisplayLayer(
                        effect: .shadow(color: RGBA(red: 0, green: 0, blue: 0), radius: 3, offset: .zero),
                        items: [clear]))
            ]))
        #expect(!DisplayListRenderer.drawsNothing([circle]))
        #expect(!DisplayListRenderer.drawsNothing([clear, circle]))
        #expect(!DisplayListRenderer.drawsNothing([.layer(DisplayLayer(effect: .opacity(0.01), items: [circle]))]))
        let identity = ColorMatrix()
        #expect(
            !DisplayListRenderer.drawsNothing([.layer(DisplayLayer(effect: .colorMatrix(identity), items: []))]),
            "a colour matrix can make pixels from nothing")
        // The scope of seed 002 while no finger is down: the masked content leaves the background as it was.
        for faded in [true, false] {
            let canvas = try render(
                ZStack {
                    Color.white
                    Color.red.mask(Circle().frame(width: 20, height: 20).opacity(faded ? 0 : 1))
                })
            #expect(rgb(canvas, 20, 20) == (faded ? [255, 255, 255] : [255, 59, 48]), "faded \(faded)")
            #expect(rgb(canvas, 2, 2) == [255, 255, 255])
        }
    }

    /// A small mask over a large view (the scope demo's circle over a full-window photo): the content and mask
    /// layers cover only the mask's bounds, so no full-window layer buffers are made and kept for reuse.
    @Test func aMaskedLayerIsNoLargerThanItsMask() throws {
        let (width, height) = (400, 300)
        let view = Color.blue.frame(width: 400, height: 300)
            .mask(Circle().opacity(0.5).frame(width: 20, height: 20).position(x: 100, y: 100))
        let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        let graph = ViewGraph(root: view, size: CGSize(width: width, height: height))
        graph.textMeasurer = renderer.text
        let list = graph.update()
        let workspace = RasterWorkspace()
        let stride = width * 4
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)
        defer { pixels.deallocate() }
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        let canvas = try RasterCanvas(
            pixels: pixels, width: width, height: height, stride: stride, workspace: workspace)
        renderer.render(list, into: canvas, region: PixelRegion(PixelBox(x: 0, y: 0, width: width, height: height)))
        // Inside the circle the blue at half opacity over the white background (red halved); outside, white.
        let inside = canvas.pixel(x: 100, y: 100)
        #expect(abs(Int(inside >> 16 & 0xFF) - 128) <= 1 && inside & 0xFF == 0xFF, "\(String(inside, radix: 16))")
        #expect(canvas.pixel(x: 200, y: 200) == 0xFFFF_FFFF && canvas.pixel(x: 100, y: 85) == 0xFFFF_FFFF)
        // A layer of the whole view is 480 000 bytes; two of the mask's size are below what the pool keeps.
        #expect(workspace.pooledBytes < width * height * 4, "\(workspace.pooledBytes) bytes of layers kept")
    }

    @Test func blendModeScreenLightens() throws {
        let canvas = try render(
            ZStack {
                Color(white: 0.5)
                Color(white: 0.5).blendMode(.screen)
            })
        // 1 − (1 − ½)² = ¾ ⇒ 191 or 192.
        #expect(rgb(canvas, 20, 20).allSatisfy { abs($0 - 191) <= 1 }, "\(rgb(canvas, 20, 20))")
    }
}

/// Fractional scales (`wp_fractional_scale_v1`: none of the compositors here offers it, so the renderer is
/// checked on its own): the buffer is round(points × scale) and edges on device pixels stay sharp.
@MainActor
@Suite struct FractionalScaleTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    struct Scene: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 8) {
                Color.red.frame(width: 80, height: 40)
                Text("Crisp · Чётко · 清晰").font(.custom("DejaVu Sans", size: 14)).foregroundColor(.black)
                HStack(spacing: 8) {
                    Circle().stroke(Color.blue, lineWidth: 2).frame(width: 30, height: 30)
                    RoundedRectangle(cornerRadius: 6).fill(Color.green).frame(width: 50, height: 30)
                }
            }
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(Color.white)
        }
    }

    @Test(arguments: [1.25, 1.5])
    func sceneAtFractionalScale(scale: Double) throws {
        let description = WindowDescription(title: "", defaultSize: nil, makeContent: { AnyView(Scene()) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 201, height: 120), scale: scale)
        // 201 × 1.25 = 251.25 ▸ 251; 201 × 1.5 = 301.5 ▸ 302 (rounded, as the viewport's buffer).
        #expect(canvas.width == Int((201 * scale).rounded()) && canvas.height == Int((120 * scale).rounded()))
        // The red box spans points 8…88 × 8…48: at 1.25 that is 10…110 device pixels, whole pixels both sides.
        if scale == 1.25 {
            let inside = canvas.pixel(x: 60, y: 30)
            #expect(
                canvas.pixel(x: 10, y: 30) == inside && canvas.pixel(x: 109, y: 30) == inside, "no blended edge pixels")
            #expect(canvas.pixel(x: 9, y: 30) == 0xFFFF_FFFF && canvas.pixel(x: 110, y: 30) == 0xFFFF_FFFF)
        }
        let png = FileManager.default.temporaryDirectory.appending(path: "fractional-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height,
            reference: "fractional-scene@\(scale)x", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}

/// `wl_pointer` axis frames become UICore scroll events: wheel steps (value120) set the distance, 50 points a
/// notch; without them the axis value is used as it is (touchpads, wheels without steps).
@MainActor
@Suite struct PointerScrollTranslationTests {
    func scrolled(by frame: [PointerEvent]) -> CGPoint {
        let graph = ViewGraph(
            root: ScrollView(.horizontal.union(.vertical)) { Color.red.frame(width: 2000, height: 2000) },
            size: CGSize(width: 400, height: 300))
        graph.update()
        let router = InputRouter(gestures: GestureSystem(graph: graph, clock: VirtualClock()))
        router.handle([.enter(serial: 1, surfaceID: 1, x: 200, y: 150)])
        router.handle(frame)
        graph.update()
        // The red square's window frame (inside the scroll view's clip): its origin is minus the scroll offset.
        guard case .layer(let clip)? = graph.displayList.items.first, case .fill(let square)? = clip.items.first else {
            return .zero
        }
        let origin = square.path.boundingRect.origin
        return CGPoint(x: -origin.x, y: -origin.y)
    }

    @Test func wheelNotchesScrollFiftyPointsEach() {
        let offset = scrolled(by: [
            .axisSource(0), .axis(time: 10, axis: 0, value: 15), .axisValue120(axis: 0, value120: 240),
        ])
        #expect(offset == CGPoint(x: 0, y: 100))
    }

    @Test func continuousValuesScrollAsTheyAre() {
        let offset = scrolled(by: [
            .axisSource(1), .axis(time: 10, axis: 0, value: 12.5), .axis(time: 10, axis: 1, value: -4),
            .axis(time: 10, axis: 1, value: 30),
        ])
        #expect(offset == CGPoint(x: 26, y: 12.5))
    }

    /// Clips and masks that are rectangles, rounded rectangles or ellipses are drawn with those shapes' exact
    /// coverage; any other outline stays a path.
    @Test func clipPathsOfSimpleShapesAreRecognised() {
        let frame = CGRect(x: 10.5, y: 20, width: 250, height: 120)
        #expect(DisplayListRenderer.clipShape(UICore.Path(frame), eoFill: false) == .rect(frame))
        #expect(DisplayListRenderer.clipShape(UICore.Path(ellipseIn: frame), eoFill: false) == .ellipse(frame))
        #expect(
            DisplayListRenderer.clipShape(UICore.Path(roundedRect: frame, cornerRadius: 12), eoFill: false)
                == .roundedRect(frame, cornerWidth: 12, cornerHeight: 12))
        // A window's content clip and background with square corners (fullscreen) start at its bottom left.
        #expect(
            DisplayListRenderer.clipShape(UICore.Path.topRoundedRect(frame, radius: 0), eoFill: false) == .rect(frame))
        let background = FillOperation(
            path: UICore.Path.topRoundedRect(frame, radius: 0), primitive: nil,
            paint: .color(RGBA(red: 1, green: 1, blue: 1)), eoFill: false, antialiased: true)
        #expect(DisplayListRenderer.shape(of: background) == .rect(frame))
        var backwards = UICore.Path()
        backwards.addLines([
            CGPoint(x: frame.maxX, y: frame.minY), CGPoint(x: frame.minX, y: frame.minY),
            CGPoint(x: frame.minX, y: frame.maxY), CGPoint(x: frame.maxX, y: frame.maxY),
            CGPoint(x: frame.maxX, y: frame.minY),
        ])
        backwards.closeSubpath()
        #expect(DisplayListRenderer.clipShape(backwards, eoFill: true) == .rect(frame))
        // The corners visited crosswise (a bow tie) or a diamond inside the frame are not the rectangle.
        var bowTie = UICore.Path()
        bowTie.addLines([
            CGPoint(x: frame.minX, y: frame.minY), CGPoint(x: frame.maxX, y: frame.maxY),
            CGPoint(x: frame.maxX, y: frame.minY), CGPoint(x: frame.minX, y: frame.maxY),
        ])
        bowTie.closeSubpath()
        var diamond = UICore.Path()
        diamond.addLines([
            CGPoint(x: frame.midX, y: frame.minY), CGPoint(x: frame.maxX, y: frame.midY),
            CGPoint(x: frame.midX, y: frame.maxY), CGPoint(x: frame.minX, y: frame.midY),
        ])
        diamond.closeSubpath()
        for path in [bowTie, diamond] {
            guard case .path = DisplayListRenderer.clipShape(path, eoFill: false) else {
                Issue.record("\(path) is not a rectangle")
                continue
            }
        }
        var triangle = UICore.Path()
        triangle.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)])
        triangle.closeSubpath()
        guard case .path = DisplayListRenderer.clipShape(triangle, eoFill: false) else {
            Issue.record("a triangle is not a simple shape")
            return
        }
        // A single opaque fill masks by its shape; a translucent one does not.
        let opaque = DisplayItem.fill(
            FillOperation(
                path: UICore.Path(ellipseIn: frame), primitive: .ellipse(frame),
                paint: .color(RGBA(red: 0, green: 0, blue: 0)),
                eoFill: false, antialiased: true))
        #expect(DisplayListRenderer.opaqueShape(of: [opaque]) == .ellipse(frame))
        let faded = DisplayItem.fill(
            FillOperation(
                path: UICore.Path(ellipseIn: frame), primitive: .ellipse(frame),
                paint: .color(RGBA(red: 0, green: 0, blue: 0, opacity: 0.5)), eoFill: false, antialiased: true))
        #expect(DisplayListRenderer.opaqueShape(of: [faded]) == nil)
    }
}
