import Foundation

/// Shaped, wrapped and aligned text, ready to draw: glyphs positioned relative to the top-left corner of
/// the text frame, in points.
public struct TextLayout {
    /// One glyph at its pen position (baseline), in points from the frame's top-left.
    struct Glyph {
        /// Index into `fonts`.
        let font: Int
        let glyph: UInt32
        let x: Double
        let y: Double
    }

    let glyphs: [Glyph]
    /// The font files the glyphs use (primary first, then fallbacks as they occur).
    let fonts: [FontSource]
    let fontSize: Double
    /// The engine whose fonts and glyph cache the glyphs refer to.
    let engine: TextEngine
    /// Frame size in points.
    public let size: CGSize
    /// Number of lines.
    public let lineCount: Int
    /// Distance from the top to the first line's baseline, in points.
    public let firstBaseline: Double
    /// Distance between consecutive baselines, in points.
    public let lineAdvance: Double
    /// Each line's horizontal extent and baseline, in points from the frame's top-left.
    public let lineSpans: [LineSpan]
    /// Where an underline's centre lies below the baseline, and the thickness of underlines and strikethroughs,
    /// in points (the primary font's metrics, or a twelfth and a fourteenth of the size for fonts without them).
    public let underlineOffset: Double, decorationThickness: Double
    /// Where a strikethrough's centre lies above the baseline, in points: half the primary font's x-height.
    public let strikethroughOffset: Double
    /// The number of glyphs with a glyph id (including blank ones such as spaces).
    public var glyphCount: Int { glyphs.count }

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
