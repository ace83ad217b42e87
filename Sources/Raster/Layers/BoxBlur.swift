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
                if abs(v - target) < bestErr {
                    bestErr = abs(v - target)
                    best = rs
                }
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
        let w = mask.box.width
        let h = mask.box.height
        let stride = mask.stride
        guard w > 0, h > 0 else { return }
        // Columns blur 16 at a time in SIMD lanes; rows are blurred as columns of the transposed mask.
        let tStride = (h + 15) & ~15
        let a = UnsafeMutablePointer<UInt8>.allocate(capacity: tStride * w)
        let b = UnsafeMutablePointer<UInt8>.allocate(capacity: max(tStride * w, stride * h))
        defer {
            a.deallocate()
            b.deallocate()
        }
        transpose(mask.bytes, stride, a, tStride, w: w, h: h)
        var src = a
        var dst = b
        for r in rs {
            vertical(src, dst, w: h, h: w, stride: tStride, r: r)
            swap(&src, &dst)
        }
        transpose(src, tStride, mask.bytes, stride, w: h, h: w)
        src = mask.bytes
        dst = b
        for r in rs {
            vertical(src, dst, w: w, h: h, stride: stride, r: r)
            swap(&src, &dst)
        }
        if src != mask.bytes { mask.bytes.update(from: src, count: stride * h) }
    }

    /// Blurs each byte of `w × h` packed 32-bit pixels on its own (every channel, zero outside), by the same
    /// passes as `blur(_:sigma:)`: rows as the columns of the transposed image (pixels moved whole), then
    /// columns, each pass over all of a row's bytes at once.
    static func blur(pixels: UnsafeMutableRawPointer, stride: Int, width w: Int, height h: Int, sigma: Double) {
        let rs = radii(sigma: sigma)
        guard !rs.isEmpty, w > 0, h > 0 else { return }
        let bytes = pixels.assumingMemoryBound(to: UInt8.self)
        let tStride = (4 * h + 15) & ~15
        let a = UnsafeMutablePointer<UInt8>.allocate(capacity: tStride * w)
        let b = UnsafeMutablePointer<UInt8>.allocate(capacity: max(tStride * w, stride * h))
        defer {
            a.deallocate()
            b.deallocate()
        }
        transposePixels(bytes, stride, a, tStride, w: w, h: h)
        var src = a
        var dst = b
        for r in rs {
            vertical(src, dst, w: 4 * h, h: w, stride: tStride, r: r)
            swap(&src, &dst)
        }
        transposePixels(src, tStride, bytes, stride, w: h, h: w)
        src = bytes
        dst = b
        for r in rs {
            vertical(src, dst, w: 4 * w, h: h, stride: stride, r: r)
            swap(&src, &dst)
        }
        if src != bytes { bytes.update(from: src, count: stride * h) }
    }

    /// Writes the transpose of the `w × h` 32-bit pixels at `s` into `d` (`h × w`), in cache-friendly tiles.
    private static func transposePixels(
        _ s: UnsafeMutablePointer<UInt8>, _ sStride: Int, _ d: UnsafeMutablePointer<UInt8>, _ dStride: Int, w: Int,
        h: Int
    ) {
        let source = UnsafeMutableRawPointer(s)
        let destination = UnsafeMutableRawPointer(d)
        let tile = 16
        var ty = 0
        while ty < h {
            var tx = 0
            while tx < w {
                for y in ty..<min(h, ty + tile) {
                    let row = (source + y &* sStride).assumingMemoryBound(to: UInt32.self)
                    for x in tx..<min(w, tx + tile) {
                        (destination + x &* dStride).assumingMemoryBound(to: UInt32.self)[y] = row[x]
                    }
                }
                tx += tile
            }
            ty += tile
        }
    }

    /// Writes the transpose of the `w × h` bytes at `s` into `d` (`h × w`), in cache-friendly tiles.
    private static func transpose(
        _ s: UnsafeMutablePointer<UInt8>, _ sStride: Int, _ d: UnsafeMutablePointer<UInt8>, _ dStride: Int, w: Int,
        h: Int
    ) {
        let tile = 32
        var ty = 0
        while ty < h {
            var tx = 0
            while tx < w {
                for y in ty..<min(h, ty + tile) {
                    let row = s + y * sStride
                    for x in tx..<min(w, tx + tile) { d[x &* dStride &+ y] = row[x] }
                }
                tx += tile
            }
            ty += tile
        }
    }

    /// Multiplier so that `(sum · inv + half) >> 24` rounds `sum / n` to nearest.
    @inline(__always) private static func reciprocal(_ n: Int) -> Int { ((1 << 24) + n / 2) / n }

    /// Column running sums, one per byte of a row, updated a whole row at a time (plain loops over the row,
    /// which the compiler turns into vector code). Boxes up to 15 wide sum in 16-bit lanes (at most 15 · 255)
    /// and divide by a 16-bit reciprocal, eight lanes per instruction; wider ones in 32 bits. Both round
    /// `sum / n` to nearest exactly (n is odd: no ties), so they give the same bytes.
    private static func vertical(
        _ s: UnsafeMutablePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>,
        w: Int, h: Int, stride: Int, r: Int
    ) {
        let n = 2 * r + 1
        if n <= 15 {
            // ⌊(sum + ⌊n/2⌋) · ⌈65 536/n⌉ / 65 536⌋ is the rounded quotient while n² < 256.
            // 16-bit factors (n ≥ 3), so the multiply is one high-half 16-bit multiply.
            let multiplier = UInt16((65536 + n - 1) / n)
            let half = UInt16(n / 2)
            runningSums(s, d, w: w, h: h, stride: stride, r: r, as: UInt16.self) { sum in
                UInt8(truncatingIfNeeded: (UInt32(sum &+ half) &* UInt32(multiplier)) &>> 16)
            }
        } else {
            let inv = UInt32(reciprocal(n))
            runningSums(s, d, w: w, h: h, stride: stride, r: r, as: UInt32.self) { sum in
                UInt8(truncatingIfNeeded: (sum &* inv &+ (1 << 23)) &>> 24)
            }
        }
    }

    @inline(__always) private static func runningSums<Sum: FixedWidthInteger & UnsignedInteger>(
        _ s: UnsafeMutablePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>,
        w: Int, h: Int, stride: Int, r: Int, as: Sum.Type, average: (Sum) -> UInt8
    ) {
        let sums = UnsafeMutablePointer<Sum>.allocate(capacity: w)
        defer { sums.deallocate() }
        sums.initialize(repeating: 0, count: w)
        for i in 0...min(r, h - 1) {
            let row = s + i * stride
            for x in 0..<w { sums[x] &+= Sum(truncatingIfNeeded: row[x]) }
        }
        for y in 0..<h {
            let dst = d + y * stride
            for x in 0..<w { dst[x] = average(sums[x]) }
            let add = y + r + 1
            let sub = y - r
            if add < h, sub >= 0 {
                let entering = s + add * stride
                let leaving = s + sub * stride
                for x in 0..<w {
                    sums[x] = sums[x] &+ Sum(truncatingIfNeeded: entering[x]) &- Sum(truncatingIfNeeded: leaving[x])
                }
            } else if add < h {
                let entering = s + add * stride
                for x in 0..<w { sums[x] &+= Sum(truncatingIfNeeded: entering[x]) }
            } else if sub >= 0 {
                let leaving = s + sub * stride
                for x in 0..<w { sums[x] &-= Sum(truncatingIfNeeded: leaving[x]) }
            }
        }
    }
}
