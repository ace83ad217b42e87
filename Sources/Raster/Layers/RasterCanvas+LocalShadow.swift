import CPixman
import Foundation

extension RasterCanvas {
    /// Draws `content` as a layer with a drop shadow, like `withLayer(shadow:bounds:content:)`, for a caller that
    /// can name the content: `contentKey` must always draw the same pixels relative to `keyOrigin` (user space),
    /// so content that only moves (with its origin) keeps its key.
    ///
    /// Under a rotation (with a uniform scale) the shadow is blurred once in the layer's own space and drawn
    /// through the transform (bilinear), as a shadow inside a rotated view turns with it; frames that only turn
    /// or move the layer reuse it (see `LocalShadowCache`). An upright layer's shadow is the one
    /// `withLayer(shadow:bounds:content:)` draws, found by the key; under a skew or stretch it is that call.
    package func withLayer(
        shadow: LayerShadow, bounds: CGRect, contentKey: AnyHashable, keyOrigin: CGPoint = .zero,
        content: (RasterCanvas) throws -> Void
    ) rethrows {
        let t = state.transform
        let b = bounds.standardized
        let origin = (x: Double(keyOrigin.x), y: Double(keyOrigin.y))
        // Maps key space (the content relative to its origin) to device pixels.
        let placed = t.concatenating(after: .translation(x: origin.x, y: origin.y))
        let local = b.offsetBy(dx: -origin.x, dy: -origin.y)
        guard t.isFinite, placed.isFinite, shadow.color.alpha > 0, Self.isReasonable(local), !clipBox.isEmpty else {
            try withLayer(shadow: shadow, bounds: bounds, content: content)
            return
        }
        let sigma = min(500, shadow.sigma * t.meanScale)
        if t.isAxisAligned {
            try drawUprightLayer(
                shadow: shadow, bounds: b, placed: placed, local: local, sigma: sigma, contentKey: contentKey,
                content: content)
            return
        }
        guard t.isRotationWithUniformScale, let inverse = placed.inverted else {
            try withLayer(shadow: shadow, bounds: bounds, content: content)
            return
        }
        // Rounded so that the same scale under another angle (whose sine and cosine square to 1 ± an ulp) is
        // the same key.
        let scale = (t.meanScale * 65536).rounded() / 65536
        let localSigma = min(500, shadow.sigma * scale)
        let key = LocalShadowCache.Key(
            content: contentKey, sigma: localSigma, color: shadow.color.premultipliedARGB,
            geometry: [0, scale, Double(local.minX), Double(local.minY), Double(local.width), Double(local.height)])
        if let entry = try scratch.localShadows.entry(key)
            ?? localShadow(
                key, bounds: local, origin: origin, scale: scale, sigma: localSigma, content: content)
        {
            drawLocalShadow(
                entry, color: shadow.color, scale: scale, offset: shadow.offset, placed: placed, inverse: inverse)
        }
        try drawContent(bounds: b, shadow: nil, shadowColor: nil, content: content)
    }

    /// The layer's content over the damaged part of its bounds only (the shadow does not need the rest).
    private func drawContent(
        bounds: CGRect, shadow: CoverageMask?, shadowColor: PaintColor?, content: (RasterCanvas) throws -> Void
    ) rethrows {
        let t = state.transform
        let d = t.apply(bounds)
        let contentBox = PixelBox.covering(
            minX: Double(d.minX), minY: Double(d.minY), maxX: Double(d.maxX), maxY: Double(d.maxY)
        ).outset(by: 1)
        let visible = clipBox.intersection(contentBox)
        var layer: RasterCanvas?
        if !visible.isEmpty {
            layer = try? makeLayer(box: visible, transform: t)
            if let layer { try content(layer) }
        }
        guard let layer else {
            // Nothing of the content is damaged: the shadow may still be.
            if let shadow, let shadowColor {
                finishLayerShadow(shadow, color: shadowColor)
            }
            return
        }
        finishLayer(
            content: layer.image, contentBox: visible, shadow: shadow, shadowColor: shadowColor, opacity: 1,
            blendMode: .normal, target: clipBox)
    }

    private func finishLayerShadow(_ shadow: CoverageMask, color: PaintColor) {
        let area = shadow.box.intersection(clipBox)
        guard !area.isEmpty, let src = Paint.color(color).makeSource(transform: .identity) else { return }
        composite(source: src, mask: shadow, box: area)
        pixman_image_unref(src)
    }

