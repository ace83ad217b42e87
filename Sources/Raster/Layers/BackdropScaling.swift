/// The resampling around a material's blur: a box-filtered downscale of the backdrop by a power of two, and
/// the separable bilinear upscale of the blurred result back to full resolution, in integer arithmetic
/// (byte averages, sixteen bytes at a time, and fixed-point weights).
///
/// The upscale maps root pixel centre `r + ½` to small pixel `(r + ½ − origin) / k − ½`, and clamps at the
/// small image's edges; the downscale averages, for each small pixel, the `k × k` block centred where that
/// mapping puts it, so the two are aligned. Factors are 1, 2, 4 or 8.
enum BackdropScaling {
    /// Averages `k × k` blocks of `canvas` (root pixels, from `origin`) into `small`, whose pixel (x, y)
    /// covers root pixels `origin + k·(x, y)` onward; pixels past `canvas`'s edge repeat its edge pixels.
    /// Blocks of four rows or more are read in the middle two rows of every four (half the memory traffic,
    /// centred on the block), which the blur that follows cannot tell from all of them.
    ///
    /// Averages are taken in pairs with `average` (sixteen bytes per instruction): the block's rows into one
    /// row, then neighbouring pixels, pairs, quads. Each level rounds up, so a pixel may lean up by under one
    /// level; averaging keeps premultiplied colours at or below alpha.
    static func downscale(
        _ canvas: RasterCanvas, from origin: (x: Int, y: Int), factor k: Int, into small: RasterCanvas
    ) {
        let rows = k < 4 ? Array(0..<k) : (0..<k).filter { $0 % 4 == 1 || $0 % 4 == 2 }
        let w = small.width
        let span = w * k
        let bounds = canvas.deviceBounds
        // The part of the span inside the canvas; the rest repeats its edge pixels.
        let first = min(span, max(0, bounds.x0 - origin.x))
        let last = max(first, min(span, bounds.x1 - origin.x))
        guard last > first else {
            small.pixels.initializeMemory(as: UInt8.self, repeating: 0, count: small.stride * small.height)
            return
        }
        // The averaged rows, padded for sixteen-byte reads past the last pixel.
        let line = UnsafeMutablePointer<UInt32>.allocate(capacity: span + 8)
        let other = UnsafeMutablePointer<UInt32>.allocate(capacity: span + 8)
        defer {
            line.deallocate()
            other.deallocate()
        }
        (line + span).initialize(repeating: 0, count: 8)
        func row(_ y: Int) -> UnsafePointer<UInt32> {
            let sy = min(bounds.y1 - 1, max(bounds.y0, y))
            return UnsafePointer(
                (canvas.pixels + (sy - canvas.origin.y) * canvas.stride).assumingMemoryBound(to: UInt32.self)
                    + (origin.x + first - canvas.origin.x))
        }
        let count = last - first
        for y in 0..<small.height {
            let top = origin.y + y * k
            // The block's rows: one (copied), two (averaged), or two pairs (averaged, then averaged together).
            switch rows.count {
            case 1:
                (line + first).update(from: row(top + rows[0]), count: count)
            case 2:
                averageRows(row(top + rows[0]), row(top + rows[1]), count: count, into: line + first)
            default:
                averageRows(row(top + rows[0]), row(top + rows[1]), count: count, into: line + first)
                averageRows(row(top + rows[2]), row(top + rows[3]), count: count, into: other + first)
                averageRows(line + first, other + first, count: count, into: line + first)
            }
            if first > 0 { line.update(repeating: line[first], count: first) }
            if last < span { (line + last).update(repeating: line[last - 1], count: span - last) }
            // Neighbours 1 apart across the row, in place; then pairs 2 apart and quads 4 apart only where
            // they are read: pixel x·k, which takes its block's average.
            let out = (small.pixels + y * small.stride).assumingMemoryBound(to: UInt32.self)
            if k > 1 { averageRows(line, line + 1, count: span, into: line) }
            switch k {
            case 1, 2:
                for x in 0..<w { out[x] = line[x &* k] }
            case 4:
                for x in 0..<w { out[x] = average(line[x &* 4], line[x &* 4 &+ 2]) }
            default:
                for x in 0..<w {
                    let b = line + x &* 8
                    out[x] = average(average(b[0], b[2]), average(b[4], b[6]))
                }
            }
        }
    }

