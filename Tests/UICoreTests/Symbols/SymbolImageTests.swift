import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// Symbol images are sized by the font and image scale, weighted by the font weight, tinted by the foreground
/// style, and sit on the text baseline.
@MainActor
@Suite struct SymbolImageTests {
    func symbolFrame<V: View>(_ view: V, occurrence: Int = 0) -> CGRect? {
        let graph = makeGraph(view, width: 400, height: 300)
        graph.update()
        return frame(of: "ImageNode", in: graph, occurrence: occurrence)
    }

    @Test func theFontAndImageScaleSizeASymbol() {
        // Body is 17 points: a medium symbol is 17 × 1.1 ≈ 19 points square.
        #expect(symbolFrame(Image(systemName: "star"))?.size == CGSize(width: 19, height: 19))
        #expect(symbolFrame(Image(systemName: "star").font(.largeTitle))?.size == CGSize(width: 37, height: 37))
        #expect(symbolFrame(Image(systemName: "star").font(.system(size: 40)))?.size == CGSize(width: 44, height: 44))
        #expect(symbolFrame(Image(systemName: "star").imageScale(.small))?.size == CGSize(width: 15, height: 15))
        #expect(symbolFrame(Image(systemName: "star").imageScale(.large))?.size == CGSize(width: 24, height: 24))
        // Resizable: the frame it is given.
        #expect(
            symbolFrame(Image(systemName: "star").resizable().frame(width: 50, height: 30))?.size
                == CGSize(width: 50, height: 30))
    }

    @Test func theFontWeightThickensTheOutline() {
        func strokeWidths<V: View>(_ view: V) -> [CGFloat] {
            let graph = makeGraph(view, width: 100, height: 100)
            graph.update()
            return graph.displayList.items.compactMap {
                if case .stroke(let s) = $0 { return s.style.lineWidth } else { return nil }
            }
        }
        #expect(strokeWidths(Image(systemName: "star").fontWeight(.ultraLight)).isEmpty)
        let regular = strokeWidths(Image(systemName: "star"))
        let bold = strokeWidths(Image(systemName: "star").fontWeight(.bold))
        let black = strokeWidths(Image(systemName: "star").font(.body.weight(.black)))
        #expect(!regular.isEmpty && !bold.isEmpty && !black.isEmpty)
        #expect(regular[0] < bold[0] && bold[0] < black[0], "\(regular) \(bold) \(black)")
    }

    @Test func theForegroundStyleTintsASymbolAndTranslucencyIsOneLayer() {
        let graph = makeGraph(Image(systemName: "heart.fill").foregroundStyle(Color.red), width: 100, height: 100)
        graph.update()
        guard case .fill(let fill)? = graph.displayList.items.first else {
            Issue.record("\(graph.displayList)")
            return
        }
        #expect(fill.paint == .color(Color.red.resolve(in: EnvironmentValues())))
        let faded = makeGraph(
            Image(systemName: "heart").foregroundColor(Color.blue.opacity(0.5)), width: 100, height: 100)
        faded.update()
        guard case .layer(let layer)? = faded.displayList.items.first, case .opacity(let opacity) = layer.effect else {
            Issue.record("\(faded.displayList)")
            return
        }
        #expect(opacity == 0.5 && layer.items.count == 2)
    }

    @Test func aSymbolSitsOnTheTextBaselineBesideText() throws {
        // In a first-text-baseline row the symbol's baseline (its centre at half the cap height above it) meets the text's.
        let graph = makeGraph(
            HStack(alignment: .firstTextBaseline) {
                Image(systemName: "star")
                Text("Favourite")
            },
            width: 400, height: 300)
        graph.update()
        let image = try #require(frame(of: "ImageNode", in: graph))
        let text = try #require(frame(of: "Text", in: graph))
        let textBaseline = text.minY + (22 + 17 * 0.8) / 2  // the approximate measurer's ascent
        let symbolBaseline = image.minY + 19 / 2 + 17 * SymbolImage.capHeightRatio / 2
        #expect(abs(textBaseline - symbolBaseline) < 0.01, "\(image) \(text)")
    }

    @Test func symbolVariantFillsTheSymbolsInside() {
        func firstPath<V: View>(_ view: V) -> Path? {
            let graph = makeGraph(view, width: 100, height: 100)
            graph.update()
            if case .fill(let f)? = graph.displayList.items.first { return f.path }
            return nil
        }
        #expect(firstPath(Image(systemName: "star").symbolVariant(.fill)) == firstPath(Image(systemName: "star.fill")))
        #expect(firstPath(Image(systemName: "star")) != firstPath(Image(systemName: "star.fill")))
    }
}
