import Foundation

/// The context of one update: the animation (if any) state changes should use.
///
/// Writes made inside `withTransaction`/`withAnimation` carry that transaction; `ViewGraph.update()` applies
/// the writes of each transaction in turn, so a plain write and an animated one in the same event handler
/// change at once and animate respectively.
public struct Transaction: Equatable {
    /// The animation for changes in this transaction, or `nil` to change without animation.
    public var animation: Animation?
    /// Whether implicit `.animation(_:value:)` modifiers are ignored for this transaction.
    public var disablesAnimations = false
    /// Whether the transaction belongs to a continuous interaction (a gesture).
    public var isContinuous = false
    /// Whether gesture velocity should carry into animations (set by `updating`).
    public var tracksVelocity = false
    /// Handlers to run when the animations this transaction starts end (`addAnimationCompletion`).
    package var animationCompletions: AnimationCompletionGroup?

    /// An empty transaction.
    public init() {}
    /// A transaction with `animation`.
    public init(animation: Animation?) { self.animation = animation }

    package nonisolated(unsafe) static var currentStack: [Transaction] = []
    /// A number per `withCurrent` call (never reused), so layout can tell which transaction changed a view.
    nonisolated(unsafe) private static var serialStack: [Int] = []
    nonisolated(unsafe) private static var lastSerial = 0
    /// The serial of the changes made outside any transaction (renewed after each update).
    nonisolated(unsafe) private static var idleSerial = 0
    /// The transaction of the writes being made now.
    package static var current: Transaction { currentStack.last ?? Transaction() }
    /// The serial of the transaction in effect now.
    package static var currentSerial: Int { serialStack.last ?? idleSerial }

    /// A serial used by no transaction.
    package static func makeSerial() -> Int {
        lastSerial += 1
        return lastSerial
    }

    /// Changes made outside any transaction from now on are told apart from earlier ones.
    package static func renewIdleSerial() { idleSerial = makeSerial() }

    package static func withCurrent<R>(_ transaction: Transaction, _ body: () throws -> R) rethrows -> R {
        currentStack.append(transaction)
        serialStack.append(makeSerial())
        defer {
            currentStack.removeLast()
            serialStack.removeLast()
        }
        return try body()
    }
}

/// Runs `body` so that the state changes it makes carry `transaction`.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.withCurrent(transaction, body)
}

/// Runs `body` so that the state changes it makes are animated with `animation`.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    var transaction = Transaction.current
    transaction.animation = animation
    return try Transaction.withCurrent(transaction, body)
}
