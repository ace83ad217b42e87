import Foundation

/// A two-way connection to a value owned elsewhere (a `@State`, a model property…).
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let getter: () -> Value
    private let setter: (Value, Transaction) -> Void
    /// The transaction writes through this binding carry.
    public var transaction = Transaction()
    /// What the binding points at, when known (a state's storage, an object's property): two bindings
    /// with the same location are the same input to a view, so the view need not re-evaluate.
    package var location: AnyHashable?

    /// A binding from a getter and a setter.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = { value, _ in set(value) }
    }
    /// A binding from a getter and a setter that receives the write's transaction.
    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        getter = get
        setter = set
    }
    /// A binding to another binding.
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    /// A binding that never changes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    /// The bound value.
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set {
            let transaction = self.transaction
            if transaction.animation != nil || transaction.disablesAnimations {
                withTransaction(transaction) { setter(newValue, transaction) }
            } else {
                setter(newValue, Transaction.current)
            }
        }
    }
    /// The binding itself (so `$binding` works inside views that take a `@Binding`).
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the bound value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let getter = self.getter
        let setter = self.setter
        let baseLocation = location
        var result = Binding<Subject>(
            get: { getter()[keyPath: keyPath] },
            set: { newValue, transaction in
                var value = getter()
                value[keyPath: keyPath] = newValue
                setter(value, transaction)
            })
        result.transaction = transaction
        result.location = baseLocation.map { AnyHashable(BindingLocation(base: $0, path: keyPath)) }
        return result
    }
    /// This binding with writes carrying `transaction`.
    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        var copy = self
        copy.transaction = transaction
        return copy
    }
    /// This binding with writes animated by `animation`.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        var copy = self
        copy.transaction.animation = animation
        return copy
    }
}

extension Binding: DynamicProperty {}

/// The location of a binding derived from another one through a key path.
package struct BindingLocation: Hashable {
    package let base: AnyHashable
    package let path: AnyKeyPath
}

/// A location identified by an object (a state's storage box, an observed object).
package struct ObjectLocation: Hashable {
    package let object: ObjectIdentifier
    package let path: AnyKeyPath?
}

extension Binding {
    /// A binding to an optional's wrapped value, or `nil` when the base is `nil`.
    public init?(_ base: Binding<Value?>) {
        guard let initial = base.wrappedValue else { return nil }
        self.init(get: { base.wrappedValue ?? initial }, set: { base.wrappedValue = $0 })
    }
}
