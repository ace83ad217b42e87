import Foundation

// Combinators (sequenced, simultaneous, exclusive) and callback layers (onChanged, updating, onEnded). Callback layers queue their actions after the
// actions of what they wrap, so one step's queue is inner first: `G.onChanged(A).updating($s, B)` queues
// [A, write s]; `G.updating($s, B).onEnded(C)` at the end queues [reset s, C].

extension SequenceGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { SequenceRecognizer(self) }
}

/// `.first(a)` while the first gesture runs; once it ends, the second starts in the same step with what is
/// down at that moment (its drag starts where the pointer is then) and the value is `.second(a, b?)`.
package final class SequenceRecognizer<First: Gesture, Second: Gesture>: GestureRecognizer<
    SequenceGesture<First, Second>.Value
>
{
    package typealias Value = SequenceGesture<First, Second>.Value
    private var gesture: SequenceGesture<First, Second>
    private let first: GestureRecognizer<First.Value>
    private var second: GestureRecognizer<Second.Value>?
    private var firstValue: First.Value?

    package init(_ gesture: SequenceGesture<First, Second>) {
        self.gesture = gesture
        first = makeRecognizer(gesture.first)
    }
    package override var debugName: String { "sequenced" }
    package override var children: [AnyGestureRecognizer] { [first] + (second.map { [$0] } ?? []) }
    package override var deadline: Double? { second?.deadline ?? first.deadline }
    package override func refresh(_ gesture: any Gesture) {
        guard let gesture = gesture as? SequenceGesture<First, Second> else { return }
        self.gesture = gesture
        first.refresh(gesture.first)
        second?.refresh(gesture.second)
    }

    package override func update(_ step: inout GestureStep) -> GesturePhase<Value>? {
        var started = false
        if second == nil {
            guard first.advance(&step) else { return nil }
            switch first.phase {
            case .failed: return .failed
            case .possible(let value): return .possible(value.map { .first($0) })
            case .active(let value): return .active(.first(value))
            case .ended(let value):
                firstValue = value
                second = makeRecognizer(gesture.second)
                started = true
            }
        }
        guard let second, let firstValue else { return .failed }
        guard second.advance(&step) || started else { return nil }
        switch second.phase {
        case .possible: return .active(.second(firstValue, nil))
        case .active(let value): return .active(.second(firstValue, value))
        case .ended(let value): return .ended(.second(firstValue, value))
        case .failed: return .failed
        }
    }
}

extension SimultaneousGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { SimultaneousRecognizer(self) }
}

/// Both at once: active while either is active, possible while either is possible, ended when both are over
/// (nil for a failed one), failed only when both failed.
package final class SimultaneousRecognizer<First: Gesture, Second: Gesture>: GestureRecognizer<
    SimultaneousGesture<First, Second>.Value
>
{
    package typealias Value = SimultaneousGesture<First, Second>.Value
    private let first: GestureRecognizer<First.Value>
    private let second: GestureRecognizer<Second.Value>

    package init(_ gesture: SimultaneousGesture<First, Second>) {
        first = makeRecognizer(gesture.first)
        second = makeRecognizer(gesture.second)
    }
    package override var debugName: String { "simultaneously" }
    package override var children: [AnyGestureRecognizer] { [first, second] }
    package override var deadline: Double? { [first.deadline, second.deadline].compactMap { $0 }.min() }
    package override func refresh(_ gesture: any Gesture) {
        guard let gesture = gesture as? SimultaneousGesture<First, Second> else { return }
        first.refresh(gesture.first)
        second.refresh(gesture.second)
    }

    package override func update(_ step: inout GestureStep) -> GesturePhase<Value>? {
        let a = first.advance(&step)
        let b = second.advance(&step)
        guard a || b else { return nil }
        let value = Value(first: first.phase.value, second: second.phase.value)
        switch (first.phase, second.phase) {
        case (.active, _), (_, .active): return .active(value)
        case (.possible, _), (_, .possible): return .possible(nil)
        case (.failed, .failed): return .failed
        default: return .ended(value)
        }
    }
}

extension ExclusiveGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { ExclusiveRecognizer(self) }
}

