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

    private static func horizontal(
        _ s: UnsafeMutablePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>,
        w: Int, h: Int, stride: Int, r: Int
    ) {
        let inv = reciprocal(2 * r + 1)
        let half = 1 << 23
        for y in 0..<h {
            let src = s + y * stride
            let dst = d + y * stride
            var sum = 0
            for i in 0...min(r, w - 1) { sum += Int(src[i]) }
            // Three phases so the long middle runs without bounds tests: window entering, full, leaving.
            let enterEnd = min(w, max(0, w - r - 1))
            let middleStart = min(enterEnd, r)
            var x = 0
            while x < middleStart {
                dst[x] = UInt8(truncatingIfNeeded: (sum &* inv &+ half) &>> 24)
                sum = sum &+ Int(src[x &+ r &+ 1])
                x &+= 1
            }
            while x < enterEnd {
                dst[x] = UInt8(truncatingIfNeeded: (sum &* inv &+ half) &>> 24)
                sum = sum &+ Int(src[x &+ r &+ 1]) &- Int(src[x &- r])
                x &+= 1
            }
            while x < w {
                dst[x] = UInt8(truncatingIfNeeded: (sum &* inv &+ half) &>> 24)
                let add = x + r + 1
                let sub = x - r
                if add < w { sum += Int(src[add]) }
                if sub >= 0 { sum -= Int(src[sub]) }
                x &+= 1
            }
        }
    }

    /// Column running sums, 16 columns at a time in SIMD lanes.
    private static func vertical(
        _ s: UnsafeMutablePointer<UInt8>, _ d: UnsafeMutablePointer<UInt8>,
        w: Int, h: Int, stride: Int, r: Int
    ) {
        let inv = UInt32(reciprocal(2 * r + 1))
        let lanes = (w + 15) / 16
        // An array of SIMD vectors is aligned for them (raw Int32 memory might not be).
        var sumStorage = [SIMD16<Int32>](repeating: .zero, count: lanes)
        sumStorage.withUnsafeMutableBufferPointer { buf in
            let vsums = buf.baseAddress!
            // Rows are read 16 bytes at a time; the last group may read into the row padding or past the end,
            // so a tail row is staged in a zero-padded copy.
            let tail = UnsafeMutablePointer<UInt8>.allocate(capacity: lanes * 16)
            defer { tail.deallocate() }
            func load(_ row: UnsafeMutablePointer<UInt8>, _ lane: Int) -> SIMD16<Int32> {
                let bytes: SIMD16<UInt8>
                if lane * 16 + 16 <= w {
                    bytes = UnsafeRawPointer(row + lane * 16).loadUnaligned(as: SIMD16<UInt8>.self)
                } else {
                    tail.update(repeating: 0, count: 16)
                    (tail).update(from: row + lane * 16, count: w - lane * 16)
                    bytes = UnsafeRawPointer(tail).loadUnaligned(as: SIMD16<UInt8>.self)
                }
                return SIMD16<Int32>(truncatingIfNeeded: bytes)
            }
            for i in 0...min(r, h - 1) {
                let row = s + i * stride
                for l in 0..<lanes { vsums[l] &+= load(row, l) }
            }
            let half = SIMD16<UInt32>(repeating: 1 << 23)
            let vinv = SIMD16<UInt32>(repeating: inv)
            for y in 0..<h {
                let dst = d + y * stride
                for l in 0..<lanes {
                    let v = (SIMD16<UInt32>(truncatingIfNeeded: vsums[l]) &* vinv &+ half) &>> 24
                    let out = SIMD16<UInt8>(truncatingIfNeeded: v)
                    let n = min(16, w - l * 16)
                    if n == 16 {
                        UnsafeMutableRawPointer(dst + l * 16).storeBytes(of: out, as: SIMD16<UInt8>.self)
                    } else {
                        for k in 0..<n { dst[l * 16 + k] = out[k] }
                    }
                }
                let add = y + r + 1
                let sub = y - r
                if add < h {
                    let row = s + add * stride
                    for l in 0..<lanes { vsums[l] &+= load(row, l) }
                }
                if sub >= 0 {
                    let row = s + sub * stride
                    for l in 0..<lanes { vsums[l] &-= load(row, l) }
                }
            }
        }
    }
}
