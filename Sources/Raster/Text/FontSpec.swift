/// Which font to use: a fontconfig family and weight at a size in points, or a pinned font file.
public struct FontSpec: Hashable, Sendable {
    /// A fontconfig family name ("Inter", "DejaVu Sans", "sans-serif").
    public var family: String
    /// CSS/OpenType weight, 100 (thin) … 400 (regular) … 700 (bold) … 900.
    public var weight: Int
    /// Em size in points (1 point = 1 device pixel at scale 1).
    public var size: Double
    /// Italic or oblique style.
    public var italic: Bool
    /// A font file to use instead of a fontconfig lookup (deterministic tests); fallback still applies.
    public var filePath: String?
    /// Digits of one width (the OpenType feature `tnum`).
    public var tabularDigits = false
    /// Points added after each character (SwiftUI's `tracking` and `kerning`).
    public var letterSpacing: Double = 0

    /// A family lookup.
    public init(family: String = "Inter", weight: Int = 400, size: Double, italic: Bool = false) {
        self.family = family
        self.weight = weight
        self.size = size
        self.italic = italic
        filePath = nil
    }

    /// A pinned font file.
    public init(filePath: String, size: Double) {
        family = ""
        weight = 400
        self.size = size
        italic = false
        self.filePath = filePath
    }
}
