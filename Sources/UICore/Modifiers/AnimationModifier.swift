import Foundation

/// The node of `.animation(_:value:)`: remembers the watched value and, when it changes in an update
/// whose transaction has no animation of its own, records that the content's changes use `animation`.
/// Animated nodes below read it through `ViewNode.animationForChange` (Animation/AnimationDriver.swift).
@MainActor
final class AnimationNode: ViewNode {
    var animation: Animation?
    private var value: Any?
    private var isSame: ((Any) -> Bool)?
    /// The animation the last update's changes of the content should use, if any.
    private(set) var appliedAnimation: Animation?
    /// The graph's `updateCount` when `appliedAnimation` was last decided (it holds for that update only).
    private(set) var updateSerial = -1

    func update<V: Equatable>(animation: Animation?, value: V) {
        let changed = isSame.map { !$0(value) } ?? false
        self.animation = animation
        self.value = value
        isSame = { ($0 as? V) == value }
        let transaction = Transaction.current
        // The animation the content would get without this modifier (an enclosing `.animation(_:value:)` or the transaction's).
        let inherited = animationForChange
        appliedAnimation = changed && !transaction.disablesAnimations ? animation : inherited
        updateSerial = graph.updateCount
    }
}

extension View {
    /// Animates changes of the content (the modifiers before this one) with `animation` whenever `value` changes.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        wrapped(in: AnimationNode.init) { $0.update(animation: animation, value: value) }
    }
    /// Runs `transform` on the transaction of the changes inside this view.
    public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> some View {
        modifier(_EnvironmentTransformModifier { environment in
            var transaction = environment[TransactionKey.self]
            transform(&transaction)
            environment[TransactionKey.self] = transaction
        })
    }
}
