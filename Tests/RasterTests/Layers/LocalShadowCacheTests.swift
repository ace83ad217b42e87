import Foundation
import Testing

@testable import Raster

@Suite struct LocalShadowCacheTests {
    static let card = CGRect(x: -30, y: -40, width: 60, height: 80)
    static let shadow = LayerShadow(
        color: PaintColor(red: 0, green: 0, blue: 0, alpha: 0.4), radius: 20, offset: CGSize(width: 0, height: 6))

    /// A rotated, shadowed card, as the card-stack demo draws its dragged card: named (`keyed`), as the display-list
    /// renderer draws it, or through the device-space shadow.
    /// As the card-stack demo lays out its dragged card: moved by its layout (an offset is laid out), turned about
    /// its centre by a transform. The content names itself relative to its origin.
    func draw(_ c: RasterCanvas, at p: CGPoint, degrees: Double, keyed: Bool, clip: PixelBox? = nil) {
        c.clear(.white)
        c.withSavedState {
            if let clip { c.clip(to: PixelRegion(boxes: [clip])) }
            c.translateBy(x: Double(p.x), y: Double(p.y))
            c.concatenate(.rotation(degrees * .pi / 180))
            c.translateBy(x: -Double(p.x), y: -Double(p.y))
            let card = Self.card.offsetBy(dx: p.x, dy: p.y)
            let content = { (l: RasterCanvas) in
                let shape = RasterShape.roundedRect(card, cornerWidth: 12, cornerHeight: 12)
                l.fill(shape, with: .color(PaintColor(rgb8: 0x33, 0x66, 0xCC)))
                l.stroke(shape, style: RasterStrokeStyle(lineWidth: 2), with: .color(.white))
            }
            if keyed {
                c.withLayer(
                    shadow: Self.shadow, bounds: card, contentKey: "card", keyOrigin: card.origin, content: content)
            } else {
                c.withLayer(shadow: Self.shadow, bounds: card, content: content)
            }
        }
    }

    func pixels(_ c: RasterCanvas) -> [UInt8] {
        Array(UnsafeBufferPointer(start: c.pixels.assumingMemoryBound(to: UInt8.self), count: c.stride * c.height))
    }

    /// The largest difference of any channel of any pixel.
    func maxDelta(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// Frames that only turn and move the card: the shadow is blurred in the card's own space once, and every
    /// frame stays within 2 levels of the device-space shadow blurred afresh (sampling a blurred mask
    /// bilinearly instead of blurring the rotated alpha), the card itself identical.
    @Test func turningCardIsBlurredOnceAndMatchesAFreshShadow() throws {
        let workspace = RasterWorkspace()
        let local = workspace.scratch.localShadows
        var buffer = [UInt8](repeating: 0, count: 200 * 4 * 180)
        try buffer.withUnsafeMutableBytes { raw in
            let frames: [(CGPoint, Double)] = [
                (CGPoint(x: 90, y: 80), 0.5), (CGPoint(x: 97.25, y: 83.5), 3), (CGPoint(x: 110.5, y: 90), 11.7),
                (CGPoint(x: 85, y: 95.75), -8), (CGPoint(x: 100, y: 88), 37),
            ]
            var worst = 0
            for (i, (p, degrees)) in frames.enumerated() {
                let before = local.blursPerformed
                let c = try RasterCanvas(
                    pixels: raw.baseAddress!, width: 200, height: 180, stride: 200 * 4, workspace: workspace)
                draw(c, at: p, degrees: degrees, keyed: true)
                #expect(local.blursPerformed - before == (i == 0 ? 1 : 0))
                let fresh = try RasterCanvas(width: 200, height: 180)
                draw(fresh, at: p, degrees: degrees, keyed: false)
                let (a, b) = (pixels(c), pixels(fresh))
                worst = max(worst, maxDelta(a, b))
                // The card's middle is the content alone: the same bytes.
                let centre = (Int(p.y) * 200 + Int(p.x)) * 4
                #expect(a[centre..<centre + 4] == b[centre..<centre + 4])
            }
            #expect(worst <= 2, "max per-channel delta \(worst)")
        }
    }

    /// A damage clip does not change the pixels inside it: the shadow is sampled the same way at any clip.
    @Test func clippedFrameMatchesTheFullFrameInsideTheClip() throws {
        let full = try RasterCanvas(width: 200, height: 180)
        draw(full, at: CGPoint(x: 100, y: 90), degrees: 9, keyed: true)
        let clip = PixelBox(x0: 40, y0: 100, x1: 150, y1: 170)
        let clipped = try RasterCanvas(width: 200, height: 180)
        draw(clipped, at: CGPoint(x: 100, y: 90), degrees: 9, keyed: true, clip: clip)
        let (a, b) = (pixels(full), pixels(clipped))
        var differing = 0
        for y in clip.y0..<clip.y1 {
            for x in clip.x0..<clip.x1
            where a[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 4] != b[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 4] {
                differing += 1
            }
        }
        #expect(differing == 0)
    }

    /// Other content (another key) or another blur is another shadow.
    @Test func otherContentOrBlurIsAnotherShadow() throws {
        let workspace = RasterWorkspace()
        let local = workspace.scratch.localShadows
        var buffer = [UInt8](repeating: 0, count: 200 * 4 * 180)
        try buffer.withUnsafeMutableBytes { raw in
            let c = try RasterCanvas(
                pixels: raw.baseAddress!, width: 200, height: 180, stride: 200 * 4, workspace: workspace)
            draw(c, at: CGPoint(x: 100, y: 90), degrees: 5, keyed: true)
            c.withSavedState {
                c.concatenate(.rotation(0.2))
                c.withLayer(shadow: Self.shadow, bounds: Self.card, contentKey: "other") {
                    $0.fill(.rect(Self.card), with: .color(.white))
                }
                c.withLayer(shadow: LayerShadow(radius: 4), bounds: Self.card, contentKey: "card") {
                    $0.fill(.rect(Self.card), with: .color(.white))
                }
            }
        }
        #expect(local.blursPerformed == 3)
    }

    /// An upright layer keeps the device-space shadow, byte for byte, found by its key in its pixel phase: once per
    /// phase, then reused wherever the content moves by whole pixels.
    @Test func uprightLayerHasTheDeviceShadowBlurredOncePerPixelPhase() throws {
        let workspace = RasterWorkspace()
        let local = workspace.scratch.localShadows
        var buffer = [UInt8](repeating: 0, count: 200 * 4 * 180)
        try buffer.withUnsafeMutableBytes { raw in
            for (i, p) in [
                CGPoint(x: 100, y: 90), CGPoint(x: 93, y: 97), CGPoint(x: 93.5, y: 97), CGPoint(x: 110.5, y: 80),
            ]
            .enumerated() {
                let c = try RasterCanvas(
                    pixels: raw.baseAddress!, width: 200, height: 180, stride: 200 * 4, workspace: workspace)
                draw(c, at: p, degrees: 0, keyed: true)
                #expect(local.blursPerformed == [1, 1, 2, 2][i])
                let deviceShadow = try RasterCanvas(width: 200, height: 180)
                draw(deviceShadow, at: p, degrees: 0, keyed: false)
                #expect(pixels(c) == pixels(deviceShadow))
            }
        }
    }
}
