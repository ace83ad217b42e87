import CPixman
import Foundation
import Raster

/// One window size: the frame buffer, the Raster canvas over it, and what each scene needs.
final class SceneContext {
    let W: Int, H: Int
    let frame: FrameBuffer
    let copySource: FrameBuffer
    let canvas: RasterCanvas
    let dst: OpaquePointer
    let photo: RasterImage
    let photoPixman: OpaquePointer
    let text: TextLayout
    let textOrigin: CGPoint
    let textBox: PixelBox
    let glyphCache: OpaquePointer
    var glyphs: [pixman_glyph_t]
    let s1Disc = A8Image(width: 252, height: 252)
    let s3White = A8Image(width: 104, height: 104), s3Blue = A8Image(width: 104, height: 104)
    let s3Shadow = A8Image(width: 128, height: 128)
    let s2Mask: A8Image
    let s2Glyphs: A8Image

    static let s2Blue = PaintColor(rgb8: 0x1E, 0x50, 0xA0)
    static let s3Blue = PaintColor(rgb8: 0x33, 0x66, 0xCC)
    static let s2Cycle = 60

    init(width: Int, height: Int, photo: RasterImage, engine: TextEngine) throws {
        W = width
        H = height
        frame = FrameBuffer(width: width, height: height)
        copySource = FrameBuffer(width: width, height: height, fill: 0x5A)
        canvas = try RasterCanvas(pixels: frame.pixels, width: width, height: height, stride: frame.stride)
        dst = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height),
            frame.pixels.assumingMemoryBound(to: UInt32.self), Int32(frame.stride))!
        self.photo = photo
        photoPixman = photo.makePixmanImagePublic()
        var t = pixman_transform_t()
        pixman_transform_init_scale(
            &t, Int32(Double(Assets.photoWidth) / Double(width) * 65536),
            Int32(Double(Assets.photoHeight) / Double(height) * 65536))
        pixman_image_set_transform(photoPixman, &t)
        pixman_image_set_filter(photoPixman, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(photoPixman, PIXMAN_REPEAT_PAD)

        // 22 pt at 96 dpi.
        let font = FontSpec(filePath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", size: 22 * 96 / 72)
        text = try engine.layout(Assets.paragraph, font: font, maxWidth: Double(width - 80))
        textOrigin = CGPoint(x: 40, y: (Double(height) - Double(text.size.height)) / 2)
        textBox = PixelBox(x0: 0, y0: Int(textOrigin.y) - 8, x1: width, y1: Int(textOrigin.y + text.size.height) + 8)
        glyphCache = pixman_glyph_cache_create()!
        glyphs = []
        pixman_glyph_cache_freeze(glyphCache)
        for (i, g) in try engine.glyphBitmaps(text, at: textOrigin).enumerated() {
            let bm = g.bitmap
            let a8 = A8Image(width: bm.width, height: bm.height)
            for y in 0..<bm.height {
                for x in 0..<bm.width { a8.bytes[y * a8.stride + x] = bm.coverage[y * bm.width + x] }
            }
            let key = UnsafeRawPointer(bitPattern: i + 1)
            let ptr = pixman_glyph_cache_insert(
                glyphCache, UnsafeMutableRawPointer(bitPattern: 1), UnsafeMutableRawPointer(mutating: key),
                Int32(-bm.left), Int32(bm.top), a8.image)!
            glyphs.append(pixman_glyph_t(x: Int32(g.x), y: Int32(g.y), glyph: ptr))
        }
        pixman_glyph_cache_thaw(glyphCache)
        s2Mask = A8Image(width: height + 4, height: height + 4)
        s2Glyphs = A8Image(width: width, height: height)

        s1Disc.disc(cx: 126, cy: 126, r: 125)
        s3White.disc(cx: 52, cy: 52, r: 51)
        s3Blue.disc(cx: 52, cy: 52, r: 49)
        A8Image.disc(
            s3Shadow.bytes + 12 * s3Shadow.stride + 12, stride: s3Shadow.stride, width: 104, height: 104, cx: 52,
            cy: 52, r: 51)
        s3Shadow.blur()
    }

    deinit {
        pixman_image_unref(dst)
        pixman_image_unref(photoPixman)
        pixman_glyph_cache_destroy(glyphCache)
    }

    // MARK: Motion (as the baseline defines it)

    func position(_ f: Int, radius r: Int) -> (x: Int, y: Int) {
        (r + triangleWave(W / 2 - r + 3 * f, W - 2 * r), r + triangleWave(H / 2 - r + 2 * f, H - 2 * r))
    }
    func s2Diameter(_ f: Int) -> Double {
        Double(H) - (Double(H) - 100) * Double(f % SceneContext.s2Cycle) / Double(SceneContext.s2Cycle - 1)
    }
    func s2Drag(_ f: Int) -> (dx: Int, dy: Int) { (triangleWave(3 * f, 160) - 80, triangleWave(2 * f, 100) - 50) }

    func s1Box(_ f: Int) -> PixelBox {
        let p = position(f, radius: 126)
        return PixelBox(x0: p.x - 126, y0: p.y - 126, x1: p.x + 126, y1: p.y + 126)
    }
    func s2Box(_ f: Int) -> PixelBox {
        let m = Int(s2Diameter(f).rounded(.up)) + 2
        return PixelBox(x: W / 2 - m / 2, y: H / 2 - m / 2, width: m, height: m).intersection(
            PixelBox(x: 0, y: 0, width: W, height: H))
    }
    func s3Box(_ f: Int) -> PixelBox {
        let p = position(f, radius: 70)
        return PixelBox(x0: p.x - 64, y0: p.y - 64, x1: p.x + 64, y1: p.y + 64 + 3)
    }

    // MARK: Raster (the library under test)

    func rasterS1(_ f: Int) {
        let p = position(f, radius: 126)
        canvas.clear()
        canvas.withSavedState {
            canvas.clip(to: .circle(center: CGPoint(x: p.x, y: p.y), radius: 125))
            canvas.draw(photo, in: CGRect(x: 0, y: 0, width: W, height: H))
        }
    }

    /// S1 with the photo sampled through a bilinear transform every frame (no scaled copy), as the pixman
    /// floor does: the rect is nudged by 1/4 px so the whole-pixel cache path does not apply.
    func rasterS1Transformed(_ f: Int) {
        let p = position(f, radius: 126)
        canvas.clear()
        canvas.withSavedState {
            canvas.clip(to: .circle(center: CGPoint(x: p.x, y: p.y), radius: 125))
            canvas.draw(photo, in: CGRect(x: 0.25, y: 0, width: Double(W) - 0.5, height: Double(H)))
        }
    }

    func rasterS2(_ f: Int) {
        let d = s2Diameter(f)
        let drag = s2Drag(f)
        canvas.clear()
        canvas.withSavedState {
            canvas.clip(to: .circle(center: CGPoint(x: Double(W) / 2, y: Double(H) / 2), radius: d / 2))
            canvas.translateBy(x: Double(drag.dx), y: Double(drag.dy))
            canvas.fill(.rect(CGRect(x: 0, y: 0, width: W, height: H)), with: .color(SceneContext.s2Blue))
            canvas.draw(text, at: textOrigin, with: .color(.white))
        }
    }

    func rasterS3(_ f: Int) { rasterS3(f, cacheKey: "S3 circle") }

    /// S3 without the layer cache: content drawn and its shadow blurred every frame.
    func rasterS3Uncached(_ f: Int) { rasterS3(f, cacheKey: nil) }

    func rasterS3(_ f: Int, cacheKey: AnyHashable?) {
        let p = position(f, radius: 70)
        canvas.clear(.white)
        canvas.withSavedState {
            canvas.translateBy(x: Double(p.x), y: Double(p.y))
            let shadow = LayerShadow(
                color: PaintColor(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 8, offset: CGSize(width: 0, height: 3)
            )
            canvas.withLayer(
                shadow: shadow, bounds: CGRect(x: -51, y: -51, width: 102, height: 102), cacheKey: cacheKey
            ) { l in
                let circle = RasterShape.circle(center: .zero, radius: 50)
                l.fill(circle, with: .color(SceneContext.s3Blue))
                l.stroke(circle, style: RasterStrokeStyle(lineWidth: 2), with: .color(.white))
            }
        }
    }

    /// A card stack while one card is dragged: five shadowed rounded cards (`.shadow(radius: 10, y: 6)`), the
    /// top one moving by whole pixels, the others still.
    func rasterCards(_ f: Int) {
        let p = position(f, radius: 170)
        canvas.clear(.white)
        for i in 0..<5 {
            let origin = i == 4 ? (x: p.x - 140, y: p.y - 90) : (x: W / 2 - 200 + 40 * i, y: H / 2 - 150 + 30 * i)
            canvas.withSavedState {
                canvas.translateBy(x: Double(origin.x), y: Double(origin.y))
                let card = CGRect(x: 0, y: 0, width: 280, height: 180)
                let shadow = LayerShadow(
                    color: PaintColor(red: 0, green: 0, blue: 0, alpha: 0.4), radius: 20,
                    offset: CGSize(width: 0, height: 6))
                canvas.withLayer(shadow: shadow, bounds: card) { l in
                    l.fill(
                        .roundedRect(card, cornerWidth: 16, cornerHeight: 16),
                        with: .color(i == 4 ? SceneContext.s3Blue : .white))
                    l.fill(
                        .rect(CGRect(x: 16, y: 16, width: 120, height: 20)),
                        with: .color(PaintColor(rgb8: 0x88, 0x88, 0x88)))
                }
            }
        }
    }

    /// The card-stack demo's drag: the top card turns with the drag (`rotationEffect(offset.width / 20)` degrees)
    /// as well as moving, its shadow inside the rotation. `keyed`: drawn as the display-list renderer draws it,
    /// naming its content so the shadow is blurred once in the card's own space; otherwise the device-space
    /// shadow, drawn and blurred every frame (as before).
    func rasterRotatingCards(_ f: Int, keyed: Bool) {
        let p = position(f, radius: 170)
        canvas.clear(.white)
        for i in 0..<5 {
            let top = i == 4
            let origin = top ? (x: p.x, y: p.y) : (x: W / 2 - 60 + 40 * i, y: H / 2 - 60 + 30 * i)
            canvas.withSavedState {
                canvas.translateBy(x: Double(origin.x), y: Double(origin.y))
                if top { canvas.concatenate(.rotation(Double(p.x - W / 2) / 20 * .pi / 180)) }
                let card = CGRect(x: -140, y: -90, width: 280, height: 180)
                let shadow = LayerShadow(
                    color: PaintColor(red: 0, green: 0, blue: 0, alpha: 0.4), radius: 20,
                    offset: CGSize(width: 0, height: 6))
                let draw = { (l: RasterCanvas) in
                    let shape = RasterShape.roundedRect(card, cornerWidth: 24, cornerHeight: 24)
                    l.fill(shape, with: .color(top ? SceneContext.s3Blue : .white))
                    l.fill(
                        .rect(CGRect(x: -124, y: -74, width: 120, height: 20)),
                        with: .color(PaintColor(rgb8: 0x88, 0x88, 0x88)))
                    l.stroke(
                        shape, style: RasterStrokeStyle(lineWidth: 2),
                        with: .color(PaintColor(red: 1, green: 1, blue: 1, alpha: 0.35)))
                }
                if keyed {
                    canvas.withLayer(shadow: shadow, bounds: card, contentKey: i, content: draw)
                } else {
                    canvas.withLayer(shadow: shadow, bounds: card, content: draw)
                }
            }
        }
    }

    func rotatingCardsBox(_ f: Int) -> PixelBox {
        let p = position(f, radius: 170)
        return PixelBox(x0: p.x - 200, y0: p.y - 200, x1: p.x + 200, y1: p.y + 200)
    }

    func cardsBox(_ f: Int) -> PixelBox {
        let p = position(f, radius: 170)
        return PixelBox(x0: p.x - 140 - 30, y0: p.y - 90 - 30, x1: p.x + 140 + 30, y1: p.y + 90 + 36)
    }

    func damaged(_ a: PixelBox, _ b: PixelBox, _ draw: () -> Void) {
        canvas.withSavedState {
            canvas.clip(to: PixelRegion(boxes: [a, b]))
            draw()
        }
    }

    // MARK: pixman directly (the floor)

    func fill(_ c: PaintColor) {
        var col = c.pixmanColor
        var box = pixman_box32_t(x1: 0, y1: 0, x2: Int32(W), y2: Int32(H))
        pixman_image_fill_boxes(PIXMAN_OP_SRC, dst, &col, 1, &box)
    }

    func solid(_ c: PaintColor) -> OpaquePointer {
        var col = c.pixmanColor
        return pixman_image_create_solid_fill(&col)!
    }

    func pixmanS1(_ f: Int) {
        let b = s1Box(f)
        fill(.clear)
        pixman_image_composite32(
            PIXMAN_OP_OVER, photoPixman, s1Disc.image, dst, Int32(b.x0), Int32(b.y0), 0, 0,
            Int32(b.x0), Int32(b.y0), Int32(b.width), Int32(b.height))
    }

    func pixmanS2(_ f: Int) {
        let d = s2Diameter(f)
        let drag = s2Drag(f)
        fill(.clear)
        let box = s2Box(f)
        let m = s2Mask
        let mask = pixman_image_create_bits(
            PIXMAN_a8, Int32(box.width), Int32(box.height),
            UnsafeMutableRawPointer(m.bytes).assumingMemoryBound(to: UInt32.self), Int32((box.width + 3) & ~3))!
        A8Image.disc(
            m.bytes, stride: (box.width + 3) & ~3, width: box.width, height: box.height,
            cx: Double(W) / 2 - Double(box.x0), cy: Double(H) / 2 - Double(box.y0), r: d / 2)
        let blue = solid(SceneContext.s2Blue)
        let white = solid(.white)
        let bg = PixelBox(x: drag.dx, y: drag.dy, width: W, height: H).intersection(box)
        if !bg.isEmpty {
            pixman_image_composite32(
                PIXMAN_OP_OVER, blue, mask, dst, 0, 0, Int32(bg.x0 - box.x0), Int32(bg.y0 - box.y0),
                Int32(bg.x0), Int32(bg.y0), Int32(bg.width), Int32(bg.height))
        }
        let tb = textBox.offsetBy(drag.dx, drag.dy).intersection(box)
        if !tb.isEmpty {
            let gs = (tb.width + 3) & ~3
            s2Glyphs.bytes.update(repeating: 0, count: gs * tb.height)
            let g = pixman_image_create_bits(
                PIXMAN_a8, Int32(tb.width), Int32(tb.height),
                UnsafeMutableRawPointer(s2Glyphs.bytes).assumingMemoryBound(to: UInt32.self), Int32(gs))!
            pixman_composite_glyphs_no_mask(
                PIXMAN_OP_ADD, white, g, 0, 0, Int32(drag.dx - tb.x0), Int32(drag.dy - tb.y0),
                glyphCache, Int32(glyphs.count), &glyphs)
            pixman_image_composite32(
                PIXMAN_OP_IN, mask, nil, g, Int32(tb.x0 - box.x0), Int32(tb.y0 - box.y0), 0, 0, 0, 0,
                Int32(tb.width), Int32(tb.height))
            pixman_image_composite32(
                PIXMAN_OP_OVER, white, g, dst, 0, 0, 0, 0, Int32(tb.x0), Int32(tb.y0), Int32(tb.width), Int32(tb.height)
            )
            pixman_image_unref(g)
        }
        pixman_image_unref(blue)
        pixman_image_unref(white)
        pixman_image_unref(mask)
    }

    func pixmanS3(_ f: Int) {
        let p = position(f, radius: 70)
        fill(.white)
        let shadow = solid(PaintColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        let white = solid(.white)
        let blue = solid(SceneContext.s3Blue)
        pixman_image_composite32(
            PIXMAN_OP_OVER, shadow, s3Shadow.image, dst, 0, 0, 0, 0, Int32(p.x - 64), Int32(p.y - 64 + 3), 128, 128)
        pixman_image_composite32(
            PIXMAN_OP_OVER, white, s3White.image, dst, 0, 0, 0, 0, Int32(p.x - 52), Int32(p.y - 52), 104, 104)
        pixman_image_composite32(
            PIXMAN_OP_OVER, blue, s3Blue.image, dst, 0, 0, 0, 0, Int32(p.x - 52), Int32(p.y - 52), 104, 104)
        pixman_image_unref(shadow)
        pixman_image_unref(white)
        pixman_image_unref(blue)
    }

    func pixmanDamaged(_ a: PixelBox, _ b: PixelBox, _ draw: () -> Void) {
        var ra = pixman_region32_t()
        var rb = pixman_region32_t()
        var r = pixman_region32_t()
        pixman_region32_init_rect(&ra, Int32(a.x0), Int32(a.y0), UInt32(a.width), UInt32(a.height))
        pixman_region32_init_rect(&rb, Int32(b.x0), Int32(b.y0), UInt32(b.width), UInt32(b.height))
        pixman_region32_init(&r)
        pixman_region32_union(&r, &ra, &rb)
        pixman_image_set_clip_region32(dst, &r)
        draw()
        pixman_image_set_clip_region32(dst, nil)
        pixman_region32_fini(&ra)
        pixman_region32_fini(&rb)
        pixman_region32_fini(&r)
    }

    func memcpyFrame() { memcpy(frame.pixels, copySource.pixels, frame.bytes) }
}

extension PaintColor {
    /// Premultiplied 16-bit colour for raw pixman calls.
    var pixmanColor: pixman_color_t {
        let v = premultipliedARGB
        func c(_ s: UInt32) -> UInt16 { UInt16((v >> s) & 0xFF) * 257 }
        return pixman_color_t(red: c(16), green: c(8), blue: c(0), alpha: c(24))
    }
}

extension RasterImage {
    /// A pixman image over the pixels (no copy) for the baselines; caller unrefs.
    func makePixmanImagePublic() -> OpaquePointer {
        pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height), pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))!
    }
}
