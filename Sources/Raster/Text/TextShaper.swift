import CHarfBuzz
import Foundation

/// Splits text into runs of one font (per-character fallback) and shapes each run with HarfBuzz.
struct TextShaper {
    /// A shaped glyph; `cluster` is the UTF-8 offset of the text it came from, advances are in points.
    /// Kept small (20 bytes): a megabyte of text holds a million of them. Shaped positions are 26.6 fixed
    /// point, which a `Float` holds exactly.
    struct ShapedGlyph {
        let glyph: UInt32
        let cluster: Int32
        /// Index into the shaped text's fonts.
        let font: UInt16
        private let advance32: Float
        private let xOffset32: Float
        private let yOffset32: Float

        init(glyph: UInt32, cluster: Int, font: Int, advance: Double, xOffset: Double, yOffset: Double) {
            self.glyph = glyph
            self.cluster = Int32(cluster)
            self.font = UInt16(font)
            advance32 = Float(advance)
            xOffset32 = Float(xOffset)
            yOffset32 = Float(yOffset)
        }

        var advance: Double { Double(advance32) }
        var xOffset: Double { Double(xOffset32) }
        var yOffset: Double { Double(yOffset32) }
    }

    /// Shapes `utf8` (the UTF-8 of `text`) at the spec's size, choosing for each character the primary font or
    /// a fallback. Returns the glyphs in shaping order and the fonts they index.
    static func shape(
        _ text: String, utf8: UnsafeBufferPointer<UInt8>, primary: FontFace, spec: FontSpec, engine: TextEngine
    ) throws -> (glyphs: [ShapedGlyph], fonts: [FontSource]) {
        // Font per scalar, then maximal runs.
        var runs: [(font: Int, start: Int, end: Int)] = []
        var fonts = [primary.source]
        var offset = 0
        for scalar in text.unicodeScalars {
            let len = UTF8.width(scalar)
            let value = scalar.value
            var font = 0
            // ASCII first, without Unicode property lookups: a megabyte of prose is mostly ASCII.
            let keepsPrevious =
                value >= 0x300
                && (scalar.properties.generalCategory == .nonspacingMark || value == 0x200D
                    || (0xFE00...0xFE0F).contains(value))
            let needsFallback =
                value < 0x80
                ? value > 0x20 && !primary.hasASCIIGlyph(value)
                : !scalar.properties.isWhitespace && !primary.hasGlyph(value)
            if keepsPrevious, let last = runs.last {
                font = last.font
            } else if needsFallback {
                let source = engine.resolver.fallback(for: scalar.value, spec: spec) ?? primary.source
                if let index = fonts.firstIndex(of: source) {
                    font = index
                } else {
                    font = fonts.count
                    fonts.append(source)
                }
            }
            if let last = runs.last, last.font == font, last.end == offset {
                runs[runs.count - 1].end = offset + len
            } else {
                runs.append((font, offset, offset + len))
            }
            offset += len
        }
        var out: [ShapedGlyph] = []
        out.reserveCapacity(utf8.count)
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        guard let base = utf8.baseAddress else { return ([], fonts) }
        for run in runs {
            let face = try engine.face(fonts[run.font], pixelSize: spec.size)
            hb_buffer_reset(buffer)
            base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                hb_buffer_add_utf8(buffer, $0, Int32(utf8.count), UInt32(run.start), Int32(run.end - run.start))
            }
            hb_buffer_guess_segment_properties(buffer)
            if spec.tabularDigits {
                var tabular = hb_feature_t()
                _ = hb_feature_from_string("tnum", -1, &tabular)
                hb_shape(face.hbFont, buffer, &tabular, 1)
            } else {
                hb_shape(face.hbFont, buffer, nil, 0)
            }
            var n: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &n),
                let pos = hb_buffer_get_glyph_positions(buffer, nil)
            else { continue }
            let spacing = spec.letterSpacing.isFinite ? spec.letterSpacing : 0
            for i in 0..<Int(n) {
                let startsCluster = i == 0 || infos[i].cluster != infos[i - 1].cluster
                out.append(
                    ShapedGlyph(
                        glyph: infos[i].codepoint, cluster: Int(infos[i].cluster), font: run.font,
                        advance: Double(pos[i].x_advance) / 64 + (startsCluster ? spacing : 0),
                        xOffset: Double(pos[i].x_offset) / 64,
                        yOffset: -Double(pos[i].y_offset) / 64))
            }
        }
        return (out, fonts)
    }
}
