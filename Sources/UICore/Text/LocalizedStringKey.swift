import Foundation

/// A string key for localized text (strings are shown as written). Interpolations are formatted as SwiftUI does:
/// values by their description (numbers plainly), `specifier:` with printf formats, images and texts inline.
public struct LocalizedStringKey: Hashable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation, Sendable {
    package let key: String
    /// Images interpolated into the key, each at an `inlineImageMarker` in `key`.
    package let inlineImages: [Image]

    public init(_ value: String) {
        key = value
        inlineImages = []
    }
    public init(stringLiteral value: String) {
        key = value
        inlineImages = []
    }
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.key
        inlineImages = stringInterpolation.images
    }

    /// Builds a key from a literal with interpolations.
    public struct StringInterpolation: StringInterpolationProtocol {
        package var key = ""
        package var images: [Image] = []

        public init(literalCapacity: Int, interpolationCount: Int) { key.reserveCapacity(literalCapacity) }
        public mutating func appendLiteral(_ literal: String) { key += literal }
        public mutating func appendInterpolation(_ string: String) { key += string }
        /// A value by its description (numbers plainly). Constrained, not any `T`: inside a view builder an
        /// unconstrained overload would win over the image one below.
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) { key += value.description }
        /// A number in a printf format (`"%.2f"`).
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            key += String(format: specifier, value)
        }
        /// An image inline: a symbol sits on the text's baseline.
        public mutating func appendInterpolation(_ image: Image) {
            key.append(inlineImageMarker)
            images.append(image)
        }
        /// Another text's characters (and its inline images).
        public mutating func appendInterpolation(_ text: Text) {
            key += text.content
            images += text.inlineImages
        }
    }
}

/// Where an interpolated image stands in a text's characters (U+FFFC OBJECT REPLACEMENT CHARACTER, as attributed
/// strings mark attachments).
package let inlineImageMarker: Character = "\u{FFFC}"

/// A text with images inside: its runs of characters and its images in a row on the first text baseline, so a symbol
/// sits on the line as a glyph would. (The row does not wrap between runs; each run wraps on its own.)
package struct TextWithInlineImages: View {
    package let text: Text

    package enum Piece: Hashable {
        case characters(String)
        case image(Image)
    }

    package var pieces: [Piece] {
        var result: [Piece] = []
        var images = text.inlineImages.makeIterator()
        var run = ""
        for character in text.content {
            if character == inlineImageMarker, let image = images.next() {
                if !run.isEmpty {
                    result.append(.characters(run))
                    run = ""
                }
                result.append(.image(image))
            } else {
                run.append(character)
            }
        }
        if !run.isEmpty { result.append(.characters(run)) }
        return result
    }

    package var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: 0) {
            ForEach(Array(pieces.enumerated()), id: \.offset) { _, piece in
                switch piece {
                case .characters(let characters):
                    textRun(characters)
                case .image(let image):
                    // The text's own font, weight and colour apply to its images.
                    image.modifier(
                        _EnvironmentTransformModifier { environment in
                            if let font = text.font { environment.font = font }
                            if let weight = text.weight { environment.fontWeight = weight }
                            if let color = text.color { environment.foregroundStyle = AnyShapeStyle(color) }
                        })
                }
            }
        }
    }

    private func textRun(_ characters: String) -> Text {
        var run = Text(verbatim: characters)
        run.font = text.font
        run.color = text.color
        run.weight = text.weight
        run.isItalic = text.isItalic
        return run
    }
}
