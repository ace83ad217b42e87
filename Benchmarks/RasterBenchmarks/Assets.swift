import CPixman
import Foundation
import Raster

/// Shared inputs of the scenes: a synthetic photo, A8 disc masks, a blurred shadow and the paragraph.
enum Assets {
    static let photoWidth = 1920, photoHeight = 1280

    /// A smooth landscape-like gradient with per-pixel noise, opaque, premultiplied ARGB.
    static func makePhoto() -> RasterImage {
        let img = try! RasterImage(width: photoWidth, height: photoHeight)
        var seed: UInt32 = 0x1234_5678
        for y in 0..<photoHeight {
            let row = (img.pixels + y * img.stride).assumingMemoryBound(to: UInt32.self)
            let fy = Double(y) / Double(photoHeight)
            for x in 0..<photoWidth {
                let fx = Double(x) / Double(photoWidth)
                let horizon = 0.6 + 0.07 * sin(fx * 6.5)
                var r: Double, g: Double, b: Double
                if fy < horizon {
                    r = 80 + 110 * fy; g = 130 + 90 * fy; b = 235 - 50 * fy
                } else {
                    let t = (fy - horizon) / (1 - horizon)
                    r = 70 + 40 * sin(fx * 19 + t * 4); g = 120 + 35 * cos(fx * 9 - t * 7); b = 45 + 25 * t
                }
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let n = Double(Int(seed >> 27)) - 16
                func c(_ v: Double) -> UInt32 { UInt32(max(0, min(255, v + n))) }
                row[x] = 0xFF00_0000 | c(r) << 16 | c(g) << 8 | c(b)
            }
        }
        return img
    }

    /// The S2 paragraph: about 400 characters of plain English.
    static let paragraph =
        "A toolkit that paints every frame in software has a budget to keep: each pixel of the window is written " +
        "before the compositor takes the buffer, sixty times a second. This paragraph is roughly four hundred " +
        "characters of twenty-two point text, wrapped to the width of the window and seen only through a circle " +
        "that shrinks while the page is dragged around under the pointer, then grows back and starts over."
}

/// An A8 image with pixman-compatible stride, for the pixman-direct baselines.
final class A8Image {
    let width: Int, height: Int, stride: Int
    let bytes: UnsafeMutablePointer<UInt8>
    let image: OpaquePointer

    init(width: Int, height: Int) {
        self.width = width; self.height = height; stride = (width + 3) & ~3
        bytes = .allocate(capacity: stride * height + 64)
        bytes.initialize(repeating: 0, count: stride * height + 64)
        image = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height),
                                         UnsafeMutableRawPointer(bytes).assumingMemoryBound(to: UInt32.self), Int32(stride))!
    }

    deinit { pixman_image_unref(image); bytes.deallocate() }

    /// The baseline's disc: coverage = clamp(r + ½ − distance to centre); interior spans memset, rim by sqrt.
    func disc(cx: Double, cy: Double, r: Double) {
        Self.disc(bytes, stride: stride, width: width, height: height, cx: cx, cy: cy, r: r)
    }

    static func disc(_ px: UnsafeMutablePointer<UInt8>, stride: Int, width w: Int, height h: Int, cx: Double, cy: Double, r: Double) {
        let outer2 = (r + 0.5) * (r + 0.5), innerR = r - 0.5, inner2 = innerR > 0 ? innerR * innerR : 0
        for y in 0..<h {
            let row = px + y * stride
            let dy = Double(y) + 0.5 - cy, dy2 = dy * dy
            if dy2 >= outer2 { row.update(repeating: 0, count: w); continue }
            let xo = (outer2 - dy2).squareRoot()
            let a = max(0, Int((cx - xo - 0.5).rounded(.down))), b = min(w - 1, Int((cx + xo - 0.5).rounded(.up)))
            var ia = b + 1, ib = b
            if innerR > 0 && dy2 < inner2 {
                let xi = (inner2 - dy2).squareRoot()
                ia = max(a, Int((cx - xi - 0.5).rounded(.up))); ib = min(b, Int((cx + xi - 0.5).rounded(.down)))
                if ia > ib { ia = b + 1; ib = b }
            }
            if a > 0 { row.update(repeating: 0, count: a) }
            var x = a
            while x <= b {
                if x == ia && ib >= ia { (row + ia).update(repeating: 255, count: ib - ia + 1); x = ib + 1; continue }
                let dx = Double(x) + 0.5 - cx
                let c = r + 0.5 - (dx * dx + dy2).squareRoot()
                row[x] = c <= 0 ? 0 : (c >= 1 ? 255 : UInt8(c * 255 + 0.5))
                x += 1
            }
            if b + 1 < w { (row + b + 1).update(repeating: 0, count: w - b - 1) }
        }
    }

    /// Three box blurs per axis (radii 3, 4, 4 ≈ σ 4), once, for the cached baseline shadow.
    func blur() {
        let tmp = [UInt8](repeating: 0, count: stride * height)
        var a = Array(UnsafeBufferPointer(start: bytes, count: stride * height)), b = tmp
        func pass(_ src: [UInt8], _ dst: inout [UInt8], horizontal: Bool, r: Int) {
            let n = 2 * r + 1
            let (outer, inner) = horizontal ? (height, width) : (width, height)
            for o in 0..<outer {
                func at(_ i: Int) -> Int { horizontal ? o * stride + i : i * stride + o }
                var sum = 0
                for i in 0...min(r, inner - 1) { sum += Int(src[at(i)]) }
                for i in 0..<inner {
                    dst[at(i)] = UInt8((sum + n / 2) / n)
                    if i + r + 1 < inner { sum += Int(src[at(i + r + 1)]) }
                    if i - r >= 0 { sum -= Int(src[at(i - r)]) }
                }
            }
        }
        for (h, r) in [(true, 3), (true, 4), (true, 4), (false, 3), (false, 4), (false, 4)] {
            pass(a, &b, horizontal: h, r: r); swap(&a, &b)
        }
        a.withUnsafeBufferPointer { bytes.update(from: $0.baseAddress!, count: stride * height) }
    }
}
