import Foundation
import Testing

@testable import Raster

/// Layers blended onto what is below them: the separable PDF formulas on opaque colours.
@Suite struct BlendModeTests {
    /// One opaque colour drawn over another through a layer in `mode`; the resulting pixel's RGB.
    func blend(_ top: (Int, Int, Int), over bottom: (Int, Int, Int), _ mode: RasterBlendMode, opacity: Double = 1)
        throws -> [Int]
    {
        let canvas = try RasterCanvas(width: 8, height: 8)
        canvas.fill(
            .rect(CGRect(x: 0, y: 0, width: 8, height: 8)),
            with: .color(PaintColor(rgb8: UInt8(bottom.0), UInt8(bottom.1), UInt8(bottom.2))))
        canvas.withLayer(opacity: opacity, blendMode: mode) { layer in
            layer.fill(
                .rect(CGRect(x: 0, y: 0, width: 8, height: 8)),
                with: .color(PaintColor(rgb8: UInt8(top.0), UInt8(top.1), UInt8(top.2))))
        }
        return [channel(canvas, 4, 4, 2), channel(canvas, 4, 4, 1), channel(canvas, 4, 4, 0)]  // r, g, b
    }

    func close(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 1 } }

    @Test func multiplyScreenAndFriends() throws {
        let top = (255, 128, 0)
        let bottom = (128, 128, 255)
        // multiply: a·b
        #expect(close(try blend(top, over: bottom, .multiply), [128, 64, 0]))
        // screen: a + b − a·b
        #expect(close(try blend(top, over: bottom, .screen), [255, 192, 255]))
        // darken / lighten: per channel min / max
        #expect(close(try blend(top, over: bottom, .darken), [128, 128, 0]))
        #expect(close(try blend(top, over: bottom, .lighten), [255, 128, 255]))
        // difference: |a − b|
        #expect(close(try blend(top, over: bottom, .difference), [127, 0, 255]))
        // plus-lighter: a + b, clamped
        #expect(close(try blend(top, over: bottom, .plusLighter), [255, 255, 255]))
        // normal is source-over
        #expect(close(try blend(top, over: bottom, .normal), [255, 128, 0]))
    }

    @Test func opacityFadesTheBlendedLayer() throws {
        // Half of multiply's change: 255 → 128 at full strength, so about 191 at half.
        let result = try blend((128, 128, 128), over: (255, 255, 255), .multiply, opacity: 0.5)
        #expect(close(result, [192, 192, 192]) || close(result, [191, 191, 191]), "\(result)")
    }

    @Test func destinationOutCutsAHole() throws {
        #expect(close(try blend((0, 0, 0), over: (10, 200, 30), .destinationOut), [0, 0, 0]))
    }
}
