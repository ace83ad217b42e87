import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A window graph whose popups are shown by the offscreen presenter, on a virtual clock: input goes in as a
/// compositor with a popup grab delivers it, keys go to the innermost popup (else the window's focus).
@MainActor
final class PopupHarness {
    let graph: ViewGraph
    let clock = VirtualClock()
    let gestures: GestureSystem
    let focus: FocusSystem
    let presenter: OffscreenPopupPresenter
    private(set) var list = DisplayList(items: [])

    init<V: View>(_ view: V, width: CGFloat = 400, height: CGFloat = 300) {
        graph = makeGraph(view, width: width, height: height)
        graph.animationClock = { [clock] in clock.milliseconds / 1000 }
        gestures = GestureSystem(graph: graph, clock: clock)
        focus = FocusSystem(graph: graph)
        presenter = OffscreenPopupPresenter(graph: graph, windowGestures: gestures, clock: clock)
        update()
    }

    var popups: [PresentedPopup] { presenter.popups }

    func update() { list = presenter.update() }

    func frame(_ events: InputEvent...) {
        if let time = events.map(\.time).max() { clock.milliseconds = max(clock.milliseconds, time) }
        presenter.handle(frame: events)
        update()
    }

    func click(_ x: CGFloat, _ y: CGFloat, at t: Double, button: PointerButton = .primary) {
        frame(.pointerMove(CGPoint(x: x, y: y), time: t))
        frame(.pointerDown(CGPoint(x: x, y: y), time: t, button: button))
        frame(.pointerUp(CGPoint(x: x, y: y), time: t + 40, button: button))
    }

    func hover(_ x: CGFloat, _ y: CGFloat, at t: Double) { frame(.pointerMove(CGPoint(x: x, y: y), time: t)) }

    func key(_ key: KeyEquivalent) {
        let press = KeyPress(phase: .down, key: key, characters: "", modifiers: [])
        if !presenter.handleKey(press) { focus.handle(press) }
        update()
    }

    /// Time passes with no event.
    func advance(to t: Double) {
        clock.milliseconds = t
        gestures.advanceTime(to: t)
        for popup in popups { popup.gestures.advanceTime(to: t) }
        update()
    }

    /// The window frame of the text `string` in a popup, or in the window.
    func textFrame(_ string: String, in popup: PresentedPopup? = nil) -> CGRect? {
        guard let popup else { return UIVocabularyTests.frame(of: "Text(\"\(string)\")", in: graph) }
        guard let local = UIVocabularyTests.frame(of: "Text(\"\(string)\")", in: popup.graph) else { return nil }
        let origin = presenter.surfaceOrigin(of: popup)
        return local.offsetBy(dx: origin.x, dy: origin.y)
    }

    /// Clicks the middle of the text `string` in the innermost popup showing it.
    func choose(_ string: String, at t: Double) {
        guard let popup = popups.last(where: { textFrame(string, in: $0) != nil }),
            let rect = textFrame(string, in: popup)
        else {
            Issue.record("no row \(string) in any popup")
            return
        }
        click(rect.midX, rect.midY, at: t)
    }
}
