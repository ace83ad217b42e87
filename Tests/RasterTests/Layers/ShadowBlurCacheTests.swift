import Foundation
import Testing

@testable import Raster

@Suite struct ShadowBlurCacheTests {
    /// Cards of different sizes, each a rounded rectangle with a drop shadow (as `.shadow` on a view draws).
    static let cards = [
        CGRect(x: 10, y: 12, width: 60, height: 40), CGRect(x: 90, y: 20, width: 50, height: 70),
        CGRect(x: 30, y: 80, width: 80, height: 30),
    ]

    func draw(_ c: RasterCanvas, moving index: Int, by offset: CGSize, clip: PixelBox? = nil) {
        c.clear(.white)
        c.withSavedState {
            if let clip { c.clip(to: PixelRegion(boxes: [clip])) }
            for (i, card) in Self.cards.enumerated() {
                c.withSavedState {
                    if i == index { c.translateBy(x: Double(offset.width), y: Double(offset.height)) }
                    c.withLayer(
                        shadow: LayerShadow(
                            color: PaintColor(red: 0, green: 0, blue: 0, alpha: 0.4), radius: 20,
                            offset: CGSize(width: 0, height: 6)),
                        bounds: card
                    ) { l in
                        l.fill(
                            .roundedRect(card, cornerWidth: 8, cornerHeight: 8),
                            with: .color(PaintColor(rgb8: 0x33, 0x66, 0xCC)))
                    }
                }
            }
        }
    }

    /// A frame drawn without any cache (a fresh workspace), to compare against.
    func freshPixels(moving index: Int, by offset: CGSize, clip: PixelBox? = nil) throws -> [UInt8] {
        let c = try RasterCanvas(width: 180, height: 140)
        draw(c, moving: index, by: offset, clip: clip)
        return Array(UnsafeBufferPointer(start: c.pixels.assumingMemoryBound(to: UInt8.self), count: c.stride * 140))
    }

    func pixels(_ c: RasterCanvas) -> [UInt8] {
        Array(UnsafeBufferPointer(start: c.pixels.assumingMemoryBound(to: UInt8.self), count: c.stride * c.height))
    }

    @Test func translatedShadowIsNotBlurredAgainAndLooksTheSame() throws {
        let workspace = RasterWorkspace()
        let shadows = workspace.scratch.shadows
        var buffer = [UInt8](repeating: 0, count: 180 * 4 * 140)
        try buffer.withUnsafeMutableBytes { raw in
            func frame(_ offset: CGSize, clip: PixelBox? = nil) throws -> (blurs: Int, same: Bool) {
                let before = shadows.blursPerformed
                let c = try RasterCanvas(
                    pixels: raw.baseAddress!, width: 180, height: 140, stride: 180 * 4, workspace: workspace)
                draw(c, moving: 1, by: offset, clip: clip)
                let fresh = try freshPixels(moving: 1, by: offset, clip: clip)
                return (shadows.blursPerformed - before, pixels(c) == fresh)
            }
            let first = try frame(.zero)
            #expect(first.blurs == 3 && first.same)
            // Only one card moved, by whole pixels: its blurred mask is the same, placed elsewhere.
            let moved = try frame(CGSize(width: 7, height: -4))
            #expect(moved.blurs == 0 && moved.same)
            // A damage clip that cuts the cards does not change their alpha, so nothing is blurred either.
            let clipped = try frame(CGSize(width: 9, height: -3), clip: PixelBox(x0: 40, y0: 30, x1: 120, y1: 90))
            #expect(clipped.blurs == 0 && clipped.same)
            // A sub-pixel move changes that card's anti-aliased alpha: exactly that shadow is blurred again.
            let subpixel = try frame(CGSize(width: 7.5, height: -4))
            #expect(subpixel.blurs == 1 && subpixel.same)
        }
    }

    @Test func shadowsNoLongerDrawnAreReleased() throws {
        let workspace = RasterWorkspace()
        var buffer = [UInt8](repeating: 0, count: 180 * 4 * 140)
        try buffer.withUnsafeMutableBytes { raw in
            let c = try RasterCanvas(
                pixels: raw.baseAddress!, width: 180, height: 140, stride: 180 * 4, workspace: workspace)
            draw(c, moving: 0, by: .zero)
            #expect(workspace.scratch.shadows.count == 3)
            // Frames that draw no shadow: the entries go once they have been idle for long enough.
            for _ in 0..<200 {
                let empty = try RasterCanvas(
                    pixels: raw.baseAddress!, width: 180, height: 140, stride: 180 * 4, workspace: workspace)
                empty.clear(.white)
            }
            #expect(workspace.scratch.shadows.count == 0)
        }
    }

    @Test func cacheStaysWithinItsEntryBound() throws {
        let c = try RasterCanvas(width: 400, height: 60)
        // 100 different shadow shapes in one frame: the cache keeps at most its bound, and still draws each.
        for w in 1...100 {
            c.withLayer(
                shadow: LayerShadow(color: PaintColor(red: 0, green: 0, blue: 0, alpha: 0.4), radius: 6),
                bounds: CGRect(x: 10, y: 10, width: Double(w) * 3, height: 20)
            ) { $0.fill(.rect(CGRect(x: 10, y: 10, width: Double(w) * 3, height: 20)), with: .color(.white)) }
        }
        #expect(c.scratch.shadows.blursPerformed == 100)
        #expect(c.scratch.shadows.count <= 64)
    }
}
