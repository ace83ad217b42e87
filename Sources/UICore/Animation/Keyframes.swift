import CoreGraphics
import Foundation

// Keyframes: tracks of keyframes, each moving one property of a value over time; a timeline plays them all
// from the start together. Values interpolate through their `animatableData`.

/// Keyframes that move a value of type `Value` over time (built with `KeyframesBuilder`).
public protocol Keyframes<Value> {
    associatedtype Value
    /// The tracks, resolved (engine use).
    var _tracks: [_KeyframeTrackPlayer<Value>] { get }
}

/// One resolved track: how long it runs and how it sets its property at a time.
public struct _KeyframeTrackPlayer<Root> {
    package let duration: Double
    package let apply: @MainActor (inout Root, _ start: Root, _ time: Double) -> Void
    /// Keyframes of the whole value written without a track: the ones written next join the same track.
    package var looseKeyframes: Any? = nil
    package var joining: ((Any) -> _KeyframeTrackPlayer<Root>?)? = nil
}

/// The tracks a `KeyframesBuilder` built.
public struct _KeyframeTracks<Value>: Keyframes {
    public let _tracks: [_KeyframeTrackPlayer<Value>]
}

/// Keyframes of one track (built with `KeyframeTrackContentBuilder`).
public protocol KeyframeTrackContent<Value> {
    associatedtype Value: Animatable
    /// The keyframes, in order (engine use).
    var _keyframes: [_Keyframe<Value>] { get }
}

/// One keyframe: where the value is at its end, how long it takes to get there, and how.
public struct _Keyframe<Value: Animatable> {
    package enum Motion {
        case linear(UnitCurve)
        case cubic(startVelocity: Value?, endVelocity: Value?)
        case spring(Spring, startVelocity: Value?)
        case move
    }
    package let to: Value
    package let duration: Double
    package let motion: Motion
}

extension _Keyframe {
    /// A keyframe whose duration is NaN or infinite takes no time (and says so once).
    package var withFiniteDuration: _Keyframe {
        if duration.isFinite { return self }
        InvalidValueLog.report("keyframe-duration", "a keyframe with a NaN or infinite duration takes no time")
        return _Keyframe(to: to, duration: 0, motion: motion)
    }
}

/// The keyframes of a track, in order.
public struct _KeyframeList<Value: Animatable>: KeyframeTrackContent {
    public let _keyframes: [_Keyframe<Value>]
}

/// Moves in a straight line to `to`, over `duration`, along `timingCurve`.
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let _keyframes: [_Keyframe<Value>]
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        _keyframes = [_Keyframe(to: to, duration: duration, motion: .linear(timingCurve))]
    }
}

/// Moves to `to` along a cubic curve through the neighbouring keyframes (a velocity left `nil` keeps the motion
/// smooth: the slope between the keyframes around it; at rest at the end of the track).
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let _keyframes: [_Keyframe<Value>]
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        _keyframes = [
            _Keyframe(
                to: to, duration: duration, motion: .cubic(startVelocity: startVelocity, endVelocity: endVelocity))
        ]
    }
}

/// Springs towards `to` for `duration` (the spring's settling duration if `nil`), from the value and velocity
/// the previous keyframe left (or `startVelocity`).
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let _keyframes: [_Keyframe<Value>]
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        _keyframes = [
            _Keyframe(
                to: to, duration: duration ?? spring.settlingDuration,
                motion: .spring(spring, startVelocity: startVelocity))
        ]
    }
}

/// Jumps to `to` at once.
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    public let _keyframes: [_Keyframe<Value>]
    public init(_ to: Value) { _keyframes = [_Keyframe(to: to, duration: 0, motion: .move)] }
}

/// The keyframes of one property (`keyPath`) of the animated value, or of the whole value.
public struct KeyframeTrack<Root, Value: Animatable, Content: KeyframeTrackContent> where Content.Value == Value {
    package let keyPath: WritableKeyPath<Root, Value>
    package let keyframes: [_Keyframe<Value>]

