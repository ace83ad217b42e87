import Foundation

/// A font: a text style (Dynamic Type sizes at the default "Large" setting) or an explicit size.
public struct Font: Hashable, Sendable {
    /// Dynamic Type styles.
    public enum TextStyle: Hashable, CaseIterable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
        /// Size and line height in points (iOS's default Dynamic Type sizes, at the Large setting).
        package var metrics: (size: CGFloat, lineHeight: CGFloat) {
            switch self {
            case .largeTitle: return (34, 41)
            case .title: return (28, 34)
            case .title2: return (22, 28)
            case .title3: return (20, 25)
            case .headline: return (17, 22)
            case .body: return (17, 22)
            case .callout: return (16, 21)
            case .subheadline: return (15, 20)
            case .footnote: return (13, 18)
            case .caption: return (12, 16)
            case .caption2: return (11, 13)
            }
        }
    }
    /// Font weights.
    public struct Weight: Hashable, Sendable {
        /// The weight on the usual 100…900 scale.
        public let value: Int
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)
    }
    /// Font families by kind.
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }

    /// A font resolved to concrete values, as the renderer and text measurer see it.
    package struct Resolved: Hashable, Sendable, CustomStringConvertible {
        /// A font family name (`custom` fonts), or `nil` for the system UI font.
        package var family: String?
        package var size: CGFloat
        /// Distance between baselines of consecutive lines.
        package var lineHeight: CGFloat
        package var weight: Weight
        package var design: Design
        package var italic: Bool
        /// Digits of one width (OpenType `tnum`), so numbers that change do not shift.
        package var monospacedDigits = false
        /// Points added after each character (`tracking`, `kerning`).
        package var tracking: CGFloat = 0
        /// Points added between lines (`lineSpacing`); `lineHeight` stays the font's own.
        package var lineSpacing: CGFloat = 0
        package var description: String { "\(family ?? "system") \(size)pt w\(weight.value)\(italic ? " italic" : "")" }
    }

    package enum Base: Hashable, Sendable {
        case style(TextStyle)
        case system(size: CGFloat)
        case custom(name: String, size: CGFloat)
    }
    package let base: Base
    package var weight: Weight?
    package var design: Design = .default
    package var isItalic = false
    package var monospacedDigits = false

    package init(base: Base) { self.base = base }

    public static let largeTitle = Font(base: .style(.largeTitle))
    public static let title = Font(base: .style(.title))
    public static let title2 = Font(base: .style(.title2))
    public static let title3 = Font(base: .style(.title3))
    public static let headline = Font(base: .style(.headline))
    public static let subheadline = Font(base: .style(.subheadline))
    public static let body = Font(base: .style(.body))
    public static let callout = Font(base: .style(.callout))
    public static let footnote = Font(base: .style(.footnote))
    public static let caption = Font(base: .style(.caption))
    public static let caption2 = Font(base: .style(.caption2))

    /// The system font for a text style.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        var font = Font(base: .style(style))
        font.design = design ?? .default
        font.weight = weight
        return font
    }
    /// The system font at `size`.
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        var font = Font(base: .system(size: size))
        font.design = design ?? .default
        font.weight = weight
        return font
    }
    /// A named font at `size`.
    public static func custom(_ name: String, size: CGFloat) -> Font { Font(base: .custom(name: name, size: size)) }
    /// A named font at `size`, scaled like `textStyle`.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        custom(name, size: size)
    }
    /// A named font at a fixed `size`.
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { custom(name, size: fixedSize) }

    /// This font in bold.
    public func bold() -> Font { weight(.bold) }
    /// This font in italic.
    public func italic() -> Font {
        var f = self
        f.isItalic = true
        return f
    }
    /// This font with `weight`.
    public func weight(_ weight: Weight) -> Font {
        var f = self
        f.weight = weight
        return f
    }
    /// This font in its monospaced design.
    public func monospaced() -> Font {
        var f = self
        f.design = .monospaced
        return f
    }
    /// This font with digits of one width.
    public func monospacedDigit() -> Font {
        var f = self
        f.monospacedDigits = true
        return f
    }

    /// Concrete size, line height, weight and family.
    package func resolve() -> Resolved {
        var resolved = resolveSizeAndFamily()
        resolved.monospacedDigits = monospacedDigits
        return resolved
    }

    private func resolveSizeAndFamily() -> Resolved {
        switch base {
        case .style(let style):
            let (size, lineHeight) = style.metrics
            return Resolved(
                family: nil, size: size, lineHeight: lineHeight,
                weight: weight ?? (style == .headline ? .semibold : .regular), design: design, italic: isItalic)
        case .system(let size):
            return Resolved(
                family: nil, size: size, lineHeight: (size * 1.2).rounded(), weight: weight ?? .regular, design: design,
                italic: isItalic)
        case .custom(let name, let size):
            return Resolved(
                family: name, size: size, lineHeight: (size * 1.2).rounded(), weight: weight ?? .regular,
                design: design, italic: isItalic)
        }
    }
}

