import CPixman
import Foundation

extension RasterCanvas {
    /// Replaces every pixel inside the clip with `color` (respecting an anti-aliased clip as a blend).
    public func clear(_ color: PaintColor = .clear) {
        let box = clipBox
        guard !box.isEmpty else { return }
        if state.clipMask == nil {
            var c = color.pixmanPremultiplied
            var b = pixman_box32_t(
                x1: Int32(box.x0 - origin.x), y1: Int32(box.y0 - origin.y),
                x2: Int32(box.x1 - origin.x), y2: Int32(box.y1 - origin.y))
            pixman_image_fill_boxes(PIXMAN_OP_SRC, image, &c, 1, &b)
            return
        }
        guard let src = Paint.color(color).makeSource(transform: state.transform) else { return }
        composite(source: src, mask: nil, box: box, op: PIXMAN_OP_SRC)
        pixman_image_unref(src)
    }

    /// Fills a shape (user coordinates) with a paint, compositing OVER what is there.
    public func fill(_ shape: RasterShape, with paint: Paint) {
        guard !paint.isInvisible else { return }
        let box = coverageBox(of: shape)
        guard !box.isEmpty, let src = paint.makeSource(transform: state.transform) else { return }
        defer { pixman_image_unref(src) }
        // Where the box lies inside the whole pixels of a rectangle (a background seen through damage or a
        // clip), coverage is full: no coverage mask.
        if let inner = fullyCoveredPixels(shape), inner.intersection(box) == box {
            composite(source: src, mask: nil, box: box)
            return
        }
        composite(source: src, mask: coverage(of: shape, box: box), box: box)
    }

    /// Strokes the outline of a shape (centred on it) with a paint.
    public func stroke(_ shape: RasterShape, style: RasterStrokeStyle, with paint: Paint) {
        guard !paint.isInvisible, style.lineWidth > 0, style.lineWidth.isFinite, state.transform.isFinite else {
            return
        }
        if let ring = analyticStrokeRing(shape, style: style) {
            let box = PixelBox.covering(minX: ring.x0, minY: ring.y0, maxX: ring.x1, maxY: ring.y1).intersection(
                clipBox)
            guard !box.isEmpty, let src = paint.makeSource(transform: state.transform) else { return }
            defer { pixman_image_unref(src) }
            let mask = analyticMask(
                x0: ring.x0, y0: ring.y0, x1: ring.x1, y1: ring.y1, rx: ring.r, ry: ring.r, ring: 2 * ring.width,
                box: box)
            composite(source: src, mask: mask, box: box)
            return
        }
        let t = state.transform
        let tol = 0.1 / max(t.meanScale, 1e-6)
        var lines = PathFlattener.flatten(shape.path, transform: .identity, tolerance: tol)
        if !style.dash.isEmpty { lines = Dasher.dash(lines, pattern: style.dash, phase: style.dashPhase) }
        var outline = Stroker.outline(lines, style: style, tolerance: tol)
        for i in outline.indices {
            for j in outline[i].points.indices {
                let p = t.apply(outline[i].points[j].x, outline[i].points[j].y)
                outline[i].points[j] = Vec2(p.x, p.y)
            }
        }
        fillPolylines(outline, rule: .nonZero, paint: paint)
    }

    /// Fills device-space polygons.
    func fillPolylines(_ lines: [Polyline], rule: FillRule, paint: Paint) {
        let box = RasterCanvas.bounds(of: lines).intersection(clipBox)
        guard !box.isEmpty, let src = paint.makeSource(transform: state.transform) else { return }
        defer { pixman_image_unref(src) }
        let mask = CoverageMask(box: box, pool: scratch.buffers)
        scratch.paths.fill(mask, polylines: lines, rule: rule)
        composite(source: src, mask: mask, box: box)
    }

