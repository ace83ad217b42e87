import Foundation

/// A two-finger (or touchpad pinch) magnification.
public struct MagnifyGesture: Gesture {
    public typealias Body = Never
    /// The state of a magnification.
    public struct Value: Equatable, Sendable {
        /// When the current event happened.
        public var time: Date
        /// Current distance between the fingers over the starting distance (the pinch scale for a touchpad).
        public var magnification: CGFloat
        /// Change of `magnification` per second.
        public var velocity: CGFloat
        /// The fingers' starting centre, as a unit point of the view.
        public var startAnchor: UnitPoint
        /// The fingers' starting centre, in the view's coordinates.
        public var startLocation: CGPoint
    }
    /// The smallest change of scale that starts the gesture.
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
}

/// A two-finger (or touchpad pinch) rotation.
public struct RotateGesture: Gesture {
    public typealias Body = Never
    /// The state of a rotation.
    public struct Value: Equatable, Sendable {
        /// When the current event happened.
        public var time: Date
        /// The rotation since the start, clockwise positive (window y points down).
        public var rotation: Angle
        /// Change of `rotation` per second.
        public var velocity: Angle
        /// The fingers' starting centre, as a unit point of the view.
        public var startAnchor: UnitPoint
        /// The fingers' starting centre, in the view's coordinates.
        public var startLocation: CGPoint
    }
    /// The smallest rotation that starts the gesture.
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
}

/// The older magnification gesture: its value is the scale alone.
public struct MagnificationGesture: Gesture {
    public typealias Body = Never
    public typealias Value = CGFloat
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
}

/// The older rotation gesture: its value is the angle alone.
public struct RotationGesture: Gesture {
    public typealias Body = Never
    public typealias Value = Angle
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
}
