import Foundation

/// A report about an attached gesture's recognition.
public struct GestureLifecycleEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A sequence reached it: recognition started.
        case began
        /// It ended (onEnded ran).
        case ended
        /// It failed by itself.
        case failed
        /// A higher-ranked gesture won.
        case lostArbitration
        /// Cancelled (touch cancel, view removed).
        case cancelled
    }
    /// Which recognition (unique per system).
    public let session: Int
    public let owner: ViewIdentity
    public let gesture: String
    public let kind: Kind
}

/// What the inspector shows for one attached gesture.
public struct LiveGestureInfo: Sendable {
    public let session: Int
    public let gesture: String
    public let frame: CGRect
    public let priority: AttachedGesture.Priority
    public let phase: GesturePhaseKind
    /// The recognizer tree, one line per recognizer, indented: "name: phase".
    public let recognizers: [String]
}
