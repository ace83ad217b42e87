import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Symbols drawn through the renderer, light and dark, compared with references that were looked at.
@MainActor
@Suite struct SymbolRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    /// A sheet of symbols as apps use them: common names, scales, weights, tints, variants, a label, a button and
    /// a symbol inside text. The text is pinned to one font file so the pixels are the same on every machine.
    struct SymbolSheet: View {
        static let names = [
            "plus", "xmark", "checkmark", "trash", "gear", "gearshape", "star", "star.fill", "heart",
            "heart.fill", "person.circle", "magnifyingglass", "chevron.right", "house", "square.and.arrow.up",
            "pencil", "bell", "envelope", "calendar", "clock", "info.circle", "exclamationmark.triangle.fill",
            "xmark.circle.fill", "photo", "play.fill", "list.bullet", "slider.horizontal.3", "ellipsis",
            "arrow.clockwise", "cart", "folder", "doc.text", "lock.fill", "wifi", "cloud.sun", "no.such.symbol",
        ]
        let font = Font.custom("DejaVu Sans", size: 15)

        var body: some View {
            VStack(alignment: .leading, spacing: 10) {
                ForEach(0..<3) { row in
                    HStack(spacing: 8) {
                        ForEach(Self.names[(row * 12)..<(row * 12 + 12)], id: \.self) { Image(systemName: $0) }
                    }
                }
                HStack(alignment: .firstTextBaseline, spacing: 10) {
                    Image(systemName: "star.fill").imageScale(.small)
                    Image(systemName: "star.fill")
                    Image(systemName: "star.fill").imageScale(.large)
                    Image(systemName: "heart").fontWeight(.ultraLight)
                    Image(systemName: "heart")
                    Image(systemName: "heart").fontWeight(.bold)
                    Image(systemName: "heart").fontWeight(.black)
                    Image(systemName: "bell").symbolVariant(.fill).foregroundStyle(Color.orange)
                    Image(systemName: "checkmark").symbolVariant(.circle.fill).foregroundColor(.green)
                    Image(systemName: "trash").foregroundStyle(Color.red).font(.system(size: 24))
                }
                Label("Favourites", systemImage: "star").font(font)
                HStack(spacing: 16) {
                    Label("Icon only", systemImage: "gear").labelStyle(.iconOnly)
                    Label("Title only", systemImage: "gear").labelStyle(.titleOnly)
                }
                .font(font)
                Text("\(Image(systemName: "heart.fill")) Favourite \(Image(systemName: "chevron.right"))").font(font)
                    .foregroundColor(.pink)
                Button("Share", systemImage: "square.and.arrow.up") {}.font(font)
            }
            .padding(10)
            .foregroundStyle(Color.primary)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    func render(_ scheme: ColorScheme) throws -> Screenshot {
        let background = scheme == .dark ? Color(white: 0.11) : Color.white
        let description = WindowDescription(
            title: "", defaultSize: nil,
            makeContent: {
                AnyView(SymbolSheet().background(background).preferredColorScheme(scheme))
            })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 360, height: 300))
        let png = FileManager.default.temporaryDirectory.appending(path: "symbols-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        return try Screenshot.decode(png)
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func symbolSheet(scheme: ColorScheme) throws {
        let shot = try render(scheme)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height,
            reference: "symbols-\(scheme)", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}

/// `monospacedDigit()` shapes digits with the font's tabular figures (Inter has them): every digit the same width.
@MainActor
@Suite struct MonospacedDigitTests {
    @Test func digitsTakeOneWidth() throws {
        let text = try TextSystem()
        func width(_ s: String, _ font: Font) -> CGFloat {
            text.measure(s, font: font.resolve(), maxWidth: nil, lineLimit: nil).size.width
        }
        let proportional = Font.system(size: 20)
        let tabular = Font.system(size: 20).monospacedDigit()
        #expect(abs(width("1111", proportional) - width("0000", proportional)) > 1, "Inter's proportional 1 is narrow")
        #expect(abs(width("1111", tabular) - width("0000", tabular)) < 0.01)
    }
}
