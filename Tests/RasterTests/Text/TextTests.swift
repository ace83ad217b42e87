import Foundation
import Testing

@testable import Raster

@Suite struct TextTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    let font = FontSpec(filePath: TextTests.dejaVu, size: 14)

    func ink(_ c: RasterCanvas) -> Int {
        var n = 0
        for y in 0..<c.height { for x in 0..<c.width where channel(c, x, y, 3) > 0 { n += 1 } }
        return n
    }

    @Test(arguments: ["Hello, world", "Просмотр клипа при перетаскивании", "组合 SwiftUI 手势"])
    func drawsInkForLatinCyrillicAndCJK(text: String) throws {
        let engine = try TextEngine()
        let layout = try engine.layout(text, font: font, maxWidth: 120)
        let c = try RasterCanvas(width: 128, height: 64)
        c.draw(layout, at: CGPoint(x: 2, y: 2))
        #expect(ink(c) > 40)
        // Every non-space character produced a real glyph (no .notdef boxes: glyph id 0).
        #expect(!layout.glyphs.contains { $0.glyph == 0 })
    }

    @Test func cjkFallsBackToAnotherFont() throws {
        let engine = try TextEngine()
        let layout = try engine.layout("组合 SwiftUI 手势", font: font)
        let sources = Set(layout.glyphs.map { layout.fonts[$0.font].path })
        #expect(sources.contains(TextTests.dejaVu))
        #expect(sources.count >= 2, "CJK comes from a fallback font: \(sources)")
    }

    @Test func pinnedFontReference() throws {
        let engine = try TextEngine()
        let c = try RasterCanvas(width: 96, height: 64)
        c.clear(.white)
        let layout = try engine.layout("Wrap these words nicely", font: font, maxWidth: 90, alignment: .center)
        c.draw(layout, at: CGPoint(x: 3, y: 2), with: .color(PaintColor(rgb8: 0x10, 0x20, 0x60)))
        try Reference.check(c, "text-dejavu-wrapped-centered")
        #expect(layout.lineCount == 2)
    }

    @Test func wrappingAndMeasurement() throws {
        let engine = try TextEngine()
        let one = try engine.measure("The quick brown fox jumps", font: font)
        #expect(one.lineCount == 1)
        let wrapped = try engine.measure("The quick brown fox jumps", font: font, maxWidth: one.size.width / 2)
        #expect(wrapped.lineCount >= 2)
        #expect(wrapped.size.width <= one.size.width / 2)
        #expect(wrapped.size.height > one.size.height)
        // Line spacing adds between lines only.
        let spaced = try engine.measure(
            "The quick brown fox jumps", font: font, maxWidth: one.size.width / 2, lineSpacing: 5)
        #expect(abs(Double(spaced.size.height - wrapped.size.height) - 5 * Double(wrapped.lineCount - 1)) < 1e-9)
        // Memoised: same value again.
        #expect(try engine.measure("The quick brown fox jumps", font: font) == one)
        #expect(try engine.measure("", font: font).lineCount == 0)
    }

    @Test func longWordsBreakAndNewlinesForceBreaks() throws {
        let engine = try TextEngine()
        let long = try engine.layout("Supercalifragilisticexpialidocious", font: font, maxWidth: 60)
        #expect(long.lineCount >= 3)
        #expect(Double(long.size.width) <= 60)
        let lines = try engine.layout("a\nb\nc", font: font)
        #expect(lines.lineCount == 3)
    }

    @Test func alignmentMovesShortLines() throws {
        let engine = try TextEngine()
        let text = "wide wide wide line\nshort"
        let lead = try engine.layout(text, font: font, alignment: .leading)
        let trail = try engine.layout(text, font: font, alignment: .trailing)
        let center = try engine.layout(text, font: font, alignment: .center)
        let x0 = { (l: TextLayout) in
            l.glyphs.last { $0.y == l.glyphs.last!.y }.map { _ in
                l.glyphs.filter { $0.y == l.glyphs.last!.y }.map(\.x).min()!
            }!
        }
        #expect(x0(lead) < x0(center) && x0(center) < x0(trail))
        #expect(abs(x0(trail) - x0(lead) - 2 * (x0(center) - x0(lead))) < 0.01)
    }

    @Test func missingFontFileIsAnError() throws {
        let engine = try TextEngine()
        #expect(throws: RasterError.self) {
            _ = try engine.layout("x", font: FontSpec(filePath: "/no/such/font.ttf", size: 12))
        }
        let notAFont = TextTests.dejaVu.replacingOccurrences(of: "DejaVuSans.ttf", with: "../../../../../etc/hostname")
        #expect(throws: RasterError.self) {
            _ = try engine.layout("x", font: FontSpec(filePath: notAFont, size: 12))
        }
    }

    @Test func familyLookupFindsAFont() throws {
        let engine = try TextEngine()
        let layout = try engine.layout("Inter text", font: FontSpec(family: "Inter", weight: 700, size: 16))
        #expect(layout.lineCount == 1 && layout.size.width > 40)
        let c = try RasterCanvas(width: 128, height: 32)
        c.draw(layout, at: .zero)
        #expect(ink(c) > 50)
    }

    /// Fontconfig's configuration loads on a background thread (a launch starts it before connecting); the first
    /// family lookup waits for it and then finds the font.
    @Test func fontConfigurationLoadsOnABackgroundThread() throws {
        let engine = try TextEngine()
        let layout = try engine.layout("Inter text", font: FontSpec(family: "Inter", size: 16))
        #expect(layout.size.width > 20)
        #expect(FontResolver.configurationWasLoadedInBackground)
    }

    @Test func textRespectsAntialiasedClip() throws {
        let engine = try TextEngine()
        let layout = try engine.layout("MMMMMMMMMMMM", font: FontSpec(filePath: TextTests.dejaVu, size: 20))
        let c = try RasterCanvas(width: 128, height: 32)
        c.clip(to: .rect(CGRect(x: 0, y: 0, width: 40, height: 32)))
        c.draw(layout, at: CGPoint(x: 2, y: 2))
        var right = 0
        for y in 0..<32 { for x in 41..<128 where channel(c, x, y, 3) > 0 { right += 1 } }
        #expect(right == 0 && ink(c) > 50)
    }
}

