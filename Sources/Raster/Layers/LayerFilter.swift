import CPixman
import Foundation

/// What a filtered layer does to its composited content before it is drawn.
public enum RasterLayerFilter: Equatable, Sendable {
    /// A Gaussian-like blur of standard deviation `sigma` (user units); `opaque` spreads the colours without
    /// letting transparency in at the content's edges (the result is opaque where content was drawn).
    case blur(sigma: Double, opaque: Bool)
    /// A 4×5 matrix on unpremultiplied (r, g, b, a, 1), row by row.
    case colorMatrix([Float])
}

extension RasterCanvas {
    /// Draws `content` into an offscreen layer, filters it, and composites the result here (OVER).
    /// `bounds` (user coordinates) limits the layer to where the content draws.
    public func withLayer(filter: RasterLayerFilter, bounds: CGRect?, content: (RasterCanvas) throws -> Void) rethrows {
        let target = clipBox
        let t = state.transform
        guard !target.isEmpty, t.isFinite else { return }
        var sigma = 0.0
        var reach = 0
        if case .blur(let s, _) = filter {
            guard s.isFinite else { return }
            sigma = min(500, max(0, s) * t.meanScale)
            reach = BoxBlur.reach(sigma: sigma)
        }
        // Content beyond the visible area within the blur's reach still shows, blurred, inside it.
        var box = target.outset(by: reach)
        var contentBox: PixelBox?
        if let bounds {
            let d = t.apply(bounds.standardized)
            let b = PixelBox.covering(
                minX: Double(d.minX), minY: Double(d.minY), maxX: Double(d.maxX), maxY: Double(d.maxY)
            ).outset(by: 1)
            contentBox = b
            box = box.intersection(b.outset(by: reach))
        }
        guard !box.isEmpty, let layer = try? makeLayer(box: box, transform: t) else { return }
        try content(layer)
        switch filter {
        case .blur(_, let opaque):
            RasterCanvas.blurPixels(of: layer, sigma: sigma)
            if opaque {
                RasterCanvas.makeOpaque(layer, inside: (contentBox ?? box).intersection(box).offsetBy(-box.x0, -box.y0))
            }
        case .colorMatrix(let matrix):
            guard matrix.count == 20, matrix.allSatisfy(\.isFinite) else { return }
            RasterCanvas.applyColorMatrix(matrix, to: layer)
        }
        let area = box.intersection(target)
        guard !area.isEmpty else { return }
        composite(source: layer.image, mask: nil, box: area, sourceOrigin: (box.x0, box.y0))
    }

