import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

/// Raster's text engine behind UICore's `TextMeasurer`: layout measures text exactly as the renderer
/// will draw it (same fonts, shaping and line breaks).
@MainActor
package final class TextSystem: TextMeasurer {
    let engine: TextEngine
    private var reportedFailure = false

    package init() throws {
        engine = try TextEngine()
    }

    /// The Raster font for a resolved SwiftUI font.
    nonisolated static func fontSpec(for font: Font.Resolved) -> FontSpec {
        let family: String
        switch font.design {
        case .monospaced: family = "monospace"
        case .serif: family = "serif"
        case .default, .rounded: family = font.family ?? "Inter"
        }
        var spec = FontSpec(family: family, weight: font.weight.value, size: Double(font.size), italic: font.italic)
        spec.tabularDigits = font.monospacedDigits
        spec.letterSpacing = Double(font.tracking)
        return spec
    }

    package nonisolated func measure(_ string: String, font: Font.Resolved, maxWidth: CGFloat?, lineLimit: Int?)
        -> UICore.TextMeasurement
    {
        MainActor.assumeIsolated {
            do {
                let width = maxWidth.flatMap { $0.isFinite ? Double($0) + Self.wrapTolerance : nil }
                let spacing = Double(font.lineSpacing)
                let measured = try engine.measure(
                    string, font: Self.fontSpec(for: font), maxWidth: width, lineSpacing: spacing)
                let lines = max(1, min(measured.lineCount, lineLimit ?? .max))
                let height = measured.lineCount == 0 ? 0 : Double(lines) * measured.lineAdvance - spacing
                return UICore.TextMeasurement(
                    size: CGSize(width: measured.size.width, height: min(measured.size.height, height)),
                    firstBaseline: measured.firstBaseline,
                    lastBaseline: measured.firstBaseline + Double(lines - 1) * measured.lineAdvance,
                    lineCount: lines)
            } catch {
                reportOnce(error)
                return UICore.TextMeasurement(size: .zero, firstBaseline: 0, lastBaseline: 0, lineCount: 0)
            }
        }
    }

    package nonisolated func caretPositions(_ line: String, font: Font.Resolved, boundaries: [Int]) -> [CGFloat] {
        MainActor.assumeIsolated {
            do {
                return try engine.caretPositions(line, font: Self.fontSpec(for: font), boundaries: boundaries).map {
                    CGFloat($0)
                }
            } catch {
                reportOnce(error)
                return boundaries.map { _ in 0 }
            }
        }
    }

    /// A line measured at width w must still fit when drawn in a frame of width w: allow for rounding.
    nonisolated static let wrapTolerance = 0.01

    /// Lays text out for drawing in a frame of `width`, as `measure` did.
    func layout(_ string: String, font: Font.Resolved, width: CGFloat, alignment: TextAlignment) throws -> TextLayout {
        let lineAlignment: TextLineAlignment =
            switch alignment {
            case .leading: .leading
            case .center: .center
            case .trailing: .trailing
            }
        return try engine.layout(
            string, font: Self.fontSpec(for: font), maxWidth: Double(width) + Self.wrapTolerance,
            alignment: lineAlignment, lineSpacing: Double(font.lineSpacing))
    }

    func reportOnce(_ error: any Error) {
        guard !reportedFailure else { return }
        reportedFailure = true
        FileHandle.standardError.write(Data("WaylandUI: text cannot be drawn: \(error)\n".utf8))
    }
}
