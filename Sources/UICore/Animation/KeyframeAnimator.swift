import Foundation

/// The view a content closure of `phaseAnimator` or `keyframeAnimator` modifies: the view the modifier is on.
public struct PlaceholderContentView<Value>: View {
    package let content: AnyView

    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        AnyView._makeViewNodes(view.content, into: builder)
    }
    public static func _makeViewList(_ view: Self) -> _ViewList { AnyView._makeViewList(view.content) }
    public static var _viewListCount: Int? { nil }
}

/// A container that plays keyframes on a value and builds its content from the value, every frame while they play.
public struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View
where Value == KeyframePath.Value {
    package enum Playback {
        case repeating(Bool)
        case trigger(any Equatable)
    }
    package let initialValue: Value
    package let playback: Playback
    package let content: (Value) -> Content
    package let keyframes: (Value) -> KeyframePath

    /// Plays the keyframes, from the value they last ended at, each time `trigger` changes.
    public init(
        initialValue: Value, trigger: some Equatable, @ViewBuilder content: @escaping (Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
    ) {
        self.initialValue = initialValue
        playback = .trigger(trigger)
        self.content = content
        self.keyframes = keyframes
    }

    /// Loops the keyframes while `repeating` (when false, the content shows the timeline's start).
    public init(
        initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
    ) {
        self.initialValue = initialValue
        playback = .repeating(repeating)
        self.content = content
        self.keyframes = keyframes
    }

    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = KeyframeAnimatorNode<Value>.installed(in: builder)
        let content = view.content
        let keyframes = view.keyframes
        node.update(
            initialValue: view.initialValue, playback: view.playback,
            timeline: { KeyframeTimeline(initialValue: $0, keyframes: keyframes($0)) },
            content: { value, childBuilder in makeNodes(content(value), into: childBuilder) })
    }
}

extension View {
    /// Plays `keyframes` each time `trigger` changes, building the view with `content` from the value.
    public func keyframeAnimator<Value, Modified: View, Path: Keyframes>(
        initialValue: Value, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> Modified,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> Path
    ) -> some View where Path.Value == Value {
        let placeholder = PlaceholderContentView<Self>(content: AnyView(self))
        return KeyframeAnimator(
            initialValue: initialValue, trigger: trigger, content: { content(placeholder, $0) }, keyframes: keyframes)
    }

    /// Loops `keyframes` while `repeating`, building the view with `content` from the value.
    public func keyframeAnimator<Value, Modified: View, Path: Keyframes>(
        initialValue: Value, repeating: Bool = true,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> Modified,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> Path
    ) -> some View where Path.Value == Value {
        let placeholder = PlaceholderContentView<Self>(content: AnyView(self))
        return KeyframeAnimator(
            initialValue: initialValue, repeating: repeating, content: { content(placeholder, $0) },
            keyframes: keyframes)
    }
}

/// The node of a `KeyframeAnimator`: while the keyframes play, rebuilds its content each frame with the value
/// at that frame's time (since the keyframes began).
@MainActor
package final class KeyframeAnimatorNode<Value>: TimeDrivenContentNode, AnimatingNode {
    private var makeContent: ((Value, _ViewNodeBuilder) -> Void)?
    private var makeTimeline: ((Value) -> KeyframeTimeline<Value>)?
    private var trigger: (any Equatable)?
    private var repeating = false
    /// The value shown while nothing plays.
    private var restingValue: Value?
    private var timeline: KeyframeTimeline<Value>?
    /// When the keyframes began (animation clock), while they play.
    private var start: Double?

    package func update(
        initialValue: Value, playback: KeyframeAnimator<Value, some Keyframes, some View>.Playback,
        timeline makeTimeline: @escaping (Value) -> KeyframeTimeline<Value>,
        content: @escaping (Value, _ViewNodeBuilder) -> Void
    ) {
        let isNew = restingValue == nil
        if isNew { restingValue = initialValue }
        self.makeContent = content
        self.makeTimeline = makeTimeline
        switch playback {
        case .repeating(let on):
            if on != repeating || isNew {
                repeating = on
                if on {
                    play(from: initialValue)
                } else {
                    start = nil
                    restingValue = makeTimeline(initialValue).value(time: 0)
                }
            }
        case .trigger(let newTrigger):
            repeating = false
            if let old = trigger, !equatableEquals(old, newTrigger) { play(from: currentValue) }
            trigger = newTrigger
        }
        rebuild()
    }

    private func play(from value: Value) {
        timeline = makeTimeline?(value)
        start = graph.animations.time
        graph.animations.register(self)
    }

    /// The value at the current frame.
    private var currentValue: Value {
        // Set by the first update, before anything reads it.
        guard let start, let timeline else { return restingValue! }
        let elapsed = graph.animations.time - start
        let duration = timeline.duration
        guard duration > 0, duration.isFinite else { return timeline.value(time: duration) }
        if repeating { return timeline.value(time: elapsed.truncatingRemainder(dividingBy: duration)) }
        return timeline.value(time: elapsed)
    }

    package override func buildContent() {
        let value = currentValue
        if let start, let timeline, !repeating, graph.animations.time - start >= timeline.duration {
            // Over: the content keeps the last value, and the next keyframes start from it.
            restingValue = value
            self.start = nil
        }
        guard let makeContent else { return }
        rebuildContent { makeContent(value, $0) }
    }

    package func invalidateForAnimationFrame() { stateDidChange() }
    package func finishAnimations(at time: Double) -> Bool { start != nil && !isRemoved }

    package override var debugName: String { "KeyframeAnimator" }
}