    /// Animates the property at `keyPath`.
    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.keyPath = keyPath
        keyframes = content()._keyframes.map(\.withFiniteDuration)
    }

    package var tracks: [_KeyframeTrackPlayer<Root>] {
        let track = KeyframeTrackData(keyPath: keyPath, keyframes: keyframes)
        let duration = keyframes.reduce(0) { $0 + max(0, $1.duration) }
        return [
            _KeyframeTrackPlayer(duration: duration) { root, start, time in
                root[keyPath: track.keyPath] = KeyframeInterpolation.value(
                    of: track.keyframes, from: start[keyPath: track.keyPath], at: time)
            }
        ]
    }
}

/// A track's property and keyframes, immutable once built, read on the main actor while the track plays.
package final class KeyframeTrackData<Root, Value: Animatable>: @unchecked Sendable {
    package let keyPath: WritableKeyPath<Root, Value>
    package let keyframes: [_Keyframe<Value>]
    package init(keyPath: WritableKeyPath<Root, Value>, keyframes: [_Keyframe<Value>]) {
        self.keyPath = keyPath
        self.keyframes = keyframes
    }
}

extension KeyframeTrack where Root == Value {
    /// Animates the whole value.
    public init(@KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.init(\.self, content: content)
    }
}

/// Builds the tracks of keyframes.
@resultBuilder public struct KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ keyframes: K) -> [_KeyframeTrackPlayer<Value>]
    where K.Value == Value { keyframes._tracks }
    public static func buildExpression<Property, Content>(
        _ track: KeyframeTrack<Value, Property, Content>
    ) -> [_KeyframeTrackPlayer<Value>] { track.tracks }
    /// Keyframes of the whole value, written without a track.
    public static func buildExpression<K: KeyframeTrackContent>(_ content: K) -> [_KeyframeTrackPlayer<Value>]
    where K.Value == Value {
        [KeyframeInterpolation.looseTrack(content._keyframes)]
    }
    public static func buildBlock(_ parts: [_KeyframeTrackPlayer<Value>]...) -> [_KeyframeTrackPlayer<Value>] {
        var tracks: [_KeyframeTrackPlayer<Value>] = []
        for track in parts.flatMap({ $0 }) {
            if let last = tracks.last, let next = track.looseKeyframes, let joined = last.joining?(next) {
                tracks[tracks.count - 1] = joined
            } else {
                tracks.append(track)
            }
        }
        return tracks
    }
    public static func buildOptional(_ part: [_KeyframeTrackPlayer<Value>]?) -> [_KeyframeTrackPlayer<Value>] {
        part ?? []
    }
    public static func buildEither(first: [_KeyframeTrackPlayer<Value>]) -> [_KeyframeTrackPlayer<Value>] { first }
    public static func buildEither(second: [_KeyframeTrackPlayer<Value>]) -> [_KeyframeTrackPlayer<Value>] { second }
    public static func buildFinalResult(_ tracks: [_KeyframeTrackPlayer<Value>]) -> _KeyframeTracks<Value> {
        _KeyframeTracks(_tracks: tracks)
    }
}

/// Builds the keyframes of a track.
@resultBuilder public struct KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframe: K) -> [_Keyframe<Value>]
    where K.Value == Value { keyframe._keyframes }
    public static func buildBlock(_ parts: [_Keyframe<Value>]...) -> [_Keyframe<Value>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [_Keyframe<Value>]?) -> [_Keyframe<Value>] { part ?? [] }
    public static func buildEither(first: [_Keyframe<Value>]) -> [_Keyframe<Value>] { first }
    public static func buildEither(second: [_Keyframe<Value>]) -> [_Keyframe<Value>] { second }
    public static func buildArray(_ parts: [[_Keyframe<Value>]]) -> [_Keyframe<Value>] { parts.flatMap { $0 } }
    public static func buildFinalResult(_ keyframes: [_Keyframe<Value>]) -> _KeyframeList<Value> {
        _KeyframeList(_keyframes: keyframes)
    }
}

/// A value's keyframes laid out in time, to be sampled at any time.
public struct KeyframeTimeline<Value> {
    package let initialValue: Value
    package let tracks: [_KeyframeTrackPlayer<Value>]

    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> some Keyframes<Value>) {
        self.initialValue = initialValue
        tracks = content()._tracks
    }

    package init(initialValue: Value, keyframes: some Keyframes<Value>) {
        self.initialValue = initialValue
        tracks = keyframes._tracks
    }

    /// How long the longest track runs (seconds).
    public var duration: TimeInterval { tracks.map(\.duration).max() ?? 0 }

    /// The value `time` seconds from the start (clamped to the timeline).
    @MainActor public func value(time: TimeInterval) -> Value {
        var value = initialValue
        let t = time.isFinite ? max(0, min(time, duration)) : 0
        for track in tracks { track.apply(&value, initialValue, t) }
        return value
    }

    /// The value at `progress` (0 to 1) of the timeline.
    @MainActor public func value(progress: Double) -> Value { value(time: progress * duration) }
}

