import Foundation

/// A value that SwiftUI-style views store and that re-renders the views reading it when it changes.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    package let box: StorageBox<Value>

    /// State with an initial value.
    public init(wrappedValue value: Value) { box = StorageBox(value) }
    /// State with an initial value.
    public init(initialValue value: Value) { box = StorageBox(value) }

    /// The current value. Writing it invalidates the views that read it.
    public var wrappedValue: Value {
        get { box.read() }
        nonmutating set { box.write(newValue) }
    }
    /// A binding to the state.
    public var projectedValue: Binding<Value> {
        let box = self.box.resolved
        var binding = Binding(get: { box.read() }, set: { box.write($0) })
        binding.location = AnyHashable(ObjectLocation(object: ObjectIdentifier(box), path: nil))
        return binding
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// State that starts as `nil`.
    public init() { self.init(wrappedValue: nil) }
}

extension State: GraphInstallable {
    package func install(slot: inout AnyObject?, context: InstallContext) {
        if let persistent = slot as? StorageBox<Value> {
            box.forward(to: persistent)
        } else {
            slot = box.makePersistent()
        }
    }
}
