import Foundation
import Testing

@testable import Raster

/// Texts laid out paragraph by paragraph: the same lines as when the whole text was shaped and broken at once,
/// each paragraph shaped once for every width, and only the lines the clip reaches placed when drawn.
@Suite struct HugeTextTests {
    let font = FontSpec(filePath: TextTests.dejaVu, size: 14)

    /// About 20 KB of words in Latin, Cyrillic, CJK (a fallback font), combining accents and tabs, in paragraphs
    /// of 37 words, some separated by an empty line.
    static let mixedText: String = {
        let words = [
            "The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog;", "Просмотр", "клипа",
            "组合手势", "naïve", "café", "e\u{301}te\u{301}", "\t", "Supercalifragilisticexpialidocious",
        ]
        var text = ""
        for i in 0..<3000 {
            text += words[(i * 7 + i / 5) % words.count]
            text += i % 37 == 36 ? "\n" : (i % 53 == 52 ? "\n\n" : " ")
        }
        return text
    }()

    /// Paragraphs of prose, `count` of them.
    static func prose(paragraphs count: Int) -> String {
        let sentence = "Seven wizards quietly judge the jumbled box of black quartz, and the lazy dog sleeps. "
        return (0..<count).map { "\($0): " + String(repeating: sentence, count: 1 + $0 % 4) }.joined(separator: "\n")
    }

    /// Line counts and sizes as the whole-text algorithm gave them (recorded from it before texts were shaped
    /// by paragraph), and the same glyphs inked.
    @Test(
        arguments: [
            (nil, 192, CGSize(width: 2275.5625, height: 3129.0)),
            (300, 705, CGSize(width: 299.859375, height: 11489.296875)),
            (77.5, 2308, CGSize(width: 76.859375, height: 37613.1875)),
        ] as [(Double?, Int, CGSize)])
    func sameLinesAsShapingTheWholeText(width: Double?, lines: Int, size: CGSize) throws {
        #expect(Self.mixedText.utf8.count == 25445)
        let engine = try TextEngine()
        for alignment in [TextLineAlignment.leading, .center] {
            let layout = try engine.layout(Self.mixedText, font: font, maxWidth: width, alignment: alignment)
            #expect(layout.lineCount == lines && layout.size == size)
            #expect(try engine.glyphBitmaps(layout, at: .zero).count == 17629)
        }
    }

    @Test func eachParagraphIsShapedOnceForEveryWidth() throws {
        let engine = try TextEngine()
        let text = Self.prose(paragraphs: 300)
        let narrow = try engine.layout(text, font: font, maxWidth: 200)
        #expect(engine.counters.paragraphsShaped == 300 && engine.counters.layoutsBroken == 1)
        // Another width breaks again but shapes nothing; the same width again does neither.
        let wide = try engine.layout(text, font: font, maxWidth: 600, alignment: .center)
        _ = try engine.measure(text, font: font, maxWidth: 200)
        #expect(engine.counters.paragraphsShaped == 300 && engine.counters.layoutsBroken == 2)
        #expect(wide.lineCount < narrow.lineCount)
        // An edit in one paragraph shapes that one again.
        let edited = text.replacingOccurrences(of: "150: Seven", with: "150: Eight")
        _ = try engine.layout(edited, font: font, maxWidth: 200)
        #expect(engine.counters.paragraphsShaped == 301)
    }

    @Test func drawingPlacesOnlyTheLinesTheClipReaches() throws {
        let engine = try TextEngine()
        let text = Self.prose(paragraphs: 2000)
        let layout = try engine.layout(text, font: font, maxWidth: 300)
        #expect(layout.lineCount > 6000)
        let canvas = try RasterCanvas(width: 300, height: 100)
        canvas.clear(.white)
        // Scrolled 1 000 lines down: the canvas shows lines 1 000 to about 1 006.
        let top = -1000 * layout.lineAdvance
        canvas.draw(layout, at: CGPoint(x: 0, y: top))
        let placed = engine.counters.linesPlaced
        #expect(placed >= 6 && placed <= 10, "\(placed) lines placed")

        // The same pixels as a layout of only the paragraphs around those lines, drawn where they fall.
        let lines = layout.storage.lines
        let firstParagraph = lines[995].paragraph
        let lastParagraph = lines[1012].paragraph
        let excerpt = text.split(separator: "\n", omittingEmptySubsequences: false)[firstParagraph...lastParagraph]
            .joined(separator: "\n")
        let part = try engine.layout(excerpt, font: font, maxWidth: 300)
        let firstLine = lines.firstIndex { $0.paragraph == firstParagraph }!
        let expected = try RasterCanvas(width: 300, height: 100)
        expected.clear(.white)
        expected.draw(part, at: CGPoint(x: 0, y: top + Double(firstLine) * layout.lineAdvance))
        var differing = 0
        var inked = 0
        for y in 0..<100 {
            for x in 0..<300 {
                if channel(canvas, x, y, 0) != channel(expected, x, y, 0) { differing += 1 }
                if channel(canvas, x, y, 0) < 128 { inked += 1 }
            }
        }
        #expect(differing == 0 && inked > 500)
    }

    @Test func paragraphsEndAfterLineBreaks() {
        #expect(ShapedParagraph.paragraphRanges("") == [])
        #expect(ShapedParagraph.paragraphRanges("a\n") == [0..<2])
        #expect(ShapedParagraph.paragraphRanges("a\n\nbc") == [0..<2, 2..<3, 3..<5])
        #expect(ShapedParagraph.paragraphRanges("é\u{2028}x\r\ny") == [0..<5, 5..<8, 8..<9])
    }
}
