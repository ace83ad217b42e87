import Foundation
import Testing

@testable import Raster

@Suite struct LayerTests {
    let blue = Paint.color(PaintColor(rgb8: 0x33, 0x66, 0xCC))
    let red = Paint.color(PaintColor(rgb8: 0xE0, 0x30, 0x30))

    @Test func groupOpacityFadesTheGroupNotEachShape() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.clear(.white)
        c.withLayer(opacity: 0.5) { l in
            l.fill(.rect(CGRect(x: 8, y: 8, width: 32, height: 32)), with: blue)
            l.fill(.rect(CGRect(x: 24, y: 24, width: 32, height: 32)), with: red)
        }
        try Reference.check(c, "layer-opacity")
        // The overlap shows only the red square at half strength, not red over half-blue.
        let overlap = (channel(c, 30, 30, 2), channel(c, 30, 30, 0))
        let redOnly = (channel(c, 50, 50, 2), channel(c, 50, 50, 0))
        #expect(overlap == redOnly)
    }

    @Test func maskKeepsContentOnlyWhereMaskHasAlphaScaledByIt() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.withLayer(mask: { m in
            m.fill(.rect(CGRect(x: 0, y: 0, width: 32, height: 64)), with: .color(.black))
            m.fill(
                .rect(CGRect(x: 32, y: 0, width: 16, height: 64)),
                with: .color(PaintColor(red: 0, green: 0, blue: 0, alpha: 0.5)))
        }) { l in
            l.fill(.rect(CGRect(x: 0, y: 0, width: 64, height: 64)), with: .color(.white))
        }
        for y in [0, 31, 63] {
            #expect(channel(c, 10, y, 3) == 255)
            #expect(abs(channel(c, 40, y, 3) - 128) <= 1)
            #expect(channel(c, 56, y, 3) == 0)
        }
        // Partial alpha scales colour too (premultiplied).
        #expect(channel(c, 40, 10, 2) == channel(c, 40, 10, 3))
    }

    @Test func circleMaskedImageLikeScopeView() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        let img = try RasterImage(
            contentsOfFile: Bundle.module.url(
                forResource: "fixture-gradient", withExtension: "jpg", subdirectory: "References")!.path)
        c.withLayer(mask: { $0.fill(.circle(center: CGPoint(x: 30, y: 34), radius: 20.5), with: .color(.black)) }) {
            l in
            l.draw(img, in: CGRect(x: 0, y: 0, width: 64, height: 64))
        }
        try Reference.check(c, "layer-mask-circle-image")
        #expect(channel(c, 2, 2, 3) == 0 && channel(c, 30, 34, 3) == 255)
    }

    @Test func clipToAntialiasedShape() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.withSavedState {
            c.clip(to: .circle(center: CGPoint(x: 32, y: 32), radius: 24))
            c.fill(.rect(CGRect(x: 0, y: 0, width: 64, height: 32)), with: blue)
            c.fill(.rect(CGRect(x: 0, y: 32, width: 64, height: 32)), with: red)
        }
        c.fill(.rect(CGRect(x: 0, y: 0, width: 4, height: 4)), with: red)
        try Reference.check(c, "clip-circle")
        #expect(channel(c, 32, 10, 0) == 0xCC && channel(c, 2, 2, 2) == 0xE0 && channel(c, 60, 60, 3) == 0)
    }

    @Test func dropShadow() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.clear(.white)
        c.withLayer(
            shadow: LayerShadow(
                color: PaintColor(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 8, offset: CGSize(width: 0, height: 3)
            )
        ) { l in
            l.fill(.circle(center: CGPoint(x: 32, y: 30), radius: 16), with: blue)
            l.stroke(
                .circle(center: CGPoint(x: 32, y: 30), radius: 16), style: RasterStrokeStyle(lineWidth: 2),
                with: .color(.white))
        }
        try Reference.check(c, "layer-shadow")
        #expect(channel(c, 32, 52, 0) < 255, "shadow visible below the circle")
    }

    /// The alpha of a shadow-only layer (transparent content has no shadow, so draw and measure the shadow
    /// of a shape on a transparent canvas by subtracting the shape).
    func shadowAlpha(sigmaRadius: Double) throws -> [[Int]] {
        let c = try RasterCanvas(width: 96, height: 96)
        c.withLayer(shadow: LayerShadow(color: .black, radius: sigmaRadius, offset: .zero)) { l in
            l.fill(
                .rect(CGRect(x: 40, y: 40, width: 16, height: 16)),
                with: .color(PaintColor(red: 1, green: 1, blue: 1, alpha: 1)))
        }
        // The shadow lies under the (opaque white) square; outside it, alpha is the shadow's alone.
        return (0..<96).map { y in (0..<96).map { x in channel(c, x, y, 3) } }
    }

    @Test(arguments: [4.0, 8.0, 16.0])
    func shadowIsSymmetricAndPreservesEnergy(radius: Double) throws {
        let sigma = radius / 2
        let mask = CoverageMask(box: PixelBox(x: 0, y: 0, width: 128, height: 128))
        AnalyticRasterizer.fill(mask, x0: 44, y0: 40, x1: 84, y1: 88, rx: 10, ry: 10)
        var before = 0
        for y in 0..<128 { for x in 0..<128 { before += Int(mask.value(x: x, y: y)) } }
        BoxBlur.blur(mask, sigma: sigma)
        var after = 0
        for y in 0..<128 { for x in 0..<128 { after += Int(mask.value(x: x, y: y)) } }
        #expect(abs(Double(after - before)) / Double(before) < 0.01)
        for y in 0..<128 {
            for x in 0..<64 {
                #expect(mask.value(x: x, y: y) == mask.value(x: 127 - x, y: y))
            }
        }
        // Vertical symmetry about the shape's centre row (y = 64).
        for y in 0..<64 {
            for x in stride(from: 0, to: 128, by: 7) {
                #expect(mask.value(x: x, y: 64 - 1 - y) == mask.value(x: x, y: 64 + y))
            }
        }
        // Blur spreads: something beyond the edge, less than full at the edge.
        #expect(mask.value(x: 44 - Int(sigma), y: 64) > 0)
        #expect(mask.value(x: 44, y: 64) < 200)
    }

    @Test func shadowThroughCanvasIsSymmetric() throws {
        let a = try shadowAlpha(sigmaRadius: 8)
        for y in 0..<96 { for x in 0..<48 { #expect(a[y][x] == a[y][95 - x]) } }
        #expect(a[48][30] > 0 && a[48][30] < 255)
    }

    /// Narrow boxes (16-bit sums) and wide ones (32-bit) both round each pass's `sum / n` to nearest: the blur
    /// of a pseudo-random mask equals three box passes per axis done plainly in integers, zero outside.
    @Test(arguments: [1.0, 2.0, 3.5, 6.0, 12.0])
    func boxBlurMatchesPlainBoxPasses(sigma: Double) {
        let w = 37
        let h = 29
        var seed: UInt32 = 12345
        var values = (0..<(w * h)).map { _ -> Int in
            seed = seed &* 1_103_515_245 &+ 12345
            return Int(seed >> 24)
        }
        let mask = CoverageMask(box: PixelBox(x: 0, y: 0, width: w, height: h))
        for y in 0..<h { for x in 0..<w { mask.bytes[y * mask.stride + x] = UInt8(values[y * w + x]) } }
        BoxBlur.blur(mask, sigma: sigma)
        func pass(_ v: [Int], r: Int, horizontal: Bool) -> [Int] {
            var out = v
            for y in 0..<h {
                for x in 0..<w {
                    var sum = 0
                    for o in -r...r {
                        let (sx, sy) = horizontal ? (x + o, y) : (x, y + o)
                        if sx >= 0, sx < w, sy >= 0, sy < h { sum += v[sy * w + sx] }
                    }
                    out[y * w + x] = (2 * sum + 2 * r + 1) / (2 * (2 * r + 1))
                }
            }
            return out
        }
        let radii = BoxBlur.radii(sigma: sigma)
        for r in radii { values = pass(values, r: r, horizontal: true) }
        for r in radii { values = pass(values, r: r, horizontal: false) }
        for y in 0..<h {
            for x in 0..<w { #expect(Int(mask.bytes[y * mask.stride + x]) == values[y * w + x], "\(x),\(y)") }
        }
    }

    @Test func blurRadiiApproximateSigma() {
        for sigma in [2.5, 4.0, 9.0, 30.0] {
            let rs = BoxBlur.radii(sigma: sigma)
            let variance = rs.reduce(0.0) { $0 + Double($1 * ($1 + 1)) / 3 }
            #expect(abs(variance.squareRoot() - sigma) / sigma < 0.1)
        }
    }
}