/// The first has precedence. While it is possible, the second may be reported active, but its end (and the
/// callbacks that come with it) waits until the first fails; when the first becomes active, the second is
/// cancelled (its @GestureState resets, its onEnded never runs).
package final class ExclusiveRecognizer<First: Gesture, Second: Gesture>: GestureRecognizer<
    ExclusiveGesture<First, Second>.Value
>
{
    package typealias Value = ExclusiveGesture<First, Second>.Value
    private let first: GestureRecognizer<First.Value>
    private let second: GestureRecognizer<Second.Value>
    private var held: [GestureAction] = []
    private var secondCancelled = false

    package init(_ gesture: ExclusiveGesture<First, Second>) {
        first = makeRecognizer(gesture.first)
        second = makeRecognizer(gesture.second)
    }
    package override var debugName: String { "exclusively" }
    package override var children: [AnyGestureRecognizer] { [first, second] }
    package override var deadline: Double? {
        [first.phase.isTerminal ? nil : first.deadline, second.phase.isTerminal ? nil : second.deadline].compactMap {
            $0
        }.min()
    }
    package override func refresh(_ gesture: any Gesture) {
        guard let gesture = gesture as? ExclusiveGesture<First, Second> else { return }
        first.refresh(gesture.first)
        second.refresh(gesture.second)
    }
    package override func cancel(_ step: inout GestureStep) {
        held.removeAll()
        super.cancel(&step)
    }

    package override func update(_ step: inout GestureStep) -> GesturePhase<Value>? {
        let a = first.advance(&step)
        switch first.phase {
        case .active(let value), .ended(let value):
            if !secondCancelled {
                secondCancelled = true
                held.removeAll()
                second.cancel(&step)
            }
            guard a else { return nil }
            return first.phase.isTerminal ? .ended(.first(value)) : .active(.first(value))
        case .possible, .failed:
            break
        }
        let outer = step.actions
        step.actions = []
        let b = second.advance(&step)
        let secondActions = step.actions
        step.actions = outer
        if case .possible = first.phase {
            switch second.phase {
            case .ended:
                held += secondActions
                return b ? .possible(nil) : nil
            case .active(let value):
                step.actions += held + secondActions
                held.removeAll()
                return b ? .active(.second(value)) : nil
            case .possible, .failed:
                step.actions += secondActions
                return a || b ? .possible(nil) : nil
            }
        }
        // The first failed: the second's phases pass through, with whatever it held back.
        step.actions += held + secondActions
        held.removeAll()
        guard a || b else { return nil }
        switch second.phase {
        case .possible(let value): return .possible(value.map { .second($0) })
        case .active(let value): return .active(.second(value))
        case .ended(let value): return .ended(.second(value))
        case .failed: return .failed
        }
    }
}

extension _MapGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { MapRecognizer(self) }
}

package final class MapRecognizer<Content: Gesture, Value>: GestureRecognizer<Value> {
    private var gesture: _MapGesture<Content, Value>
    private let content: GestureRecognizer<Content.Value>
    package init(_ gesture: _MapGesture<Content, Value>) {
        self.gesture = gesture
        content = makeRecognizer(gesture.content)
    }
    package override var debugName: String { "map" }
    package override var children: [AnyGestureRecognizer] { [content] }
    package override var onlyChild: AnyGestureRecognizer? { content }
    package override var deadline: Double? { content.deadline }
    package override func refresh(_ gesture: any Gesture) {
        guard let gesture = gesture as? _MapGesture<Content, Value> else { return }
        self.gesture = gesture
        content.refresh(gesture.content)
    }
    package override func update(_ step: inout GestureStep) -> GesturePhase<Value>? {
        guard content.advance(&step) else { return nil }
        return content.phase.map(gesture.transform)
    }
}

extension _ChangedGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { ChangedRecognizer(self) }
}

