/// The resampling around a material's blur: a box-filtered downscale of the backdrop by a power of two, and
/// the separable bilinear upscale of the blurred result back to full resolution, both in fixed point.
///
/// The upscale maps root pixel centre `r + ½` to small pixel `(r + ½ − origin) / k − ½`, and clamps at the
/// small image's edges; the downscale averages, for each small pixel, the `k × k` block centred where that
/// mapping puts it, so the two are aligned. Factors are 1, 2, 4 or 8.
enum BackdropScaling {
    /// Averages `k × k` blocks of `canvas` (root pixels, from `origin`) into `small`, whose pixel (x, y)
    /// covers root pixels `origin + k·(x, y)` onward; pixels past `canvas`'s edge repeat its edge pixels.
    /// Blocks of four rows or more are read in the middle two rows of every four (half the memory traffic,
    /// centred on the block), which the blur that follows cannot tell from all of them.
    static func downscale(
        _ canvas: RasterCanvas, from origin: (x: Int, y: Int), factor k: Int, into small: RasterCanvas
    ) {
        let rows = k < 4 ? Array(0..<k) : (0..<k).filter { $0 % 4 == 1 || $0 % 4 == 2 }
        let shift = (k * rows.count).trailingZeroBitCount
        let half = (1 << shift) >> 1
        let w = small.width
        let bounds = canvas.deviceBounds
        // Per small pixel, sums of its block's pixels read four at a time as 16-bit lanes: blue and red in
        // `low`, green and alpha in `high` (at most 16·4·255 per lane for k ≤ 16, and four times that summed).
        let groups = k / 4
        let low = UnsafeMutablePointer<SIMD8<UInt16>>.allocate(capacity: w)
        let high = UnsafeMutablePointer<SIMD8<UInt16>>.allocate(capacity: w)
        defer {
            low.deallocate()
            high.deallocate()
        }
        // The columns whose whole block is inside the canvas are read in lanes; the others (and factors below
        // four) one pixel at a time, clamped to the edge.
        let inner = groups == 0 ? 0 : max(0, min(w, (bounds.x1 - origin.x) / k))
        let byteMask = SIMD8<UInt16>(repeating: 0x00FF)
        let even = SIMD8<UInt16>(0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0)
        let odd = ~even
        for y in 0..<small.height {
            low.update(repeating: .zero, count: w)
            high.update(repeating: .zero, count: w)
            for dy in rows {
                let sy = min(bounds.y1 - 1, max(bounds.y0, origin.y + y * k + dy))
                let row =
                    (canvas.pixels + (sy - canvas.origin.y) * canvas.stride).assumingMemoryBound(to: UInt32.self)
                    - canvas.origin.x
                let start = UnsafeRawPointer(row + origin.x)
                for x in 0..<inner {
                    var l = low[x]
                    var h = high[x]
                    for g in 0..<groups {
                        let v = start.loadUnaligned(fromByteOffset: (x &* k &+ g &* 4) &* 4, as: SIMD8<UInt16>.self)
                        l &+= v & byteMask
                        h &+= v &>> 8
                    }
                    low[x] = l
                    high[x] = h
                }
                for x in inner..<w {
                    for i in 0..<k {
                        let p = row[min(bounds.x1 - 1, origin.x + x * k + i)]
                        low[x][0] &+= UInt16(p & 0xFF)
                        low[x][1] &+= UInt16((p >> 16) & 0xFF)
                        high[x][0] &+= UInt16((p >> 8) & 0xFF)
                        high[x][1] &+= UInt16(p >> 24)
                    }
                }
            }
            let out = (small.pixels + y * small.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                // Blue and red alternate in `low`, green and alpha in `high`.
                let l = low[x]
                let h = high[x]
                let b = UInt32((Int((l & even).wrappedSum()) + half) >> shift)
                let r = UInt32((Int((l & odd).wrappedSum()) + half) >> shift)
                let g = UInt32((Int((h & even).wrappedSum()) + half) >> shift)
                let a = UInt32((Int((h & odd).wrappedSum()) + half) >> shift)
                out[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
    }

    /// Where output pixel `d` (from the small image's origin, root pixels) samples the small image of `count`
    /// pixels: the first of two neighbours and the second's weight in 256ths (0 past either edge).
    @inline(__always) static func sample(_ d: Int, factor k: Int, count: Int) -> (index: Int, weight: Int) {
        let position = (2 * d + 1) * 128 / k - 128
        let index = position >> 8
        if index < 0 { return (0, 0) }
        if index >= count - 1 { return (count - 1, 0) }
        return (index, position & 255)
    }

    /// Whether every pixel of `image` is opaque.
    static func isOpaque(_ image: RasterCanvas) -> Bool {
        for y in 0..<image.height {
            let row = (image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<image.width { all &= row[x] }
            if all != 0xFF00_0000 { return false }
        }
        return true
    }

    /// Scales `small` (whose pixel (0, 0) starts at root pixel `origin`, `k` root pixels per small pixel) up
    /// bilinearly into the rows of `box` (root pixels): `row(y)` is where root row `y`'s `box.width` pixels go.
    /// Rows are scaled across first, each small row once, then blended down with one weight per output row.
    static func upscale(
        _ small: RasterCanvas, origin: (x: Int, y: Int), factor k: Int, box: PixelBox,
        into row: (Int) -> UnsafeMutablePointer<UInt32>
    ) {
        let width = box.width
        let n = small.width
        guard width > 0, box.height > 0, n > 0, k <= 8 else { return }
        // Two small rows scaled across the whole small image's span (`n·k` root pixels from `origin.x`, and
        // room for the last pair's spare lanes), a ring keyed by small row (asked for in increasing order).
        let span = n * k + 8
        let across = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * span)
        defer { across.deallocate() }
        var held = (-1, -1)
        // The `k` root pixels between small pixels i and i + 1 start k/2 after i's block and take weights
        // (2j + 1)·128/k of pixel i + 1, lanes (blue-red, green-alpha) of eight pixels at a time.
        var keep = SIMD16<UInt16>()
        var take = SIMD16<UInt16>()
        for j in 0..<8 {
            let weight = UInt16(j < k ? (2 * j + 1) * 128 / k : 0)
            take[2 * j] = weight
            take[2 * j + 1] = weight
            keep[2 * j] = 256 - weight
            keep[2 * j + 1] = 256 - weight
        }
        let rounding = SIMD16<UInt16>(repeating: 128)
        let low = SIMD16<UInt16>(repeating: 0x00FF)
        let high = SIMD16<UInt16>(repeating: 0xFF00)
        let offset = box.x0 - origin.x
        func scaledAcross(_ smallRow: Int) -> UnsafeMutablePointer<UInt32> {
            if held.0 == smallRow { return across + offset }
            if held.1 == smallRow { return across + span + offset }
            // Replace the slot not holding the row just above.
            let slot = held.0 == smallRow - 1 ? 1 : 0
            let out = across + slot * span
            if slot == 0 { held.0 = smallRow } else { held.1 = smallRow }
            let source = (small.pixels + smallRow * small.stride).assumingMemoryBound(to: UInt32.self)
            // Before the first small pixel's centre and after the last's, the edge pixels repeat.
            out.update(repeating: source[0], count: k / 2)
            if k == 1 {
                out.update(from: source, count: n)
                return out + offset
            }
            let raw = UnsafeMutableRawPointer(out + k / 2)
            for i in 0..<(n - 1) {
                let a = unsafeBitCast(SIMD8<UInt32>(repeating: source[i]), to: SIMD16<UInt16>.self)
                let b = unsafeBitCast(SIMD8<UInt32>(repeating: source[i + 1]), to: SIMD16<UInt16>.self)
                let lo = ((a & low) &* keep &+ (b & low) &* take &+ rounding) &>> 8
                let hi = ((a &>> 8) &* keep &+ (b &>> 8) &* take &+ rounding) & high
                raw.storeBytes(of: lo | hi, toByteOffset: i &* k &* 4, as: SIMD16<UInt16>.self)
            }
            (out + k / 2 + (n - 1) * k).update(repeating: source[n - 1], count: k - k / 2)
            return out + offset
        }
        for y in box.y0..<box.y1 {
            let (i, w) = sample(y - origin.y, factor: k, count: small.height)
            let upper = scaledAcross(i)
            if w == 0 {
                row(y).update(from: upper, count: width)
            } else {
                blend(upper, scaledAcross(i + 1), weight: w, count: width, into: row(y))
            }
        }
    }

    /// `out = a + (b − a)·weight/256` per byte, rounded, for `count` pixels. Pixels are read as 16-bit lanes
    /// (blue and red in the low bytes, green and alpha in the high ones) so no lane widens or narrows.
    static func blend(
        _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, weight: Int, count: Int,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        let wb = SIMD16<UInt16>(repeating: UInt16(weight))
        let wa = SIMD16<UInt16>(repeating: UInt16(256 - weight))
        let rounding = SIMD16<UInt16>(repeating: 128)
        let low = SIMD16<UInt16>(repeating: 0x00FF)
        let high = SIMD16<UInt16>(repeating: 0xFF00)
        let ra = UnsafeRawPointer(a)
        let rb = UnsafeRawPointer(b)
        let ro = UnsafeMutableRawPointer(out)
        var i = 0
        while i + 8 <= count {
            let va = ra.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt16>.self)
            let vb = rb.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt16>.self)
            let lo = ((va & low) &* wa &+ (vb & low) &* wb &+ rounding) &>> 8
            let hi = ((va &>> 8) &* wa &+ (vb &>> 8) &* wb &+ rounding) & high
            ro.storeBytes(of: lo | hi, toByteOffset: i &* 4, as: SIMD16<UInt16>.self)
            i &+= 8
        }
        while i < count {
            out[i] = mix(a[i], b[i], weight: UInt32(weight))
            i &+= 1
        }
    }

    /// `a + (b − a)·weight/256` per byte of two pixels, rounded (two channels per 32-bit multiply).
    @inline(__always) static func mix(_ a: UInt32, _ b: UInt32, weight: UInt32) -> UInt32 {
        let mask: UInt32 = 0x00FF_00FF
        let keep = 256 &- weight
        let blueRed = ((a & mask) &* keep &+ (b & mask) &* weight &+ 0x0080_0080) &>> 8 & mask
        let greenAlpha = (((a &>> 8) & mask) &* keep &+ ((b &>> 8) & mask) &* weight &+ 0x0080_0080) & ~mask
        return blueRed | greenAlpha
    }
}
