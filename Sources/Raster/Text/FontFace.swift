import CFreeType
import CHarfBuzz
import Foundation

/// One font file at one pixel size: a FreeType face plus its HarfBuzz font.
///
/// Shaping uses unhinted outlines so advances scale linearly (layout in points does not depend on the
/// device scale); rendering uses light hinting, which only snaps vertically and keeps those advances.
final class FontFace {
    let source: FontSource
    /// Pixels per em.
    let pixelSize: Double
    /// A small unique number, the font key of the glyph cache.
    let id: Int
    let face: FT_Face
    let hbFont: OpaquePointer
    /// Line metrics in pixels (descender positive downwards).
    let ascender: Double, descender: Double, lineHeight: Double
    /// Where an underline's centre lies below the baseline, and how thick it is, in pixels.
    let underlineOffset: Double, underlineThickness: Double
    /// The height of a lowercase x in pixels (half the size where the font has none).
    let xHeight: Double

    init(library: FT_Library, source: FontSource, pixelSize: Double, id: Int) throws {
        var f: FT_Face?
        guard FT_New_Face(library, source.path, FT_Long(source.index), &f) == 0, let f else {
            throw RasterError.fontNotFound(source.path)
        }
        // 26.6 fixed point at 72 dpi: one point per pixel.
        FT_Set_Char_Size(f, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
        face = f
        self.source = source
        self.pixelSize = pixelSize
        self.id = id
        asciiGlyphs = (0..<128).map { FT_Get_Char_Index(f, FT_ULong($0)) != 0 }
        hbFont = hb_ft_font_create_referenced(f)
        hb_ft_font_set_load_flags(hbFont, Int32(FT_LOAD_NO_HINTING))
        let m = f.pointee.size.pointee.metrics
        // Scalable fonts: derive from design units so the metrics are unhinted too.
        let upem = Double(f.pointee.units_per_EM)
        if upem > 0 {
            let s = pixelSize / upem
            ascender = Double(f.pointee.ascender) * s
            descender = -Double(f.pointee.descender) * s
            lineHeight = max(Double(f.pointee.height) * s, ascender + descender)
            underlineOffset = -Double(f.pointee.underline_position) * s
            underlineThickness = Double(f.pointee.underline_thickness) * s
            let x = FT_Get_Char_Index(f, 0x78)
            if x != 0, FT_Load_Glyph(f, x, Int32(FT_LOAD_NO_SCALE)) == 0 {
                xHeight = Double(f.pointee.glyph.pointee.metrics.height) * s
            } else {
                xHeight = pixelSize / 2
            }
        } else {
            ascender = Double(m.ascender) / 64
            descender = -Double(m.descender) / 64
            lineHeight = Double(m.height) / 64
            underlineOffset = 0
            underlineThickness = 0
            xHeight = pixelSize / 2
        }
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
    }

    /// True when the font maps the character to a glyph.
    func hasGlyph(_ scalar: UInt32) -> Bool { FT_Get_Char_Index(face, FT_ULong(scalar)) != 0 }

    /// `hasGlyph` for ASCII (below 0x80), looked up once per face: shaping asks it for every character.
    func hasASCIIGlyph(_ scalar: UInt32) -> Bool { asciiGlyphs[Int(scalar)] }
    private let asciiGlyphs: [Bool]

    /// Renders a glyph as 8-bit coverage; nil for blank glyphs (spaces) or errors.
    func render(glyph: UInt32) -> GlyphBitmap? {
        let loadTargetLight: Int32 = 1 << 16  // FT_LOAD_TARGET_LIGHT, a function-like macro in C
        guard FT_Load_Glyph(face, glyph, loadTargetLight) == 0,
            FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0
        else { return nil }
        let slot = face.pointee.glyph.pointee
        let bm = slot.bitmap
        guard bm.width > 0, bm.rows > 0, let buffer = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        else { return nil }
        let w = Int(bm.width)
        let h = Int(bm.rows)
        var px = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = buffer + y * Int(bm.pitch)
            for x in 0..<w { px[y * w + x] = row[x] }
        }
        return GlyphBitmap(width: w, height: h, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), coverage: px)
    }
}
