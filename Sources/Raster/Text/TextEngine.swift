import CFreeType
import Foundation

/// Fonts, shaping, line breaking, glyph rendering and memoised measurement.
///
/// One engine serves a whole UI: it owns the FreeType library, the faces (per file and pixel size), the
/// fontconfig fallback lists and the glyph cache. Not thread-safe: use it from the UI thread.
public final class TextEngine {
    let library: FT_Library
    let resolver = FontResolver()
    let glyphCache = GlyphCache()
    private var faces: [FaceKey: FontFace] = [:]
    private var nextFaceID = 1
    private var measurements: [MeasureKey: TextMeasurement] = [:]

    private struct FaceKey: Hashable {
        let source: FontSource
        let size64: Int
    }
    private struct MeasureKey: Hashable {
        let text: String
        let font: FontSpec
        let maxWidth: Double?
        let lineSpacing: Double
    }

    /// Creates an engine; throws when FreeType cannot start.
    public init() throws {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else {
            throw RasterError.fontNotFound("FreeType initialisation failed")
        }
        library = lib
    }

    deinit {
        faces.removeAll()
        FT_Done_FreeType(library)
    }

    /// The face of a font file at a pixel size (sizes are quantised to 1/64 px).
    func face(_ source: FontSource, pixelSize: Double) throws -> FontFace {
        // Sizes are kept to what FreeType renders sensibly; NaN falls back to 12 px.
        let size = pixelSize.isFinite ? min(max(pixelSize, 1), 1024) : 12
        let key = FaceKey(source: source, size64: Int((size * 64).rounded()))
        if let f = faces[key] { return f }
        // Faces are small next to glyphs; a generous bound still keeps a long-running UI from growing forever.
        if faces.count > 256 { faces.removeAll() }
        let f = try FontFace(library: library, source: source, pixelSize: Double(key.size64) / 64, id: nextFaceID)
        nextFaceID += 1
        faces[key] = f
        return f
    }

    /// The size and line count of `text` wrapped to `maxWidth` points (nil: no wrapping). Memoised.
    public func measure(_ text: String, font: FontSpec, maxWidth: Double? = nil, lineSpacing: Double = 0) throws
        -> TextMeasurement
    {
        let key = MeasureKey(text: text, font: font, maxWidth: maxWidth, lineSpacing: lineSpacing)
        if let hit = measurements[key] { return hit }
        let m = try layout(text, font: font, maxWidth: maxWidth, lineSpacing: lineSpacing).measurement
        if measurements.count > 4096 { measurements.removeAll() }
        measurements[key] = m
        return m
    }

