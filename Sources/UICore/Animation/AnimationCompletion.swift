import Foundation

/// When an animation counts as finished for a completion handler.
public struct AnimationCompletionCriteria: Hashable, Sendable {
    private let name: String
    /// The animation reached its end value (WaylandUI: when its last running property ends).
    public static let logicallyComplete = AnimationCompletionCriteria(name: "logicallyComplete")
    /// The animation no longer affects anything (WaylandUI: when its last running property ends).
    public static let removed = AnimationCompletionCriteria(name: "removed")
}

/// The completion handlers of one transaction, run once every animation the transaction started has ended (at
/// once, after its update, when it started none).
package final class AnimationCompletionGroup: Equatable, @unchecked Sendable {
    private var completions: [() -> Void] = []
    /// Properties animating with this transaction.
    private var runningTracks = 0
    /// The graph whose update applied the transaction (the handlers run after one of its updates).
    private weak var graph: ViewGraph?
    private var isApplied = false
    private var hasRun = false
    /// Whether a state write carried the transaction (otherwise nothing can animate: the handlers run soon).
    package var wasEnqueued = false

    package static func == (lhs: AnimationCompletionGroup, rhs: AnimationCompletionGroup) -> Bool { lhs === rhs }

    package func add(_ completion: @escaping () -> Void) { completions.append(completion) }

    package func trackStarted() { runningTracks += 1 }

    package func trackEnded() {
        runningTracks -= 1
        runIfDone()
    }

    /// The update that applied the transaction is over: every animation it starts has started.
    @MainActor package func didApply(in graph: ViewGraph) {
        self.graph = graph
        isApplied = true
        runIfDone()
    }

    /// Runs the handlers now (no write carried the transaction).
    @MainActor package func runWithoutAnimations() {
        guard !hasRun else { return }
        hasRun = true
        for completion in completions { completion() }
    }

    private func runIfDone() {
        guard isApplied, runningTracks <= 0, !hasRun, let graph else { return }
        hasRun = true
        let completions = self.completions
        MainActor.assumeIsolated { graph.deferAction { for completion in completions { completion() } } }
    }
}

/// Held by each running animation track of a transaction with completions: the last one to go ends the group.
package final class AnimationCompletionToken: @unchecked Sendable {
    package let group: AnimationCompletionGroup
    package init(_ group: AnimationCompletionGroup) {
        self.group = group
        group.trackStarted()
    }
    deinit { group.trackEnded() }
}

extension Transaction {
    /// Runs `completion` when the animations this transaction starts are over.
    public mutating func addAnimationCompletion(
        criteria: AnimationCompletionCriteria = .logicallyComplete,
        _ completion: @escaping () -> Void
    ) {
        if animationCompletions == nil { animationCompletions = AnimationCompletionGroup() }
        animationCompletions?.add(completion)
    }
}

/// Runs `body` so that its state changes animate with `animation`, then `completion` once those animations end.
@MainActor
public func withAnimation<Result>(
    _ animation: Animation? = .default,
    completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result, completion: @escaping () -> Void
) rethrows -> Result {
    var transaction = Transaction.current
    transaction.animation = animation
    let group = AnimationCompletionGroup()
    group.add(completion)
    transaction.animationCompletions = group
    let result = try Transaction.withCurrent(transaction, body)
    if !group.wasEnqueued {
        // Nothing changed: SwiftUI calls the completion right away; here on the next turn of the main queue.
        DispatchQueue.main.async { MainActor.assumeIsolated { group.runWithoutAnimations() } }
    }
    return result
}
