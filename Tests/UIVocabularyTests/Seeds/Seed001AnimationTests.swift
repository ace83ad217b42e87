import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Seed 001 (DraggableCircle): the shadow radius animates with `.animation(.linear(duration: 0.5), value: isActive)`.
@MainActor
@Suite struct Seed001AnimationTests {
    private func radius(_ h: GestureHarness) -> String? {
        guard let line = h.display.split(separator: "\n").first(where: { $0.hasPrefix("layer shadow") }) else {
            return nil
        }
        let words = line.split(separator: " ")
        return words.firstIndex(of: "radius").map { String(words[$0 + 1]) }
    }

    @Test func shadowGoesFrom0To8Over05SecondsWhenTheLongPressBegins() {
        let h = GestureHarness(DraggableCircle(), width: 400, height: 400)
        h.down(200, 200, at: 0)
        #expect(radius(h) == nil && h.graph.isAnimating)  // radius 0: no layer
        for (ms, expected) in [(125.0, "2"), (250, "4"), (375, "6")] {
            h.advance(to: ms)
            #expect(radius(h) == expected, "at \(ms) ms")
        }
        h.advance(to: 500)  // also the long press's deadline
        #expect(radius(h) == "8")
        // The ring (`.animation(…, value: isDragging)`) fades in with the default opacity transition.
        #expect(h.display.contains("layer opacity 0\n"))
        h.advance(to: 750)
        #expect(h.display.contains("layer opacity 0.5\n    stroke ellipse"))
        h.advance(to: 1000)
        #expect(!h.display.contains("layer opacity") && h.display.contains("stroke ellipse") && !h.graph.isAnimating)
        // Nothing moves now: the harness runs no update for time passing.
        let updates = h.updates
        h.advance(to: 1100)
        #expect(h.updates == updates && !h.graph.needsUpdate)
        // The drop: back to 0 over 0.5 s, and the disc stays where it was dropped (the offset does not change).
        h.move(260, 230, at: 1200)
        h.up(260, 230, at: 1300)
        #expect(radius(h) == "8" && h.display.contains("fill ellipse [210,180 100x100]"))
        h.advance(to: 1550)
        #expect(
            radius(h) == "4" && h.display.contains("fill ellipse [210,180 100x100]")
                && h.display.contains("layer opacity 0.5"))
        h.advance(to: 1800)
        #expect(!h.display.contains("stroke"))
        #expect(radius(h) == nil && !h.graph.isAnimating)
    }
}
