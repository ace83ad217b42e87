import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// The arbiter: which of the gestures on the chain under a press see it through.
@MainActor
@Suite struct ArbitrationTests {
    let log = CallLog()

    private func drag(_ name: String, _ state: GestureState<CGSize>, minimumDistance: CGFloat = 10) -> some Gesture {
        DragGesture(minimumDistance: minimumDistance)
            .onChanged { [log] v in log("\(name) changed \(Int(v.translation.width))") }
            .updating(state) { v, s, _ in s = v.translation }
            .onEnded { [log] v in log("\(name) ended \(Int(v.translation.width))") }
    }

    @Test func descendantBeatsAncestorByDefault() {
        let p = GestureState(wrappedValue: CGSize.zero)
        let c = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            NestedGestures(parent: drag("parent", p), child: drag("child", c)), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(170, 150, at: 10)
        #expect(c.currentValue == CGSize(width: 20, height: 0) && p.currentValue == .zero)
        h.up(at: 20)
        #expect(log.entries == ["child changed 20", "child ended 20"])
        #expect(h.lifecycle.map(\.kind).sorted { "\($0)" < "\($1)" } == [.began, .began, .ended, .lostArbitration])
        // Outside the child only the parent is there.
        h.down(60, 60, at: 100)
        h.move(80, 60, at: 110)
        h.up(at: 120)
        #expect(log.entries.suffix(2) == ["parent changed 20", "parent ended 20"])
    }

    @Test func highPriorityParentBeatsChildDrag() {
        let p = GestureState(wrappedValue: CGSize.zero)
        let c = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            NestedGestures(parent: drag("parent", p), child: drag("child", c), priority: .high),
            width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(170, 150, at: 10)
        #expect(p.currentValue == CGSize(width: 20, height: 0) && c.currentValue == .zero)
        h.move(180, 150, at: 20)
        h.up(at: 30)
        #expect(log.entries == ["parent changed 20", "parent changed 30", "parent ended 30"])
        #expect(p.currentValue == .zero)
    }

    @Test func higherRankedActivationMakesAnActiveLowerOneFail() {
        // The parent (lower) activates first at 5 pt; the child (higher) at 30 pt takes over.
        let p = GestureState(wrappedValue: CGSize.zero)
        let c = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            NestedGestures(
                parent: drag("parent", p, minimumDistance: 5),
                child: drag("child", c, minimumDistance: 30)), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(160, 150, at: 10)
        #expect(p.currentValue == CGSize(width: 10, height: 0))
        h.move(185, 150, at: 20)
        #expect(p.currentValue == .zero && c.currentValue == CGSize(width: 35, height: 0))
        h.up(at: 30)
        #expect(log.entries == ["parent changed 10", "child changed 35", "child ended 35"])
    }

    @Test func simultaneousParentAndChildBothFire() {
        let p = GestureState(wrappedValue: CGSize.zero)
        let c = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            NestedGestures(parent: drag("parent", p), child: drag("child", c), priority: .simultaneous),
            width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(170, 150, at: 10)
        #expect(p.currentValue == CGSize(width: 20, height: 0) && c.currentValue == CGSize(width: 20, height: 0))
        h.up(at: 20)
        #expect(Set(log.entries) == ["child changed 20", "parent changed 20", "child ended 20", "parent ended 20"])
        #expect(log.entries.first == "child changed 20")  // innermost first
        #expect(p.currentValue == .zero && c.currentValue == .zero)
    }