/// `onChanged`: on active phases whose value differs from the last one delivered, inside `withAnimation(nil)`.
package final class ChangedRecognizer<Content: Gesture>: GestureRecognizer<Content.Value>
where Content.Value: Equatable {
    private var gesture: _ChangedGesture<Content>
    private let content: GestureRecognizer<Content.Value>
    private var last: Content.Value?
    package init(_ gesture: _ChangedGesture<Content>) {
        self.gesture = gesture
        content = makeRecognizer(gesture.content)
    }
    package override var debugName: String { "onChanged" }
    package override var children: [AnyGestureRecognizer] { [content] }
    package override var onlyChild: AnyGestureRecognizer? { content }
    package override var deadline: Double? { content.deadline }
    package override func refresh(_ gesture: any Gesture) {
        guard let gesture = gesture as? _ChangedGesture<Content> else { return }
        take(gesture)
    }
    package override func refresh<G: Gesture>(typed gesture: G) {
        guard let gesture = gesture as? _ChangedGesture<Content> else { return }
        take(gesture)
    }
    private func take(_ gesture: _ChangedGesture<Content>) {
        self.gesture = gesture
        content.refresh(typed: gesture.content)
    }
    package override func update(_ step: inout GestureStep) -> GesturePhase<Content.Value>? {
        guard content.advance(&step) else { return nil }
        if case .active(let value) = content.phase, value != last {
            last = value
            step.actions.append { [self] in withAnimation(nil) { gesture.action(value) } }
        }
        return content.phase
    }
}

extension _EndedGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { EndedRecognizer(self) }
}

/// `onEnded`: once, on the ended phase; never on failure or cancellation.
package final class EndedRecognizer<Content: Gesture>: GestureRecognizer<Content.Value> {
    private var gesture: _EndedGesture<Content>
    private let content: GestureRecognizer<Content.Value>
    package init(_ gesture: _EndedGesture<Content>) {
        self.gesture = gesture
        content = makeRecognizer(gesture.content)
    }
    package override var debugName: String { "onEnded" }
    package override var children: [AnyGestureRecognizer] { [content] }
    package override var onlyChild: AnyGestureRecognizer? { content }
    package override var deadline: Double? { content.deadline }
    package override func refresh(_ gesture: any Gesture) {
        guard let gesture = gesture as? _EndedGesture<Content> else { return }
        take(gesture)
    }
    package override func refresh<G: Gesture>(typed gesture: G) {
        guard let gesture = gesture as? _EndedGesture<Content> else { return }
        take(gesture)
    }
    private func take(_ gesture: _EndedGesture<Content>) {
        self.gesture = gesture
        content.refresh(typed: gesture.content)
    }
    package override func update(_ step: inout GestureStep) -> GesturePhase<Content.Value>? {
        guard content.advance(&step) else { return nil }
        if case .ended(let value) = content.phase {
            step.actions.append { [self] in gesture.action(value) }
        }
        return content.phase
    }
}

extension GestureStateGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { GestureStateRecognizer(self) }
}

/// `updating($state)`: on every active step, the body runs (from the queue) on a copy of the current state and
/// the copy is written back with the transaction the body left (`tracksVelocity` set). Once written, the state
/// is "armed": the end, a failure or a cancellation queues its reset with the state's reset transaction.
package final class GestureStateRecognizer<Base: Gesture, State>: GestureRecognizer<Base.Value> {
    private var gesture: GestureStateGesture<Base, State>
    private let base: GestureRecognizer<Base.Value>
    /// A write may have happened and no reset has run since.
    package private(set) var armed = false
    package init(_ gesture: GestureStateGesture<Base, State>) {
        self.gesture = gesture
        base = makeRecognizer(gesture.base)
    }
    package override var debugName: String { "updating" }
    package override var children: [AnyGestureRecognizer] { [base] }
    package override var onlyChild: AnyGestureRecognizer? { base }
    package override var deadline: Double? { base.deadline }
    package override func refresh(_ gesture: any Gesture) {
        guard let gesture = gesture as? GestureStateGesture<Base, State> else { return }
        self.gesture = gesture
        base.refresh(gesture.base)
    }
    package override func update(_ step: inout GestureStep) -> GesturePhase<Base.Value>? {
        guard base.advance(&step) else { return nil }
        switch base.phase {
        case .active(let value):
            armed = true
            step.actions.append { [self] in
                let state = gesture.state
                var copy = state.currentValue
                var transaction = Transaction()
                transaction.tracksVelocity = true
                gesture.body(value, &copy, &transaction)
                state.update(to: copy, transaction: transaction)
            }
        case .ended, .failed:
            queueReset(&step)
        case .possible:
            break
        }
        return base.phase
    }
    package override func cancel(_ step: inout GestureStep) {
        super.cancel(&step)
        queueReset(&step)
    }
    private func queueReset(_ step: inout GestureStep) {
        guard armed else { return }
        step.actions.append { [self] in
            armed = false
            gesture.state.reset()
        }
    }
}
