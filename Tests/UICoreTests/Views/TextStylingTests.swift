import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// Truncation, decorations, kerning, tracking and line spacing, measured with the deterministic measurer: at
/// 10 points every character is 5 points wide and a line 12 points high (`Font.system(size: 10)`).
@MainActor
@Suite struct TextStylingTests {
    func drawn<V: View>(_ view: V, width: CGFloat = 400) -> [TextOperation] {
        let graph = makeGraph(view.font(.system(size: 10)), width: width, height: 300)
        graph.update()
        return textOperations(graph)
    }

    /// Twelve characters fit in 60 points: each mode keeps eleven and the ellipsis, leaving out the spaces beside it.
    @Test func truncationModesShortenWithAnEllipsis() {
        let phrase = "Hello wonderful world"
        func shown(_ mode: Text.TruncationMode?) -> String? {
            let text = Text(phrase).lineLimit(1).frame(width: 60)
            if let mode { return drawn(text.truncationMode(mode)).first?.string }
            return drawn(text).first?.string
        }
        #expect(shown(nil) == "Hello wonde…")
        #expect(shown(.tail) == "Hello wonde…")
        #expect(shown(.head) == "…erful world")
        #expect(shown(.middle) == "Hello…world")
        // Text that fits is left whole, and a text too narrow for one character shows the ellipsis alone.
        #expect(drawn(Text(phrase).lineLimit(1)).first?.string == phrase)
        #expect(drawn(Text(phrase).lineLimit(1).frame(width: 4)).first?.string == "…")
    }

    /// Several lines: the last one kept ends with the ellipsis; a frame too short for all lines truncates too.
    @Test func multilineTextIsShortenedOnItsLastLine() throws {
        let text = "one two three four five six"
        let twoLines = try #require(drawn(Text(text).lineLimit(2).frame(width: 50)).first)
        #expect(twoLines.string == "one two three fou…")
        #expect(twoLines.frame.width == 50 && twoLines.frame.height == 24)
        let short = try #require(drawn(Text(text).frame(width: 50, height: 12)).first)
        #expect(short.string == "one two t…")
    }

    @Test func underlineAndStrikethroughOnTextAndAsModifiers() throws {
        let red = Color.red._paint(in: CGRect(x: 0, y: 0, width: 1, height: 1), environment: EnvironmentValues())
        let ops = drawn(
            VStack {
                Text("Sale").strikethrough(color: .red)
                Text("Link").underline(pattern: .dash)
                Text("Plain").underline(false)
                VStack { Text("Both") }.underline().strikethrough(pattern: .dot)
            }.foregroundColor(.blue))
        let blue = Color.blue._paint(in: CGRect(x: 0, y: 0, width: 1, height: 1), environment: EnvironmentValues())
        #expect(ops.map(\.string) == ["Sale", "Link", "Plain", "Both"])
        #expect(ops[0].decorations == [TextDecoration(position: .strikethrough, dashes: [], paint: red)])
        #expect(ops[1].decorations == [TextDecoration(position: .underline, dashes: [4, 2], paint: blue)])
        #expect(ops[2].decorations.isEmpty)
        #expect(
            ops[3].decorations == [
                TextDecoration(position: .underline, dashes: [], paint: blue),
                TextDecoration(position: .strikethrough, dashes: [1, 2], paint: blue),
            ])
    }

    /// Tracking widens every character; the text's own kerning or tracking wins over the modifier's.
    @Test func trackingKerningAndLineSpacingChangeTheLayout() throws {
        let ops = drawn(
            VStack(alignment: .leading, spacing: 0) {
                Text("abcd")
                Text("abcd").tracking(2)
                Text("abcd").kerning(1)
                Text("abcd").tracking(-1)
                HStack { Text("abcd") }.tracking(3)
                HStack { Text("abcd").kerning(0) }.tracking(3)
            })
        #expect(ops.map(\.frame.width) == [20, 28, 24, 16, 32, 20])
        let spaced = try #require(drawn(Text("a\nb\nc").lineSpacing(6)).first)
        #expect(abs(spaced.frame.height - (3 * 12 + 2 * 6)) < 0.001)
        #expect(spaced.font.lineSpacing == 6)
    }

    @Test func nonFiniteSpacingIsLoggedAndIgnored() {
        withCapturedInvalidValueLog { log in
            let ops = drawn(
                VStack {
                    Text("ab").tracking(.nan)
                    Text("ab").lineSpacing(.infinity)
                })
            #expect(ops.map(\.frame.width) == [10, 10])
            #expect(
                log.lines == [
                    "tracking(nan) is not a finite number: 0 is used",
                    "lineSpacing(inf) is not a finite number: 0 is used",
                ])
        }
    }
}