    @Test func singleTapOnParentWaitsForChildDoubleTap() {
        let view = NestedGestures(
            parent: TapGesture().onEnded { [log] in log("single") },
            child: TapGesture(count: 2).onEnded { [log] in log("double") })
        let h = GestureHarness(view, width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.up(at: 50)
        #expect(log.entries.isEmpty)
        h.advance(to: 400)
        #expect(log.entries == ["single"])
        h.down(150, 150, at: 1000)
        h.up(at: 1050)
        h.down(150, 150, at: 1100)
        h.up(at: 1150)
        h.advance(to: 3000)
        #expect(log.entries == ["single", "double"])
        #expect(h.system.liveGestures.isEmpty)
    }

    @Test func gestureMaskDisablesSubviewsOrTheGesture() {
        struct Masked: View {
            let mask: GestureMask
            let log: CallLog
            var body: some View {
                ZStack {
                    Color.gray.frame(width: 200, height: 200)
                    Color.blue.frame(width: 100, height: 100).onTapGesture { log("child") }
                }
                .gesture(TapGesture().onEnded { log("parent") }, including: mask)
            }
        }
        for (mask, expected) in [
            (GestureMask.all, ["child"]), (.subviews, ["child"]), (.gesture, ["parent"]), (.none, []),
        ] {
            let log = CallLog()
            let h = GestureHarness(Masked(mask: mask, log: log), width: 300, height: 300)
            h.down(150, 150, at: 0)
            h.up(at: 10)
            h.advance(to: 1000)
            #expect(log.entries == expected, "\(mask)")
        }
    }

    // MARK: Multi-touch

    @Test func twoFingersOnTwoViewsDriveTwoDrags() {
        let a = GestureState(wrappedValue: CGSize.zero)
        let b = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            TwoBoxes(a: drag("a", a, minimumDistance: 0), b: drag("b", b, minimumDistance: 0)),
            width: 300, height: 100)
        h.touchDown(1, 50, 50, at: 0)
        h.touchDown(2, 250, 50, at: 5)
        h.frame(.touchMove(1, CGPoint(x: 70, y: 50), time: 20), .touchMove(2, CGPoint(x: 220, y: 50), time: 20))
        #expect(a.currentValue == CGSize(width: 20, height: 0) && b.currentValue == CGSize(width: -30, height: 0))
        h.frame(.touchMove(1, CGPoint(x: 80, y: 50), time: 30), .touchMove(2, CGPoint(x: 210, y: 50), time: 30))
        h.touchUp(1, at: 40)
        #expect(a.currentValue == .zero && b.currentValue == CGSize(width: -40, height: 0))
        h.touchMove(2, 200, 50, at: 50)
        h.touchUp(2, at: 60)
        #expect(log.entries.filter { $0.contains("ended") } == ["a ended 30", "b ended -50"])
    }

    @Test func secondFingerOnTheSameViewDoesNotMoveTheDrag() {
        let a = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(GestureBox(gesture: drag("a", a, minimumDistance: 0)), width: 300, height: 300)
        h.touchDown(1, 120, 120, at: 0)
        h.touchDown(2, 180, 180, at: 10)
        h.touchMove(2, 190, 190, at: 20)
        #expect(a.currentValue == .zero)
        h.touchMove(1, 130, 120, at: 30)
        #expect(a.currentValue == CGSize(width: 10, height: 0))
        h.touchUp(2, at: 40)
        #expect(a.currentValue == CGSize(width: 10, height: 0))
        h.touchUp(1, at: 50)
        #expect(a.currentValue == .zero && log.entries.last == "a ended 10")
    }

    @Test func touchCancelResetsEverything() {
        let a = GestureState(wrappedValue: CGSize.zero)
        let pressing = GestureState(wrappedValue: false)
        let h = GestureHarness(
            TwoBoxes(
                a: drag("a", a, minimumDistance: 0),
                b: LongPressGesture().updating(pressing) { v, s, _ in s = v }.onEnded { [log] _ in log("long") }),
            width: 300, height: 100)
        h.touchDown(1, 50, 50, at: 0)
        h.touchDown(2, 250, 50, at: 5)
        h.touchMove(1, 70, 50, at: 20)
        #expect(a.currentValue != .zero && pressing.currentValue)
        h.frame(.touchCancel(time: 30))
        #expect(a.currentValue == .zero && !pressing.currentValue)
        #expect(h.system.liveGestures.isEmpty && h.system.activeSequences.isEmpty && h.system.nextDeadline == nil)
        h.advance(to: 1000)
        h.touchUp(1, at: 1000)
        #expect(!log.entries.contains { $0.contains("ended") || $0 == "long" })
        let outcome = h.outcomes()
        #expect(outcome.began == 2 && outcome.over.values.allSatisfy { $0 == 1 } && outcome.over.count == 2)
        #expect(h.lifecycle.filter { $0.kind == .cancelled }.count == 2)
    }

    @Test func removingTheViewResetsItsGestureState() {
        let c = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            NestedGestures(parent: TapGesture(), child: drag("child", c, minimumDistance: 0)),
            width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(160, 150, at: 10)
        #expect(c.currentValue == CGSize(width: 10, height: 0))
        h.graph.setRoot(
            NestedGestures(parent: TapGesture(), child: drag("child", c, minimumDistance: 0), showChild: false))
        h.updateIfNeeded()
        #expect(c.currentValue == .zero)
        #expect(h.lifecycle.contains { $0.kind == .cancelled })
        h.move(170, 150, at: 20)
        h.up(at: 30)
        #expect(!log.entries.contains("child ended 20") && c.currentValue == .zero)
    }

