import Foundation

/// The node of `.animation(_:value:)` (and of the deprecated `.animation(_:)`): remembers the watched value
/// and, when it changes in an update, records that the content's changes use `animation` (unless the
/// transaction disables animations). Animated nodes below read it through `ViewNode.transactionForChange`
/// (Animation/AnimationDriver.swift).
@MainActor
package final class AnimationNode: ViewNode {
    package override var shapesLayoutChangeTransactions: Bool { true }
    package var animation: Animation?
    private var value: Any?
    private var isSame: ((Any) -> Bool)?
    /// Deprecated `.animation(_:)`: every change of the content uses `animation`.
    package private(set) var appliesAlways = false
    /// Whether the watched value changed in the update `updateSerial`.
    package private(set) var valueChanged = false
    /// The graph's `updateCount` when `valueChanged` was last decided (it holds for that update only).
    package private(set) var updateSerial = -1

    package func update<V: Equatable>(animation: Animation?, value: V) {
        valueChanged = isSame.map { !$0(value) } ?? false
        self.animation = animation
        self.value = value
        isSame = { ($0 as? V) == value }
        updateSerial = graph.updateCount
    }

    package func updateAlways(animation: Animation?) {
        self.animation = animation
        appliesAlways = true
    }

    /// The transaction the content sees, given the one this node sees.
    package func contentTransaction(_ inherited: Transaction) -> Transaction {
        guard appliesAlways || (valueChanged && updateSerial == graph.updateCount), !inherited.disablesAnimations else {
            return inherited
        }
        var transaction = inherited
        transaction.animation = animation
        return transaction
    }
}

/// The node of `.transaction(_:)`: transforms the transaction its content's changes see.
@MainActor
package final class TransactionModifierNode: ViewNode {
    package override var shapesLayoutChangeTransactions: Bool { true }
    package var transform: (inout Transaction) -> Void = { _ in }
}

extension View {
    /// Animates changes of the content (the modifiers before this one) with `animation` whenever `value` changes.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        wrapped(in: AnimationNode.init) { $0.update(animation: animation, value: value) }
    }
    /// Animates every change of the content with `animation` (`nil`: no change inside animates).
    @available(*, deprecated, message: "Use withAnimation or animation(_:value:) instead.")
    public func animation(_ animation: Animation?) -> some View {
        wrapped(in: AnimationNode.init) { $0.updateAlways(animation: animation) }
    }
    /// Runs `transform` on the transaction of the changes inside this view.
    public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> some View {
        wrapped(in: TransactionModifierNode.init) { $0.transform = transform }
    }
}
