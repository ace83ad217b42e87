import Foundation

/// A report about an attached gesture's recognition.
package struct GestureLifecycleEvent: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
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
    package let session: Int
    package let owner: ViewIdentity
    package let gesture: String
    package let kind: Kind
}

/// What the inspector shows for one attached gesture.
package struct LiveGestureInfo: Sendable {
    package let session: Int
    package let gesture: String
    package let frame: CGRect
    package let priority: AttachedGesture.Priority
    package let phase: GesturePhaseKind
    /// The recognizer tree, one line per recognizer, indented: "name: phase".
    package let recognizers: [String]
}
