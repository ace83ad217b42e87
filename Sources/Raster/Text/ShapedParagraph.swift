import Foundation

/// One paragraph (text up to and including its hard line break) shaped once: its glyphs and the clusters line
/// breaking works on. The engine keeps them by paragraph text and font, so wrapping at another width, or laying
/// out a text again after an edit in one of its paragraphs, shapes only what changed.
final class ShapedParagraph {
    let glyphs: [TextShaper.ShapedGlyph]
    /// The fonts `glyphs` index (the primary first).
    let fonts: [FontSource]
    let clusters: [LineBreaker.Cluster]
    /// The paragraph's UTF-8 length.
    let byteCount: Int

    init(_ text: String, primary: FontFace, spec: FontSpec, engine: TextEngine) throws {
        var bytes = text
        byteCount = text.utf8.count
        let shaped = try bytes.withUTF8 { utf8 in
            let (glyphs, fonts) = try TextShaper.shape(text, utf8: utf8, primary: primary, spec: spec, engine: engine)
            return (glyphs, fonts, Self.clusters(of: glyphs, utf8: utf8))
        }
        (glyphs, fonts, clusters) = shaped
    }

    /// Glyphs sharing one source offset, with what the character there allows (a break after a space, before
    /// and after an ideograph, a forced break at a line break).
    private static func clusters(of shaped: [TextShaper.ShapedGlyph], utf8: UnsafeBufferPointer<UInt8>)
        -> [LineBreaker.Cluster]
    {
        var clusters: [LineBreaker.Cluster] = []
        clusters.reserveCapacity(shaped.count)
        var g = 0
        while g < shaped.count {
            var e = g + 1
            var advance = shaped[g].advance
            while e < shaped.count && shaped[e].cluster == shaped[g].cluster {
                advance += shaped[e].advance
                e += 1
            }
            let v = scalar(at: Int(shaped[g].cluster), in: utf8)
            let isSpace: Bool
            if v < 0x80 {
                isSpace = v == 0x20 || v == 0x09 || v == 0x0B || v == 0x0C
            } else {
                isSpace =
                    v != 0x2028 && Unicode.Scalar(v).map { $0.properties.isWhitespace } ?? false
            }
            clusters.append(
                LineBreaker.Cluster(
                    glyphs: g..<e, advance: advance, isSpace: isSpace, isNewline: v == 0x0A || v == 0x2028,
                    isIdeographic: LineBreaker.isIdeographic(v)))
            g = e
        }
        return clusters
    }

    /// The Unicode scalar whose UTF-8 starts at `offset` (0 when none does).
    private static func scalar(at offset: Int, in utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard offset >= 0, offset < utf8.count else { return 0 }
        let lead = UInt32(utf8[offset])
        func continuation(_ k: Int) -> UInt32 { offset + k < utf8.count ? UInt32(utf8[offset + k]) & 0x3F : 0 }
        switch lead {
        case 0..<0x80: return lead
        case 0xC0..<0xE0: return (lead & 0x1F) << 6 | continuation(1)
        case 0xE0..<0xF0: return (lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2)
        case 0xF0..<0xF8: return (lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3)
        default: return 0  // a continuation byte: not the start of a character
        }
    }

    /// The UTF-8 ranges of `text`'s paragraphs: each ends after a line feed or a line separator (U+2028), the
    /// last at the text's end (an empty last paragraph, after a final break, is left out).
    static func paragraphRanges(_ text: String) -> [Range<Int>] {
        var text = text
        return text.withUTF8 { bytes in
            var ranges: [Range<Int>] = []
            var start = 0
            var i = 0
            let n = bytes.count
            while i < n {
                let b = bytes[i]
                if b == 0x0A {
                    ranges.append(start..<(i + 1))
                    start = i + 1
                } else if b == 0xE2, i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 {
                    ranges.append(start..<(i + 3))
                    start = i + 3
                    i += 2
                }
                i += 1
            }
            if start < n { ranges.append(start..<n) }
            return ranges
        }
    }
}
