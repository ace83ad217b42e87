import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// One input frame of many touch-downs (a hostile or broken device): the gesture system's bookkeeping per event
/// does not grow with the frame. Counted, not timed (the timing is `make bench`'s "Touches" case).
@MainActor
@Suite struct LargeFrameTests {
    struct Surface: View {
        var body: some View { Color.blue.gesture(DragGesture(minimumDistance: 0).onChanged { _ in }) }
    }

    /// Visits per event for one frame of `count` touch-downs on a full-window drag, then one frame of their lifts.
    func visitsPerEvent(_ count: Int) -> Double {
        let harness = GestureHarness(Surface(), width: 800, height: 600)
        harness.frame(
            (0..<count).map { .touchDown(Int32($0), CGPoint(x: $0 % 800, y: ($0 / 800) % 600), time: 1) })
        harness.frame((0..<count).map { .touchUp(Int32($0), time: 2) })
        #expect(harness.system.activeSequences.isEmpty, "every finger was lifted")
        return Double(harness.system.bookkeepingVisits) / Double(2 * count)
    }

    @Test func bookkeepingPerEventDoesNotGrowWithTheFrame() {
        let small = visitsPerEvent(500)
        let large = visitsPerEvent(4_000)
        // Each event is looked at once to split its frame, each finger once more to clear its flags.
        #expect(large <= 2, "\(large) visits per event at 4000 touches")
        #expect(large <= small * 1.1, "per-event work grew with the frame: \(small) at 500, \(large) at 4000")
    }
}
