// libFuzzer target: the gesture system fed arbitrary event streams (any order, fingers that never went down,
// absurd times and places) over a tree of composed gestures. After the stream every finger lifts and time
// passes: then every @GestureState is back at its initial value and no gesture session is left.
import Foundation
@_spi(Engine) @testable import UICore

@MainActor final class FuzzedStates {
    let drag = GestureState(wrappedValue: CGSize.zero)
    let pinch = GestureState(wrappedValue: CGFloat(1))
    let long = GestureState(wrappedValue: false)
    let sequence = GestureState(wrappedValue: 0)
    var allInitial: Bool {
        drag.currentValue == .zero && pinch.currentValue == 1 && !long.currentValue && sequence.currentValue == 0
    }
}

struct FuzzedGestureView: View {
    let states: FuzzedStates
    @State private var ends = 0
    var body: some View {
        ZStack {
            Color.gray.frame(width: 280, height: 280)
            HStack(spacing: 20) {
                if ends % 3 != 2 {
                    Color.red.frame(width: 120, height: 200)
                        .gesture(DragGesture(minimumDistance: 0).updating(states.drag) { v, s, _ in s = v.translation })
                        .simultaneousGesture(MagnifyGesture().updating(states.pinch) { v, s, _ in s = v.magnification })
                }
                Color.green.frame(width: 120, height: 200)
                    .gesture(TapGesture(count: 2).exclusively(before: TapGesture()).onEnded { _ in ends += 1 })
                    .highPriorityGesture(LongPressGesture(minimumDuration: 0.3).updating(states.long) { v, s, _ in s = v })
            }
        }
        .gesture(LongPressGesture(minimumDuration: 0.2).sequenced(before: DragGesture(minimumDistance: 5))
            .updating(states.sequence) { v, s, _ in
                if case .second = v { s = 2 } else { s = 1 }
            }
            .onEnded { _ in ends += 1 })
    }
}


func fuzzGestureStreams(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    return MainActor.assumeIsolated {
        let states = FuzzedStates()
        let graph = ViewGraph(root: FuzzedGestureView(states: states), size: CGSize(width: 300, height: 300))
        graph.update()
        let clock = VirtualClock()
        let system = GestureSystem(graph: graph, clock: clock)
        var bytes = input.makeIterator()
        func next() -> UInt8? { bytes.next() }
        var now = 0.0
        // Each event: a kind byte, then what it needs. Times mostly move forward; some jump or go back.
        while let kind = next() {
            guard let a = next(), let b = next(), let c = next() else { break }
            let location = CGPoint(x: Double(a) * 1.3 - 20, y: Double(b) * 1.3 - 20)
            let id = Int32(c % 4)
            switch c >> 5 {
            case 0: now -= 10
            case 1: now += 1000
            default: now += Double(c % 40)
            }
            clock.milliseconds = now
            let event: InputEvent
            switch kind % 13 {
            case 0: event = .touchDown(id, location, time: now)
            case 1: event = .touchMove(id, location, time: now)
            case 2: event = .touchUp(id, time: now)
            case 3: event = .pointerDown(location, time: now)
            case 4: event = .pointerMove(location, time: now)
            case 5: event = .pointerUp(time: now)
            case 6: event = .pinchBegin(location, time: now)
            case 7: event = .pinchUpdate(scale: Double(a) / 64, rotation: Double(b) - 128, time: now)
            case 8: event = .pinchEnd(time: now, cancelled: a & 1 == 1)
            case 9: event = .touchCancel(time: now)
            case 10: event = .scroll(location, delta: CGSize(width: Double(a) - 128, height: Double(b) - 128), time: now)
            case 11:
                system.advanceTime(to: now)
                continue
            default:
                system.cancelAll()
                continue
            }
            system.handle(frame: [event])
            if graph.needsUpdate { graph.update() }
        }
        // Everything lifts, then every deadline passes.
        now += 5
        let lifts: [InputEvent] = system.activeSequences.compactMap {
            switch $0 {
            case .touch(let id): .touchUp(id, time: now)
            case .pointer: .pointerUp(time: now)
            case .pinch: .pinchEnd(time: now)
            }
        }
        system.handle(frame: lifts)
        now += 10_000
        clock.milliseconds = now
        system.advanceTime(to: now)
        if graph.needsUpdate { graph.update() }
        precondition(system.activeSequences.isEmpty, "sequences outlived their lifts: \(system.activeSequences)")
        precondition(system.liveGestures.isEmpty, "sessions outlived their sequences: \(system.liveGestures.map(\.recognizers))")
        precondition(states.allInitial, "a @GestureState did not reset")
        return 0
    }
}
