import Foundation
import Testing

@testable import Raster

@Suite struct LayerCacheTests {
    func drawScene(_ c: RasterCanvas, at p: CGPoint, key: AnyHashable?, counter: inout Int) {
        c.clear(.white)
        c.withSavedState {
            c.translateBy(x: Double(p.x), y: Double(p.y))
            c.withLayer(
                shadow: LayerShadow(
                    color: PaintColor(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 8,
                    offset: CGSize(width: 0, height: 3)),
                bounds: CGRect(x: -21, y: -21, width: 42, height: 42), cacheKey: key
            ) { l in
                counter += 1
                l.fill(.circle(center: .zero, radius: 20), with: .color(PaintColor(rgb8: 0x33, 0x66, 0xCC)))
                l.stroke(
                    .circle(center: .zero, radius: 20), style: RasterStrokeStyle(lineWidth: 2), with: .color(.white))
            }
        }
    }

    @Test func cachedLayerMatchesFreshRenderAndIsReused() throws {
        let cached = try RasterCanvas(width: 96, height: 96)
        let fresh = try RasterCanvas(width: 96, height: 96)
        var cachedRenders = 0
        var freshRenders = 0
        for (i, p) in [CGPoint(x: 40.25, y: 41.5), CGPoint(x: 43.25, y: 43.5), CGPoint(x: 55.25, y: 38.5)].enumerated()
        {
            drawScene(cached, at: p, key: "circle", counter: &cachedRenders)
            drawScene(fresh, at: p, key: nil, counter: &freshRenders)
            #expect(memcmp(cached.pixels, fresh.pixels, cached.stride * cached.height) == 0, "frame \(i)")
        }
        // Whole-pixel moves reuse the cached content and shadow.
        #expect(cachedRenders == 1 && freshRenders == 3)
        // A different sub-pixel phase renders again.
        drawScene(cached, at: CGPoint(x: 40.75, y: 41.5), key: "circle", counter: &cachedRenders)
        #expect(cachedRenders == 2)
    }

    @Test func analyticMasksAreIdenticalAtWholePixelOffsets() throws {
        let a = try RasterCanvas(width: 64, height: 64)
        let b = try RasterCanvas(width: 64, height: 64)
        a.fill(
            .roundedRect(CGRect(x: 5.3, y: 7.6, width: 30.2, height: 20.9), cornerWidth: 6.1, cornerHeight: 4.2),
            with: .color(.black))
        b.fill(
            .roundedRect(CGRect(x: 22.3, y: 30.6, width: 30.2, height: 20.9), cornerWidth: 6.1, cornerHeight: 4.2),
            with: .color(.black))
        for y in 0..<34 { for x in 0..<42 { #expect(a.pixel(x: x, y: y) == b.pixel(x: x + 17, y: y + 23)) } }
    }
}
