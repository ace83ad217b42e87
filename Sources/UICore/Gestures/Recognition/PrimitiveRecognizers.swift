import Foundation

// Recognizers of the primitive gestures. Each follows the first pointer or finger it observes (whether it saw
// that point go down or the point was already down when the recognizer started, as the second gesture of a
// sequence does); touchpad pinches only drive magnify/rotate.

extension DragGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { DragRecognizer(self) }
}

/// `DragGesture`: possible until the pointer is `minimumDistance` from where it started (Euclidean;
/// at once when 0), then active on every event of the point; ended at its release, failed if released before.
package final class DragRecognizer: GestureRecognizer<DragGesture.Value> {
    private var gesture: DragGesture
    private var press = FollowedPress()
    private var sampler = VelocitySampler<CGSize>()
    private var isActive = false

    package init(_ gesture: DragGesture) { self.gesture = gesture }
    package override var debugName: String { "DragGesture" }
    package override func refresh(_ gesture: any Gesture) {
        if let gesture = gesture as? DragGesture { self.gesture = gesture }
    }
    package override func refresh<G: Gesture>(typed gesture: G) {
        if let gesture = gesture as? DragGesture { self.gesture = gesture }
    }

    package override func update(_ step: inout GestureStep) -> GesturePhase<DragGesture.Value>? {
        let point: TrackedPoint
        switch press.next(in: step) {
        case .event(let event): point = event
        case .unchanged: return nil
        case .failed: return .failed
        }
        let space = gesture.coordinateSpace
        let location = step.coordinates.convert(point.location, to: space)
        let startLocation = step.coordinates.convert(press.start, to: space)
        sampler.add(CGSize(width: location.x, height: location.y), at: point.time)
        let value = DragGesture.Value(
            time: step.date(point.time), location: location, startLocation: startLocation,
            velocity: sampler.velocity)
        if point.ended { return isActive ? .ended(value) : .failed }
        if !isActive && distance(point.location, press.start) >= gesture.minimumDistance { isActive = true }
        return isActive ? .active(value) : .possible(nil)
    }
}

extension LongPressGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { LongPressRecognizer(self) }
}

/// One press held still: tracks the first press from where it went down until `minimumDuration` has passed.
/// Shared by `LongPressGesture` and the touch long press that opens context menus.
package struct HeldPressTracker {
    package enum Progress {
        /// The press went down now.
        case began
        /// Still held, within the distance, before the deadline.
        case holding
        /// Held for the whole duration.
        case elapsed
        /// Released, moved too far, or no press to track.
        case failed
    }

    package private(set) var tracked: InputSequenceID?
    /// Where the press went down, in window points.
    package private(set) var start = CGPoint.zero
    private var endTime = 0.0

    package func deadline(unlessTerminal isTerminal: Bool) -> Double? { tracked != nil && !isTerminal ? endTime : nil }

    package mutating func update(
        _ step: inout GestureStep, minimumDuration: Double, maximumDistance: CGFloat,
        accepts: (TrackedPoint) -> Bool = { _ in true }
    ) -> Progress {
        guard tracked != nil else {
            guard let first = step.firstPress(), accepts(first) else { return .failed }
            tracked = first.id
            start = first.location
            endTime = step.time + max(0, minimumDuration) * 1000
            return .began
        }
        if step.time >= endTime { return .elapsed }
        guard let point = step.point(tracked), !point.ended else { return .failed }
        return distance(point.location, start) >= maximumDistance ? .failed : .holding
    }
    package init(tracked: InputSequenceID? = nil) {
        self.tracked = tracked
    }
}

/// `LongPressGesture`: active(true) at the press, ended(true) exactly `minimumDuration` later (a
/// deadline: no event needed), failed on moving `maximumDistance` (window points) or releasing before.
package final class LongPressRecognizer: GestureRecognizer<Bool> {
    private var gesture: LongPressGesture
    private var press = HeldPressTracker()

    package init(_ gesture: LongPressGesture) { self.gesture = gesture }
    package override var debugName: String { "LongPressGesture" }
    package override func refresh(_ gesture: any Gesture) {
        if let gesture = gesture as? LongPressGesture { self.gesture = gesture }
    }
    package override var deadline: Double? { press.deadline(unlessTerminal: phase.isTerminal) }

    package override func update(_ step: inout GestureStep) -> GesturePhase<Bool>? {
        switch press.update(&step, minimumDuration: gesture.minimumDuration, maximumDistance: gesture.maximumDistance) {
        case .began: return .active(true)
        case .holding: return nil
        case .elapsed: return .ended(true)
        case .failed: return .failed
        }
    }
}

