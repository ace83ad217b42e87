// libFuzzer target: shaping, line breaking and glyph rasterising of arbitrary UTF-8 (any script, controls, broken
// sequences), at a width that forces wrapping. Nothing may crash; measurements are finite.
import Foundation
@testable import Raster

nonisolated(unsafe) private var engine: TextEngine? = try? TextEngine()


func fuzzTextShaping(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let engine, size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // The first byte picks the wrapping width and size; the rest is the text.
    let width = Double(bytes[0] % 64) * 8
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let font = FontSpec(size: 4 + Double(bytes[0] % 40))
    guard let measured = try? engine.measure(text, font: font, maxWidth: width == 0 ? nil : width) else { return 0 }
    precondition(measured.size.width.isFinite && measured.size.height.isFinite, "\(measured.size)")
    if let layout = try? engine.layout(text, font: font, maxWidth: width == 0 ? nil : width) {
        _ = try? engine.glyphBitmaps(layout, at: .zero, scale: 1.5)
    }
    return 0
}