    /// Composites `source` through `mask` (nil: full coverage) and the clip onto `box` (root coordinates,
    /// inside `clipBox`). Pattern sources are sampled at root-device coordinates.
    func composite(
        source: OpaquePointer, mask: CoverageMask?, box: PixelBox, op: pixman_op_t = PIXMAN_OP_OVER,
        sourceOrigin: (x: Int, y: Int) = (0, 0)
    ) {
        var m = mask
        if let clip = state.clipMask {
            if var own = m {
                if own.isShared { own = own.duplicate(pool: scratch.buffers) }
                own.intersect(with: clip)
                m = own
            } else {
                m = clip
            }
        }
        let maskImage = m?.image
        let mx = m.map { box.x0 - $0.box.x0 } ?? 0
        let my = m.map { box.y0 - $0.box.y0 } ?? 0
        pixman_image_composite32(
            op, source, maskImage, image,
            Int32(box.x0 - sourceOrigin.x), Int32(box.y0 - sourceOrigin.y), Int32(mx), Int32(my),
            Int32(box.x0 - origin.x), Int32(box.y0 - origin.y), Int32(box.width), Int32(box.height))
    }

    /// The device pixels a filled shape can touch, within the clip.
    func coverageBox(of shape: RasterShape) -> PixelBox {
        let t = state.transform
        guard t.isFinite else { return .empty }
        if let a = shape.analytic, t.isAxisAligned {
            let r = t.apply(a.rect)
            // Non-finite geometry draws nothing (PixelBox.covering returns empty for it).
            guard a.rx.isFinite, a.ry.isFinite else { return .empty }
            return PixelBox.covering(
                minX: Double(r.minX), minY: Double(r.minY), maxX: Double(r.maxX), maxY: Double(r.maxY)
            )
            .intersection(clipBox)
        }
        let lines = PathFlattener.flatten(shape.path, transform: t, tolerance: 0.1)
        return RasterCanvas.bounds(of: lines).intersection(clipBox)
    }

    /// The coverage of `shape` under the current transform over `box` (which may be a cached, shared mask).
    func coverage(of shape: RasterShape, box: PixelBox) -> CoverageMask {
        let t = state.transform
        if let a = shape.analytic, t.isAxisAligned {
            let r = t.apply(a.rect)
            return analyticMask(
                x0: Double(r.minX), y0: Double(r.minY), x1: Double(r.maxX), y1: Double(r.maxY),
                rx: a.rx * abs(t.a), ry: a.ry * abs(t.d), ring: 0, box: box)
        }
        let mask = CoverageMask(box: box, pool: scratch.buffers)
        let lines = PathFlattener.flatten(shape.path, transform: t, tolerance: 0.1)
        scratch.paths.fill(mask, polylines: lines, rule: shape.fillRule)
        return mask
    }

