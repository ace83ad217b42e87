import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Text decorations, truncation, tracking and line spacing drawn offscreen with DejaVu Sans and compared with a
/// reference image (looked at when written): a red strikethrough through the old price, a dashed and a dotted
/// underline under the glyphs of each line, three lines shortened at the tail, head and middle with an ellipsis,
/// widened letters and spaced lines.
@MainActor
@Suite struct TextStylingRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    @Test func decorationsTruncationAndSpacing() throws {
        let view = VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text("$40").strikethrough(color: .red)
                Text("$25").underline()
            }
            Text("Dashed link").underline(pattern: .dash, color: .blue)
            Text("Dotted").underline(pattern: .dot)
            Text("A rather long headline that cannot fit").lineLimit(1)
            Text("A rather long headline that cannot fit").lineLimit(1).truncationMode(.head)
            Text("A rather long headline that cannot fit").lineLimit(1).truncationMode(.middle)
            Text("TRACKED").tracking(4)
            Text("Two lines\nspaced apart").lineSpacing(8).strikethrough()
        }
        .font(.custom("DejaVu Sans", size: 14)).padding(6).frame(width: 200, height: 250, alignment: .topLeading)
        .background(Color.white)
        let description = WindowDescription(title: "", defaultSize: nil, makeContent: { AnyView(view) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 200, height: 250))
        let png = FileManager.default.temporaryDirectory.appending(path: "text-styling-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, tolerance: 0, reference: "text-styling", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