/// The result of measuring a string.
package struct TextMeasurement: Hashable, Sendable {
    /// The size of the laid-out text (width of the widest line, height of all lines).
    package var size: CGSize
    /// Distance from the top to the first line's baseline.
    package var firstBaseline: CGFloat
    /// Distance from the top to the last line's baseline.
    package var lastBaseline: CGFloat
    /// Number of lines.
    package var lineCount: Int
    package init(size: CGSize, firstBaseline: CGFloat, lastBaseline: CGFloat, lineCount: Int) {
        self.size = size
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.lineCount = lineCount
    }
}

/// Measures text for layout. The app plugs in Raster's shaper; tests use a deterministic one.
/// Renderers must wrap the same way when drawing a `TextOperation` at its frame's width.
/// Measuring is a pure function of its arguments, so the protocol is not tied to an actor.
package protocol TextMeasurer: AnyObject {
    /// Measures `string` in `font`, wrapping at word boundaries to `maxWidth` (`nil`: no wrapping),
    /// using at most `lineLimit` lines (`nil`: any number).
    func measure(_ string: String, font: Font.Resolved, maxWidth: CGFloat?, lineLimit: Int?) -> TextMeasurement
    /// For one unwrapped line, the distance in points from its start to each UTF-8 offset of `boundaries`
    /// (ascending grapheme boundaries): where a caret stands.
    func caretPositions(_ line: String, font: Font.Resolved, boundaries: [Int]) -> [CGFloat]
}

extension TextMeasurer {
    /// Measures each prefix (slow but exact): measurers that know their glyphs do better.
    package func caretPositions(_ line: String, font: Font.Resolved, boundaries: [Int]) -> [CGFloat] {
        boundaries.map { offset in
            let prefix = String(decoding: line.utf8.prefix(offset), as: UTF8.self)
            return measure(prefix, font: font, maxWidth: nil, lineLimit: nil).size.width
        }
    }
}

/// A deterministic measurer: every Unicode scalar advances `advanceFactor × size`; lines wrap at spaces,
/// words longer than a line break between characters. The default until the host plugs in real fonts.
package final class ApproximateTextMeasurer: TextMeasurer, Sendable {
    /// Advance of one character as a fraction of the font size.
    package let advanceFactor: CGFloat
    package init(advanceFactor: CGFloat = 0.5) { self.advanceFactor = advanceFactor }

    package func measure(_ string: String, font: Font.Resolved, maxWidth: CGFloat?, lineLimit: Int?) -> TextMeasurement
    {
        let advance = max(0.01, font.size * advanceFactor + font.tracking)
        let perLine = maxWidth.flatMap { $0.isFinite ? max(1, Int(($0 + 0.0001) / advance)) : nil }
        // Only the number of lines and the widest one matter: no per-line storage.
        var lineCount = 0
        var widest = 0
        let limit = lineLimit.map { max(1, $0) } ?? Int.max
        func appendLine(_ length: Int) {
            if lineCount < limit { widest = max(widest, length) }
            lineCount += 1
        }
        var current = 0  // characters on the current line
        var word = 0  // characters of the word being read
        func endWord() {
            guard let perLine else {
                current += word
                word = 0
                return
            }
            let needed = current == 0 ? word : current + 1 + word
            if needed <= perLine || (current == 0 && word == 0) {
                current = needed
            } else {
                if current > 0 {
                    appendLine(current)
                    current = 0
                }
                var length = word
                while length > perLine {
                    appendLine(perLine)
                    length -= perLine
                }
                current = length
            }
            word = 0
        }
        for character in string.unicodeScalars {
            if character == "\n" {
                endWord()
                appendLine(current)
                current = 0
            } else if character == " " {
                if perLine == nil { word += 1 } else { endWord() }
            } else {
                word += 1
            }
        }
        endWord()
        appendLine(current)
        let width = CGFloat(widest) * advance
        let count = max(1, min(lineCount, limit))
        let ascent = (font.lineHeight + font.size * 0.8) / 2
        let lineAdvance = font.lineHeight + font.lineSpacing
        return TextMeasurement(
            size: CGSize(width: width, height: CGFloat(count) * lineAdvance - font.lineSpacing),
            firstBaseline: ascent, lastBaseline: CGFloat(count - 1) * lineAdvance + ascent, lineCount: count)
    }

    package func caretPositions(_ line: String, font: Font.Resolved, boundaries: [Int]) -> [CGFloat] {
        // Scalars before each boundary, counted in one pass.
        var result: [CGFloat] = []
        var scalars = 0
        var offset = 0
        var iterator = line.unicodeScalars.makeIterator()
        for boundary in boundaries {
            while offset < boundary, let scalar = iterator.next() {
                offset += String(scalar).utf8.count
                scalars += 1
            }
            result.append(CGFloat(scalars) * (font.size * advanceFactor + font.tracking))
        }
        return result
    }
}
