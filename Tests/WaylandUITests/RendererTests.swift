import Foundation
import Testing
import Raster
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
        let canvas = try render(ZStack {
            Color(red: 0.5, green: 1, blue: 1)
            Color(red: 1, green: 0.5, blue: 0).frame(width: 20, height: 20).blendMode(.multiply)
        })
        // Inside the square: (0.5·1, 1·0.5, 1·0) ≈ (128, 128, 0); outside: the cyan-ish background.
        let inside = rgb(canvas, 20, 20), outside = rgb(canvas, 2, 2)
        #expect(zip(inside, [128, 128, 0]).allSatisfy { abs($0 - $1) <= 1 }, "\(inside)")
        #expect(zip(outside, [128, 255, 255]).allSatisfy { abs($0 - $1) <= 1 }, "\(outside)")
    }

    @Test func blendModeScreenLightens() throws {
        let canvas = try render(ZStack {
            Color(white: 0.5)
            Color(white: 0.5).blendMode(.screen)
        })
        // 1 − (1 − ½)² = ¾ ⇒ 191 or 192.
        #expect(rgb(canvas, 20, 20).allSatisfy { abs($0 - 191) <= 1 }, "\(rgb(canvas, 20, 20))")
    }
}
