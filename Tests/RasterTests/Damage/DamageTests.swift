import Foundation
import Testing

@testable import Raster

/// Damage-only rendering must equal full rendering pixel for pixel.
@Suite struct DamageTests {
    /// A small scene whose parts move with the frame number; returns the boxes each part covers.
    struct Scene {
        var circle: CGPoint
        var rrect: CGPoint
        var star: CGPoint
        var text: CGPoint
        var shadowed: CGPoint
        var angle: Double

        static func random(_ rng: inout SplitMix) -> Scene {
            Scene(
                circle: CGPoint(x: rng.next(0, 96), y: rng.next(0, 96)),
                rrect: CGPoint(x: rng.next(-10, 90), y: rng.next(-10, 90)),
                star: CGPoint(x: rng.next(10, 90), y: rng.next(10, 90)),
                text: CGPoint(x: rng.next(-20, 60), y: rng.next(0, 80)),
                shadowed: CGPoint(x: rng.next(0, 80), y: rng.next(0, 80)), angle: rng.next(0, 6.3))
        }

        func draw(_ c: RasterCanvas, _ layout: TextLayout, _ image: RasterImage) {
            c.clear(PaintColor(rgb8: 0xF4, 0xF4, 0xF0))
            c.draw(image, in: CGRect(x: 3.5, y: 60.25, width: 40.7, height: 30))
            c.fill(.circle(center: circle, radius: 17.3), with: .color(PaintColor(rgb8: 0x33, 0x66, 0xCC, alpha: 0.8)))
            c.withSavedState {
                c.translateBy(x: Double(rrect.x), y: Double(rrect.y))
                c.rotate(by: angle)
                c.fill(
                    .roundedRect(CGRect(x: -15, y: -8, width: 30, height: 16), cornerWidth: 5, cornerHeight: 5),
                    with: .linearGradient(
                        [
                            GradientStop(color: .white, location: 0),
                            GradientStop(color: PaintColor(rgb8: 0xC0, 0x20, 0x20), location: 1),
                        ],
                        start: CGPoint(x: -15, y: 0), end: CGPoint(x: 15, y: 0)))
            }
            var p = RasterPath()
            for i in 0..<5 {
                let a = Double(i) * 4 * Double.pi / 5 + angle
                let pt = CGPoint(x: Double(star.x) + 14 * cos(a), y: Double(star.y) + 14 * sin(a))
                if i == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
            }
            p.closeSubpath()
            c.fill(.path(p, .evenOdd), with: .color(PaintColor(rgb8: 0x20, 0x90, 0x40)))
            c.stroke(
                .path(p, .nonZero), style: RasterStrokeStyle(lineWidth: 1.5, lineJoin: .round), with: .color(.black))
            c.withLayer(
                shadow: LayerShadow(
                    color: PaintColor(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 6,
                    offset: CGSize(width: 0, height: 3))
            ) { l in
                l.fill(
                    .capsule(CGRect(x: Double(shadowed.x), y: Double(shadowed.y), width: 26, height: 12)),
                    with: .color(.white))
            }
            // A cached, bounded layer moved by whole and fractional steps.
            c.withSavedState {
                c.translateBy(x: Double(star.y).rounded() + (angle > 3 ? 0.5 : 0), y: Double(circle.x).rounded())
                c.withLayer(
                    opacity: 0.8,
                    shadow: LayerShadow(
                        color: PaintColor(red: 0.1, green: 0, blue: 0.3, alpha: 0.6), radius: 5,
                        offset: CGSize(width: 2, height: 2)),
                    bounds: CGRect(x: -9, y: -9, width: 18, height: 18), cacheKey: "badge"
                ) { l in
                    l.fill(
                        .roundedRect(CGRect(x: -8, y: -8, width: 16, height: 16), cornerWidth: 4, cornerHeight: 4),
                        with: .color(PaintColor(rgb8: 0xF0, 0xC0, 0x20)))
                }
            }
            c.withLayer(mask: { $0.fill(.circle(center: CGPoint(x: 64, y: 64), radius: 30), with: .color(.black)) }) {
                l in
                l.draw(layout, at: text, with: .color(PaintColor(rgb8: 0x40, 0x10, 0x60)))
            }
        }

        /// Device boxes that can change when this scene is drawn (generous bounds per part).
        func boxes() -> [PixelBox] {
            func around(_ p: CGPoint, _ r: Double) -> PixelBox {
                PixelBox.covering(
                    minX: Double(p.x) - r, minY: Double(p.y) - r, maxX: Double(p.x) + r, maxY: Double(p.y) + r)
            }
            let badge = CGPoint(x: Double(star.y).rounded() + (angle > 3 ? 0.5 : 0), y: Double(circle.x).rounded())
            return [
                around(circle, 19), around(rrect, 19), around(star, 17), around(badge, 22),
                PixelBox.covering(
                    minX: Double(shadowed.x) - 12, minY: Double(shadowed.y) - 12, maxX: Double(shadowed.x) + 40,
                    maxY: Double(shadowed.y) + 30),
                PixelBox(x: 34, y: 34, width: 60, height: 60),
            ]
        }
    }

    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func next(_ lo: Double, _ hi: Double) -> Double {
            lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
        }
    }

