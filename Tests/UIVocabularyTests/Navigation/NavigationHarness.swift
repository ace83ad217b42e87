import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A navigation view under test: gestures on a virtual clock, keys through the focus system, updates run
/// until nothing is pending (as the host's frame loop does), animations finished on demand.
@MainActor
final class NavigationHarness {
    let gestures: GestureHarness
    let focus: FocusSystem
    var graph: ViewGraph { gestures.graph }
    private(set) var now: Double = 0

    init<V: View>(_ view: V, width: CGFloat = 400, height: CGFloat = 300) {
        gestures = GestureHarness(view, width: width, height: height)
        focus = FocusSystem(graph: gestures.graph)
        settle()
    }

    /// Runs the updates that are pending (writes made by a build, deferred actions), as the host would.
    func settle() {
        var rounds = 0
        while graph.needsUpdate {
            graph.update()
            rounds += 1
            precondition(rounds < 20, "the graph keeps asking for updates")
        }
    }

    /// Lets time pass (16 ms frames) until nothing animates.
    func finishAnimations() {
        var frames = 0
        while graph.isAnimating || graph.needsUpdate {
            advance(by: 16)
            frames += 1
            precondition(frames < 400, "an animation does not end")
        }
    }

    func advance(by milliseconds: Double) {
        now += milliseconds
        gestures.advance(to: now)
        settle()
    }

    /// A click (pointer down and up) at a point, then the animations it started, finished. The press focuses
    /// what is under it first, as the host does.
    func click(_ x: CGFloat, _ y: CGFloat, finish: Bool = true) {
        now += 20
        focus.pointerPressed(at: CGPoint(x: x, y: y))
        gestures.down(x, y, at: now)
        now += 40
        gestures.up(at: now)
        settle()
        if finish { finishAnimations() }
    }

    /// A finger from `start` to `end` in 10 steps over 200 ms, then lifted (or held when `lift` is false).
    func swipe(from start: CGPoint, to end: CGPoint, lift: Bool = true) {
        now += 20
        focus.pointerPressed(at: start)
        gestures.touchDown(1, start.x, start.y, at: now)
        for step in 1...10 {
            let f = CGFloat(step) / 10
            now += 20
            gestures.touchMove(1, start.x + (end.x - start.x) * f, start.y + (end.y - start.y) * f, at: now)
            settle()
        }
        if lift {
            now += 20
            gestures.touchUp(1, at: now)
            settle()
        }
    }

    func liftFinger() {
        now += 20
        gestures.touchUp(1, at: now)
        settle()
    }

    @discardableResult
    func press(_ key: KeyEquivalent, modifiers: EventModifiers = []) -> Bool {
        let handled = focus.handle(
            KeyPress(phase: .down, key: key, characters: String(key.character), modifiers: modifiers))
        settle()
        return handled
    }

    /// The strings of the text drawn, in drawing order.
    var texts: [String] { Self.texts(in: graph.displayList.items) }

    static func texts(in items: [DisplayItem]) -> [String] {
        items.flatMap { item -> [String] in
            switch item {
            case .text(let text): [text.string]
            case .layer(let layer): texts(in: layer.items)
            default: []
            }
        }
    }

    /// The frame of the first text drawn with `string`.
    func textFrame(_ string: String) -> CGRect? { Self.textFrame(string, in: graph.displayList.items) }

    static func textFrame(_ string: String, in items: [DisplayItem]) -> CGRect? {
        for item in items {
            switch item {
            case .text(let text) where text.string == string: return text.frame
            case .layer(let layer): if let found = textFrame(string, in: layer.items) { return found }
            default: continue
            }
        }
        return nil
    }

    /// Whether a header bar shows a button (the back control, when the page has no toolbar items).
    var hasBackControl: Bool { allNodes(graph).contains { $0.debugName == "HeaderBarButtonLook" } }

    /// The stack node (its presented position tells where a slide is).
    var stack: NavigationStackNode? { allNodes(graph).compactMap { $0 as? NavigationStackNode }.first }
}