    /// An upright layer: the shadow as `withLayer(shadow:bounds:content:)` blurs it (the same bytes), found by
    /// the content's key in its pixel phase instead of by its alpha, so a hit draws only the damaged content.
    private func drawUprightLayer(
        shadow: LayerShadow, bounds: CGRect, placed: Transform2D, local: CGRect, sigma: Double,
        contentKey: AnyHashable, content: (RasterCanvas) throws -> Void
    ) rethrows {
        let t = state.transform
        let ox = t.a * Double(shadow.offset.width) + t.c * Double(shadow.offset.height)
        let oy = t.b * Double(shadow.offset.width) + t.d * Double(shadow.offset.height)
        // Whole-pixel offsets, as the device-space path takes them.
        let offset =
            ox.isFinite && oy.isFinite
            ? (dx: Int(max(-1e5, min(1e5, ox)).rounded()), dy: Int(max(-1e5, min(1e5, oy)).rounded())) : (dx: 0, dy: 0)
        // The pixel phase of the content's origin; the content itself is drawn as placed, moved by whole pixels.
        let ix = placed.tx.rounded(.down)
        let iy = placed.ty.rounded(.down)
        var canonical = t
        canonical.tx -= ix
        canonical.ty -= iy
        let d = canonical.apply(bounds)
        let box = PixelBox.covering(
            minX: Double(d.minX), minY: Double(d.minY), maxX: Double(d.maxX), maxY: Double(d.maxY)
        ).outset(by: 1)
        guard !box.isEmpty, box.width <= 1 << 13, box.height <= 1 << 13 else {
            try withLayer(shadow: shadow, bounds: bounds, content: content)
            return
        }
        let key = LocalShadowCache.Key(
            content: contentKey, sigma: sigma, color: shadow.color.premultipliedARGB,
            geometry: [
                1, t.a, t.d, placed.tx - ix, placed.ty - iy, Double(offset.dx), Double(offset.dy), Double(local.minX),
                Double(local.minY), Double(local.width), Double(local.height),
            ])
        var entry = scratch.localShadows.entry(key)
        if entry == nil, let layer = try? makeLayer(box: box, transform: canonical) {
            try content(layer)
            let mask = RasterCanvas.blurredAlpha(
                of: layer, box: box, reach: BoxBlur.reach(sigma: sigma), sigma: sigma, offset: offset)
            entry = scratch.localShadows.store(key, mask: mask, box: mask.box)
        }
        let mask = entry.map { CoverageMask(viewOf: $0.mask, at: $0.mask.box.offsetBy(Int(ix), Int(iy))) }
        try drawContent(bounds: bounds, shadow: mask, shadowColor: shadow.color, content: content)
    }

    /// Bounds small enough for a local layer (the shadow is blurred over all of the content).
    private static func isReasonable(_ b: CGRect) -> Bool {
        b.minX.isFinite && b.minY.isFinite && b.width.isFinite && b.height.isFinite && b.width > 0 && b.height > 0
            && b.width <= 4096 && b.height <= 4096
    }

    /// Draws the content in its own space at `scale` (no rotation) and blurs its alpha.
    private func localShadow(
        _ key: LocalShadowCache.Key, bounds: CGRect, origin: (x: Double, y: Double), scale: Double, sigma: Double,
        content: (RasterCanvas) throws -> Void
    ) rethrows -> LocalShadowCache.Entry? {
        let box = PixelBox.covering(
            minX: Double(bounds.minX) * scale, minY: Double(bounds.minY) * scale,
            maxX: Double(bounds.maxX) * scale, maxY: Double(bounds.maxY) * scale
        ).outset(by: 1)
        let toLocal = Transform2D(a: scale, b: 0, c: 0, d: scale, tx: -origin.x * scale, ty: -origin.y * scale)
        guard !box.isEmpty, let layer = try? makeLayer(box: box, transform: toLocal) else {
            return nil
        }
        try content(layer)
        let alpha = RasterCanvas.blurredAlpha(
            of: layer, box: box, reach: BoxBlur.reach(sigma: sigma), sigma: sigma, offset: (0, 0))
        // A zero border, so that sampling needs no edge cases: outside the mask is transparent.
        let padded = CoverageMask(box: alpha.box.outset(by: 1))
        for y in 0..<alpha.box.height {
            (padded.bytes + (y + 1) * padded.stride + 1).update(
                from: alpha.bytes + y * alpha.stride, count: alpha.box.width)
        }
        return scratch.localShadows.store(key, mask: padded, box: padded.box)
    }