/// Taps: shared by `TapGesture` and `SpatialTapGesture`.
@MainActor
package protocol TapLikeGesture: Gesture {
    var count: Int { get }
    func tapValue(at windowPoint: CGPoint, _ coordinates: GestureCoordinates) -> Value
}

extension TapGesture: TapLikeGesture, RecognizableGesture {
    package func tapValue(at windowPoint: CGPoint, _ coordinates: GestureCoordinates) {}
    package func makeRecognizer() -> AnyGestureRecognizer { TapRecognizer(self) }
}

extension SpatialTapGesture: TapLikeGesture, RecognizableGesture {
    package func tapValue(at windowPoint: CGPoint, _ coordinates: GestureCoordinates) -> Value {
        Value(location: coordinates.convert(windowPoint, to: coordinateSpace))
    }
    package func makeRecognizer() -> AnyGestureRecognizer { TapRecognizer(self) }
}

/// Discrete taps (SwiftUI's measured limits): each press must lift within 0.75 s having moved less than 45 pt; the next
/// press must come within 0.35 s of the previous release; the gesture ends at the `count`-th release.
package final class TapRecognizer<G: TapLikeGesture>: GestureRecognizer<G.Value> {
    package static var maximumPressDuration: Double { 750 }
    package static var maximumMovement: CGFloat { 45 }
    package static var maximumDelay: Double { 350 }

    private var gesture: G
    private var tracked: InputSequenceID?
    private var downLocation = CGPoint.zero
    private var taps = 0
    private var limit = 0.0

    package init(_ gesture: G) { self.gesture = gesture }
    package override var debugName: String { "\(G.self)(count: \(gesture.count))" }
    package override var requiredTapCount: Int? { max(1, gesture.count) }
    package override func refresh(_ gesture: any Gesture) { if let gesture = gesture as? G { self.gesture = gesture } }
    package override var deadline: Double? { (tracked != nil || taps > 0) && !phase.isTerminal ? limit : nil }

    package override func update(_ step: inout GestureStep) -> GesturePhase<G.Value>? {
        guard tracked != nil else {
            if taps > 0 && step.time >= limit { return .failed }  // the next tap did not come in time
            guard let press = step.firstPress(requireBegan: taps > 0) else {
                return taps == 0 && !step.hasLivePoints ? .failed : nil
            }
            tracked = press.id
            downLocation = press.location
            limit = step.time + Self.maximumPressDuration
            return taps == 0 ? .possible(nil) : nil
        }
        if step.time >= limit { return .failed }  // held too long
        guard let point = step.point(tracked) else { return .failed }
        if distance(point.location, downLocation) >= Self.maximumMovement { return .failed }
        guard point.ended else { return nil }
        taps += 1
        tracked = nil
        if taps >= max(1, gesture.count) { return .ended(gesture.tapValue(at: point.location, step.coordinates)) }
        limit = step.time + Self.maximumDelay
        return nil
    }
}

/// What a two-finger gesture measures at one step.
package struct TwoFingerSample {
    package var time: Date
    package var scale: Double
    package var scaleVelocity: Double
    /// Degrees, clockwise.
    package var rotation: Double
    package var rotationVelocity: Double
    package var startAnchor: UnitPoint
    package var startLocation: CGPoint
}

/// Magnify and rotate gestures, from two touch points or a touchpad pinch.
@MainActor
package protocol TwoFingerGesture: Gesture {
    func isSignificant(scale: Double, rotation: Double) -> Bool
    func value(from sample: TwoFingerSample) -> Value
}

extension MagnifyGesture: TwoFingerGesture, RecognizableGesture {
    package func isSignificant(scale: Double, rotation: Double) -> Bool { abs(scale - 1) >= minimumScaleDelta }
    package func value(from s: TwoFingerSample) -> Value {
        Value(
            time: s.time, magnification: s.scale, velocity: s.scaleVelocity, startAnchor: s.startAnchor,
            startLocation: s.startLocation)
    }
    package func makeRecognizer() -> AnyGestureRecognizer { TwoFingerRecognizer(self) }
}

extension MagnificationGesture: TwoFingerGesture, RecognizableGesture {
    package func isSignificant(scale: Double, rotation: Double) -> Bool { abs(scale - 1) >= minimumScaleDelta }
    package func value(from s: TwoFingerSample) -> CGFloat { s.scale }
    package func makeRecognizer() -> AnyGestureRecognizer { TwoFingerRecognizer(self) }
}

