import Foundation
import Testing

@testable import Raster

@Suite struct CanvasTests {
    @Test func drawsIntoCallerMemoryWithPaddedStride() throws {
        let stride = 40 * 4 + 32
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * 20, alignment: 64)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xAB, count: stride * 20)
        let c = try RasterCanvas(pixels: memory, width: 40, height: 20, stride: stride)
        c.clear(.clear)
        c.fill(.rect(CGRect(x: 0, y: 0, width: 40, height: 20)), with: .color(PaintColor(rgb8: 1, 2, 3)))
        #expect(memory.load(fromByteOffset: 0, as: UInt32.self) == 0xFF01_0203)
        #expect(memory.load(fromByteOffset: stride * 19 + 39 * 4, as: UInt32.self) == 0xFF01_0203)
        // Padding bytes beyond the row are untouched.
        #expect(memory.load(fromByteOffset: 40 * 4, as: UInt8.self) == 0xAB)
        #expect(throws: RasterError.self) { try RasterCanvas(pixels: memory, width: 40, height: 20, stride: 100) }
    }

    @Test func premultipliedSolidColour() throws {
        let c = try RasterCanvas(width: 4, height: 4)
        c.fill(
            .rect(CGRect(x: 0, y: 0, width: 4, height: 4)),
            with: .color(PaintColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)))
        #expect(c.pixel(x: 1, y: 1) == PaintColor(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultipliedARGB)
        #expect(c.pixel(x: 1, y: 1) >> 24 == 128)
    }

    @Test func regionClipAndSaveRestore() throws {
        let c = try RasterCanvas(width: 16, height: 16)
        c.save()
        c.clip(
            to: PixelRegion(boxes: [
                PixelBox(x: 0, y: 0, width: 4, height: 4), PixelBox(x: 8, y: 8, width: 4, height: 4),
            ]))
        c.fill(.rect(CGRect(x: 0, y: 0, width: 16, height: 16)), with: .color(.black))
        #expect(channel(c, 1, 1, 3) == 255 && channel(c, 9, 9, 3) == 255 && channel(c, 5, 5, 3) == 0)
        c.restore()
        c.fill(.rect(CGRect(x: 4, y: 4, width: 2, height: 2)), with: .color(.black))
        #expect(channel(c, 5, 5, 3) == 255)
    }

    @Test func transformsCompose() {
        var t = Transform2D.translation(x: 10, y: 0).concatenating(after: .scale(x: 2, y: 2))
        let m = t.apply(1.0, 1.0)
        #expect(m.x == 12 && m.y == 2)
        t = Transform2D.rotation(Double.pi / 2)
        let p = t.apply(1, 0)
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        let inv = Transform2D(a: 2, b: 1, c: 0.5, d: 3, tx: 4, ty: 5).inverted!
        let fwd = Transform2D(a: 2, b: 1, c: 0.5, d: 3, tx: 4, ty: 5).apply(7.0, -3.0)
        let q = inv.apply(fwd.x, fwd.y)
        #expect(abs(q.x - 7) < 1e-9 && abs(q.y + 3) < 1e-9)
    }

    @Test func regionAlgebra() {
        var r = PixelRegion(PixelBox(x: 0, y: 0, width: 10, height: 10))
        r.formUnion(PixelBox(x: 5, y: 5, width: 10, height: 10))
        #expect(r.area == 175 && r.extents == PixelBox(x0: 0, y0: 0, x1: 15, y1: 15))
        let copy = r
        r.subtract(PixelRegion(PixelBox(x: 0, y: 0, width: 15, height: 15)))
        #expect(r.isEmpty && copy.area == 175)
        #expect(copy.contains(x: 12, y: 12) && !copy.contains(x: 12, y: 2))
    }
}

@Suite struct ClipTests {
    @Test func pixelAlignedRectClipIsExactAndFractionalIsAntialiased() throws {
        let c = try RasterCanvas(width: 32, height: 32)
        c.withSavedState {
            c.clip(to: .rect(CGRect(x: 4, y: 4, width: 10, height: 10)))
            c.fill(.rect(CGRect(x: 0, y: 0, width: 32, height: 32)), with: .color(.black))
        }
        #expect(
            channel(c, 4, 4, 3) == 255 && channel(c, 13, 13, 3) == 255 && channel(c, 14, 13, 3) == 0
                && channel(c, 3, 4, 3) == 0)
        let d = try RasterCanvas(width: 32, height: 32)
        d.withSavedState {
            d.clip(to: .rect(CGRect(x: 4.5, y: 4, width: 10, height: 10)))
            d.fill(.rect(CGRect(x: 0, y: 0, width: 32, height: 32)), with: .color(.black))
        }
        #expect(
            abs(channel(d, 4, 6, 3) - 128) <= 1 && channel(d, 5, 6, 3) == 255 && abs(channel(d, 14, 6, 3) - 128) <= 1)
    }
}
