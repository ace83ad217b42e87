import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class Toggle {
    var on = false
}

/// `.animation(_:)` (deprecated, no value), `.animation(nil)` and `.transaction(_:)`.
@MainActor
@Suite struct TransactionModifierTests {
    private struct Deprecated: View {
        let toggle: Toggle
        var body: some View {
            Color.blue.frame(width: 100, height: 100)
                .shadow(radius: toggle.on ? 8 : 0)
                .animation(nil)
                .opacity(toggle.on ? 0.5 : 1)
                .animation(.linear(duration: 1))
        }
    }

    @Test func valuelessAnimationAppliesToEveryChangeAndNilDisablesBelow() {
        let toggle = Toggle()
        let graph = makeGraph(Deprecated(toggle: toggle), width: 100, height: 100)
        graph.update(at: 0)
        toggle.on = true
        graph.update(at: 0)
        // The opacity animates (1 s linear); the shadow, below `.animation(nil)`, snaps.
        #expect(
            graph.update(at: 0.5).description
                == "layer opacity 0.75\n  layer shadow rgba(0,0,0,0.33) radius 8 offset 0x0\n    fill rect [0,0 100x100] rgb(0,122,255)"
        )
        #expect(graph.update(at: 1).description.hasPrefix("layer opacity 0.5\n") && !graph.isAnimating)
    }

    private struct Transacted: View {
        let toggle: Toggle
        var body: some View {
            Color.blue.frame(width: 100, height: 100)
                .shadow(radius: toggle.on ? 8 : 0)
                .animation(.linear(duration: 1), value: toggle.on)
                .transaction { $0.disablesAnimations = true }
                .opacity(toggle.on ? 0.5 : 1)
                .transaction { $0.animation = .linear(duration: 2) }
        }
    }

    @Test func transactionModifierChangesWhatItsContentSees() {
        let toggle = Toggle()
        let graph = makeGraph(Transacted(toggle: toggle), width: 100, height: 100)
        graph.update(at: 0)
        toggle.on = true
        graph.update(at: 0)
        // Opacity: the transaction's 2 s animation. Shadow: `.animation(value:)` ignored (disablesAnimations),
        // so it takes the transaction's 2 s animation too.
        #expect(
            graph.update(at: 1).description
                == "layer opacity 0.75\n  layer shadow rgba(0,0,0,0.33) radius 4 offset 0x0\n    fill rect [0,0 100x100] rgb(0,122,255)"
        )
        #expect(
            graph.update(at: 2).description.hasPrefix("layer opacity 0.5\n  layer shadow rgba(0,0,0,0.33) radius 8 ")
                && !graph.isAnimating)
    }
}
