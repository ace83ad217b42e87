import Foundation

/// The measured size of a text, for layout.
public struct TextMeasurement: Equatable, Sendable {
    /// Width of the widest line and height of all lines, in points.
    public let size: CGSize
    /// Number of lines after wrapping.
    public let lineCount: Int
    /// Distance from the top to the first line's baseline, in points.
    public let firstBaseline: Double
    /// Distance between consecutive baselines (line height plus line spacing), in points.
    public let lineAdvance: Double
}