/// How a track's keyframes move its property over time.
package enum KeyframeInterpolation {
    /// One track of the whole value; keyframes written after it without a track continue it.
    package static func looseTrack<V: Animatable>(_ keyframes: [_Keyframe<V>]) -> _KeyframeTrackPlayer<V> {
        var player = KeyframeTrack(\V.self) { _KeyframeList(_keyframes: keyframes) }.tracks[0]
        player.looseKeyframes = keyframes
        player.joining = { next in (next as? [_Keyframe<V>]).map { looseTrack(keyframes + $0) } }
        return player
    }

    /// The property `time` seconds into `keyframes`, starting from `start`.
    @MainActor package static func value<V: Animatable>(of keyframes: [_Keyframe<V>], from start: V, at time: Double)
        -> V
    {
        typealias Data = V.AnimatableData
        var points: [(time: Double, data: Data)] = [(0, start.animatableData)]
        for keyframe in keyframes {
            points.append((points[points.count - 1].time + max(0, keyframe.duration), keyframe.to.animatableData))
        }
        var velocity = Data.zero
        var result = start
        for (index, keyframe) in keyframes.enumerated() {
            let (t0, a) = points[index]
            let (t1, b) = points[index + 1]
            let d = t1 - t0
            let done = time >= t1 && index < keyframes.count - 1
            let local = min(max(time - t0, 0), d)
            let sample: (Data, Data)
            switch keyframe.motion {
            case .move:
                sample = (b, .zero)
            case .linear(let curve):
                guard d > 0 else {
                    sample = (b, .zero)
                    break
                }
                let f = curve.value(at: local / d)
                sample = (a + (b - a).scaled(by: f), (b - a).scaled(by: curve.velocity(at: local / d) / d))
            case .cubic(let startVelocity, let endVelocity):
                guard d > 0 else {
                    sample = (b, .zero)
                    break
                }
                // Catmull-Rom slopes between the neighbouring keyframes unless given.
                let m0 =
                    startVelocity?.animatableData
                    ?? (index > 0
                        ? (b - points[index - 1].data).scaled(by: 1 / (t1 - points[index - 1].time)) : velocity)
                let m1 =
                    endVelocity?.animatableData
                    ?? (index + 2 < points.count
                        ? (points[index + 2].data - a).scaled(by: 1 / (points[index + 2].time - t0)) : .zero)
                let s = local / d
                let (s2, s3) = (s * s, s * s * s)
                let value =
                    a.scaled(by: 2 * s3 - 3 * s2 + 1) + m0.scaled(by: d * (s3 - 2 * s2 + s))
                    + b.scaled(by: -2 * s3 + 3 * s2) + m1.scaled(by: d * (s3 - s2))
                let slope =
                    a.scaled(by: (6 * s2 - 6 * s) / d) + m0.scaled(by: 3 * s2 - 4 * s + 1)
                    + b.scaled(by: (-6 * s2 + 6 * s) / d) + m1.scaled(by: 3 * s2 - 2 * s)
                sample = (value, slope)
            case .spring(let spring, let startVelocity):
                let solver = SpringSolver(omega: 2 * .pi / max(spring.response, 1e-6), zeta: spring.dampingRatio)
                let x = solver.state(at: local, displacement: 1, velocity: 0)
                let v = solver.state(at: local, displacement: 0, velocity: 1)
                let x0 = a - b
                let v0 = startVelocity?.animatableData ?? velocity
                sample = (b + x0.scaled(by: x.x) + v0.scaled(by: v.x), x0.scaled(by: x.v) + v0.scaled(by: v.v))
            }
            // The next keyframe starts from where this one left the value (a spring cut short included).
            points[index + 1].data = sample.0
            velocity = sample.1
            if !done {
                result.animatableData = sample.0
                return result
            }
        }
        return result
    }
}