    /// Coverage of a device-space rounded rectangle (minus the same shape inset by `ring` when `ring > 0`:
    /// an exact stroke) over `box`. Computed with the shape moved to the canonical pixel phase, so whole-pixel
    /// moves reuse cached masks and every position yields identical bytes.
    func analyticMask(
        x0: Double, y0: Double, x1: Double, y1: Double, rx: Double, ry: Double, ring: Double, box: PixelBox
    ) -> CoverageMask {
        let ix = x0.rounded(.down)
        let iy = y0.rounded(.down)
        let shift = (x: Int(ix), y: Int(iy))
        // The centre's phase is snapped to 1/2048 px so positions that differ by whole pixels in decimal
        // (22.3 vs 5.3) share one phase despite binary rounding, and centres on half pixels stay exactly
        // there (mirror symmetry); the size is kept exact.
        let hw = (x1 - x0) / 2
        let hh = (y1 - y0) / 2
        let ccx = (((x0 + x1) / 2 - ix) * 2048).rounded() / 2048
        let ccy = (((y0 + y1) / 2 - iy) * 2048).rounded() / 2048
        let cx0 = ccx - hw
        let cx1 = ccx + hw
        let cy0 = ccy - hh
        let cy1 = ccy + hh
        let shapeBox = PixelBox.covering(minX: cx0, minY: cy0, maxX: cx1, maxY: cy1)
        func compute(_ b: PixelBox, pooled: Bool) -> CoverageMask {
            let m = CoverageMask(box: b, zeroed: false, pool: pooled ? scratch.buffers : nil)
            AnalyticRasterizer.fill(m, x0: cx0, y0: cy0, x1: cx1, y1: cy1, rx: rx, ry: ry)
            if ring > 0 {
                let inner = CoverageMask(box: b, zeroed: false, pool: scratch.buffers)
                AnalyticRasterizer.fill(
                    inner, x0: cx0 + ring, y0: cy0 + ring, x1: cx1 - ring, y1: cy1 - ring,
                    rx: max(0, rx - ring), ry: max(0, ry - ring))
                for y in b.y0..<b.y1 {
                    let o = m.row(y)
                    let i = inner.row(y)
                    for x in 0..<b.width { o[x] = o[x] &- min(o[x], i[x]) }
                }
            }
            return m
        }
        if shapeBox.width * shapeBox.height <= 1 << 18 {
            let key = MaskCache.Key(fx: cx0, fy: cy0, w: x1 - x0, h: y1 - y0, rx: rx, ry: ry, ring: ring)
            let cached = scratch.masks.mask(key) { compute(shapeBox, pooled: true) }
            return CoverageMask(viewOf: cached, at: shapeBox.offsetBy(shift.x, shift.y))
        }
        let m = compute(box.offsetBy(-shift.x, -shift.y), pooled: true)
        m.box = box
        return m
    }

    /// The device pixels wholly inside a rectangle shape under an axis-aligned transform.
    func fullyCoveredPixels(_ shape: RasterShape) -> PixelBox? {
        guard case .rect(let r) = shape, state.transform.isAxisAligned else { return nil }
        let d = state.transform.apply(r.standardized)
        let vals = [
            Double(d.minX).rounded(.up), Double(d.minY).rounded(.up), Double(d.maxX).rounded(.down),
            Double(d.maxY).rounded(.down),
        ]
        guard vals.allSatisfy({ abs($0) < 1e6 }), vals[2] > vals[0], vals[3] > vals[1] else { return nil }
        return PixelBox(x0: Int(vals[0]), y0: Int(vals[1]), x1: Int(vals[2]), y1: Int(vals[3]))
    }

    /// Device geometry of a stroke that is exactly the difference of two rounded rectangles: circles and
    /// rounded rectangles with circular corners (any join), or sharp rectangles with miter joins, under a
    /// uniform axis-aligned scale and without dashes. Returns the outer shape and the device half width.
    func analyticStrokeRing(_ shape: RasterShape, style: RasterStrokeStyle)
        -> (x0: Double, y0: Double, x1: Double, y1: Double, r: Double, width: Double)?
    {
        let t = state.transform
        guard style.dash.isEmpty, t.isAxisAligned, abs(t.a) == abs(t.d), let a = shape.analytic else { return nil }
        guard a.rx == a.ry, a.rx.isFinite, a.rect.minX.isFinite, a.rect.minY.isFinite, a.rect.width.isFinite,
            a.rect.height.isFinite
        else { return nil }
        if a.rx == 0 && (style.lineJoin != .miter || style.miterLimit < 2.0.squareRoot()) { return nil }
        let hw = style.lineWidth / 2 * abs(t.a)
        let r = t.apply(a.rect)
        let rad = a.rx * abs(t.a)
        return (
            Double(r.minX) - hw, Double(r.minY) - hw, Double(r.maxX) + hw, Double(r.maxY) + hw, rad > 0 ? rad + hw : 0,
            hw
        )
    }

    static func bounds(of lines: [Polyline]) -> PixelBox {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for l in lines {
            for p in l.points {
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
                minY = min(minY, p.y)
                maxY = max(maxY, p.y)
            }
        }
        return PixelBox.covering(minX: minX, minY: minY, maxX: maxX + 1 / 256, maxY: maxY)
    }
}
