import CompositorHarness
import Foundation
import Observation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Drawing and effects rendered offscreen and compared with reference images (looked at when written).
@MainActor
@Suite struct EffectsRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")
    static let landscape = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources/Showcase/Resources/Landscape.jpg").path

    func compare<V: View>(_ view: V, width: CGFloat, height: CGFloat, reference: String, tolerance: Int = 0) throws {
        let description = WindowDescription(title: "", defaultSize: nil, makeContent: { AnyView(view) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: width, height: height))
        let png = FileManager.default.temporaryDirectory.appending(path: "effects-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, tolerance: tolerance,
            reference: reference, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// A progress ring: a circle trimmed to 70 %, round caps, starting at 12 o'clock, over its track.
    @Test func trimmedRing() throws {
        try compare(
            ZStack {
                Circle().stroke(Color(white: 0.9), lineWidth: 12)
                Circle().trim(from: 0, to: 0.7)
                    .stroke(
                        AngularGradient(colors: [.blue, .purple], center: .center),
                        style: StrokeStyle(lineWidth: 12, lineCap: .round)
                    )
                    .rotationEffect(.degrees(-90))
                EllipticalGradient(colors: [.yellow, .clear], endRadiusFraction: 0.5).frame(width: 40, height: 24)
            }
            .frame(width: 80, height: 80)
            .frame(width: 100, height: 100)
            .background(Color.white), width: 100, height: 100, reference: "effects-trimmed-ring")
    }

    /// A clock drawn in a Canvas at 10:10:30: face, ticks, numerals, three hands.
    @Test func canvasClock() throws {
        try compare(
            CanvasClock(hour: 10, minute: 10, second: 30).frame(width: 120, height: 120).background(Color.white),
            width: 120, height: 120, reference: "effects-canvas-clock")
    }

    /// A regular material over a photograph: the middle band is blurred and whitened.
    @Test func materialOverImage() throws {
        try compare(
            Image(Self.landscape).resizable().frame(width: 160, height: 100)
                .overlay {
                    Text("Material").font(.custom("DejaVu Sans", size: 14)).foregroundColor(.black)
                        .frame(width: 120, height: 40)
                        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 10))
                }, width: 160, height: 100, reference: "effects-material-over-image")
    }

    /// A card flipping about its vertical axis, 60° of the way, in perspective.
    @Test func flipMidway() throws {
        try compare(
            ZStack {
                LinearGradient(colors: [.orange, .pink], startPoint: .topLeading, endPoint: .bottomTrailing)
                Text("Card").font(.custom("DejaVu Sans", size: 18)).foregroundColor(.white)
            }
            .frame(width: 120, height: 80)
            .clipShape(RoundedRectangle(cornerRadius: 10))
            .rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0))
            .frame(width: 160, height: 100)
            .background(Color.white), width: 160, height: 100, reference: "effects-flip-midway")
    }

    /// Colour effects side by side: grayscale, hue rotation, colour invert, blur, brightness.
    @Test func colorEffects() throws {
        let swatch = HStack(spacing: 0) {
            Color.red
            Color.green
            Color.blue
        }.frame(width: 30, height: 30)
        try compare(
            HStack(spacing: 4) {
                swatch
                swatch.grayscale(1)
                swatch.hueRotation(.degrees(120))
                swatch.colorInvert()
                swatch.blur(radius: 3)
                swatch.brightness(0.3)
            }
            .padding(4)
            .background(Color.white), width: 204, height: 38, reference: "effects-color-effects")
    }
}

/// A clock face for a fixed time, drawn in a Canvas (also the Showcase's effects demo, live).
struct CanvasClock: View {
    var hour: Double
    var minute: Double
    var second: Double

