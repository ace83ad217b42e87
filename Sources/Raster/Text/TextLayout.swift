import Foundation

/// Shaped, wrapped and aligned text, ready to draw: glyphs positioned relative to the top-left corner of
/// the text frame, in points.
///
/// Glyph positions are made on demand, line by line: drawing a huge text places only the lines the clip
/// reaches.
public struct TextLayout {
    /// One glyph at its pen position (baseline), in points from the frame's top-left.
    struct Glyph {
        /// Index into `fonts`.
        let font: Int
        let glyph: UInt32
        let x: Double
        let y: Double
    }

    /// The shaped paragraphs and the lines they were broken into (shared by layouts differing in alignment).
    final class Lines {
        struct Line {
            /// Index into `paragraphs`.
            var paragraph: Int
            /// Cluster indices of the paragraph.
            var clusters: Range<Int>
            /// Without trailing spaces and the line break.
            var width: Double
        }
        let paragraphs: [ShapedParagraph]
        /// For each paragraph, its fonts' indices in `fonts`.
        let fontIndices: [[Int]]
        let fonts: [FontSource]
        let lines: [Line]
        let width: Double

        init(paragraphs: [ShapedParagraph], fontIndices: [[Int]], fonts: [FontSource], lines: [Line]) {
            self.paragraphs = paragraphs
            self.fontIndices = fontIndices
            self.fonts = fonts
            self.lines = lines
            width = lines.reduce(0) { max($0, $1.width) }
        }
    }

    let storage: Lines
    var alignment: TextLineAlignment
    let fontSize: Double
    /// The engine whose fonts and glyph cache the glyphs refer to.
    let engine: TextEngine
    /// Frame size in points.
    public let size: CGSize
    /// Distance from the top to the first line's baseline, in points.
    public let firstBaseline: Double
    /// Distance between consecutive baselines, in points.
    public let lineAdvance: Double
    /// Height of one line (without line spacing), in points.
    let lineHeight: Double

    /// Number of lines.
    public var lineCount: Int { storage.lines.count }
    /// The font files the glyphs use (primary first, then fallbacks as they occur).
    var fonts: [FontSource] { storage.fonts }

    /// The number of glyphs with a glyph id (including blank ones such as spaces).
    public var glyphCount: Int { glyphs.count }

    /// Every glyph, line after line.
    var glyphs: [Glyph] { glyphs(inLines: 0..<lineCount) }

    /// The glyphs of lines `range`, placed.
    func glyphs(inLines range: Range<Int>) -> [Glyph] {
        var out: [Glyph] = []
        let lines = storage.lines
        let frameWidth = storage.width
        for index in range.clamped(to: 0..<lines.count) {
            let line = lines[index]
            let paragraph = storage.paragraphs[line.paragraph]
            let fontIndex = storage.fontIndices[line.paragraph]
            var x = lineStart(ofWidth: line.width, in: frameWidth)
            let baseline = firstBaseline + Double(index) * lineAdvance
            for c in line.clusters {
                let cluster = paragraph.clusters[c]
                for k in cluster.glyphs {
                    let shaped = paragraph.glyphs[k]
                    if !cluster.isNewline {
                        out.append(
                            Glyph(
                                font: fontIndex[Int(shaped.font)], glyph: shaped.glyph, x: x + shaped.xOffset,
                                y: baseline + shaped.yOffset))
                    }
                    x += shaped.advance
                }
            }
        }
        return out
    }

    /// The lines whose glyphs may reach the band `top...bottom` (points from the frame's top): glyphs overhang
    /// their line by up to `overhang`.
    func lines(reaching top: Double, _ bottom: Double, overhang: Double) -> Range<Int> {
        let first = ((top - overhang - lineHeight) / lineAdvance).rounded(.down)
        let last = ((bottom + overhang) / lineAdvance).rounded(.down)
        // Absurd sizes or positions (infinite, NaN): every line, as before lines were picked.
        guard lineAdvance > 0, first.isFinite, last.isFinite else { return 0..<lineCount }
        let lower = Int(min(max(first, 0), Double(lineCount)))
        let upper = Int(min(max(last + 1, 0), Double(lineCount)))
        return lower..<max(lower, upper)
    }

    /// Where an underline's centre lies below the baseline, and the thickness of underlines and strikethroughs,
    /// in points (the primary font's metrics, or a twelfth and a fourteenth of the size for fonts without them).
    public let underlineOffset: Double, decorationThickness: Double
    /// Where a strikethrough's centre lies above the baseline, in points: half the primary font's x-height.
    public let strikethroughOffset: Double

    /// Each line's horizontal extent and baseline, in points from the frame's top-left.
    public var lineSpans: [LineSpan] {
        let frameWidth = storage.width
        return storage.lines.indices.map { index in
            let width = storage.lines[index].width
            return LineSpan(
                x: lineStart(ofWidth: width, in: frameWidth), width: width,
                baseline: firstBaseline + Double(index) * lineAdvance)
        }
    }

    /// Where a line `width` wide starts in a frame `frameWidth` wide, by the alignment.
    private func lineStart(ofWidth width: Double, in frameWidth: Double) -> Double {
        switch alignment {
        case .leading: return 0
        case .center: return (frameWidth - width) / 2
        case .trailing: return frameWidth - width
        }
    }

    /// One laid-out line.
    public struct LineSpan: Equatable, Sendable {
        public let x: Double
        public let width: Double
        public let baseline: Double
    }

    /// The measurement part of the layout.
    public var measurement: TextMeasurement {
        TextMeasurement(size: size, lineCount: lineCount, firstBaseline: firstBaseline, lineAdvance: lineAdvance)
    }
}
