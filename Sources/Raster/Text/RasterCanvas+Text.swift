import CPixman
import Foundation

extension RasterCanvas {
    /// Draws a text layout with its frame's top-left corner at `origin` (user coordinates).
    ///
    /// Glyphs are rendered at the device size (font size × transform scale) and placed on whole device
    /// pixels; rotation and skew of the transform are ignored for glyph shapes. Only the lines the clip
    /// reaches are placed: drawing a screenful of a huge text costs what a screenful costs.
    public func draw(_ layout: TextLayout, at origin: CGPoint, with paint: Paint = .color(.black)) {
        guard layout.lineCount > 0, !paint.isInvisible else { return }
        let lines = visibleLines(of: layout, at: origin)
        guard !lines.isEmpty else { return }
        layout.engine.countPlaced(lines.count)
        let glyphs = layout.glyphs(inLines: lines)
        // pixman's cache holds at most 32768 glyphs between freeze and thaw (it evicts on thaw), so very
        // long texts are drawn in chunks.
        let chunk = 4096
        var start = 0
        while start < glyphs.count {
            drawGlyphs(layout, glyphs[start..<min(start + chunk, glyphs.count)], at: origin, with: paint)
            start += chunk
        }
    }

    /// The lines of `layout` (drawn at `origin`) the clip may let through; all of them under a rotation.
    private func visibleLines(of layout: TextLayout, at origin: CGPoint) -> Range<Int> {
        let t = state.transform
        let box = clipBox
        guard t.b == 0, t.c == 0, t.d > 0, !box.isEmpty else { return box.isEmpty ? 0..<0 : 0..<layout.lineCount }
        let top = (Double(box.y0) - t.ty) / t.d - Double(origin.y)
        let bottom = (Double(box.y1) - t.ty) / t.d - Double(origin.y)
        // Glyphs reach above and below their line (accents, descenders, tall fallback fonts) by up to a font size.
        return layout.lines(reaching: top, bottom, overhang: layout.fontSize)
    }

    private func drawGlyphs(
        _ layout: TextLayout, _ glyphs: ArraySlice<TextLayout.Glyph>, at origin: CGPoint, with paint: Paint
    ) {
        let t = state.transform
        let pixelSize = layout.fontSize * t.meanScale
        guard pixelSize > 0.5 else { return }
        let engine = layout.engine
        let cache = engine.glyphCache
        cache.freeze()
        defer { cache.thaw() }
        var placed: [pixman_glyph_t] = []
        placed.reserveCapacity(glyphs.count)
        let faces = layout.fonts.map { try? engine.face($0, pixelSize: pixelSize) }
        for g in glyphs {
            guard let face = faces[g.font], let glyph = cache.glyph(face: face, glyph: g.glyph) else { continue }
            let p = t.apply(Double(origin.x) + g.x, Double(origin.y) + g.y)
            guard abs(p.x) < 1e6, abs(p.y) < 1e6 else { continue }
            placed.append(
                pixman_glyph_t(
                    x: Int32(p.x.rounded()) - Int32(self.origin.x), y: Int32(p.y.rounded()) - Int32(self.origin.y),
                    glyph: glyph))
        }
        guard !placed.isEmpty else { return }
        var extents = pixman_box32_t()
        pixman_glyph_get_extents(cache.cache, Int32(placed.count), &placed, &extents)
        let box = PixelBox(
            x0: Int(extents.x1) + self.origin.x, y0: Int(extents.y1) + self.origin.y,
            x1: Int(extents.x2) + self.origin.x, y1: Int(extents.y2) + self.origin.y
        ).intersection(clipBox)
        guard !box.isEmpty, let src = paint.makeSource(transform: t) else { return }
        defer { pixman_image_unref(src) }
        if state.clipMask == nil, case .color = paint {
            pixman_composite_glyphs_no_mask(
                PIXMAN_OP_OVER, src, image, 0, 0, 0, 0, cache.cache, Int32(placed.count), &placed)
            return
        }
        // Glyph coverage into an A8 mask, then through the clip like any shape.
        let mask = CoverageMask(box: box, pool: scratch.buffers)
        var white = PaintColor.white.pixmanPremultiplied
        let solid = pixman_image_create_solid_fill(&white)
        pixman_composite_glyphs_no_mask(
            PIXMAN_OP_ADD, solid, mask.image, 0, 0,
            Int32(self.origin.x - box.x0), Int32(self.origin.y - box.y0),
            cache.cache, Int32(placed.count), &placed)
        pixman_image_unref(solid)
        composite(source: src, mask: mask, box: box)
    }
}
