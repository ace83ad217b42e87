/// Gaussian-like blur of an A8 mask by three box passes per axis, each a running sum, so the cost does not
/// depend on the radius. Pixels outside the mask count as zero.
///
/// Three boxes of widths `2rᵢ+1` have variance `Σ rᵢ(rᵢ+1)/3`; `radii(sigma:)` picks the integer radii whose
/// variance is closest to σ². Odd widths keep the result centred, so symmetric input stays symmetric.
enum BoxBlur {
    /// The three box radii approximating a Gaussian of standard deviation `sigma` (pixels).
    static func radii(sigma: Double) -> [Int] {
        guard sigma > 0.25 else { return [] }
        let target = sigma * sigma
        let base = max(0, Int(((12 * target / 3 + 1).squareRoot() - 1) / 2))
        var best: [Int] = [base, base, base]
        var bestErr = Double.infinity
        for lo in max(0, base - 1)...(base + 1) {
            for highCount in 0...3 {
                let rs = Array(repeating: lo, count: 3 - highCount) + Array(repeating: lo + 1, count: highCount)
                let v = rs.reduce(0.0) { $0 + Double($1 * ($1 + 1)) / 3 }
                if abs(v - target) < bestErr { bestErr = abs(v - target); best = rs }
            }
        }
        return best.filter { $0 > 0 }
    }

    /// How far (pixels) the blur reaches: the sum of the box radii.
    static func reach(sigma: Double) -> Int { radii(sigma: sigma).reduce(0, +) }

    /// Blurs `mask` in place.
    static func blur(_ mask: CoverageMask, sigma: Double) {
        let rs = radii(sigma: sigma)
        guard !rs.isEmpty else { return }
        let w = mask.box.width, h = mask.box.height, stride = mask.stride
        guard w > 0, h > 0 else { return }
        let tmp = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * h)
        defer { tmp.deallocate() }
        var src = mask.bytes, dst = tmp
        for r in rs {
            horizontal(src, dst, w: w, h: h, stride: stride, r: r)
            swap(&src, &dst)
        }
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: w)
        defer { sums.deallocate() }
        for r in rs {
            vertical(src, dst, w: w, h: h, stride: stride, r: r, sums: sums)
            swap(&src, &dst)
        }
        if src != mask.bytes { mask.bytes.update(from: src, count: stride * h) }
    }

    /// Multiplier so that `(sum · inv + half) >> 24` rounds `sum / n` to nearest.
    @inline(__always) private static func reciprocal(_ n: Int) -> Int { ((1 << 24) + n / 2) / n }

    private static func horizontal(_ s: UnsafeMutablePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>,
                                   w: Int, h: Int, stride: Int, r: Int) {
        let inv = reciprocal(2 * r + 1), half = 1 << 23
        for y in 0..<h {
            let src = s + y * stride, dst = d + y * stride
            var sum = 0
            for i in 0...min(r, w - 1) { sum += Int(src[i]) }
            for x in 0..<w {
                dst[x] = UInt8(truncatingIfNeeded: (sum * inv + half) >> 24)
                let add = x + r + 1, sub = x - r
                if add < w { sum += Int(src[add]) }
                if sub >= 0 { sum -= Int(src[sub]) }
            }
        }
    }

    private static func vertical(_ s: UnsafeMutablePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>,
                                 w: Int, h: Int, stride: Int, r: Int, sums: UnsafeMutablePointer<Int32>) {
        let inv = Int32(reciprocal(2 * r + 1))
        sums.update(repeating: 0, count: w)
        for i in 0...min(r, h - 1) {
            let row = s + i * stride
            for x in 0..<w { sums[x] += Int32(row[x]) }
        }
        for y in 0..<h {
            let dst = d + y * stride
            for x in 0..<w {
                // sum ≤ 255·(2r+1) and inv ≈ 2²⁴/(2r+1), so the product stays below 2³²; use wrapping UInt32.
                let v = UInt32(bitPattern: sums[x]) &* UInt32(bitPattern: inv) &+ (1 << 23)
                dst[x] = UInt8(truncatingIfNeeded: v >> 24)
            }
            let add = y + r + 1, sub = y - r
            if add < h {
                let row = s + add * stride
                for x in 0..<w { sums[x] += Int32(row[x]) }
            }
            if sub >= 0 {
                let row = s + sub * stride
                for x in 0..<w { sums[x] -= Int32(row[x]) }
            }
        }
    }
}
