import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// The acceptance scenarios of the three seed programs, driven by pointer events and a virtual
/// clock through the real view graph and gesture system.
@MainActor
@Suite struct SeedGestureScenarioTests {
    typealias DragRevealGesture = GestureStateGesture<_ChangedGesture<DragGesture>, CGSize>
    typealias CircleGesture = _EndedGesture<
        GestureStateGesture<SequenceGesture<LongPressGesture, DragGesture>, DraggableCircle.DragState>
    >

    // MARK: (a) drag-reveal Text, 400 × 800

    private func dragReveal() -> (GestureHarness, () -> CGSize) {
        let h = GestureHarness(ContentView(), width: 400, height: 800)
        let offset = { () -> CGSize in
            (h.gesture(at: CGPoint(x: 200, y: 400), as: DragRevealGesture.self)?.state.currentValue)
                ?? CGSize(width: -1, height: -1)
        }
        return (h, offset)
    }

    /// The circular mask of the display list (centre, diameter), if the mask is a circle.
    private func maskCircle(_ graph: ViewGraph) -> (
        centre: CGPoint, diameter: CGFloat, textMinX: CGFloat, textMinY: CGFloat
    )? {
        guard case .layer(let layer) = graph.displayList.items.first, case .mask(let mask) = layer.effect,
            case .fill(let circle) = mask.first, case .ellipse(let rect)? = circle.primitive,
            case .text(let text) = layer.items.last
        else { return nil }
        return (CGPoint(x: rect.midX, y: rect.midY), rect.width, text.frame.minX, text.frame.minY)
    }

    @Test func aDownOnlyKeepsTheRectangle() {
        let (h, offset) = dragReveal()
        let initial = h.display
        h.down(100, 100, at: 0)
        #expect(offset() == .zero)
        #expect(h.system.liveGestures.map(\.phase) == [.active])  // minimumDistance 0: active at the press
        h.advance(to: 300)
        #expect(h.display == initial)
        #expect(maskCircle(h.graph) == nil)
    }

    @Test func aFirstMoveShowsTheCircleUnderThePointer() throws {
        let (h, offset) = dragReveal()
        h.down(100, 100, at: 0)
        h.move(101, 100, at: 10)
        #expect(offset() == CGSize(width: 1, height: 0))
        let circle = try #require(maskCircle(h.graph))
        #expect(abs(circle.centre.x - 101) < 0.001 && abs(circle.centre.y - 100) < 0.001)
        #expect(circle.diameter > 400 && circle.diameter <= 800)  // real-time shrink: ≈ 800 right after the press
    }

    @Test func aShrinkFollowsWallClockTime() throws {
        let (h, offset) = dragReveal()
        h.down(100, 100, at: 0)
        h.move(110, 100, at: 5)
        Thread.sleep(forTimeInterval: 0.25)  // seed 000 reads the wall clock (Date.now)
        h.move(200, 300, at: 250)
        #expect(offset() == CGSize(width: 100, height: 200))
        let circle = try #require(maskCircle(h.graph))
        #expect(circle.centre == CGPoint(x: 200, y: 300))
        #expect(circle.diameter <= 408 && circle.diameter >= 100)  // at least 250 ms passed: at most 400 (+tolerance)
        // The text is drawn shifted by the offset (100,200) from where it starts.
        let initial = GestureHarness(ContentView(), width: 400, height: 800)
        guard case .layer(let layer) = initial.graph.displayList.items.first, case .text(let text) = layer.items.last
        else {
            Issue.record("no text")
            return
        }
        #expect(circle.textMinX == text.frame.minX + 100 && circle.textMinY == text.frame.minY + 200)
    }

    @Test func aFloorAndNoTimer() throws {
        let (h, _) = dragReveal()
        h.down(100, 100, at: 0)
        h.move(120, 100, at: 10)
        Thread.sleep(forTimeInterval: 0.5)
        h.move(150, 150, at: 500)
        let circle = try #require(maskCircle(h.graph))
        #expect(circle.diameter == 100 && circle.centre == CGPoint(x: 150, y: 150))
        // A-no-timer: nothing re-renders without events.
        let updates = h.graph.updateCount
        h.advance(to: 1000)
        #expect(h.graph.updateCount == updates)
        #expect(h.system.nextDeadline == nil)
    }

