import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// Deterministic pseudo-random numbers (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A tree of composed gestures at every priority: a long-press-then-drag parent, a child with a drag and a
/// simultaneous magnify, a child with exclusive taps beside a drag and a high-priority long press.
/// Every third end of the parent's gesture removes the first child (mid-gesture removals).
struct FuzzView: View {
    let states: FuzzStates
    @State private var endedCount = 0
    var body: some View {
        ZStack {
            Color.gray.frame(width: 280, height: 280)
            HStack(spacing: 20) {
                if endedCount % 3 == 2 {
                    Color.clear.frame(width: 120, height: 200)
                } else {
                    Color.red.frame(width: 120, height: 200)
                        .gesture(DragGesture(minimumDistance: 0).updating(states.a) { v, s, _ in s = v.translation })
                        .simultaneousGesture(
                            MagnifyGesture().simultaneously(with: RotateGesture())
                                .updating(states.pinch) { v, s, _ in s = v.first?.magnification ?? 1 })
                }
                Color.green.frame(width: 120, height: 200)
                    .gesture(
                        TapGesture(count: 2).exclusively(before: TapGesture())
                            .simultaneously(with: DragGesture().updating(states.b) { v, s, _ in s = v.translation })
                            .onEnded { _ in states.ends += 1 }
                    )
                    .highPriorityGesture(
                        LongPressGesture(minimumDuration: 0.3, maximumDistance: 20)
                            .updating(states.long) { v, s, _ in s = v })
            }
        }
        .gesture(
            LongPressGesture(minimumDuration: 0.2).sequenced(before: DragGesture(minimumDistance: 5))
                .updating(states.parent) { v, s, _ in
                    switch v {
                    case .first: s = 1
                    case .second(_, nil): s = 2
                    case .second(_, .some): s = 3
                    }
                }
                .map { _ in 1 }
                .onEnded { _ in
                    states.ends += 1
                    endedCount += 1
                })
    }
}

@MainActor
final class FuzzStates {
    let a = GestureState(wrappedValue: CGSize.zero)
    let b = GestureState(wrappedValue: CGSize.zero)
    let pinch = GestureState(wrappedValue: CGFloat(1))
    let long = GestureState(wrappedValue: false)
    let parent = GestureState(wrappedValue: 0)
    var ends = 0

    var allInitial: Bool {
        a.currentValue == .zero && b.currentValue == .zero && pinch.currentValue == 1 && !long.currentValue
            && parent.currentValue == 0
    }
    var description: String {
        "a=\(a.currentValue) b=\(b.currentValue) pinch=\(pinch.currentValue) long=\(long.currentValue) parent=\(parent.currentValue)"
    }
}

