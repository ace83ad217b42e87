import CHarfBuzz
import Foundation

/// Splits text into runs of one font (per-character fallback) and shapes each run with HarfBuzz.
struct TextShaper {
    /// A shaped glyph; `cluster` is the UTF-8 offset of the text it came from, advances are in points.
    struct ShapedGlyph {
        let source: FontSource
        let glyph: UInt32
        let cluster: Int
        let advance: Double
        let xOffset: Double
        let yOffset: Double
    }

    /// Shapes `utf8` at `size` points, choosing for each character the primary font or a fallback.
    static func shape(_ text: String, utf8: [UInt8], primary: FontFace, spec: FontSpec, engine: TextEngine) throws
        -> [ShapedGlyph]
    {
        // Font per scalar, then maximal runs.
        var runs: [(source: FontSource, start: Int, end: Int)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let len = String(scalar).utf8.count
            var source = primary.source
            let keepsPrevious =
                scalar.properties.generalCategory == .nonspacingMark || scalar.value == 0x200D
                || (0xFE00...0xFE0F).contains(scalar.value)
            if keepsPrevious, let last = runs.last {
                source = last.source
            } else if !scalar.properties.isWhitespace && scalar.value >= 0x20 && !primary.hasGlyph(scalar.value) {
                source = engine.resolver.fallback(for: scalar.value, spec: spec) ?? primary.source
            }
            if let last = runs.last, last.source == source, last.end == offset {
                runs[runs.count - 1].end = offset + len
            } else {
                runs.append((source, offset, offset + len))
            }
            offset += len
        }
        var out: [ShapedGlyph] = []
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        for run in runs {
            let face = try engine.face(run.source, pixelSize: spec.size)
            hb_buffer_reset(buffer)
            utf8.withUnsafeBufferPointer { p in
                p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) {
                    hb_buffer_add_utf8(buffer, $0, Int32(p.count), UInt32(run.start), Int32(run.end - run.start))
                }
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
                        source: run.source, glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                        advance: Double(pos[i].x_advance) / 64 + (startsCluster ? spacing : 0),
                        xOffset: Double(pos[i].x_offset) / 64,
                        yOffset: -Double(pos[i].y_offset) / 64))
            }
        }
        return out
    }
}
