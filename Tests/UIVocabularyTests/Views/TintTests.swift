import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@MainActor
@Suite struct TintTests {
    func fills<V: View>(_ view: V) -> [Paint] {
        let graph = makeGraph(view, width: 300, height: 100)
        graph.update()
        var paints: [Paint] = []
        func collect(_ items: [DisplayItem]) {
            for item in items {
                switch item {
                case .fill(let f): paints.append(f.paint)
                case .layer(let l): collect(l.items)
                default: break
                }
            }
        }
        collect(graph.displayList.items)
        return paints
    }

    let blue = Paint.color(RGBA(red: 0, green: 122 / 255, blue: 1))
    let gnomeBlue = Paint.color(RGBA(red: 0.208, green: 0.518, blue: 0.894))
    let orange = Paint.color(RGBA(red: 1, green: 149 / 255, blue: 0))

    @Test func accentColorIsTheTintElseSystemBlue() {
        #expect(fills(Color.accentColor) == [blue])
        #expect(fills(Color.accentColor.tint(.orange)) == [orange])
        #expect(fills(Color.accentColor.tint(nil)) == [blue])
        // A tint of the accent itself is the accent, not a loop.
        #expect(fills(Color.accentColor.tint(.accentColor)) == [blue])
    }

    @Test func controlsTakeTheTint() {
        #expect(fills(Toggle("On", isOn: .constant(true)).tint(.orange)).contains(orange))
        #expect(fills(Toggle("On", isOn: .constant(true))).contains(gnomeBlue))
        #expect(fills(Button("Go") {}.buttonStyle(.borderedProminent).tint(.orange)).contains(orange))
        #expect(fills(Slider(value: .constant(0.5)).tint(.orange)).contains(orange))
    }

    @Test func theAppAccentIsTheDefault() {
        let green = Paint.color(Color.green.resolve(in: EnvironmentValues()))
        #expect(fills(Color.accentColor.environment(\.appAccentColor, .green)) == [green])
        #expect(fills(Toggle("On", isOn: .constant(true)).environment(\.appAccentColor, .green)).contains(green))
        #expect(fills(Color.accentColor.tint(.orange).environment(\.appAccentColor, .green)) == [orange])
    }
}
