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
        let a = p >> 24
        let r = (p >> 16) & 0xFF
        let b = p & 0xFF
        #expect(abs(Int(a) - 128) <= 1)
        #expect(abs(Int(r) - 0x33 * Int(a) / 255) <= 1 && abs(Int(b) - 0xCC * Int(a) / 255) <= 1)
    }

    @Test func jpegDecodesOpaque() throws {
        let img = try RasterImage(contentsOfFile: fixture("fixture-gradient", "jpg"))
        #expect(img.width == 24 && img.height == 16)
        let top = img.pixel(x: 12, y: 0)
        let bottom = img.pixel(x: 12, y: 15)
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
        for y in 0..<10 {
            for x in 0..<20 {
                let a = back.pixel(x: x, y: y)
                let b = c.pixel(x: x, y: y)
                for s in stride(from: 0, to: 32, by: 8) {
                    #expect(abs(Int((a >> UInt32(s)) & 0xFF) - Int((b >> UInt32(s)) & 0xFF)) <= 2)
                }
            }
        }
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

    /// A PNG whose header (IHDR, checksum fixed up) claims `width × height`; the pixel data is the fixture's.
    func pngClaiming(width: Int, height: Int) throws -> Data {
        var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("fixture-alpha", "png"))))
        func put32(_ value: Int, at offset: Int) {
            for i in 0..<4 { png[offset + i] = UInt8((value >> (24 - 8 * i)) & 0xFF) }
        }
        put32(width, at: 16)
        put32(height, at: 20)
        var crc: UInt32 = 0xFFFF_FFFF  // CRC-32 of the chunk's type and data (bytes 12..<29)
        for byte in png[12..<29] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        put32(Int(~crc), at: 29)
        return Data(png)
    }

    /// A JPEG whose frame header (SOF0) claims `width × height`.
    func jpegClaiming(width: Int, height: Int) throws -> Data {
        var jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture("fixture-gradient", "jpg"))))
        let sof = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[sof + 5] = UInt8(height >> 8)
        jpeg[sof + 6] = UInt8(height & 0xFF)
        jpeg[sof + 7] = UInt8(width >> 8)
        jpeg[sof + 8] = UInt8(width & 0xFF)
        return Data(jpeg)
    }

    /// Tiny files whose headers claim gigapixels are refused on the header, before memory is allocated or
    /// anything decoded (they took gigabytes and up to a minute).
    @Test(arguments: [(30000, 30000), (16385, 1), (1, 16385), (10000, 5001)])
    func imagesBeyondTheLimitsAreRefusedOnTheirHeader(width: Int, height: Int) throws {
        #expect(throws: RasterError.imageTooLarge(width: width, height: height)) {
            try RasterImage(encoded: try pngClaiming(width: width, height: height))
        }
        #expect(throws: RasterError.imageTooLarge(width: width, height: height)) {
            try RasterImage(encoded: try jpegClaiming(width: width, height: height))
        }
    }

    @Test func theLimitsAreNamedInTheMessage() {
        #expect(
            RasterError.imageTooLarge(width: 30000, height: 30000).description
                == "the image is 30000x30000 pixels; images may be at most 16384 pixels on a side and 50 megapixels in all"
        )
    }

    /// The checksum fix-up is right: the same header rewritten with the fixture's own size still decodes.
    @Test func rewrittenHeadersOfTheRealSizeStillDecode() throws {
        let png = try RasterImage(encoded: try pngClaiming(width: 24, height: 16))
        #expect(png.width == 24 && png.height == 16)
        let jpeg = try RasterImage(encoded: try jpegClaiming(width: 24, height: 16))
        #expect(jpeg.width == 24 && jpeg.height == 16)
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

    /// A resized or zoomed image keeps one copy at the size it is drawn (the photo demo held several);
    /// small thumbnails of it are kept side by side.
    @Test func scaledCopiesLargerThanTheImageAreKeptOneAtATime() throws {
        let img = try RasterImage(contentsOfFile: fixture("fixture-gradient", "jpg"))
        let c = try RasterCanvas(width: 200, height: 200)
        for width in [60, 90, 120] { c.draw(img, in: CGRect(x: 0, y: 0, width: width, height: width * 2 / 3)) }
        #expect(img.scaledCache.count == 1 && img.scaledCache[ImageSizeKey(width: 120, height: 80)] != nil)
        c.draw(img, in: CGRect(x: 0, y: 0, width: 12, height: 8))
        c.draw(img, in: CGRect(x: 0, y: 0, width: 6, height: 4))
        #expect(img.scaledCache.count == 2, "\(img.scaledCache.keys)")
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
