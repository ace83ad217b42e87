import Foundation

/// Reads a value from the view's environment: `@Environment(\.colorScheme) var colorScheme`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    /// The environment the view was installed with, held weakly: the node that installed it keeps it. A view
    /// value also lives in closures outside the graph (a navigation destination, a presentation request), and
    /// closures in the environment (dismiss, the stack a link pushes on) keep what keeps those closures; a
    /// strong hold here would close that loop and keep the whole graph alive.
    ///
    /// Once the node has a newer environment, the one installed here may be gone; a closure kept from that
    /// earlier body then reads the node's current environment, never the defaults.
    package final class Box: @unchecked Sendable {
        package weak var storage: EnvironmentValues.Storage?
        package weak var installer: ViewNode?
        package var values: EnvironmentValues? {
            if let storage { return EnvironmentValues(storage: storage) }
            guard let installer, isOnMainQueue() else { return nil }
            return assumingMainActor { installer.environment }
        }
    }
    package let keyPath: KeyPath<EnvironmentValues, Value>
    package let box = Box()

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    /// The environment value (the default when read outside a view's body).
    public var wrappedValue: Value { (box.values ?? EnvironmentValues())[keyPath: keyPath] }
}

extension Environment: GraphInstallable {
    package static var readsEnvironment: Bool { true }

    package func install(slot: inout AnyObject?, context: InstallContext) {
        box.storage = context.environment.storage
        box.installer = context.reader as? ViewNode
        slot = box
    }
}
