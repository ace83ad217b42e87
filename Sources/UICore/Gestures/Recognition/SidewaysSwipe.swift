import Foundation

/// A finger or a mouse drag moving sideways (a pager's page, a list row's swipe actions): fails when it moves up
/// or down first, so the scroll view around takes it. Reports the horizontal translation and speed.
package struct SidewaysSwipeGesture: Gesture, RecognizableGesture {
    package struct Value: Equatable {
        /// Horizontal movement since the press.
        package var translation: CGFloat
        /// Horizontal points per second.
        package var velocity: CGFloat
    }
    /// When the swipe decides between sideways and along.
    package enum Rule {
        /// A pager: fails once it has moved 10 points more up or down than across; active after 10 points across.
        case page
        /// A list row: decides once it has moved 10 points in any direction, and then keeps the finger from the
        /// scroll view around (which cannot take it sideways).
        case row
    }
    package typealias Body = Never
    package var rule: Rule
    package func makeRecognizer() -> AnyGestureRecognizer { SidewaysSwipeRecognizer(rule: rule) }
    package init(rule: Rule) {
        self.rule = rule
    }
}

package final class SidewaysSwipeRecognizer: GestureRecognizer<SidewaysSwipeGesture.Value> {
    private let rule: SidewaysSwipeGesture.Rule
    private var press = FollowedPress()
    private var isActive = false
    private var sampler = VelocitySampler<CGSize>()

    package init(rule: SidewaysSwipeGesture.Rule) { self.rule = rule }

    package override var debugName: String { rule == .row ? "List row swipe" : "TabView page swipe" }
    package override var claimsSequenceWhenActive: Bool { rule == .row }

    package override func update(_ step: inout GestureStep) -> GesturePhase<SidewaysSwipeGesture.Value>? {
        let point: TrackedPoint
        switch press.next(in: step) {
        case .event(let event): point = event
        case .unchanged: return nil
        case .failed: return .failed
        }
        let dx = point.location.x - press.start.x
        let dy = point.location.y - press.start.y
        if point.ended {
            let value = SidewaysSwipeGesture.Value(
                translation: dx, velocity: sampler.velocity(liftedAt: point.time).width)
            return isActive ? .ended(value) : .failed
        }
        sampler.add(CGSize(width: dx, height: dy), at: point.time)
        if !isActive {
            let slop = TouchScrollRecognizer.slop
            switch rule {
            case .row:
                if hypot(dx, dy) >= slop {
                    guard abs(dx) > abs(dy) else { return .failed }
                    isActive = true
                }
            case .page:
                if abs(dy) >= slop && abs(dy) > abs(dx) { return .failed }
                if abs(dx) >= slop { isActive = true }
            }
        }
        return isActive
            ? .active(SidewaysSwipeGesture.Value(translation: dx, velocity: sampler.velocity.width)) : .possible(nil)
    }
}
