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
    /// Shaped paragraphs by text and font: at most 8192 or 2 MB of text a generation (a shaped byte of text
    /// takes about 36, so a generation stays under 80 MB).
    private var shapedParagraphs = GenerationalCache<ParagraphKey, ShapedParagraph>(
        capacity: 8192, costCapacity: 2 << 20)
    /// Broken texts by text, font, width and line spacing (alignment only moves lines when they are placed).
    /// (The layouts' lines only: a cached `TextLayout` would hold the engine that holds it.)
    private var brokenTexts = GenerationalCache<LayoutKey, BrokenText>(capacity: 2048, costCapacity: 2 << 20)
    /// What the engine has done since it started.
    package private(set) var counters = TextEngineCounters()

    private struct FaceKey: Hashable {
        let source: FontSource
        let size64: Int
    }
    private struct ParagraphKey: Hashable {
        let text: TextBytes
        let font: FontSpec
    }
    private struct LayoutKey: Hashable {
        let text: TextBytes
        let font: FontSpec
        let maxWidth: Double?
        let lineSpacing: Double
    }

    /// Starts loading the system's font configuration on a background thread, so that the first text laid out
    /// waits for less of it (engines made later share it).
    package static func loadFontConfigurationInBackground() { FontResolver.loadConfigurationInBackground() }

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
        try layout(text, font: font, maxWidth: maxWidth, lineSpacing: lineSpacing).measurement
    }

    /// Shapes, wraps and aligns `text`. `lineSpacing` adds points between lines (SwiftUI's `lineSpacing`).
    /// Memoised; each paragraph is shaped once for all widths.
    public func layout(
        _ text: String, font: FontSpec, maxWidth: Double? = nil, alignment: TextLineAlignment = .leading,
        lineSpacing: Double = 0
    ) throws -> TextLayout {
        let key = LayoutKey(text: TextBytes(string: text), font: font, maxWidth: maxWidth, lineSpacing: lineSpacing)
        let cost = text.utf8.count
        let broken: BrokenText
        if let hit = brokenTexts.value(for: key, cost: cost) {
            broken = hit
        } else {
            broken = try breakLines(text, font: font, maxWidth: maxWidth, lineSpacing: lineSpacing)
            counters.layoutsBroken += 1
            brokenTexts.insert(broken, for: key, cost: cost)
        }
        return TextLayout(
            storage: broken.lines, alignment: alignment, fontSize: font.size, engine: self, size: broken.size,
            firstBaseline: broken.firstBaseline, lineAdvance: broken.lineAdvance, lineHeight: broken.lineHeight,
            underlineOffset: broken.underlineOffset, decorationThickness: broken.decorationThickness,
            strikethroughOffset: broken.strikethroughOffset)
    }

    /// A text broken into lines, with its metrics.
    private struct BrokenText {
        let lines: TextLayout.Lines
        let size: CGSize
        let firstBaseline: Double
        let lineAdvance: Double
        let lineHeight: Double
        let underlineOffset: Double
        let decorationThickness: Double
        let strikethroughOffset: Double
    }

    private func breakLines(_ text: String, font: FontSpec, maxWidth: Double?, lineSpacing: Double) throws
        -> BrokenText
    {
        let primary = try face(try resolver.primary(for: font), pixelSize: font.size)
        let lineAdvance = primary.lineHeight + lineSpacing
        var paragraphs: [ShapedParagraph] = []
        var fontIndices: [[Int]] = []
        var fonts = [primary.source]
        var lines: [TextLayout.Lines.Line] = []
        let utf8 = text.utf8
        for range in ShapedParagraph.paragraphRanges(text) {
            let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let end = utf8.index(start, offsetBy: range.count)
            let paragraph = try shapedParagraph(String(text[start..<end]), primary: primary, font: font)
            let index = paragraphs.count
            paragraphs.append(paragraph)
            fontIndices.append(
                paragraph.fonts.map { source in
                    if let known = fonts.firstIndex(of: source) { return known }
                    fonts.append(source)
                    return fonts.count - 1
                })
            for line in LineBreaker.breakLines(paragraph.clusters, maxWidth: maxWidth) {
                lines.append(
                    .init(paragraph: index, clusters: line, width: LineBreaker.width(of: line, paragraph.clusters)))
            }
        }
        let storage = TextLayout.Lines(paragraphs: paragraphs, fontIndices: fontIndices, fonts: fonts, lines: lines)
        let height = Double(lines.count) * primary.lineHeight + Double(max(0, lines.count - 1)) * lineSpacing
        let thickness = primary.underlineThickness > 0 ? primary.underlineThickness : font.size / 14
        let underline = primary.underlineOffset > 0 ? primary.underlineOffset : font.size / 12
        return BrokenText(
            lines: storage, size: CGSize(width: storage.width, height: height), firstBaseline: primary.ascender,
            lineAdvance: lineAdvance, lineHeight: primary.lineHeight, underlineOffset: underline,
            decorationThickness: thickness, strikethroughOffset: primary.xHeight / 2)
    }

    /// The shaping of one paragraph, from the cache when it was shaped before in this font.
    func shapedParagraph(_ text: String, primary: FontFace, font: FontSpec) throws -> ShapedParagraph {
        let key = ParagraphKey(text: TextBytes(string: text), font: font)
        if let hit = shapedParagraphs.value(for: key, cost: text.utf8.count) { return hit }
        let shaped = try ShapedParagraph(text, primary: primary, spec: font, engine: self)
        counters.paragraphsShaped += 1
        shapedParagraphs.insert(shaped, for: key, cost: text.utf8.count)
        return shaped
    }

    /// Counts lines placed for drawing.
    func countPlaced(_ lines: Int) { counters.linesPlaced += lines }

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
        let paragraph = try shapedParagraph(text, primary: primary, font: font)
        // Advance per cluster (its UTF-8 start), in text order (right-to-left runs come shaped in reverse),
        // then a running sum.
        var clusters = paragraph.clusters.map { cluster in
            (offset: Int(paragraph.glyphs[cluster.glyphs.lowerBound].cluster), advance: cluster.advance)
        }
        if zip(clusters, clusters.dropFirst()).contains(where: { $0.offset > $1.offset }) {
            clusters.sort { $0.offset < $1.offset }
        }
        var result: [Double] = []
        result.reserveCapacity(boundaries.count)
        var x = 0.0
        var next = 0
        for boundary in boundaries {
            while next < clusters.count, clusters[next].offset < boundary {
                x += clusters[next].advance
                next += 1
            }
            result.append(x)
        }
        return result
    }
}