    var body: some View {
        Canvas { context, size in
            let radius = min(size.width, size.height) / 2 - 4
            let center = CGPoint(x: size.width / 2, y: size.height / 2)
            context.fill(
                Path(
                    ellipseIn: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
                ),
                with: .color(Color(white: 0.96)))
            context.stroke(
                Path(
                    ellipseIn: CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
                ),
                with: .color(.black), lineWidth: 2)
            var face = context
            face.translateBy(x: center.x, y: center.y)
            for tick in 0..<60 {
                var mark = face
                mark.rotate(by: .degrees(Double(tick) * 6))
                let long = tick % 5 == 0
                mark.stroke(
                    Path {
                        $0.move(to: CGPoint(x: 0, y: -radius + 2))
                        $0.addLine(to: CGPoint(x: 0, y: -radius + (long ? 10 : 5)))
                    },
                    with: .color(.black), lineWidth: long ? 2 : 1)
            }
            for numeral in [12, 3, 6, 9] {
                let angle = Double(numeral) / 12 * 2 * .pi
                let point = CGPoint(x: center.x + (radius - 20) * sin(angle), y: center.y - (radius - 20) * cos(angle))
                context.draw(
                    Text("\(numeral)").font(.custom("DejaVu Sans", size: 11)).foregroundColor(.black), at: point)
            }
            func hand(_ fraction: Double, length: CGFloat, width: CGFloat, color: Color) {
                var c = face
                c.rotate(by: .degrees(fraction * 360))
                c.stroke(
                    Path {
                        $0.move(to: CGPoint(x: 0, y: 6))
                        $0.addLine(to: CGPoint(x: 0, y: -length))
                    },
                    with: .color(color), style: StrokeStyle(lineWidth: width, lineCap: .round))
            }
            hand((hour + minute / 60) / 12, length: radius * 0.5, width: 4, color: .black)
            hand((minute + second / 60) / 60, length: radius * 0.75, width: 3, color: .black)
            hand(second / 60, length: radius * 0.85, width: 1, color: .red)
            face.fill(Path(ellipseIn: CGRect(x: -3, y: -3, width: 6, height: 6)), with: .color(.red))
        }
    }
}

/// A hero transition: a small circle at the top-leading corner grows into a card on the right; both views are
/// drawn half-way, the same frame, cross-fading.
@MainActor
@Observable private final class HeroSwitch {
    var expanded = false
}

private struct HeroScene: View {
    let state: HeroSwitch
    @Namespace var namespace
    var body: some View {
        ZStack(alignment: .topLeading) {
            if state.expanded {
                RoundedRectangle(cornerRadius: 12).fill(Color.blue)
                    .matchedGeometryEffect(id: "hero", in: namespace)
                    .frame(width: 100, height: 70)
                    .padding(.leading, 90).padding(.top, 20)
            } else {
                Circle().fill(Color.orange)
                    .matchedGeometryEffect(id: "hero", in: namespace)
                    .frame(width: 30, height: 30)
                    .padding(10)
            }
        }
        .frame(width: 200, height: 100, alignment: .topLeading)
        .background(Color.white)
    }
}

extension EffectsRenderingTests {
    /// The hero half-way (linear, 1 s, sampled at 0.5 s on the virtual clock).
    @Test func matchedHeroMidway() throws {
        let state = HeroSwitch()
        try compareFrame(
            HeroScene(state: state), width: 200, height: 100, change: { state.expanded = true }, at: 0.5,
            reference: "effects-hero-midway")
    }

    /// Draws `root`, makes `change` inside a one-second linear animation, and compares the frame drawn `time`
    /// seconds later (virtual clock) with `reference`.
    func compareFrame<V: View>(
        _ root: V, width: Int, height: Int, change: () -> Void, at time: Double, reference: String
    ) throws {
        let renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
        let graph = ViewGraph(root: root, size: CGSize(width: width, height: height))
        graph.textMeasurer = renderer.text
        graph.update(at: 0)
        withAnimation(.linear(duration: 1), change)
        graph.update(at: 0)
        let list = graph.update(at: time)
        let canvas = try RasterCanvas(width: width, height: height, scale: 1)
        renderer.render(list, into: canvas, region: PixelRegion(PixelBox(x: 0, y: 0, width: width, height: height)))
        let png = FileManager.default.temporaryDirectory.appending(path: "frame-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, tolerance: 0, reference: reference, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
