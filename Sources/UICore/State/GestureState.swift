import Foundation

/// State that a gesture updates while it is active (through `updating`) and that goes back to its
/// initial value when the gesture ends or is cancelled. Read-only to the view's own code.
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
    package let box: StorageBox<Value>
    package let initialValue: Value
    package let resetTransaction: (Value, inout Transaction) -> Void

    /// Gesture state starting at `wrappedValue`; resets without animation.
    public init(wrappedValue: Value) {
        self.init(wrappedValue: wrappedValue, reset: { _, _ in })
    }
    /// Gesture state starting at `initialValue`; resets without animation.
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }
    /// Gesture state whose reset carries `resetTransaction`.
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: wrappedValue, reset: { _, transaction in transaction = resetTransaction })
    }
    /// Gesture state whose reset carries `resetTransaction`.
    public init(initialValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: initialValue, resetTransaction: resetTransaction)
    }
    /// Gesture state whose reset transaction is chosen by `reset` (given the value being reset).
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        box = StorageBox(wrappedValue)
        initialValue = wrappedValue
        resetTransaction = reset
    }
    /// Gesture state whose reset transaction is chosen by `reset`.
    public init(initialValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        self.init(wrappedValue: initialValue, reset: reset)
    }

    /// The current value.
    public var wrappedValue: Value { box.read() }
    /// The gesture state itself, for `Gesture.updating(_:body:)`.
    public var projectedValue: GestureState<Value> { self }

    /// Stores a value produced by `updating` (gesture system only), with the transaction it left.
    package func update(to value: Value, transaction: Transaction) {
        withTransaction(transaction) { box.write(value) }
    }
    /// The value as stored, without making the caller a reader (gesture system only).
    package var currentValue: Value { box.peek }
    /// Puts the initial value back with the reset transaction (gesture system only).
    package func reset() {
        var transaction = Transaction()
        resetTransaction(box.peek, &transaction)
        withTransaction(transaction) { box.write(initialValue) }
    }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    /// Gesture state starting as `nil`, with a reset transaction chosen by `reset`.
    public init(reset: @escaping (Value, inout Transaction) -> Void) { self.init(wrappedValue: nil, reset: reset) }
    /// Gesture state starting as `nil` whose reset carries `resetTransaction`.
    public init(resetTransaction: Transaction = Transaction()) {
        self.init(wrappedValue: nil, resetTransaction: resetTransaction)
    }
}

extension GestureState: GraphInstallable {
    package func install(slot: inout AnyObject?, context: InstallContext) {
        if let persistent = slot as? StorageBox<Value> {
            box.forward(to: persistent)
        } else {
            slot = box.makePersistent()
        }
    }
}
