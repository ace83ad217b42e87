import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// Each gesture's thresholds, values and callbacks, driven through the real graph.
@MainActor
@Suite struct RecognizerTests {
    let log = CallLog()

    // MARK: Drag

    @Test func dragBelowMinimumDistanceNeverFires() {
        let state = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            GestureBox(
                gesture: DragGesture()
                    .onChanged { [log] _ in log("changed") }
                    .updating(state) { [log] v, s, _ in
                        log("updating")
                        s = v.translation
                    }
                    .onEnded { [log] _ in log("ended") }), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(155, 150, at: 10)
        h.move(150, 159.9, at: 20)
        h.up(at: 30)
        #expect(log.entries.isEmpty)
        #expect(h.lifecycle.map(\.kind) == [.began, .failed])
        // At exactly 10 pt (Euclidean, from the press) it activates, the first translation already 10 long.
        h.down(150, 150, at: 100)
        h.move(156, 158, at: 110)
        #expect(log.entries == ["changed", "updating"])
        #expect(state.currentValue == CGSize(width: 6, height: 8))
    }

    @Test func dragValueVelocityPredictionAndSpaces() throws {
        var values: [DragGesture.Value] = []
        var globals: [DragGesture.Value] = []
        let view = GestureBox(
            gesture: DragGesture(minimumDistance: 0).onChanged { values.append($0) }
                .simultaneously(
                    with: DragGesture(minimumDistance: 0, coordinateSpace: .global).onChanged { globals.append($0) }))
        let h = GestureHarness(view, width: 300, height: 300)
        h.down(110, 120, at: 0)
        #expect(values.count == 1)
        #expect(
            values[0].location == CGPoint(x: 10, y: 20) && values[0].translation == .zero && values[0].velocity == .zero
        )
        #expect(globals[0].location == CGPoint(x: 110, y: 120))
        h.move(120, 120, at: 100)
        h.move(140, 120, at: 200)
        let last = try #require(values.last)
        // Velocity: 0.75 × (20 pt / 0.1 s) + 0.25 × (10 pt / 0.1 s) = 175 pt/s.
        #expect(abs(last.velocity.width - 175) < 1e-9 && last.velocity.height == 0)
        #expect(abs(last.predictedEndLocation.x - (40 + 175 * 0.25)) < 1e-9)
        #expect(abs(last.predictedEndTranslation.width - (30 + 175 * 0.25)) < 1e-9)
        #expect(last.startLocation == CGPoint(x: 10, y: 20) && last.translation == CGSize(width: 30, height: 0))
        #expect(last.time == h.clock.date(atMilliseconds: 200))
        // A new event at the same place is still a change (its time differs).
        h.move(140, 120, at: 210)
        #expect(values.count == 4)
    }

    @Test func namedCoordinateSpace() {
        var location = CGPoint.zero
        let view = Color.blue.frame(width: 100, height: 100)
            .gesture(
                DragGesture(minimumDistance: 0, coordinateSpace: .named("pad")).onChanged { location = $0.location }
            )
            .padding(30).coordinateSpace(name: "pad")
        let h = GestureHarness(view, width: 300, height: 300)
        // The padded view is 160×160 at (70,70); the square at (100,100).
        h.down(110, 105, at: 0)
        #expect(location == CGPoint(x: 40, y: 35))
    }

    @Test func callbackOrderForOneEventAndAtTheEnd() {
        let state = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            GestureBox(
                gesture: DragGesture(minimumDistance: 0)
                    .onChanged { [log] v in
                        log("changed \(Int(v.translation.width)) sees \(Int(state.currentValue.width))")
                    }
                    .updating(state) { [log] v, s, t in
                        log("updating \(Int(v.translation.width))")
                        s = v.translation
                    }
                    .onEnded { [log] v in log("ended \(Int(v.translation.width)) sees \(Int(state.currentValue.width))")
                    }), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(170, 150, at: 10)
        h.up(at: 20)
        // onChanged sees the state from before the event; at the end the reset comes before onEnded.
        #expect(
            log.entries == [
                "changed 0 sees 0", "updating 0", "changed 20 sees 0", "updating 20",
                "ended 20 sees 0",
            ])
        #expect(state.currentValue == .zero)
    }

    @Test func customGestureBodyAndMap() {
        var seen: [CGSize] = []
        let h = GestureHarness(
            GestureBox(gesture: TranslationGesture().onEnded { seen.append($0) }), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(160, 170, at: 10)
        h.up(at: 20)
        #expect(seen == [CGSize(width: 10, height: 20)])
    }

    // MARK: Long press

    @Test func longPressEndsOnItsDeadlineWithoutEvents() {
        var deadlines: [Double?] = []
        let h = GestureHarness(
            GestureBox(
                gesture: LongPressGesture().map { $0 ? "yes" : "no" }
                    .onEnded { [log] in log("ended \($0)") }), width: 300, height: 300)
        h.system.onNextDeadlineChange = { deadlines.append($0) }
        h.down(150, 150, at: 1000)
        #expect(h.system.nextDeadline == 1500 && deadlines == [1500])
        h.advance(to: 1499.9)
        #expect(log.entries.isEmpty)
        h.advance(to: 2000)  // a late timer: it ends at its deadline, once
        #expect(log.entries == ["ended yes"])
        #expect(deadlines == [1500, nil])
        h.up(at: 2100)
        #expect(log.entries == ["ended yes"])
    }

    @Test func longPressCancelledByMovingTenPoints() {
        let state = GestureState(wrappedValue: false)
        let h = GestureHarness(
            GestureBox(
                gesture: LongPressGesture().updating(state) { v, s, _ in s = v }
                    .onEnded { [log] _ in log("ended") }), width: 300, height: 300)
        h.down(150, 150, at: 0)
        #expect(state.currentValue == true)  // active(true) at the press
        h.move(159.9, 150, at: 100)
        #expect(state.currentValue == true)
        h.move(156, 158, at: 200)  // exactly 10 from the press: fails
        #expect(state.currentValue == false && h.system.nextDeadline == nil)
        h.advance(to: 1000)
        h.up(at: 1100)
        #expect(log.entries.isEmpty)
        // Released before the deadline: fails too; onLongPressGesture's custom duration.
        h.down(150, 150, at: 2000)
        h.up(at: 2400)
        #expect(log.entries.isEmpty && state.currentValue == false)
    }

    @Test func onLongPressGestureCustomDuration() {
        let h = GestureHarness(
            Color.blue.frame(width: 100, height: 100)
                .onLongPressGesture(minimumDuration: 1) { [log] in log("long") }, width: 300, height: 300)
        h.down(150, 150, at: 0)
        #expect(h.system.nextDeadline == 1000)
        h.advance(to: 999)
        #expect(log.entries.isEmpty)
        h.advance(to: 1000)
        #expect(log.entries == ["long"])
    }

    // MARK: Taps

    @Test func tapLimits() {
        let h = GestureHarness(
            Color.blue.frame(width: 100, height: 100).onTapGesture { [log] in log("tap") },
            width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.up(at: 100)
        #expect(log.entries == ["tap"])
        h.down(150, 150, at: 1000)
        h.advance(to: 1750)  // held 0.75 s: fails
        h.up(at: 1800)
        h.down(150, 150, at: 3000)
        h.move(194, 150, at: 3010)  // 44 pt: still a tap
        h.up(at: 3020)
        h.down(110, 150, at: 4000)
        h.move(155, 150, at: 4010)  // 45 pt: not a tap
        h.up(at: 4020)
        // A secondary button drives nothing.
        h.frame(.pointerDown(CGPoint(x: 150, y: 150), time: 5000, button: .secondary))
        h.frame(.pointerUp(time: 5010, button: .secondary))
        #expect(log.entries == ["tap", "tap"])
    }

    @Test func doubleTapWindow() {
        let h = GestureHarness(
            Color.blue.frame(width: 100, height: 100).onTapGesture(count: 2) { [log] in log("double") },
            width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.up(at: 50)
        #expect(h.system.nextDeadline == 400)
        h.down(150, 150, at: 399)
        h.up(at: 450)
        #expect(log.entries == ["double"])
        h.down(150, 150, at: 1000)
        h.up(at: 1050)
        h.down(150, 150, at: 1401)
        h.up(at: 1450)  // 351 ms after the release: too late
        #expect(log.entries == ["double"])
    }

    @Test func tapVersusDoubleTapExclusive() {
        let h = GestureHarness(
            GestureBox(
                gesture: TapGesture(count: 2).onEnded { [log] in log("double") }
                    .exclusively(before: TapGesture().onEnded { [log] in log("single") })), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.up(at: 50)
        #expect(log.entries.isEmpty)  // the single tap waits for the double tap to fail
        h.advance(to: 399)
        #expect(log.entries.isEmpty)
        h.advance(to: 400)
        #expect(log.entries == ["single"])
        h.down(150, 150, at: 1000)
        h.up(at: 1050)
        h.down(150, 150, at: 1200)
        h.up(at: 1250)
        h.advance(to: 3000)
        #expect(log.entries == ["single", "double"])
    }

    @Test func spatialTapLocation() {
        var locations: [CGPoint] = []
        let h = GestureHarness(
            GestureBox(
                gesture: SpatialTapGesture().onEnded { locations.append($0.location) }
                    .simultaneously(
                        with: SpatialTapGesture(count: 1, coordinateSpace: .global).onEnded {
                            locations.append($0.location)
                        })),
            width: 300, height: 300)
        h.down(120, 130, at: 0)
        h.up(125, 130, at: 10)
        #expect(locations == [CGPoint(x: 25, y: 30), CGPoint(x: 125, y: 130)])
    }

    // MARK: Composition

    @Test func simultaneousValuesAndEnd() {
        var ended: SimultaneousGesture<DragGesture, LongPressGesture>.Value?
        var changes = 0
        let h = GestureHarness(
            GestureBox(
                gesture: DragGesture(minimumDistance: 0).simultaneously(with: LongPressGesture())
                    .onChanged { _ in changes += 1 }.onEnded { ended = $0 }), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.advance(to: 600)
        h.move(151, 150, at: 700)  // the long press failed? no: it ended at 500, before the move
        h.up(at: 800)
        #expect(ended?.first?.translation == CGSize(width: 1, height: 0))
        #expect(ended?.second == true)
        #expect(changes >= 2)
    }

    @Test func exclusiveFirstActivationCancelsSecondAndResetsItsState() {
        let state = GestureState(wrappedValue: CGSize.zero)
        let h = GestureHarness(
            GestureBox(
                gesture: TapGesture().onEnded { [log] in log("tap") }
                    .exclusively(
                        before: DragGesture(minimumDistance: 0).updating(state) { v, s, _ in s = v.translation }
                            .onEnded { [log] _ in log("drag ended") })), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(160, 150, at: 10)
        // The second is reported while the first is possible.
        #expect(state.currentValue == CGSize(width: 10, height: 0))
        h.up(at: 20)  // the tap ends: the drag is cancelled, its state resets, no onEnded
        #expect(log.entries == ["tap"] && state.currentValue == .zero)
        // Moved 45 pt: the tap fails, the drag's end passes through.
        h.down(150, 150, at: 1000)
        h.move(195, 150, at: 1010)
        h.up(at: 1020)
        #expect(log.entries == ["tap", "drag ended"] && state.currentValue == .zero)
    }

    @Test func nestedCompositionSequenceInsideSimultaneous() {
        let pressed = GestureState(wrappedValue: "idle")
        let gesture = LongPressGesture(minimumDuration: 0.2).sequenced(before: DragGesture(minimumDistance: 5))
            .map { value -> String in
                switch value {
                case .first: "pressing"
                case .second(_, let drag): drag.map { "dragging \(Int($0.translation.width))" } ?? "ready"
                }
            }
            .simultaneously(with: TapGesture(count: 2).exclusively(before: TapGesture()))
            .updating(pressed) { value, state, _ in state = value.first ?? "none" }
            .onEnded { [log] value in log("ended \(value.first ?? "nil") \(value.second == nil ? "no tap" : "tap")") }
        let h = GestureHarness(GestureBox(gesture: gesture), width: 300, height: 300)
        h.down(150, 150, at: 0)
        #expect(pressed.currentValue == "pressing")
        h.advance(to: 200)
        #expect(pressed.currentValue == "ready")
        h.move(200, 150, at: 300)  // 50 pt: both taps fail
        #expect(pressed.currentValue == "dragging 50")
        h.up(at: 400)
        #expect(pressed.currentValue == "idle")
        #expect(log.entries == ["ended dragging 50 no tap"])
        // A quick tap: the long press fails, the single tap waits out the double-tap window, then the whole ends.
        h.down(150, 150, at: 1000)
        h.up(at: 1100)
        // The combined gesture is still possible (the taps wait), so its state is not reset yet.
        #expect(pressed.currentValue == "pressing" && log.entries.count == 1)
        h.advance(to: 1449)
        #expect(log.entries.count == 1)
        h.advance(to: 1450)
        #expect(log.entries == ["ended dragging 50 no tap", "ended nil tap"])
        #expect(pressed.currentValue == "idle")
    }

    // MARK: Magnify and rotate

    @Test func magnificationAndRotationFromTwoTouchPoints() throws {
        var magnify: [MagnifyGesture.Value] = []
        var rotate: [RotateGesture.Value] = []
        var ended: (CGFloat, Angle)?
        let gesture = MagnifyGesture().onChanged { magnify.append($0) }
            .simultaneously(with: RotateGesture().onChanged { rotate.append($0) })
            .onEnded { ended = ($0.first?.magnification ?? 0, $0.second?.rotation ?? .zero) }
        let h = GestureHarness(Color.blue.frame(width: 200, height: 200).gesture(gesture), width: 400, height: 400)
        // The view is (100,100)–(300,300).
        h.touchDown(1, 150, 200, at: 0)
        h.touchDown(2, 250, 200, at: 10)
        #expect(magnify.isEmpty && rotate.isEmpty)
        h.touchMove(2, 300, 200, at: 100)  // distance 100 → 150
        let m = try #require(magnify.last)
        #expect(abs(m.magnification - 1.5) < 1e-9)
        #expect(m.startAnchor == UnitPoint(x: 0.5, y: 0.5) && m.startLocation == CGPoint(x: 100, y: 100))
        #expect(rotate.isEmpty)  // no rotation yet
        h.frame(
            .touchMove(1, CGPoint(x: 150, y: 200), time: 200),
            .touchMove(2, CGPoint(x: 150 + 150 / sqrt(2), y: 200 + 150 / sqrt(2)), time: 200))
        let r = try #require(rotate.last)
        #expect(abs(r.rotation.degrees - 45) < 1e-9)  // clockwise on screen
        #expect(abs(magnify.last!.magnification - 1.5) < 1e-9)
        h.touchUp(2, at: 300)
        let end = try #require(ended)
        #expect(abs(end.0 - 1.5) < 1e-9 && abs(end.1.degrees - 45) < 1e-9)
        h.touchUp(1, at: 310)
        #expect(h.system.liveGestures.isEmpty)
    }

    @Test func pinchMagnificationAndRotation() throws {
        let scale = GestureState(wrappedValue: CGFloat(1))
        var ended: [String] = []
        let gesture = MagnificationGesture().updating(scale) { v, s, _ in s = v }.onEnded {
            ended.append("scale \($0)")
        }
        .simultaneously(with: RotationGesture().onEnded { ended.append("angle \(Int($0.degrees.rounded()))") })
        let h = GestureHarness(GestureBox(gesture: gesture), width: 300, height: 300)
        h.frame(.pointerMove(CGPoint(x: 150, y: 150), time: 0))
        h.frame(.pinchBegin(CGPoint(x: 150, y: 150), time: 10))
        h.frame(.pinchUpdate(scale: 1.2, rotation: 10, time: 20))
        #expect(scale.currentValue == 1.2)
        h.frame(.pinchUpdate(scale: 1.5, rotation: 5, time: 30))
        #expect(scale.currentValue == 1.5)
        h.frame(.pinchEnd(time: 40))
        #expect(ended == ["scale 1.5", "angle 15"] && scale.currentValue == 1)
        // A cancelled pinch: no onEnded, state reset. A change below the minimum never starts.
        h.frame(.pinchBegin(CGPoint(x: 150, y: 150), time: 100))
        h.frame(.pinchUpdate(scale: 2, rotation: 0, time: 110))
        #expect(scale.currentValue == 2)
        h.frame(.pinchEnd(time: 120, cancelled: true))
        #expect(scale.currentValue == 1 && ended.count == 2)
        h.frame(.pinchBegin(CGPoint(x: 150, y: 150), time: 200))
        h.frame(.pinchUpdate(scale: 1.005, rotation: 0.5, time: 210))
        h.frame(.pinchEnd(time: 220))
        #expect(ended.count == 2 && scale.currentValue == 1)
    }
}

/// `@GestureState` in a real view: the transactions of its writes and of its reset.
@MainActor
@Suite struct GestureStateTransactionTests {
    struct Draggable: View {
        @GestureState(wrappedValue: .zero, resetTransaction: Transaction(animation: .linear(duration: 1))) var offset:
            CGSize
        let animateUpdates: Bool
        var body: some View {
            Color.blue.frame(width: 100, height: 100)
                .offset(offset)
                .gesture(
                    DragGesture(minimumDistance: 0).updating($offset) { v, s, t in
                        s = v.translation
                        if animateUpdates { t.animation = .easeInOut }
                    })
        }
    }

    @Test func updatingWritesCarryTheBodysTransactionAndTheResetItsOwn() {
        let h = GestureHarness(Draggable(animateUpdates: false), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.move(170, 160, at: 10)
        #expect(h.display == "fill rect [120,110 100x100] rgb(0,122,255)")
        #expect(h.graph.lastTransaction.animation == nil && h.graph.lastTransaction.tracksVelocity)
        h.up(at: 20)
        #expect(h.graph.lastTransaction.animation == .linear(duration: 1))
        // The reset animates (linear, 1 s) from where the view is drawn.
        #expect(h.display == "fill rect [120,110 100x100] rgb(0,122,255)" && h.graph.isAnimating)
        h.advance(to: 520)
        #expect(h.display == "fill rect [110,105 100x100] rgb(0,122,255)")
        h.advance(to: 1020)
        #expect(h.display == "fill rect [100,100 100x100] rgb(0,122,255)" && !h.graph.isAnimating)

        let animated = GestureHarness(Draggable(animateUpdates: true), width: 300, height: 300)
        animated.down(150, 150, at: 0)
        animated.move(170, 160, at: 10)
        #expect(animated.graph.lastTransaction.animation == .easeInOut)
    }
}

@MainActor
@Suite struct TwoFingerAndClockTests {
    @Test func rotationUnwrapsPastHalfATurn() throws {
        var last: Angle?
        let h = GestureHarness(
            Color.blue.frame(width: 300, height: 300).gesture(RotationGesture().onChanged { last = $0 }),
            width: 400, height: 400)
        h.touchDown(1, 200, 200, at: 0)
        h.touchDown(2, 300, 200, at: 0)
        for step in 1...8 {  // finger 2 walks 240° clockwise around finger 1
            let angle = Double(step) * 30 * .pi / 180
            h.touchMove(2, 200 + 100 * cos(angle), 200 + 100 * sin(angle), at: Double(step) * 10)
        }
        let rotation = try #require(last)
        #expect(abs(rotation.degrees - 240) < 1e-9)
    }

    @Test func advanceTimeToNowFollowsTheClock() {
        var ended = false
        let h = GestureHarness(
            GestureBox(gesture: LongPressGesture().onEnded { _ in ended = true }), width: 300, height: 300)
        h.down(150, 150, at: 0)
        h.clock.milliseconds = 499
        h.system.advanceTimeToNow()
        #expect(!ended && h.system.currentTime == 499)
        h.clock.milliseconds = 501
        h.system.advanceTimeToNow()
        #expect(ended && h.system.nextDeadline == nil)
    }
}

@MainActor
@Suite struct TransformedLocalSpaceTests {
    @Test func localSpaceFollowsScaleAndRotationEffectsOutsideTheGesture() throws {
        var local: [CGPoint] = []
        var global: [CGPoint] = []
        let gesture = DragGesture(minimumDistance: 0).onChanged { local.append($0.location) }
            .simultaneously(
                with: DragGesture(minimumDistance: 0, coordinateSpace: .global).onChanged { global.append($0.location) }
            )
        // Scaled ×2 about its centre: the 100×100 view at (100,100) covers (50,50)–(250,250) on screen.
        let scaled = GestureHarness(
            Color.blue.frame(width: 100, height: 100).gesture(gesture).scaleEffect(2), width: 300, height: 300)
        scaled.down(60, 60, at: 0)
        scaled.move(80, 60, at: 10)
        #expect(local == [CGPoint(x: 5, y: 5), CGPoint(x: 15, y: 5)])
        #expect(global == [CGPoint(x: 60, y: 60), CGPoint(x: 80, y: 60)])
        // Turned 90° clockwise: the view's right edge midpoint (100,50 local) is drawn below the centre.
        local.removeAll()
        let turned = GestureHarness(
            Color.blue.frame(width: 100, height: 100).gesture(gesture).rotationEffect(.degrees(90)),
            width: 300, height: 300)
        turned.down(150, 190, at: 0)
        let p = try #require(local.first)
        #expect(abs(p.x - 90) < 1e-9 && abs(p.y - 50) < 1e-9)
    }
}
