import CPixman
import Foundation

extension RasterCanvas {
    /// Draws `content` into an offscreen layer, then composites it here: masked by the alpha of what `mask`
    /// draws (content IN mask; partial alpha scales content), with an optional drop shadow (of the masked
    /// content), everything faded by `opacity`.
    ///
    /// `bounds` (user coordinates) limits the layer to where its content can draw — pass the view's frame so
    /// the layer is no larger than needed. The layer draws with this canvas's transform.
    public func withLayer(
        opacity: Double = 1, shadow: LayerShadow? = nil, bounds: CGRect? = nil,
        mask: (RasterCanvas) throws -> Void,
        content: (RasterCanvas) throws -> Void
    ) rethrows {
        try drawLayer(
            opacity: opacity, shadow: shadow, bounds: bounds, cacheKey: nil, hasMask: true, blendMode: .normal,
            mask: mask, content: content)
    }

    /// Draws `content` into an offscreen layer and composites it here with an optional drop shadow, faded
    /// by `opacity` as a group, blended with what is below by `blendMode`.
    ///
    /// With `bounds` and a `cacheKey`, the rendered content and its blurred shadow are cached: the caller
    /// promises that the same key always draws the same pixels relative to the current transform, so a
    /// layer that only moves by whole device pixels (a dragged view) is not redrawn or re-blurred.
    public func withLayer(
        opacity: Double = 1, shadow: LayerShadow? = nil, bounds: CGRect? = nil,
        cacheKey: AnyHashable? = nil, blendMode: RasterBlendMode = .normal,
        content: (RasterCanvas) throws -> Void
    ) rethrows {
        try drawLayer(
            opacity: opacity, shadow: shadow, bounds: bounds, cacheKey: cacheKey, hasMask: false, blendMode: blendMode,
            mask: { _ in }, content: content)
    }

    private func drawLayer(
        opacity: Double, shadow: LayerShadow?, bounds: CGRect?, cacheKey: AnyHashable?, hasMask: Bool,
        blendMode: RasterBlendMode, mask: (RasterCanvas) throws -> Void, content: (RasterCanvas) throws -> Void
    ) rethrows {
        let target = clipBox
        let t = state.transform
        guard !target.isEmpty, opacity > 0, t.isFinite else { return }
        var shadowOffset = (dx: 0, dy: 0)
        var sigma = 0.0
        var reach = 0
        if let shadow {
            let ox = t.a * Double(shadow.offset.width) + t.c * Double(shadow.offset.height)
            let oy = t.b * Double(shadow.offset.width) + t.d * Double(shadow.offset.height)
            // Whole-pixel offsets keep shadow pixels independent of the damage region.
            shadowOffset =
                ox.isFinite && oy.isFinite
                ? (Int(max(-1e5, min(1e5, ox)).rounded()), Int(max(-1e5, min(1e5, oy)).rounded())) : (0, 0)
            // Bounded so a layer (grown by the blur's reach) stays allocatable.
            sigma = min(500, shadow.sigma * t.meanScale)
            reach = BoxBlur.reach(sigma: sigma)
        }
        let contentBox = bounds.map { b -> PixelBox in
            let d = t.apply(b.standardized)
            return PixelBox.covering(
                minX: Double(d.minX), minY: Double(d.minY), maxX: Double(d.maxX), maxY: Double(d.maxY)
            ).outset(by: 1)
        }
        if let cacheKey, let contentBox, !contentBox.isEmpty {
            try drawCachedLayer(
                key: cacheKey, contentBox: contentBox, opacity: opacity, shadow: shadow, sigma: sigma, reach: reach,
                shadowOffset: shadowOffset, target: target, blendMode: blendMode, content: content)
            return
        }
        var box = target
        if shadow != nil {
            box = target.union(target.offsetBy(-shadowOffset.dx, -shadowOffset.dy).outset(by: reach))
        }
        if let contentBox {
            // A shadow's alpha over all of its content does not depend on the damaged area, so its blur can be
            // reused from frame to frame (see `ShadowBlurCache`); content larger than a window is drawn clipped.
            let wholeContent = shadow != nil && contentBox.width <= 1 << 13 && contentBox.height <= 1 << 13
            let visible = box.intersection(contentBox)
            box = wholeContent && !visible.isEmpty ? contentBox : visible
        }
        guard !box.isEmpty, let layer = try? makeLayer(box: box, transform: t) else { return }
        try content(layer)
        if hasMask, let maskLayer = try? makeLayer(box: box, transform: t) {
            try mask(maskLayer)
            pixman_image_composite32(
                PIXMAN_OP_IN_REVERSE, maskLayer.image, nil, layer.image,
                0, 0, 0, 0, 0, 0, Int32(box.width), Int32(box.height))
        }
        var blurred: CoverageMask?
        if let shadow, shadow.color.alpha > 0 {
            blurred = RasterCanvas.blurredAlpha(
                of: layer, box: box, reach: reach, sigma: sigma, offset: shadowOffset, cache: scratch.shadows)
        }
        finishLayer(
            content: layer.image, contentBox: box, shadow: blurred, shadowColor: shadow?.color, opacity: opacity,
            blendMode: blendMode, target: target)
    }