    @Test func closuresAreRefreshedWhenTheViewReevaluates() {
        struct Counter: View {
            @State var count = 0
            let log: CallLog
            var body: some View {
                let current = count
                Color.blue.frame(width: 100, height: 100)
                    .gesture(
                        DragGesture(minimumDistance: 0).onChanged { _ in
                            log("saw \(current)")
                            count = current + 1
                        })
            }
        }
        let h = GestureHarness(Counter(log: log), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(151, 150, at: 10)
        h.move(152, 150, at: 20)
        #expect(log.entries == ["saw 0", "saw 1", "saw 2"])
    }

    @Test func mousePrimaryOnlyAndHoverIgnored() {
        let a = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(GestureBox(gesture: drag("a", a, minimumDistance: 0)), width: 300, height: 300)
        h.move(150, 150, at: 0)  // hover
        h.frame(.pointerDown(CGPoint(x: 150, y: 150), time: 10, button: .secondary))
        h.move(170, 150, at: 20)
        h.frame(.pointerUp(time: 30, button: .secondary))
        #expect(log.entries.isEmpty && h.system.liveGestures.isEmpty)
        h.down(150, 150, at: 100)
        // Another button meanwhile: ignored.
        h.frame(.pointerDown(CGPoint(x: 150, y: 150), time: 105, button: .secondary))
        h.move(160, 150, at: 110)
        h.frame(.pointerUp(time: 115, button: .secondary))
        h.move(165, 150, at: 120)
        #expect(a.currentValue == CGSize(width: 15, height: 0))
        h.up(at: 130)
        #expect(log.entries.last == "a ended 15")
    }

    @Test func aFrameWithDownAndUpOfOnePointerIsSplit() {
        let h = GestureHarness(
            Color.blue.frame(width: 100, height: 100).onTapGesture { [log] in log("tap") },
            width: 300, height: 300)
        h.frame(.pointerDown(CGPoint(x: 150, y: 150), time: 0), .pointerUp(time: 10))
        #expect(log.entries == ["tap"])
    }
}

@MainActor
@Suite struct GestureInspectorTests {
    @Test func overlayShowsLiveRecognizersAndTheOutcome() {
        let p = GestureState(wrappedValue: CGSize.zero)
        let c = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            NestedGestures(
                parent: DragGesture().updating(p) { v, s, _ in s = v.translation },
                child: DragGesture().updating(c) { v, s, _ in s = v.translation }),
            width: 300, height: 300)
        #expect(h.system.inspectorOverlay().isEmpty)  // off by default
        h.system.isInspectorEnabled = true
        h.down(150, 150, at: 0)
        func texts() -> [String] {
            h.system.inspectorOverlay().compactMap { if case .text(let t) = $0 { t.string } else { nil } }
        }
        #expect(
            texts().count == 2
                && texts().allSatisfy { $0.contains("updating: possible") && $0.contains("DragGesture: possible") })
        h.move(170, 150, at: 10)
        let overlay = texts().joined(separator: "\n")
        #expect(overlay.contains("active — winning") && overlay.contains("lost arbitration"))
        // The winner's outline is the child's frame, thick and green.
        let strokes = h.system.inspectorOverlay().compactMap { if case .stroke(let s) = $0 { s } else { nil } }
        #expect(
            strokes.contains {
                $0.primitive == .rect(CGRect(x: 100, y: 100, width: 100, height: 100)) && $0.style.lineWidth == 4
                    && $0.paint == .color(GestureInspector.color(.active))
            })
        h.up(at: 20)
        #expect(texts().contains { $0.contains("won (ended)") })
        h.advance(to: 5000)
        #expect(h.system.inspectorOverlay().isEmpty)
    }
}

@MainActor
@Suite struct EndingArbitrationTests {
    let log = CallLog()

    @Test func longPressBelowATapFiresOnTimeAndTheTapThenFails() {
        // `.onTapGesture` is inner (higher ranked), `.onLongPressGesture` outer: the long press still ends at its
        // deadline (no tap-count conflict), and its end makes the tap fail.
        let h = GestureHarness(
            Color.blue.frame(width: 100, height: 100)
                .onTapGesture { [log] in log("tap") }
                .onLongPressGesture { [log] in log("long") }, width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.advance(to: 500)
        #expect(log.entries == ["long"])
        h.up(at: 600)
        #expect(log.entries == ["long"])
        h.down(150, 150, at: 1000)
        h.up(at: 1100)  // a click: the long press fails at the release, the tap ends
        #expect(log.entries == ["long", "tap"])
        #expect(h.system.liveGestures.isEmpty)
    }

    @Test func shortDragOverATappableChildEndsAsTheTap() {
        // Both end at the same release; the child's tap ranks higher and wins.
        let state = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            NestedGestures(
                parent: DragGesture().updating(state) { v, s, _ in s = v.translation }
                    .onEnded { [log] _ in log("drag") },
                child: TapGesture().onEnded { [log] in log("tap") }), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(170, 150, at: 10)
        #expect(state.currentValue == CGSize(width: 20, height: 0))  // the lower drag is active meanwhile
        h.up(at: 20)
        #expect(log.entries == ["tap"] && state.currentValue == .zero)
        // Past the tap's 45 pt the tap fails and the drag ends.
        h.down(150, 150, at: 100)
        h.move(200, 150, at: 110)
        h.up(at: 120)
        #expect(log.entries == ["tap", "drag"])
    }
}