    /// Shapes, wraps and aligns `text`. `lineSpacing` adds points between lines (SwiftUI's `lineSpacing`).
    public func layout(
        _ text: String, font: FontSpec, maxWidth: Double? = nil, alignment: TextLineAlignment = .leading,
        lineSpacing: Double = 0
    ) throws -> TextLayout {
        let primary = try face(try resolver.primary(for: font), pixelSize: font.size)
        let lineAdvance = primary.lineHeight + lineSpacing
        if text.isEmpty {
            return TextLayout(
                glyphs: [], fonts: [primary.source], fontSize: font.size, engine: self, size: .zero, lineCount: 0,
                firstBaseline: primary.ascender, lineAdvance: lineAdvance, lineSpans: [],
                underlineOffset: 0, decorationThickness: 0, strikethroughOffset: 0)
        }
        let utf8 = Array(text.utf8)
        let shaped = try TextShaper.shape(text, utf8: utf8, primary: primary, spec: font, engine: self)
        // Scalars by UTF-8 offset, for what each cluster allows.
        var scalarAt: [Int: Unicode.Scalar] = [:]
        var off = 0
        for s in text.unicodeScalars {
            scalarAt[off] = s
            off += String(s).utf8.count
        }
        var clusters: [LineBreaker.Cluster] = []
        var g = 0
        while g < shaped.count {
            var e = g + 1
            while e < shaped.count && shaped[e].cluster == shaped[g].cluster { e += 1 }
            let s = scalarAt[shaped[g].cluster]
            let v = s?.value ?? 0
            clusters.append(
                LineBreaker.Cluster(
                    glyphs: g..<e, advance: shaped[g..<e].reduce(0) { $0 + $1.advance },
                    isSpace: s.map { $0.properties.isWhitespace && v != 0x0A && v != 0x0D && v != 0x2028 } ?? false,
                    isNewline: v == 0x0A || v == 0x2028,
                    isIdeographic: LineBreaker.isIdeographic(v)))
            g = e
        }
        let lines = LineBreaker.breakLines(clusters, maxWidth: maxWidth)
        let widths = lines.map { LineBreaker.width(of: $0, clusters) }
        let frameWidth = widths.max() ?? 0
        var glyphs: [TextLayout.Glyph] = []
        glyphs.reserveCapacity(shaped.count)
        var fonts = [primary.source]
        var fontIndex = [primary.source: 0]
        var spans: [TextLayout.LineSpan] = []
        spans.reserveCapacity(lines.count)
        for (i, line) in lines.enumerated() {
            var x: Double
            switch alignment {
            case .leading: x = 0
            case .center: x = (frameWidth - widths[i]) / 2
            case .trailing: x = frameWidth - widths[i]
            }
            let baseline = primary.ascender + Double(i) * lineAdvance
            spans.append(TextLayout.LineSpan(x: x, width: widths[i], baseline: baseline))
            for c in line {
                for k in clusters[c].glyphs {
                    let sg = shaped[k]
                    if !clusters[c].isNewline {
                        let index: Int
                        if let i = fontIndex[sg.source] {
                            index = i
                        } else {
                            index = fonts.count
                            fontIndex[sg.source] = index
                            fonts.append(sg.source)
                        }
                        glyphs.append(.init(font: index, glyph: sg.glyph, x: x + sg.xOffset, y: baseline + sg.yOffset))
                    }
                    x += sg.advance
                }
            }
        }
        let height = Double(lines.count) * primary.lineHeight + Double(max(0, lines.count - 1)) * lineSpacing
        let thickness = primary.underlineThickness > 0 ? primary.underlineThickness : font.size / 14
        let underline = primary.underlineOffset > 0 ? primary.underlineOffset : font.size / 12
        return TextLayout(
            glyphs: glyphs, fonts: fonts, fontSize: font.size, engine: self,
            size: CGSize(width: frameWidth, height: height), lineCount: lines.count,
            firstBaseline: primary.ascender, lineAdvance: lineAdvance, lineSpans: spans,
            underlineOffset: underline, decorationThickness: thickness, strikethroughOffset: primary.xHeight / 2)
    }

    /// The rendered glyph bitmaps of a layout placed at `origin` (points) under a scale, as device pixel
    /// pen positions — for callers compositing glyphs themselves (benchmarks, caches).
    public func glyphBitmaps(_ layout: TextLayout, at origin: CGPoint, scale: Double = 1) throws -> [(
        x: Int, y: Int, bitmap: GlyphBitmap
    )] {
        var out: [(x: Int, y: Int, bitmap: GlyphBitmap)] = []
        for g in layout.glyphs {
            let f = try face(layout.fonts[g.font], pixelSize: layout.fontSize * scale)
            guard let bm = f.render(glyph: g.glyph) else { continue }
            out.append(
                (
                    safeInt(((Double(origin.x) + g.x) * scale).rounded()),
                    safeInt(((Double(origin.y) + g.y) * scale).rounded()), bm
                ))
        }
        return out
    }
}

extension TextEngine {
    /// Where a caret stands in one line of `text` (no wrapping): for each UTF-8 offset in `boundaries`
    /// (ascending), the pen distance in points from the line's start to that offset in logical order.
    public func caretPositions(_ text: String, font: FontSpec, boundaries: [Int]) throws -> [Double] {
        guard !text.isEmpty else { return boundaries.map { _ in 0 } }
        let primary = try face(try resolver.primary(for: font), pixelSize: font.size)
        let shaped = try TextShaper.shape(text, utf8: Array(text.utf8), primary: primary, spec: font, engine: self)
        // Advance per cluster (its UTF-8 start), then a running sum over clusters in text order.
        var advances: [Int: Double] = [:]
        for glyph in shaped { advances[glyph.cluster, default: 0] += glyph.advance }
        let clusters = advances.keys.sorted()
        var result: [Double] = []
        result.reserveCapacity(boundaries.count)
        var x = 0.0
        var next = 0
        for boundary in boundaries {
            while next < clusters.count, clusters[next] < boundary {
                x += advances[clusters[next]]!
                next += 1
            }
            result.append(x)
        }
        return result
    }
}
