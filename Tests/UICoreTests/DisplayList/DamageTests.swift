import Foundation
import Testing

@_spi(Engine) @testable import UICore

@MainActor
private final class Palette: ObservableObject {
    @Published var colors: [Color] = [.red, .green, .blue]
}

private struct Swatches: View {
    @ObservedObject var palette: Palette
    var body: some View {
        HStack(spacing: 0) { ForEach(0..<3) { index in palette.colors[index].frame(width: 10, height: 10) } }
    }
}

@MainActor
@Suite struct DamageTests {
    @Test func firstListDamagesEverythingDrawn() {
        let graph = makeGraph(Color.red.frame(width: 20, height: 20), width: 100, height: 100)
        graph.update()
        #expect(graph.damage == [CGRect(x: 40, y: 40, width: 20, height: 20)])
    }

    @Test func unchangedUpdateHasNoDamage() {
        let graph = makeGraph(Text("hello").padding(), width: 100, height: 100)
        graph.update()
        graph.update()
        #expect(graph.damage.isEmpty)
    }

    @Test func changingOneItemDamagesOnlyIt() {
        let palette = Palette()
        let graph = makeGraph(Swatches(palette: palette), width: 30, height: 10)
        graph.update()
        palette.colors[1] = .yellow
        graph.update()
        #expect(graph.damage == [CGRect(x: 10, y: 0, width: 10, height: 10)])
    }

    @Test func movingAnItemDamagesOldAndNewPlaces() {
        struct Mover: View {
            let x: CGFloat
            var body: some View { Color.red.frame(width: 10, height: 10).offset(x: x) }
        }
        let graph = makeGraph(Mover(x: 0), width: 100, height: 10)
        graph.update()
        graph.setRoot(Mover(x: 30))
        graph.update()
        #expect(
            graph.damage == [CGRect(x: 45, y: 0, width: 10, height: 10), CGRect(x: 75, y: 0, width: 10, height: 10)])
    }

    @Test func changesInsideALayerAreMappedThroughIt() {
        struct Faded: View {
            let color: Color
            var body: some View {
                HStack(spacing: 0) {
                    color.frame(width: 10, height: 10)
                    Color.blue.frame(width: 10, height: 10)
                }
                .opacity(0.5)
                .clipShape(Rectangle())
            }
        }
        let graph = makeGraph(Faded(color: .red), width: 20, height: 10)
        graph.update()
        graph.setRoot(Faded(color: .green))
        graph.update()
        #expect(graph.damage == [CGRect(x: 0, y: 0, width: 10, height: 10)])
    }

    @Test func insertingAnItemDamagesOnlyWhatChanged() {
        struct Column: View {
            let rows: Int
            var body: some View {
                VStack(spacing: 0) {
                    ForEach(0..<rows, id: \.self) { _ in Color.red.frame(width: 10, height: 10) }
                    Color.blue.frame(width: 10, height: 10)
                }
                .frame(maxHeight: .infinity, alignment: .top)
            }
        }
        let graph = makeGraph(Column(rows: 2), width: 10, height: 100)
        graph.update()
        graph.setRoot(Column(rows: 3))
        graph.update()
        // The two red rows above keep their pixels: the new row and the blue one that moved down are damaged.
        #expect(graph.damage == [CGRect(x: 0, y: 20, width: 10, height: 20)])
        graph.setRoot(Column(rows: 1))
        graph.update()
        #expect(graph.damage == [CGRect(x: 0, y: 10, width: 10, height: 30)])
    }

    @Test func shadowDamageIncludesTheBlur() {
        struct Shadowed: View {
            let radius: CGFloat
            var body: some View { Color.red.frame(width: 10, height: 10).shadow(radius: radius) }
        }
        let graph = makeGraph(Shadowed(radius: 2), width: 100, height: 100)
        graph.update()
        graph.setRoot(Shadowed(radius: 4))
        graph.update()
        // 3 × radius + 1 around the content, for the larger of the two shadows.
        #expect(graph.damage == [CGRect(x: 32, y: 32, width: 36, height: 36)])
    }
}