    /// The alpha of a layer covering `box`, blurred over `box` grown by the blur's reach (the blur spreads
    /// that far), then moved by `offset`. The box holds every content pixel that can reach the visible area,
    /// and the blur is integer arithmetic, so the result does not depend on how large the box was.
    static func blurredAlpha(
        of layer: RasterCanvas, box: PixelBox, reach: Int, sigma: Double, offset: (dx: Int, dy: Int),
        cache: ShadowBlurCache? = nil
    ) -> CoverageMask {
        let spread = box.outset(by: reach)
        let alpha = CoverageMask(box: spread.offsetBy(offset.dx, offset.dy))
        pixman_image_composite32(
            PIXMAN_OP_SRC, layer.image, nil, alpha.image, 0, 0, 0, 0, Int32(reach), Int32(reach),
            Int32(box.width), Int32(box.height))
        if let cache { return cache.blurred(alpha, sigma: sigma) }
        BoxBlur.blur(alpha, sigma: sigma)
        return alpha
    }

    /// Composites a rendered layer (and its blurred shadow) onto this canvas inside `target`.
    func finishLayer(
        content layer: OpaquePointer, contentBox box: PixelBox, shadow: CoverageMask?, shadowColor: PaintColor?,
        opacity: Double, blendMode: RasterBlendMode, target: PixelBox
    ) {
        if let shadow, let color = shadowColor {
            let area = shadow.box.intersection(target)
            if !area.isEmpty,
                let src = Paint.color(color.withAlphaMultiplied(by: min(1, opacity))).makeSource(transform: .identity)
            {
                composite(source: src, mask: shadow, box: area)
                pixman_image_unref(src)
            }
        }
        let area = box.intersection(target)
        guard !area.isEmpty else { return }
        var fade: CoverageMask?
        if opacity < 1 {
            let m = CoverageMask(box: area, zeroed: false, pool: scratch.buffers)
            m.bytes.update(repeating: coverageByte(opacity), count: m.stride * area.height)
            fade = m
        }
        composite(source: layer, mask: fade, box: area, op: blendMode.pixmanOperator, sourceOrigin: (box.x0, box.y0))
    }

    private func drawCachedLayer(
        key user: AnyHashable, contentBox: PixelBox, opacity: Double, shadow: LayerShadow?, sigma: Double,
        reach: Int, shadowOffset: (dx: Int, dy: Int), target: PixelBox, blendMode: RasterBlendMode,
        content: (RasterCanvas) throws -> Void
    ) rethrows {
        let t = state.transform
        let ix = t.tx.rounded(.down)
        let iy = t.ty.rounded(.down)
        let shift = (x: Int(ix), y: Int(iy))
        var canonical = t
        canonical.tx -= ix
        canonical.ty -= iy
        let canonicalBox = contentBox.offsetBy(-shift.x, -shift.y)
        let shadowKey =
            shadow.map {
                [Double($0.color.premultipliedARGB), $0.radius, Double($0.offset.width), Double($0.offset.height)]
            } ?? []
        let key = LayerCache.Key(
            user: user, a: t.a, b: t.b, c: t.c, d: t.d, fx: canonical.tx, fy: canonical.ty,
            bounds: [
                Double(canonicalBox.x0), Double(canonicalBox.y0), Double(canonicalBox.width),
                Double(canonicalBox.height),
            ], shadow: shadowKey)
        var entry = scratch.layers.entry(key)
        if entry == nil {
            // Render the whole content (not just the damaged part) so the entry serves any later clip.
            let box = canonicalBox
            guard let layer = try? makeLayer(box: box, transform: canonical) else { return }
            try content(layer)
            let blurred =
                (shadow?.color.alpha ?? 0) > 0
                ? RasterCanvas.blurredAlpha(of: layer, box: box, reach: reach, sigma: sigma, offset: shadowOffset) : nil
            blurred?.isShared = true
            // A copy, not the layer canvas: the canvas references the scratch that owns this cache.
            guard let pixels = try? RasterImage(canvas: layer) else { return }
            let e = LayerCache.Entry(content: pixels, contentBox: box, shadow: blurred)
            scratch.layers.store(key, e)
            entry = e
        }
        guard let e = entry else { return }
        let placedShadow = e.shadow.map { CoverageMask(viewOf: $0, at: $0.box.offsetBy(shift.x, shift.y)) }
        let image = e.content.makePixmanImage()
        defer { pixman_image_unref(image) }
        finishLayer(
            content: image, contentBox: e.contentBox.offsetBy(shift.x, shift.y), shadow: placedShadow,
            shadowColor: shadow?.color, opacity: opacity, blendMode: blendMode, target: target)
    }

    /// An owned canvas covering `box` (root coordinates) drawing with `transform`.
    func makeLayer(box: PixelBox, transform: Transform2D) throws -> RasterCanvas {
        let layer = try RasterCanvas(
            ownedWidth: box.width, height: box.height, scale: scale, origin: (box.x0, box.y0), scratch: scratch)
        layer.state.transform = transform
        return layer
    }
}