@MainActor
@Suite struct GestureFuzzTests {
    @Test func randomEventSequencesKeepTheInvariants() {
        let states = FuzzStates()
        let graph = makeGraph(FuzzView(states: states), width: 300, height: 300)
        graph.update()
        let clock = VirtualClock()
        let system = GestureSystem(graph: graph, clock: clock)
        var began: Set<Int> = []
        var overCount: [Int: Int] = [:]
        system.observer = { event in
            if event.kind == .began { began.insert(event.session) } else { overCount[event.session, default: 0] += 1 }
        }
        var rng = SplitMix64(state: 0x5EED_6E57)
        var now = 0.0
        var sequencesStarted = 0
        var episodes = 0
        var failures = 0
        var updates = 0
        var removals = 0

        func point() -> CGPoint {
            // Mostly on the views, sometimes anywhere (also outside the window).
            if Int.random(in: 0..<8, using: &rng) == 0 {
                return CGPoint(
                    x: Double.random(in: -50...350, using: &rng), y: Double.random(in: -50...350, using: &rng))
            }
            return CGPoint(x: Double.random(in: 20...280, using: &rng), y: Double.random(in: 50...250, using: &rng))
        }

        while sequencesStarted < 100_000 {
            episodes += 1
            var down: [InputSequenceID: CGPoint] = [:]
            var pointerDown = false
            var pinching = false
            let steps = Int.random(in: 2...14, using: &rng)
            for _ in 0..<steps {
                now += [0, 1, 8, 16, 50, 120, 250, 400][Int.random(in: 0..<8, using: &rng)]
                clock.milliseconds = now
                var frame: [InputEvent] = []
                let actions = Int.random(in: 1...3, using: &rng)
                for _ in 0..<actions {
                    switch Int.random(in: 0..<100, using: &rng) {
                    case 0..<22:  // a finger down
                        let id = Int32.random(in: 1...3, using: &rng)
                        if down[.touch(id)] == nil {
                            down[.touch(id)] = point()
                            sequencesStarted += 1
                        }
                        frame.append(.touchDown(id, down[.touch(id)]!, time: now))
                    case 22..<30:
                        if !pointerDown {
                            pointerDown = true
                            sequencesStarted += 1
                            frame.append(.pointerDown(point(), time: now))
                        } else {
                            frame.append(.pointerUp(time: now))
                            pointerDown = false
                        }
                    case 30..<65:  // moves
                        if let (id, p) = down.randomElement(using: &rng), case .touch(let t) = id {
                            let q = CGPoint(
                                x: p.x + Double.random(in: -30...30, using: &rng),
                                y: p.y + Double.random(in: -30...30, using: &rng))
                            down[id] = q
                            frame.append(.touchMove(t, q, time: now))
                        } else if pointerDown {
                            frame.append(.pointerMove(point(), time: now))
                        }
                    case 65..<85:  // a finger up
                        if let (id, _) = down.randomElement(using: &rng), case .touch(let t) = id {
                            down[id] = nil
                            frame.append(.touchUp(t, time: now))
                        }
                    case 85..<88:
                        if !pinching {
                            pinching = true
                            sequencesStarted += 1
                            frame.append(.pinchBegin(point(), time: now))
                        } else {
                            frame.append(
                                .pinchUpdate(
                                    scale: Double.random(in: 0.5...2, using: &rng),
                                    rotation: Double.random(in: -20...20, using: &rng), time: now))
                        }
                    case 88..<90:
                        if pinching {
                            pinching = false
                            frame.append(.pinchEnd(time: now, cancelled: Bool.random(using: &rng)))
                        }
                    case 90..<91:
                        frame.append(.touchCancel(time: now))
                        down.removeAll()
                    case 91..<96:
                        system.advanceTime(to: now)
                    default:
                        if pointerDown { frame.append(.pointerMove(point(), time: now)) }
                    }
                }
                system.handle(frame: frame)
                if graph.needsUpdate {
                    graph.update()
                    updates += 1
                    if !system.removedGestureOwners.isEmpty { removals += 1 }
                }
            }
            // Everything lifts; then the pending deadlines (double-tap windows) pass.
            now += 5
            var release: [InputEvent] = down.keys.compactMap {
                if case .touch(let t) = $0 { .touchUp(t, time: now) } else { nil }
            }
            if pointerDown { release.append(.pointerUp(time: now)) }
            if pinching { release.append(.pinchEnd(time: now)) }
            system.handle(frame: release)
            // With every finger up, the states of gestures without a tap window are back at once.
            let releasedAtOnce =
                states.a.currentValue == .zero && states.pinch.currentValue == 1 && !states.long.currentValue
                && states.parent.currentValue == 0
            now += 1000
            clock.milliseconds = now
            system.advanceTime(to: now)
            if graph.needsUpdate {
                graph.update()
                updates += 1
            }

            let ok =
                releasedAtOnce && states.allInitial && system.liveGestures.isEmpty && system.activeSequences.isEmpty
                && system.nextDeadline == nil && overCount.count == began.count
                && overCount.values.allSatisfy { $0 == 1 }
                && Set(overCount.keys) == began
            if !ok {
                failures += 1
                if failures <= 3 {
                    Issue.record(
                        "episode \(episodes): \(states.description) live \(system.liveGestures.map { $0.recognizers }) began \(began.count) over \(overCount)"
                    )
                }
            }
            began.removeAll(keepingCapacity: true)
            overCount.removeAll(keepingCapacity: true)
        }
        #expect(failures == 0)
        #expect(sequencesStarted >= 100_000)
        #expect(states.ends > 0)  // the tree did recognise things
        #expect(updates > 0 && removals > 0)  // and views were removed and re-added along the way
    }
}

@MainActor
@Suite struct GestureInputRobustnessTests {
    @Test func strayAndAbsurdEventsAreHarmless() {
        let state = GestureState(wrappedValue: CGSize.zero)
        var ended = 0
        let h = GestureHarness(
            GestureBox(
                gesture: DragGesture(minimumDistance: 0).updating(state) { v, s, _ in s = v.translation }
                    .onEnded { _ in ended += 1 }), width: 300, height: 300)
        // Releases and motion without presses, a pinch update without a begin, an unknown finger.
        h.frame(
            .pointerUp(time: 0), .touchUp(7, time: 0), .touchMove(7, CGPoint(x: 1, y: 1), time: 0),
            .pinchUpdate(scale: 3, time: 0), .pinchEnd(time: 0), .touchCancel(time: 0))
        // Non-finite coordinates and times, time going backwards.
        h.frame(.touchDown(1, CGPoint(x: CGFloat.nan, y: 150), time: 10))
        h.frame(.touchUp(1, time: .nan))
        h.frame(.pointerDown(CGPoint(x: 150, y: 150), time: 100))
        h.frame(.pointerMove(CGPoint(x: 160, y: 150), time: 50))
        h.frame(.pointerMove(CGPoint(x: CGFloat.infinity, y: 150), time: 60))
        h.frame(.pointerMove(CGPoint(x: 170, y: 150), time: 200))
        #expect(state.currentValue == CGSize(width: 20, height: 0))
        h.frame(.pointerDown(CGPoint(x: 150, y: 150), time: 210))  // a second press of a pressed pointer: motion
        h.up(at: 220)
        #expect(state.currentValue == .zero && ended == 1)
        h.advance(to: .infinity)  // ignored
        h.advance(to: .nan)
        #expect(h.system.currentTime == 220)
        h.advance(to: 1e12)
        #expect(h.system.liveGestures.isEmpty && h.system.activeSequences.isEmpty && h.system.currentTime == 1e12)
    }
}