    @Test func aReturnToStartReleaseAndCancel() {
        let (h, offset) = dragReveal()
        let initial = h.display
        h.down(100, 100, at: 0)
        h.move(140, 100, at: 50)
        #expect(maskCircle(h.graph) != nil)
        h.move(100, 100, at: 100)  // A-return-to-start: offset zero again, full rectangle
        #expect(offset() == .zero && h.display == initial)
        h.move(200, 300, at: 250)
        #expect(offset() == CGSize(width: 100, height: 200))
        let updates = h.updates
        h.up(200, 300, at: 300)  // A-release: one update back to the initial output
        #expect(h.updates == updates + 1)
        #expect(offset() == .zero && h.display == initial)
        #expect(h.graph.lastTransaction.animation == nil)
        // A-cancel: a touch cancel mid-drag resets the same way.
        h.down(100, 100, at: 1000)
        h.move(150, 150, at: 1050)
        #expect(offset() == CGSize(width: 50, height: 50))
        h.frame(.touchCancel(time: 1060))
        #expect(offset() == .zero && h.display == initial)
        #expect(h.system.liveGestures.isEmpty && h.system.activeSequences.isEmpty)
        h.up(at: 1100)  // the release after the cancel changes nothing
        #expect(h.display == initial)
    }

    @Test func aOutsideTheWindowKeepsTracking() throws {
        let (h, offset) = dragReveal()
        h.down(100, 100, at: 0)
        h.move(-50, 900, at: 100)
        #expect(offset() == CGSize(width: -150, height: 800))
        let circle = try #require(maskCircle(h.graph))
        #expect(circle.centre == CGPoint(x: -50, y: 900))
    }

    // MARK: (b) DraggableCircle, 400 × 400

    private func circle() -> (GestureHarness, () -> DraggableCircle.DragState) {
        let h = GestureHarness(DraggableCircle(), width: 400, height: 400)
        let gesture = h.gesture(at: CGPoint(x: 200, y: 200), as: CircleGesture.self)!
        return (h, { gesture.content.state.currentValue })
    }

    private func describe(_ state: DraggableCircle.DragState) -> String {
        switch state {
        case .inactive: "inactive"
        case .pressing: "pressing"
        case .dragging(let t): "dragging(\(t.width),\(t.height))"
        }
    }

    /// The disc's frame in the display list.
    private func disc(_ h: GestureHarness) -> String? {
        h.display.split(separator: "\n").first { $0.contains("fill ellipse") }
            .map { String($0[$0.range(of: "[")!.lowerBound...$0.range(of: "]")!.lowerBound]) }
    }

    @Test func bPressingThenLongPressDoneOnTheDeadline() {
        let (h, state) = circle()
        h.down(200, 200, at: 0)
        #expect(describe(state()) == "pressing")
        // The shadow animates 0 ▸ 8 (linear, 0.5 s): nothing to draw yet.
        #expect(!h.display.contains("shadow") && !h.display.contains("stroke"))
        #expect(h.system.nextDeadline == 500)
        h.advance(to: 250)
        #expect(h.display.contains("radius 4 "))
        h.advance(to: 499)
        #expect(describe(state()) == "pressing")
        h.advance(to: 500)  // the timer, no event
        #expect(describe(state()) == "dragging(0.0,0.0)")
        #expect(h.display.contains("radius 8 "))
        #expect(h.display.contains("stroke ellipse [150,150 100x100] rgb(255,255,255) width 2"))
        h.advance(to: 1100)
        #expect(describe(state()) == "dragging(0.0,0.0)" && disc(h) == "[150,150 100x100]")
    }

    @Test func bLateEventStillEndsTheLongPressAtItsDeadline() {
        let (h, state) = circle()
        h.down(200, 200, at: 0)
        // No timer fired; the next event (at 700) comes after the deadline: the long press ended at 500 first.
        h.move(201, 200, at: 700)
        #expect(describe(state()) == "dragging(0.0,0.0)")
    }

