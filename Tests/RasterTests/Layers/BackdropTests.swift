import Foundation
import Testing

@testable import Raster

/// A material's backdrop: blurred at a reduced size, scaled back up, written straight into the canvas where it
/// covers whole pixels and is opaque, composited otherwise; both ways must give the same pixels.
@Suite struct BackdropTests {
    /// Stripes of four colours, 3 px wide, under everything (opaque unless `alpha` says otherwise).
    func striped(alpha: UInt8 = 255) throws -> RasterCanvas {
        let canvas = try RasterCanvas(width: 96, height: 64)
        let colours: [(UInt8, UInt8, UInt8)] = [(200, 30, 30), (30, 200, 30), (30, 30, 200), (240, 240, 20)]
        for x in stride(from: 0, to: 96, by: 3) {
            let (r, g, b) = colours[(x / 3) % 4]
            canvas.fill(
                .rect(CGRect(x: x, y: 0, width: 3, height: 64)),
                with: .color(PaintColor(rgb8: r, g, b, alpha: Double(alpha) / 255)))
        }
        return canvas
    }

    func pixels(_ canvas: RasterCanvas) -> [UInt32] {
        (0..<canvas.height).flatMap { y in (0..<canvas.width).map { canvas.pixel(x: $0, y: y) } }
    }

    /// The same rectangle as a path: no whole-pixel fast path, it goes through a coverage mask.
    func asPath(_ rect: CGRect) -> RasterShape {
        var path = RasterPath()
        path.addRect(rect)
        return .path(path, .nonZero)
    }

    let tint = PaintColor(red: 0.98, green: 0.98, blue: 0.98, alpha: 0.65)
    let saturation: [Float] = [1.6, -0.5, -0.1, 0, 0, -0.2, 1.3, -0.1, 0, 0, -0.2, -0.5, 1.7, 0, 0, 0, 0, 0, 1, 0]

    @Test(arguments: [16.0, 8.0, 4.0, 2.0])
    func writtenStraightInEqualsComposited(sigma: Double) throws {
        let rect = CGRect(x: 8, y: 8, width: 72, height: 40)
        let direct = try striped()
        direct.fillBackdrop(.rect(rect), blurSigma: sigma, colorMatrix: saturation, tint: tint)
        let composited = try striped()
        composited.fillBackdrop(asPath(rect), blurSigma: sigma, colorMatrix: saturation, tint: tint)
        #expect(pixels(direct) == pixels(composited))
        // The stripes are blurred together inside, untouched outside.
        #expect(direct.pixel(x: 40, y: 28) != (try striped()).pixel(x: 40, y: 28))
        #expect(direct.pixel(x: 4, y: 4) == (try striped()).pixel(x: 4, y: 4))
    }

    @Test func onlyTheClipRegionIsWritten() throws {
        let rect = CGRect(x: 0, y: 0, width: 96, height: 64)
        let region = PixelRegion(boxes: [
            PixelBox(x: 5, y: 3, width: 30, height: 20), PixelBox(x: 50, y: 30, width: 41, height: 31),
        ])
        let clipped = try striped()
        clipped.withSavedState {
            clipped.clip(to: region)
            clipped.fillBackdrop(.rect(rect), blurSigma: 16, colorMatrix: nil, tint: tint)
        }
        let whole = try striped()
        whole.fillBackdrop(.rect(rect), blurSigma: 16, colorMatrix: nil, tint: tint)
        let original = try striped()
        for y in 0..<64 {
            for x in 0..<96 {
                let expected = region.contains(x: x, y: y) ? whole.pixel(x: x, y: y) : original.pixel(x: x, y: y)
                #expect(clipped.pixel(x: x, y: y) == expected, "pixel \(x),\(y)")
            }
        }
    }

    /// Over a translucent backdrop the result is not opaque: it is laid over what is there, both ways alike.
    @Test func translucentBackdropIsComposited() throws {
        let rect = CGRect(x: 8, y: 8, width: 72, height: 40)
        let direct = try striped(alpha: 128)
        direct.fillBackdrop(
            .rect(rect), blurSigma: 16, colorMatrix: nil, tint: PaintColor(red: 1, green: 1, blue: 1, alpha: 0.2))
        let composited = try striped(alpha: 128)
        composited.fillBackdrop(
            asPath(rect), blurSigma: 16, colorMatrix: nil, tint: PaintColor(red: 1, green: 1, blue: 1, alpha: 0.2))
        #expect(pixels(direct) == pixels(composited))
        #expect(direct.pixel(x: 40, y: 28) >> 24 < 255)
    }
    /// The backdrop continues past the canvas's edges as its edge pixels: over one opaque colour, an untinted
    /// material leaves every pixel as it was, up to the edges (no transparency blurred in, no darker rim), and
    /// is written straight in.
    @Test(arguments: [16.0, 8.0, 2.0])
    func materialAtTheCanvasEdgesKeepsTheEdgeColours(sigma: Double) throws {
        let colour = PaintColor(rgb8: 40, 120, 200)
        let canvas = try RasterCanvas(width: 50, height: 30)
        canvas.clear(colour)
        let before = canvas.pixel(x: 0, y: 0)
        canvas.fillBackdrop(
            .rect(CGRect(x: 0, y: 0, width: 50, height: 30)), blurSigma: sigma, colorMatrix: nil,
            tint: PaintColor(red: 0, green: 0, blue: 0, alpha: 0))
        for y in 0..<30 {
            for x in 0..<50 { #expect(canvas.pixel(x: x, y: y) == before, "pixel \(x),\(y)") }
        }
    }

    /// A material reaching past the canvas (a huge rectangle), or given a non-finite blur, draws what it can
    /// or nothing, and never reads outside the canvas.
    @Test func hugeOrNonFiniteInputDrawsSafely() throws {
        let huge = try striped()
        huge.fillBackdrop(
            .rect(CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)), blurSigma: 16, colorMatrix: nil, tint: tint)
        #expect(huge.pixel(x: 40, y: 28) != (try striped()).pixel(x: 40, y: 28))
        for bad in [Double.nan, .infinity, -.infinity] {
            let canvas = try striped()
            canvas.fillBackdrop(
                .rect(CGRect(x: 8, y: 8, width: 72, height: 40)), blurSigma: bad, colorMatrix: nil, tint: tint)
            #expect(pixels(canvas) == pixels(try striped()), "blur \(bad)")
            let nanRect = try striped()
            nanRect.fillBackdrop(
                .rect(CGRect(x: CGFloat.nan, y: 8, width: 72, height: 40)), blurSigma: 16, colorMatrix: nil, tint: tint)
            #expect(pixels(nanRect) == pixels(try striped()))
        }
    }
}
