import Foundation

/// An input recognizer attached to a view. UICore declares SwiftUI's gesture types, their values and
/// their composition, and stores attached gestures in the hit-test tree; recognising them from input
/// events is the gesture system's work (the gestures issue).
@MainActor @preconcurrency
public protocol Gesture<Value> {
    /// The value the gesture reports.
    associatedtype Value
    /// The gesture this one is made of.
    associatedtype Body: Gesture
    /// The content of a custom gesture.
    var body: Self.Body { get }
}

extension Never: Gesture {
    public typealias Value = Never
}

extension Gesture where Body == Never {
    /// Primitive gestures have no body.
    public var body: Never { primitiveGestureBody(Self.self) }
}

/// Which gestures of a view and its subviews are enabled by `gesture(_:including:)`.
public struct GestureMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    /// The gesture being attached.
    public static let gesture = GestureMask(rawValue: 1)
    /// The subviews' gestures.
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
}

/// A dragging motion.
public struct DragGesture: Gesture {
    public typealias Body = Never
    /// The state of a drag.
    public struct Value: Equatable, Sendable {
        /// When the current event happened.
        public var time: Date
        /// The pointer's current location.
        public var location: CGPoint
        /// Where the drag started.
        public var startLocation: CGPoint
        /// Velocity in points per second.
        public var velocity: CGSize
        /// `location - startLocation`.
        public var translation: CGSize {
            CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y)
        }
        /// Where the drag would end if the pointer stopped now with its current velocity (a quarter second ahead).
        public var predictedEndLocation: CGPoint {
            CGPoint(x: location.x + velocity.width * 0.25, y: location.y + velocity.height * 0.25)
        }
        /// `predictedEndLocation - startLocation`.
        public var predictedEndTranslation: CGSize {
            CGSize(
                width: translation.width + velocity.width * 0.25, height: translation.height + velocity.height * 0.25)
        }
        package init(time: Date, location: CGPoint, startLocation: CGPoint, velocity: CGSize) {
            self.time = time
            self.location = location
            self.startLocation = startLocation
            self.velocity = velocity
        }
    }
    /// Distance (points) the pointer must move before the drag starts.
    public var minimumDistance: CGFloat
    /// The space `location` and `startLocation` are in.
    public var coordinateSpace: CoordinateSpace
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }
}

/// A press held for a minimum duration without moving too far.
public struct LongPressGesture: Gesture {
    public typealias Body = Never
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
    }
}

/// One or more taps.
public struct TapGesture: Gesture {
    public typealias Body = Never
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = count }
}

/// One or more taps, reporting where.
public struct SpatialTapGesture: Gesture {
    public typealias Body = Never
    public struct Value: Equatable, Sendable {
        public var location: CGPoint
    }
    public var count: Int
    public var coordinateSpace: CoordinateSpace
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) {
        self.count = count
        self.coordinateSpace = coordinateSpace
    }
}

/// A gesture that recognises `first`, then `second`.
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
    public typealias Body = Never
    /// `.first` while the first gesture runs; `.second` once it ended (the second's value `nil` until it starts).
    public enum Value {
        case first(First.Value)
        case second(First.Value, Second.Value?)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

/// A gesture that recognises both gestures at once.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    public typealias Body = Never
    public struct Value {
        public var first: First.Value?
        public var second: Second.Value?
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

/// A gesture that recognises `first` or, if it fails, `second`.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    public typealias Body = Never
    public enum Value {
        case first(First.Value)
        case second(Second.Value)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}

extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

/// A gesture that updates a `@GestureState` while active.
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
    public typealias Value = Base.Value
    public var base: Base
    public var state: GestureState<State>
    public var body: (GestureStateGesture<Base, State>.Value, inout State, inout Transaction) -> Void
    public init(base: Base, state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void)
    {
        self.base = base
        self.state = state
        self.body = body
    }
}

extension GestureStateGesture {
    // `body` is the update closure (SwiftUI's name); the Gesture body comes from the `Body == Never` extension.
    public typealias Body = Never
}

/// A gesture with an action for each change of its value.
public struct _ChangedGesture<Content: Gesture>: Gesture where Content.Value: Equatable {
    public typealias Value = Content.Value
    package let content: Content
    package let action: (Value) -> Void
    public typealias Body = Never
}

/// A gesture with an action for its end.
public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    package let content: Content
    package let action: (Value) -> Void
    public typealias Body = Never
}

/// A gesture whose value is transformed.
public struct _MapGesture<Content: Gesture, Value>: Gesture {
    package let content: Content
    package let transform: (Content.Value) -> Value
    public typealias Body = Never
}

extension Gesture {
    /// Calls `action` whenever the value changes while the gesture is active.
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> where Value: Equatable {
        _ChangedGesture(content: self, action: action)
    }
    /// Calls `action` when the gesture ends (not when it fails or is cancelled).
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
        _EndedGesture(content: self, action: action)
    }
    /// Updates `state` while the gesture is active; it resets when the gesture ends or is cancelled.
    public func updating<State>(
        _ state: GestureState<State>,
        body: @escaping (Value, inout State, inout Transaction) -> Void
    ) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, body: body)
    }
    /// Transforms the gesture's value.
    public func map<T>(_ body: @escaping (Value) -> T) -> _MapGesture<Self, T> {
        _MapGesture(content: self, transform: body)
    }
    /// This gesture, then `other`.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
        SequenceGesture(self, other)
    }
    /// This gesture and `other` at the same time.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }
    /// This gesture, or `other` if this one fails.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(self, other)
    }
}

/// The `body` of a primitive gesture: the gesture system handles primitives directly, never asking for it.
package func primitiveGestureBody<G>(_ type: G.Type) -> Never {
    preconditionFailure("\(type) is a primitive gesture: it has no body")
}