    @Test func bEarlyReleaseAndMovedTooEarly() {
        let (h, state) = circle()
        h.down(200, 200, at: 0)
        h.up(at: 300)
        #expect(describe(state()) == "inactive" && disc(h) == "[150,150 100x100]")
        // The shadow, 4.8 of the way to 8, animates back to 0 from there (0.5 s).
        #expect(h.display.contains("radius 4.8 "))
        h.advance(to: 800)
        #expect(!h.display.contains("shadow") && !h.graph.isAnimating)
        #expect(h.lifecycle.map(\.kind) == [.began, .failed])
        h.down(200, 200, at: 1000)
        h.move(212, 200, at: 1100)  // 12 ≥ 10: the long press fails
        #expect(describe(state()) == "inactive")
        h.advance(to: 1800)
        #expect(describe(state()) == "inactive" && !h.display.contains("stroke") && disc(h) == "[150,150 100x100]")
        h.move(260, 260, at: 1900)
        #expect(disc(h) == "[150,150 100x100]")
    }

    @Test func bDragDropAndSecondDrag() {
        let (h, state) = circle()
        h.down(200, 200, at: 0)
        h.advance(to: 600)
        h.move(201, 200, at: 610)
        #expect(describe(state()) == "dragging(0.0,0.0)")  // 1 pt: the drag is still possible
        h.move(260, 230, at: 700)
        #expect(describe(state()) == "dragging(60.0,30.0)")
        h.move(300, 260, at: 800)
        #expect(disc(h) == "[250,210 100x100]" && h.display.contains("stroke"))
        let updates = h.updates
        h.up(300, 260, at: 900)  // B-drop: one update, no jump
        #expect(h.updates == updates + 1)
        #expect(describe(state()) == "inactive" && disc(h) == "[250,210 100x100]")
        h.advance(to: 1500)  // the ring has faded out (opacity transition, 0.5 s)
        #expect(disc(h) == "[250,210 100x100]" && !h.display.contains("stroke"))
        // B-second-drag-from-new-place.
        h.down(300, 260, at: 2000)
        h.advance(to: 2600)
        h.move(301, 260, at: 2610)
        h.move(351, 260, at: 2700)
        h.up(at: 2800)
        #expect(disc(h) == "[301,210 100x100]")
        #expect(h.lifecycle.map(\.kind) == [.began, .ended, .began, .ended])
    }

    @Test func bMissCornerAndHysteresis() {
        let (h, state) = circle()
        h.down(245, 245, at: 0)  // inside the frame, outside the disc
        #expect(h.system.liveGestures.isEmpty)
        h.advance(to: 1000)
        h.up(at: 1000)
        #expect(describe(state()) == "inactive" && !h.display.contains("shadow"))
        // B-hysteresis: the drag never activates; onEnded is skipped (the sequence fails); the ring goes.
        h.down(200, 200, at: 2000)
        h.advance(to: 2600)
        h.move(205, 200, at: 2650)
        h.up(at: 2700)
        #expect(describe(state()) == "inactive" && disc(h) == "[150,150 100x100]")
        h.advance(to: 3300)  // the ring has faded out (opacity transition, 0.5 s)
        #expect(disc(h) == "[150,150 100x100]" && !h.display.contains("stroke"))
    }

    // MARK: (c) ScopeView, 600 × 400

    @Test func cRevealFollowHideAndRedown() {
        let h = GestureHarness(ScopeView(), width: 600, height: 400)
        let initial = h.display
        h.down(100, 100, at: 0)
        #expect(
            h.display == """
                layer mask
                  | fill ellipse [-25,-25 250x250] rgb(0,0,0)
                  image resource:Landscape [0,0 600x400]
                """)
        h.move(300, 200, at: 16)
        #expect(h.display.contains("fill ellipse [175,75 250x250]"))
        h.move(450, 300, at: 32)
        #expect(h.display.contains("fill ellipse [325,175 250x250]") && !h.display.contains("opacity"))
        h.up(450, 300, at: 48)
        #expect(
            h.display == """
                layer mask
                  | layer opacity 0
                  |   fill ellipse [325,175 250x250] rgb(0,0,0)
                  image resource:Landscape [0,0 600x400]
                """)
        #expect(h.display != initial)  // the position is kept
        let updates = h.updates
        h.down(50, 50, at: 1000)  // shown at the new place in that same update
        #expect(h.updates == updates + 1)
        #expect(h.display.contains("| fill ellipse [-75,-75 250x250]") && !h.display.contains("opacity"))
    }

    @Test func cCornerOfAWiderWindow() {
        let h = GestureHarness(ScopeView(), width: 800, height: 400)
        h.down(0, 0, at: 0)
        #expect(
            h.display == """
                layer mask
                  | fill ellipse [-125,-125 250x250] rgb(0,0,0)
                  image resource:Landscape [0,0 800x400]
                """)
    }
}
