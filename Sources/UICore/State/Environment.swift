import Foundation

/// Reads a value from the view's environment: `@Environment(\.colorScheme) var colorScheme`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    final class Box: @unchecked Sendable { var values: EnvironmentValues? }
    let keyPath: KeyPath<EnvironmentValues, Value>
    let box = Box()

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    /// The environment value (the default when read outside a view's body).
    public var wrappedValue: Value { (box.values ?? EnvironmentValues())[keyPath: keyPath] }
}

extension Environment: GraphInstallable {
    static var readsEnvironment: Bool { true }

    func install(slot: inout AnyObject?, context: InstallContext) {
        box.values = context.environment
        slot = box
    }
}