@Suite struct TextWrappingTests {
    let font = FontSpec(filePath: TextTests.dejaVu, size: 14)

    @Test func cjkWrapsBetweenIdeographsWithoutSpaces() throws {
        let engine = try TextEngine()
        let one = try engine.measure("组合手势组合手势组合手势", font: font)
        #expect(one.lineCount == 1)
        let wrapped = try engine.measure("组合手势组合手势组合手势", font: font, maxWidth: one.size.width / 3 + 1)
        #expect(wrapped.lineCount >= 3)
        #expect(Double(wrapped.size.width) <= Double(one.size.width) / 3 + 1)
    }

    @Test func russianSentenceWrapsAtSpaces() throws {
        let engine = try TextEngine()
        let layout = try engine.layout("Просмотр клипа при перетаскивании", font: font, maxWidth: 110)
        #expect(layout.lineCount >= 2)
        // No line starts with a space: breaks happen after spaces, which hang at line ends.
        let c = try RasterCanvas(width: 128, height: 64)
        c.draw(layout, at: .zero)
        var leftInk = 0
        for y in 0..<64 { for x in 0..<3 where channel(c, x, y, 3) > 0 { leftInk += 1 } }
        #expect(leftInk > 0)
    }
}

@Suite struct TextScaleTests {
    func inkRows(_ c: RasterCanvas) -> Int {
        var rows = 0
        for y in 0..<c.height where (0..<c.width).contains(where: { channel(c, $0, y, 3) > 0 }) { rows += 1 }
        return rows
    }

    @Test func bufferScaleRendersGlyphsAtDevicePixels() throws {
        let engine = try TextEngine()
        let layout = try engine.layout("Hxg", font: FontSpec(filePath: TextTests.dejaVu, size: 16))
        let one = try RasterCanvas(width: 64, height: 32)
        let two = try RasterCanvas(width: 128, height: 64, scale: 2)
        one.draw(layout, at: CGPoint(x: 2, y: 2))
        two.draw(layout, at: CGPoint(x: 2, y: 2))
        let r1 = inkRows(one)
        let r2 = inkRows(two)
        #expect(r1 > 10)
        #expect(abs(r2 - 2 * r1) <= 2, "ink height \(r2) at 2x vs \(r1) at 1x")
        // Layout is in points: independent of the scale it is drawn at.
        #expect(try engine.measure("Hxg", font: FontSpec(filePath: TextTests.dejaVu, size: 16)) == layout.measurement)
    }
}

@Suite struct LongTextTests {
    @Test func textLongerThanTheGlyphCacheWindowDraws() throws {
        let engine = try TextEngine()
        let text = String(repeating: "word ", count: 1800)
        let layout = try engine.layout(text, font: FontSpec(filePath: TextTests.dejaVu, size: 8), maxWidth: 400)
        #expect(layout.glyphCount > 8192)
        let c = try RasterCanvas(width: 64, height: 64)
        c.draw(layout, at: CGPoint(x: -100, y: -200))
        var ink = 0
        for y in 0..<64 { for x in 0..<64 where channel(c, x, y, 3) > 0 { ink += 1 } }
        #expect(ink > 100)
    }
}