extension RotateGesture: TwoFingerGesture, RecognizableGesture {
    package func isSignificant(scale: Double, rotation: Double) -> Bool {
        abs(rotation) >= abs(minimumAngleDelta.degrees)
    }
    package func value(from s: TwoFingerSample) -> Value {
        Value(
            time: s.time, rotation: .degrees(s.rotation), velocity: .degrees(s.rotationVelocity),
            startAnchor: s.startAnchor, startLocation: s.startLocation)
    }
    package func makeRecognizer() -> AnyGestureRecognizer { TwoFingerRecognizer(self) }
}

extension RotationGesture: TwoFingerGesture, RecognizableGesture {
    package func isSignificant(scale: Double, rotation: Double) -> Bool {
        abs(rotation) >= abs(minimumAngleDelta.degrees)
    }
    package func value(from s: TwoFingerSample) -> Angle { .degrees(s.rotation) }
    package func makeRecognizer() -> AnyGestureRecognizer { TwoFingerRecognizer(self) }
}

/// Scale = distance between the first two fingers / their starting distance; rotation = change of the angle of
/// the line between them (unwrapped, clockwise positive). A touchpad pinch gives both directly. Possible until the
/// change is significant, active after; ended when a finger lifts (or the pinch ends), failed if never active.
package final class TwoFingerRecognizer<G: TwoFingerGesture>: GestureRecognizer<G.Value> {
    private enum Source {
        case touches(InputSequenceID, InputSequenceID)
        case pinch(InputSequenceID)
    }
    private var gesture: G
    private var source: Source?
    private var startDistance = 1.0
    private var lastAngle = 0.0
    private var rotation = 0.0
    private var startCentre = CGPoint.zero
    private var scaleSampler = VelocitySampler<Double>()
    private var rotationSampler = VelocitySampler<Double>()
    private var isActive = false

    package init(_ gesture: G) { self.gesture = gesture }
    package override var debugName: String { "\(G.self)" }
    package override func refresh(_ gesture: any Gesture) { if let gesture = gesture as? G { self.gesture = gesture } }

    private static func angle(_ a: CGPoint, _ b: CGPoint) -> Double {
        atan2(Double(b.y - a.y), Double(b.x - a.x)) * 180 / .pi
    }
    private static func centre(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
        CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    }

    package override func update(_ step: inout GestureStep) -> GesturePhase<G.Value>? {
        if source == nil {
            if let pinch = step.points.first(where: { $0.kind == .pinch && $0.isLive }) {
                source = .pinch(pinch.id)
                startCentre = pinch.location
            } else {
                let touches = step.points.filter { $0.kind == .touch && $0.isLive }
                guard touches.count >= 2 else { return step.hasLivePoints ? nil : .failed }
                source = .touches(touches[0].id, touches[1].id)
                startDistance = max(Double(distance(touches[0].location, touches[1].location)), 1e-6)
                lastAngle = Self.angle(touches[0].location, touches[1].location)
                startCentre = Self.centre(touches[0].location, touches[1].location)
            }
        }
        var scale = 1.0
        var ending = false
        var cancelled = false
        var time = step.time
        switch source! {
        case .pinch(let id):
            guard let pinch = step.point(id) else { return .failed }
            guard pinch.hasEvent else { return nil }
            scale = pinch.pinchScale
            rotation = pinch.pinchRotation
            ending = pinch.ended
            cancelled = pinch.cancelled
            time = pinch.time
        case .touches(let a, let b):
            guard let p = step.point(a), let q = step.point(b) else { return .failed }
            guard p.hasEvent || q.hasEvent else { return nil }
            scale = Double(distance(p.location, q.location)) / startDistance
            var delta = Self.angle(p.location, q.location) - lastAngle
            while delta > 180 { delta -= 360 }
            while delta <= -180 { delta += 360 }
            rotation += delta
            lastAngle += delta
            ending = p.ended || q.ended
            time = max(p.time, q.time)
        }
        scaleSampler.add(scale, at: time)
        rotationSampler.add(rotation, at: time)
        let local = step.coordinates.convert(startCentre, to: .local)
        let sample = TwoFingerSample(
            time: step.date(time), scale: scale, scaleVelocity: scaleSampler.velocity,
            rotation: rotation, rotationVelocity: rotationSampler.velocity,
            startAnchor: step.coordinates.unitPoint(startCentre), startLocation: local)
        if cancelled { return .failed }
        if ending { return isActive ? .ended(gesture.value(from: sample)) : .failed }
        if !isActive && gesture.isSignificant(scale: scale, rotation: rotation) { isActive = true }
        return isActive ? .active(gesture.value(from: sample)) : nil
    }
}