    /// Blurs every channel of a layer's premultiplied pixels (so colours spread with their alpha).
    static func blurPixels(of layer: RasterCanvas, sigma: Double) {
        guard !BoxBlur.radii(sigma: sigma).isEmpty else { return }
        BoxBlur.blur(pixels: layer.pixels, stride: layer.stride, width: layer.width, height: layer.height, sigma: sigma)
        for y in 0..<layer.height {
            let row = (layer.pixels + y * layer.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<layer.width {
                // Rounding may leave a colour a step above its alpha: premultiplied pixels must not exceed it.
                let p = row[x]
                let alpha = p >> 24
                if alpha == 255 { continue }
                row[x] =
                    alpha << 24 | min((p >> 16) & 0xFF, alpha) << 16 | min((p >> 8) & 0xFF, alpha) << 8
                    | min(p & 0xFF, alpha)
            }
        }
    }

    /// Divides colours by their alpha and makes them opaque inside `box` (layer pixels): a blurred image
    /// whose edges let transparency in becomes one whose edges keep their colour.
    static func makeOpaque(_ layer: RasterCanvas, inside box: PixelBox) {
        guard !box.isEmpty else { return }
        for y in box.y0..<box.y1 {
            let row = (layer.pixels + y * layer.stride).assumingMemoryBound(to: UInt32.self)
            for x in box.x0..<box.x1 {
                let p = row[x]
                let a = p >> 24
                guard a > 0, a < 255 else { continue }
                func channel(_ shift: UInt32) -> UInt32 { min(255, ((p >> shift) & 0xFF) * 255 / a) }
                row[x] = 0xFF00_0000 | channel(16) << 16 | channel(8) << 8 | channel(0)
            }
        }
    }

    /// Maps every pixel of a layer through a colour matrix on unpremultiplied components.
    static func applyColorMatrix(_ m: [Float], to layer: RasterCanvas) {
        // The matrix in 0…255 units, with the constant column scaled to bytes, by columns: what each of red,
        // green, blue, alpha and 1 adds to the four results.
        let k = m.enumerated().map { $0.offset % 5 == 4 ? $0.element * 255 : $0.element }
        let columns = (0..<5).map { c in SIMD4<Float>(k[c], k[5 + c], k[10 + c], k[15 + c]) }
        let (fromRed, fromGreen, fromBlue, fromAlpha, constant) =
            (columns[0], columns[1], columns[2], columns[3], columns[4])
        // Opaque rows under a matrix that keeps opaque pixels opaque: fixed point, 16 fraction bits (a byte
        // off from the float result only when that result lies within 1/100 of a rounding boundary).
        let keepsOpaque = m[15] == 0 && m[16] == 0 && m[17] == 0 && m[18] + m[19] == 1
        // Three colour terms under 16 · 65 536 · 255 each and the constant under 2³⁰ stay within 32 bits.
        let constantBytes: [Float] = (0..<3).map { c in k[5 * c + 3] * 255 + k[5 * c + 4] }
        let colourTerms: [Float] = (0..<15).filter { $0 % 5 < 3 }.map { k[$0] }
        let fitsFixed = colourTerms.allSatisfy { abs($0) < 16 } && constantBytes.allSatisfy { abs($0) < 16384 }
        var fixed = [Int32](repeating: 0, count: 15)
        var fixedConstant = [Int32](repeating: 0, count: 3)
        if fitsFixed {
            for i in 0..<15 where i % 5 < 3 { fixed[i] = Int32((k[i] * 65536).rounded()) }
            for c in 0..<3 { fixedConstant[c] = Int32((constantBytes[c] * 65536).rounded()) + 32768 }
        }
        let opaqueMap = OpaqueColorMap(fixed, fixedConstant)
        let mapsOpaqueInFixedPoint = keepsOpaque && fitsFixed
        for y in 0..<layer.height {
            let row = (layer.pixels + y * layer.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<layer.width {
                let p = row[x]
                if p >= 0xFF00_0000, mapsOpaqueInFixedPoint {
                    row[x] = opaqueMap(p)
                    continue
                }
                let a = Float(p >> 24)
                var r: Float = 0
                var g: Float = 0
                var b: Float = 0
                if a == 255 {
                    r = Float((p >> 16) & 0xFF)
                    g = Float((p >> 8) & 0xFF)
                    b = Float(p & 0xFF)
                } else if a > 0 {
                    let unpremultiply = 255 / a
                    r = Float((p >> 16) & 0xFF) * unpremultiply
                    g = Float((p >> 8) & 0xFF) * unpremultiply
                    b = Float(p & 0xFF) * unpremultiply
                }
                let sum = fromRed * r + fromGreen * g + fromBlue * b + fromAlpha * a + constant
                let mapped = SIMD4<Float>(
                    max(0, min(255, sum[0])), max(0, min(255, sum[1])), max(0, min(255, sum[2])),
                    max(0, min(255, sum[3])))
                let na = mapped[3]
                // Rounded to the nearest byte (the values are not negative: adding a half and truncating
                // rounds, without a call per component).
                let premultiplied = mapped * (na / 255) + 0.5
                row[x] =
                    UInt32(na + 0.5) << 24 | UInt32(premultiplied[0]) << 16 | UInt32(premultiplied[1]) << 8
                    | UInt32(premultiplied[2])
            }
        }
    }
}

/// An opaque pixel through the colour part of a matrix in fixed point, its entries held in scalars (read once
/// per pixel from registers, not from arrays): `m` holds the matrix's entries times 65 536, `constant` each
/// colour row's alpha and constant terms in bytes times 65 536, plus a half.
struct OpaqueColorMap {
    let rr, rg, rb, gr, gg, gb, br, bg, bb, cr, cg, cb: Int32

    init(_ m: [Int32], _ constant: [Int32]) {
        (rr, rg, rb, gr, gg, gb, br, bg, bb) = (m[0], m[1], m[2], m[5], m[6], m[7], m[10], m[11], m[12])
        (cr, cg, cb) = (constant[0], constant[1], constant[2])
    }

    @inline(__always) func callAsFunction(_ p: UInt32) -> UInt32 {
        let r = Int32(truncatingIfNeeded: (p >> 16) & 0xFF)
        let g = Int32(truncatingIfNeeded: (p >> 8) & 0xFF)
        let b = Int32(truncatingIfNeeded: p & 0xFF)
        let nr = min(255, max(0, (rr &* r &+ rg &* g &+ rb &* b &+ cr) >> 16))
        let ng = min(255, max(0, (gr &* r &+ gg &* g &+ gb &* b &+ cg) >> 16))
        let nb = min(255, max(0, (br &* r &+ bg &* g &+ bb &* b &+ cb) >> 16))
        return 0xFF00_0000 | UInt32(nr) << 16 | UInt32(ng) << 8 | UInt32(nb)
    }
}

extension RasterCanvas {
    /// Draws `content` into an offscreen layer and composites it through a projective transform of user
    /// coordinates: `matrix` holds nine numbers row by row, mapping row vectors (x, y, 1) to (x′w, y′w, w).
    /// Nothing is drawn when part of the content would fall behind the viewer (w ≤ 0).
    public func withLayer(projection matrix: [Double], bounds: CGRect, content: (RasterCanvas) throws -> Void) rethrows
    {
        let t = state.transform
        guard matrix.count == 9, matrix.allSatisfy(\.isFinite), t.isFinite, let deviceToUser = t.inverted else {
            return
        }
        let d = t.apply(bounds.standardized)
        let source = PixelBox.covering(
            minX: Double(d.minX), minY: Double(d.minY), maxX: Double(d.maxX), maxY: Double(d.maxY)
        )
        .outset(by: 1).intersection(deviceBounds.outset(by: 4096))
        guard !source.isEmpty else { return }
        // Device ▸ device, column vectors: T · Pᵀ · T⁻¹.
        func columnMatrix(_ a: Transform2D) -> [Double] { [a.a, a.c, a.tx, a.b, a.d, a.ty, 0, 0, 1] }
        func multiply(_ x: [Double], _ y: [Double]) -> [Double] {
            var out = [Double](repeating: 0, count: 9)
            for row in 0..<3 {
                for column in 0..<3 {
                    var sum = 0.0
                    for k in 0..<3 { sum += x[row * 3 + k] * y[k * 3 + column] }
                    out[row * 3 + column] = sum
                }
            }
            return out
        }
        let projection: [Double] = [0, 3, 6, 1, 4, 7, 2, 5, 8].map { matrix[$0] }
        let forward = multiply(multiply(columnMatrix(t), projection), columnMatrix(deviceToUser))
        // Where the layer's corners land, all in front of the viewer.
        var xs: [Double] = []
        var ys: [Double] = []
        for (x, y) in [(source.x0, source.y0), (source.x1, source.y0), (source.x0, source.y1), (source.x1, source.y1)] {
            let px = Double(x)
            let py = Double(y)
            let w = forward[6] * px + forward[7] * py + forward[8]
            guard w > 1e-6 else { return }
            xs.append((forward[0] * px + forward[1] * py + forward[2]) / w)
            ys.append((forward[3] * px + forward[4] * py + forward[5]) / w)
        }
        let target = PixelBox.covering(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!).intersection(
            clipBox)
        guard !target.isEmpty, let inverse = Self.inverse3x3(forward),
            let layer = try? makeLayer(box: source, transform: t)
        else { return }
        try content(layer)
        // Root pixel ▸ layer pixel: the inverse, then the layer's offset. Sampled here in doubles: pixman's
        // 16.16 projective fetch loses the perspective terms' precision.
        let offset = [1, 0, -Double(source.x0), 0, 1, -Double(source.y0), 0, 0, 1]
        let sampling = multiply(offset, inverse)
        guard
            let projected = try? RasterCanvas(
                ownedWidth: target.width, height: target.height, scale: scale, origin: (target.x0, target.y0),
                scratch: scratch)
        else { return }
        Self.resample(layer, into: projected, at: target, through: sampling)
        composite(source: projected.image, mask: nil, box: target, sourceOrigin: (target.x0, target.y0))
    }

    /// Fills `output` (covering `box`, root pixels) by sampling `layer` bilinearly at `sampling` × (x + ½, y + ½, 1).
    private static func resample(
        _ layer: RasterCanvas, into output: RasterCanvas, at box: PixelBox, through m: [Double]
    ) {
        let width = layer.width
        let height = layer.height
        func pixel(_ x: Int, _ y: Int) -> SIMD4<Double> {
            guard x >= 0, y >= 0, x < width, y < height else { return .zero }
            let p = (layer.pixels + y * layer.stride).assumingMemoryBound(to: UInt32.self)[x]
            return SIMD4(Double(p >> 24), Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF))
        }
        for row in 0..<box.height {
            let out = (output.pixels + row * output.stride).assumingMemoryBound(to: UInt32.self)
            let y = Double(box.y0 + row) + 0.5
            for column in 0..<box.width {
                let x = Double(box.x0 + column) + 0.5
                let w = m[6] * x + m[7] * y + m[8]
                guard w > 1e-9 else {
                    out[column] = 0
                    continue
                }
                let sx = (m[0] * x + m[1] * y + m[2]) / w - 0.5
                let sy = (m[3] * x + m[4] * y + m[5]) / w - 0.5
                guard sx > -1, sy > -1, sx < Double(width), sy < Double(height) else {
                    out[column] = 0
                    continue
                }
                let x0 = Int(sx.rounded(.down))
                let y0 = Int(sy.rounded(.down))
                let fx = sx - Double(x0)
                let fy = sy - Double(y0)
                let top = pixel(x0, y0) * (1 - fx) + pixel(x0 + 1, y0) * fx
                let bottom = pixel(x0, y0 + 1) * (1 - fx) + pixel(x0 + 1, y0 + 1) * fx
                let v = (top * (1 - fy) + bottom * fy).rounded(.toNearestOrAwayFromZero)
                out[column] = UInt32(v[0]) << 24 | UInt32(v[1]) << 16 | UInt32(v[2]) << 8 | UInt32(v[3])
            }
        }
    }

    private static func inverse3x3(_ m: [Double]) -> [Double]? {
        let c00 = m[4] * m[8] - m[5] * m[7]
        let c01 = m[5] * m[6] - m[3] * m[8]
        let c02 = m[3] * m[7] - m[4] * m[6]
        let det = m[0] * c00 + m[1] * c01 + m[2] * c02
        guard det != 0, det.isFinite else { return nil }
        let inverse = [
            c00, m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            c01, m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            c02, m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ]
        return inverse.map { $0 / det }
    }
}
