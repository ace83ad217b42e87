import Foundation

/// Shortens text that does not fit its frame, as SwiftUI does: characters are left out at the end, the start or
/// the middle (the truncation mode) and an ellipsis stands in their place; as many are kept as still fit.
@MainActor
package struct TextTruncation {
    package let measurer: any TextMeasurer
    package let font: Font.Resolved
    package let width: CGFloat
    package let lines: Int

    package static let ellipsis = "…"

    /// `string` whole if it fits in `lines` lines of `width`, else the longest shortened form that does.
    package func shortened(_ string: String, mode: Text.TruncationMode) -> String {
        guard width.isFinite, !fits(string) else { return string }
        let characters = Array(string)
        // The kept count is searched by halving: a form that fits keeps fitting with fewer characters.
        var low = 0
        var high = characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(Self.form(characters, keeping: middle, mode: mode)) { low = middle } else { high = middle - 1 }
        }
        return Self.form(characters, keeping: low, mode: mode)
    }

    /// `characters` with all but `kept` left out where `mode` says, the ellipsis in their place and the spaces
    /// beside it dropped.
    package static func form(_ characters: [Character], keeping kept: Int, mode: Text.TruncationMode) -> String {
        func leading(_ count: Int) -> String {
            String(characters.prefix(count)).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        func trailing(_ count: Int) -> String {
            String(characters.suffix(count)).replacingOccurrences(of: "^\\s+", with: "", options: .regularExpression)
        }
        switch mode {
        case .tail: return leading(kept) + ellipsis
        case .head: return ellipsis + trailing(kept)
        case .middle: return leading((kept + 1) / 2) + ellipsis + trailing(kept / 2)
        }
    }

    private func fits(_ string: String) -> Bool {
        let measured = measurer.measure(string, font: font, maxWidth: width, lineLimit: nil)
        return measured.lineCount <= lines && measured.size.width <= width + 0.01
    }
}