    /// `out[i] = average(a[i], b[i])` for `count` pixels, byte by byte; `out` may be `a` (each sixteen bytes
    /// are read before they are written, and `b` lies ahead of `a` or apart from it).
    static func averageRows(
        _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt32>
    ) {
        let ra = UnsafeRawPointer(a)
        let rb = UnsafeRawPointer(b)
        let ro = UnsafeMutableRawPointer(out)
        let bytes = count &* 4
        var i = 0
        while i &+ 16 <= bytes {
            let r = average(
                ra.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self),
                rb.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
            ro.storeBytes(of: r, toByteOffset: i, as: SIMD16<UInt8>.self)
            i &+= 16
        }
        while i < bytes {
            let r = average(ra.load(fromByteOffset: i, as: UInt8.self), rb.load(fromByteOffset: i, as: UInt8.self))
            ro.storeBytes(of: r, toByteOffset: i, as: UInt8.self)
            i &+= 1
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

    /// Whether every pixel of `image` that `upscale` reads to fill `box` (root pixels) is opaque.
    static func isOpaque(_ image: RasterCanvas, readFor box: PixelBox, origin: (x: Int, y: Int), factor k: Int) -> Bool
    {
        guard !box.isEmpty else { return true }
        func span(_ from: Int, _ to: Int, count: Int) -> Range<Int> {
            let first = sample(from, factor: k, count: count).index
            let last = sample(to - 1, factor: k, count: count).index
            return first..<min(count, last + 2)
        }
        let columns = span(box.x0 - origin.x, box.x1 - origin.x, count: image.width)
        for y in span(box.y0 - origin.y, box.y1 - origin.y, count: image.height) {
            let row = (image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in columns { all &= row[x] }
            if all != 0xFF00_0000 { return false }
        }
        return true
    }

    /// Scales `small` (whose pixel (0, 0) starts at root pixel `origin`, `k` root pixels per small pixel) up
    /// bilinearly into the rows of `box` (root pixels): `row(y)` is where root row `y`'s `box.width` pixels go.
    /// Rows are scaled across first, each small row once, then blended down, the `k` output rows between two
    /// small rows together.
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
        let rows = UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>.allocate(capacity: 8)
        defer { rows.deallocate() }
        var y = box.y0
        while y < box.y1 {
            let (i, w) = sample(y - origin.y, factor: k, count: small.height)
            let upper = scaledAcross(i)
            if w == 0 {
                row(y).update(from: upper, count: width)
                y += 1
                continue
            }
            // Row y is the j-th of the k between small rows i and i + 1 (weight (2j + 1)/2k): it and the
            // rest of them inside the box are blended together.
            let j = (w * k / 128 - 1) / 2
            let end = min(box.y1, y - j + k)
            for n in 0..<k { rows[n] = (y..<end).contains(y - j + n) ? row(y - j + n) : nil }
            blendBlock(upper, scaledAcross(i + 1), factor: k, count: width, into: rows)
            y = end
        }
    }

    /// The `k` rows (2, 4 or 8) between rows `a` and `b`, weights (2j + 1)/2k of `b`, into those of `rows`
    /// given: byte averages of `a` and `b`, then of those, in a tree all rows share (fifteen averages per sixteen
    /// bytes of eight rows). Each average rounds up, so a byte may lean up by under one level, which a blurred
    /// backdrop cannot show; averages keep premultiplied colours at or below alpha.
    static func blendBlock(
        _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, factor k: Int, count: Int,
        into rows: UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>
    ) {
        let ra = UnsafeRawPointer(a)
        let rb = UnsafeRawPointer(b)
        let bytes = count &* 4
        var i = 0
        while i &+ 16 <= bytes {
            let va = ra.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let vb = rb.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            blendTree(va, vb, factor: k) { n, value in
                if let row = rows[n] {
                    UnsafeMutableRawPointer(row).storeBytes(of: value, toByteOffset: i, as: SIMD16<UInt8>.self)
                }
            }
            i &+= 16
        }
        // The last pixels (fewer than four), through the same averages on a padded copy.
        guard i < bytes else { return }
        let rest = bytes - i
        var va = SIMD16<UInt8>()
        var vb = SIMD16<UInt8>()
        withUnsafeMutableBytes(of: &va) { $0.baseAddress!.copyMemory(from: ra + i, byteCount: rest) }
        withUnsafeMutableBytes(of: &vb) { $0.baseAddress!.copyMemory(from: rb + i, byteCount: rest) }
        blendTree(va, vb, factor: k) { n, value in
            guard let row = rows[n] else { return }
            withUnsafeBytes(of: value) {
                (UnsafeMutableRawPointer(row) + i).copyMemory(from: $0.baseAddress!, byteCount: rest)
            }
        }
    }

    /// The tree of averages: sixteenths of the way from `a` to `b` (m 8, q 4 and 12, e 2, 6, 10, 14); row n
    /// of k takes (2n + 1)·8/k.
    @inline(__always) static func blendTree(
        _ va: SIMD16<UInt8>, _ vb: SIMD16<UInt8>, factor k: Int, _ store: (Int, SIMD16<UInt8>) -> Void
    ) {
        let m = average(va, vb)
        let q1 = average(va, m)
        let q3 = average(m, vb)
        switch k {
        case 2:
            store(0, q1)
            store(1, q3)
        case 4:
            store(0, average(va, q1))
            store(1, average(q1, m))
            store(2, average(m, q3))
            store(3, average(q3, vb))
        default:
            let e1 = average(va, q1)
            let e3 = average(q1, m)
            let e5 = average(m, q3)
            let e7 = average(q3, vb)
            store(0, average(va, e1))
            store(1, average(e1, q1))
            store(2, average(q1, e3))
            store(3, average(e3, m))
            store(4, average(m, e5))
            store(5, average(e5, q3))
            store(6, average(q3, e7))
            store(7, average(e7, vb))
        }
    }

    /// The average of two bytes rounded up, lane by lane (one `pavgb`).
    @inline(__always) static func average(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> SIMD16<UInt8> {
        (x | y) &- ((x ^ y) &>> 1)
    }

    @inline(__always) static func average(_ x: UInt8, _ y: UInt8) -> UInt8 { (x | y) &- ((x ^ y) &>> 1) }

    /// The four bytes of two pixels averaged, each rounded up (the same as `average` on their lanes).
    @inline(__always) static func average(_ x: UInt32, _ y: UInt32) -> UInt32 {
        (x | y) &- (((x ^ y) &>> 1) & 0x7F7F_7F7F)
    }
}