    /// Composites a local shadow, moved by `offset` (points, in the layer's space), through the current transform:
    /// its mask sampled bilinearly into device pixels (pixman's rotated bilinear path is several times slower),
    /// then the tint through it.
    private func drawLocalShadow(
        _ local: LocalShadowCache.Entry, color: PaintColor, scale: Double, offset: CGSize, placed: Transform2D,
        inverse: Transform2D
    ) {
        let mask = local.mask
        let s = 1 / scale
        let user = CGRect(
            x: Double(local.box.x0) * s + Double(offset.width), y: Double(local.box.y0) * s + Double(offset.height),
            width: Double(local.box.width) * s, height: Double(local.box.height) * s)
        let d = placed.apply(user)
        let area = PixelBox.covering(
            minX: Double(d.minX), minY: Double(d.minY), maxX: Double(d.maxX), maxY: Double(d.maxY)
        ).intersection(clipBox)
        guard !area.isEmpty, let tint = Paint.color(color).makeSource(transform: .identity) else { return }
        defer { pixman_image_unref(tint) }
        // Root device coordinates → the mask's pixels: undo the transform, move back by the offset, scale to
        // local pixels, relative to the mask's box.
        let toMask = Transform2D(
            a: scale, b: 0, c: 0, d: scale,
            tx: -Double(offset.width) * scale - Double(local.box.x0),
            ty: -Double(offset.height) * scale - Double(local.box.y0)
        ).concatenating(after: inverse)
        let device = CoverageMask(box: area, zeroed: false, pool: scratch.buffers)
        Self.sampleBilinear(mask, through: toMask, into: device)
        composite(source: tint, mask: device, box: area)
    }

    /// Fills `device` with `mask` sampled bilinearly at its pixel centres mapped through `toMask` (0 outside).
    /// Fixed point: 16 fractional bits for positions, 8-bit weights. Each row's run inside the mask is found
    /// first (a line crosses the mask's box in one run), so the inner loop has no edge tests.
    static func sampleBilinear(_ mask: CoverageMask, through toMask: Transform2D, into device: CoverageMask) {
        let maxU = (mask.box.width - 1) << 16
        let maxV = (mask.box.height - 1) << 16
        let stride = mask.stride
        let src = mask.bytes
        let du = Int((toMask.a * 65536).rounded())
        let dv = Int((toMask.b * 65536).rounded())
        let box = device.box
        let width = box.width
        for row in 0..<box.height {
            let out = device.bytes + row * device.stride
            // Stepped from the row's device x = 0, so that a pixel's value does not depend on where the
            // (damage-clipped) box starts. Pixel centres sit at +0.5: the sample between pixels i and i + 1
            // starts at i + 0.5.
            let p = toMask.apply(0.5, Double(box.y0 + row) + 0.5)
            let u0 = Int(((p.x - 0.5) * 65536).rounded()) + du * box.x0
            let v0 = Int(((p.y - 0.5) * 65536).rounded()) + dv * box.x0
            func inside(_ x: Int) -> Bool {
                let u = u0 + du * x
                let v = v0 + dv * x
                return u >= 0 && u < maxU && v >= 0 && v < maxV
            }
            var lo = 0
            var hi = width
            for (start, step, limit) in [(u0, du, maxU), (v0, dv, maxV)] {
                // start + step * x within [0, limit), widened by a pixel each side, then tightened exactly.
                if step == 0 {
                    if start < 0 || start >= limit { hi = lo }
                    continue
                }
                let a = Double(-start) / Double(step)
                let b = Double(limit - start) / Double(step)
                lo = max(lo, Int(min(a, b).rounded(.down)) - 1)
                hi = min(hi, Int(max(a, b).rounded(.up)) + 1)
            }
            lo = min(max(0, lo), width)
            hi = max(min(width, hi), lo)
            while lo < hi && !inside(lo) { lo += 1 }
            while hi > lo && !inside(hi - 1) { hi -= 1 }
            if lo > 0 { out.update(repeating: 0, count: lo) }
            if hi < width { (out + hi).update(repeating: 0, count: width - hi) }
            var u = u0 &+ du &* lo
            var v = v0 &+ dv &* lo
            for x in lo..<hi {
                let fx = (u &>> 8) & 0xFF
                let fy = (v &>> 8) & 0xFF
                let top = src + ((v &>> 16) &* stride &+ (u &>> 16))
                let t = Int(top[0]) &* (256 &- fx) &+ Int(top[1]) &* fx
                let b = Int(top[stride]) &* (256 &- fx) &+ Int(top[stride &+ 1]) &* fx
                out[x] = UInt8(truncatingIfNeeded: (t &* (256 &- fy) &+ b &* fy &+ 32768) &>> 16)
                u = u &+ du
                v = v &+ dv
            }
        }
    }
}

extension Transform2D {
    /// True for a rotation (or reflection) with the same scale along both axes: no skew or stretch.
    var isRotationWithUniformScale: Bool {
        let lengthA = a * a + b * b
        let lengthB = c * c + d * d
        let tolerance = 1e-9 * max(lengthA, lengthB)
        return abs(lengthA - lengthB) <= tolerance && abs(a * c + b * d) <= tolerance
    }
}