    @Test func damageOnlyRenderingEqualsFullRenderingOver100Frames() throws {
        let engine = try TextEngine()
        let layout = try engine.layout(
            "Просмотр клипа при перетаскивании 组合 SwiftUI 手势", font: FontSpec(filePath: TextTests.dejaVu, size: 13),
            maxWidth: 90)
        let image = try RasterImage(
            contentsOfFile: Bundle.module.url(
                forResource: "fixture-gradient", withExtension: "jpg", subdirectory: "References")!.path)
        var rng = SplitMix(state: 42)
        let full = try RasterCanvas(width: 128, height: 128)
        let damaged = try RasterCanvas(width: 128, height: 128)
        var previous = Scene.random(&rng)
        previous.draw(damaged, layout, image)
        var mismatches = 0
        for frame in 0..<100 {
            var next = previous
            // Move a random subset of parts each frame.
            let r = Scene.random(&rng)
            if frame % 2 == 0 { next.circle = r.circle }
            if frame % 3 == 0 {
                next.rrect = r.rrect
                next.angle = r.angle
            }
            if frame % 4 == 1 { next.star = r.star }
            if frame % 5 != 0 { next.text = r.text }
            next.shadowed = r.shadowed
            var damage = PixelRegion()
            for b in previous.boxes() + next.boxes() { damage.formUnion(b) }
            damaged.withSavedState {
                damaged.clip(to: damage)
                next.draw(damaged, layout, image)
            }
            next.draw(full, layout, image)
            if memcmp(full.pixels, damaged.pixels, full.stride * full.height) != 0 {
                mismatches += 1
            }
            previous = next
        }
        #expect(mismatches == 0)
    }

    @Test func historyUnionsMissedFrames() {
        var h = DamageHistory(capacity: 3)
        h.record(PixelRegion(PixelBox(x: 0, y: 0, width: 10, height: 10)))
        h.record(PixelRegion(PixelBox(x: 20, y: 0, width: 10, height: 10)))
        let now = PixelRegion(PixelBox(x: 40, y: 0, width: 10, height: 10))
        #expect(
            h.repaintRegion(frameDamage: now, bufferAge: 1, fullFrame: PixelBox(x: 0, y: 0, width: 100, height: 100))
                == now)
        let age3 = h.repaintRegion(
            frameDamage: now, bufferAge: 3, fullFrame: PixelBox(x: 0, y: 0, width: 100, height: 100))
        #expect(age3.area == 300)
        #expect(
            h.repaintRegion(frameDamage: now, bufferAge: 0, fullFrame: PixelBox(x: 0, y: 0, width: 100, height: 100))
                .area == 10_000)
        #expect(h.missedDamage(bufferAge: 9) == nil)
    }

    @Test func catchUpCopiesWhatTheOldBufferMissed() throws {
        // Three frames into two buffers: buffer B (age 2) catches up from A, then renders only frame damage.
        let a = try RasterCanvas(width: 32, height: 32)
        let b = try RasterCanvas(width: 32, height: 32)
        let reference = try RasterCanvas(width: 32, height: 32)
        var history = DamageHistory()
        let boxes = [
            PixelBox(x: 2, y: 2, width: 8, height: 8), PixelBox(x: 12, y: 2, width: 8, height: 8),
            PixelBox(x: 22, y: 2, width: 8, height: 8),
        ]
        let colors = [
            PaintColor(red: 1, green: 0, blue: 0), PaintColor(red: 0, green: 1, blue: 0),
            PaintColor(red: 0, green: 0, blue: 1),
        ]
        // Frame 0 into A (full), frame 1 into B (full, after copying A), frame 2 into A (age 2).
        for (i, target) in [a, b, a].enumerated() {
            let damage = PixelRegion(boxes[i])
            if i == 0 {
                a.clear(.white)
                b.clear(.white)
            }
            let previous = i == 0 ? a : (target === a ? b : a)
            history.catchUp(target, bufferAge: i == 2 ? 2 : (i == 1 ? 1 : 1), previous: previous, frameDamage: damage)
            target.withSavedState {
                target.clip(to: damage)
                target.fill(.rect(CGRect(x: 0, y: 0, width: 32, height: 32)), with: .color(colors[i]))
            }
            history.record(damage)
        }
        reference.clear(.white)
        for i in 0..<3 {
            reference.fill(.rect(CGRect(x: boxes[i].x0, y: boxes[i].y0, width: 8, height: 8)), with: .color(colors[i]))
        }
        #expect(memcmp(a.pixels, reference.pixels, a.stride * a.height) == 0)
    }
}

@Suite struct BufferAgeTests {
    @Test func unknownBufferCopiesThePreviousFrameExceptTheNewDamage() throws {
        let previous = try RasterCanvas(width: 16, height: 16)
        let fresh = try RasterCanvas(width: 16, height: 16)
        previous.clear(PaintColor(red: 0, green: 0.5, blue: 1))
        fresh.clear(PaintColor(red: 1, green: 0, blue: 0))
        let damage = PixelRegion(PixelBox(x: 4, y: 4, width: 4, height: 4))
        DamageHistory().catchUp(fresh, bufferAge: 0, previous: previous, frameDamage: damage)
        #expect(fresh.pixel(x: 0, y: 0) == previous.pixel(x: 0, y: 0))
        #expect(fresh.pixel(x: 15, y: 15) == previous.pixel(x: 15, y: 15))
        // The damaged area is left for the caller to render.
        #expect(fresh.pixel(x: 5, y: 5) == PaintColor(red: 1, green: 0, blue: 0).premultipliedARGB)
    }
}
