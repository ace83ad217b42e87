import Foundation
import Testing
@testable import Raster

@Suite struct ImageTests {
    func fixture(_ name: String, _ ext: String) -> String {
        Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "References")!.path
    }

    @Test func pngDecodesPremultiplied() throws {
        let img = try RasterImage(contentsOfFile: fixture("fixture-alpha", "png"))
        #expect(img.width == 24 && img.height == 16)
        #expect(img.pixel(x: 0, y: 0) == 0)
        let p = img.pixel(x: 10, y: 8)
        let a = p >> 24, r = (p >> 16) & 0xFF, b = p & 0xFF
        #expect(abs(Int(a) - 128) <= 1)
        #expect(abs(Int(r) - 0x33 * Int(a) / 255) <= 1 && abs(Int(b) - 0xCC * Int(a) / 255) <= 1)
    }

    @Test func jpegDecodesOpaque() throws {
        let img = try RasterImage(contentsOfFile: fixture("fixture-gradient", "jpg"))
        #expect(img.width == 24 && img.height == 16)
        let top = img.pixel(x: 12, y: 0), bottom = img.pixel(x: 12, y: 15)
        #expect(top >> 24 == 255 && (top >> 16) & 0xFF > 200)
        #expect(bottom & 0xFF > 200)
    }

    @Test func pngRoundTripKeepsPixels() throws {
        let c = try RasterCanvas(width: 20, height: 10)
        c.fill(.circle(center: CGPoint(x: 10, y: 5), radius: 4.5), with: .color(PaintColor(rgb8: 10, 200, 90)))
        c.fill(.rect(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.white))
        let back = try RasterImage(encoded: try c.pngData())
        // Opaque pixels survive exactly; partial ones within un-premultiply rounding.
        #expect(back.pixel(x: 10, y: 5) == c.pixel(x: 10, y: 5))
        #expect(back.pixel(x: 2, y: 2) == 0xFFFF_FFFF)
        for y in 0..<10 { for x in 0..<20 {
            let a = back.pixel(x: x, y: y), b = c.pixel(x: x, y: y)
            for s in stride(from: 0, to: 32, by: 8) { #expect(abs(Int((a >> UInt32(s)) & 0xFF) - Int((b >> UInt32(s)) & 0xFF)) <= 2) }
        } }
    }

    @Test func corruptAndMissingFilesAreErrors() throws {
        #expect(throws: RasterError.self) { try RasterImage(contentsOfFile: "/nonexistent/picture.png") }
        var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("fixture-alpha", "png"))))
        png.removeLast(png.count / 2)
        #expect(throws: RasterError.self) { try RasterImage(encoded: Data(png)) }
        var jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("fixture-gradient", "jpg"))))
        for i in 20..<min(jpeg.count, 200) { jpeg[i] = 0x5A }
        jpeg.removeLast(jpeg.count / 3)
        #expect(throws: RasterError.self) { try RasterImage(encoded: Data(jpeg)) }
        #expect(throws: RasterError.self) { try RasterImage(encoded: Data([0xFF, 0xD8, 0xFF])) }
        #expect(throws: RasterError.self) { try RasterImage(encoded: Data("GIF89a".utf8)) }
    }

    @Test func fitModes() throws {
        let img = try RasterImage(contentsOfFile: fixture("fixture-gradient", "jpg"))
        let c = try RasterCanvas(width: 64, height: 64)
        c.clear(PaintColor(rgb8: 0xEE, 0xEE, 0xEE))
        c.draw(img, in: CGRect(x: 2, y: 2, width: 60, height: 16), fit: .stretch)
        c.draw(img, in: CGRect(x: 2, y: 22, width: 28, height: 40), fit: .aspectFit)
        c.draw(img, in: CGRect(x: 34, y: 22, width: 28, height: 40), fit: .aspectFill)
        try Reference.check(c, "image-fit-modes")
        // aspectFit of 24x16 into 28x40 → 28x18.67, centred: rows above it stay background.
        #expect(channel(c, 16, 24, 0) == 0xEE)
        // aspectFill covers the whole rect.
        #expect(channel(c, 48, 23, 0) != 0xEE && channel(c, 48, 60, 0) != 0xEE)
    }

    @Test func scaledCopiesAreCachedByTargetSize() throws {
        let img = try RasterImage(contentsOfFile: fixture("fixture-gradient", "jpg"))
        let c = try RasterCanvas(width: 64, height: 64)
        c.draw(img, in: CGRect(x: 0, y: 0, width: 48, height: 32))
        let first = img.scaledCache[ImageSizeKey(width: 48, height: 32)]
        c.draw(img, in: CGRect(x: 8, y: 8, width: 48, height: 32))
        #expect(first != nil && first === img.scaledCache[ImageSizeKey(width: 48, height: 32)])
        // Fractional placement samples through a transform instead and still draws.
        c.clear()
        c.draw(img, in: CGRect(x: 0.5, y: 0.25, width: 40.3, height: 20))
        #expect(channel(c, 20, 10, 3) == 255)
    }

    @Test func rotatedImageUsesBilinearTransform() throws {
        let img = try RasterImage(contentsOfFile: fixture("fixture-gradient", "jpg"))
        let c = try RasterCanvas(width: 64, height: 64)
        c.translateBy(x: 32, y: 32)
        c.rotate(by: Double.pi / 6)
        c.draw(img, in: CGRect(x: -24, y: -16, width: 48, height: 32))
        try Reference.check(c, "image-rotated")
    }
}
