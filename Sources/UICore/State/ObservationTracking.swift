import Foundation
import Observation

/// Connects Swift's `Observation` (`@Observable` classes) to the view graph: reads of observable
/// properties during a body evaluation make the evaluating node re-evaluate when they change.
@MainActor
package enum ObservationBridge {
    /// A weak reference the observation callback (which may run on any thread) can carry.
    package final class WeakReader: @unchecked Sendable {
        package weak var reader: (any StateReader)?
        package init(_ reader: any StateReader) { self.reader = reader }
    }

    /// Runs `body`, invalidating `reader` the next time an observable property it read changes.
    package static func track<R>(_ reader: any StateReader, _ body: () -> R) -> R {
        track(WeakReader(reader), body)
    }

    /// `track` with the reader's weak reference made once by the caller (a node evaluated on every frame).
    package static func track<R>(_ box: WeakReader, _ body: () -> R) -> R {
        withObservationTracking(body) {
            // Called from the property's willSet, on the writing thread; the UI is updated on the main thread.
            if isOnMainQueue() {
                MainActor.assumeIsolated { box.reader?.stateDidChange() }
            } else {
                DispatchQueue.main.async { box.reader?.stateDidChange() }
            }
        }
    }
}

/// Whether the caller runs on the main queue (where the main actor runs; after `dispatchMain()` that is a
/// worker thread, not the process's first thread, so `Thread.isMainThread` is not enough).
package func isOnMainQueue() -> Bool {
    if Thread.isMainThread { return true }
    return DispatchQueue.getSpecific(key: mainQueueMarker.key) == true
}

private let mainQueueMarker: MainQueueMarker = MainQueueMarker()

private final class MainQueueMarker: Sendable {
    let key = DispatchSpecificKey<Bool>()
    init() { DispatchQueue.main.setSpecific(key: key, value: true) }
}

/// Bindings to the properties of an `@Observable` object: `@Bindable var model` then `$model.name`.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    /// The object.
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }
    /// The bindable itself, for `$model.property`.
    public var projectedValue: Bindable<Value> { self }
}

extension Bindable where Value: AnyObject {
    /// A binding to a property of the object.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

extension Bindable: DynamicProperty {}

/// Supplies an `@Observable` object to `@Environment(Type.self)` readers below.
package struct ObservableEnvironmentKey<T: AnyObject>: EnvironmentKey {
    package static var defaultValue: T? { nil }
}

extension View {
    /// Puts an `@Observable` object into the environment for `@Environment(T.self)`.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        modifier(_EnvironmentTransformModifier { $0[ObservableEnvironmentKey<T>.self] = object })
    }
}

extension Environment where Value: AnyObject & Observable {
    /// Reads the `@Observable` object of type `objectType` put in the environment with `environment(_:)`.
    public init(_ objectType: Value.Type) {
        self.init(\EnvironmentValues.[observable: ObservableKeyBox<Value>()])
    }
}

/// A key-path-friendly handle for reading an observable object from the environment.
package struct ObservableKeyBox<T: AnyObject>: Hashable {
    package init() {}
}

extension EnvironmentValues {
    /// The observable object of type `T` in the environment (a precondition failure if absent, as in SwiftUI).
    package subscript<T: AnyObject>(observable key: ObservableKeyBox<T>) -> T {
        guard let object = self[ObservableEnvironmentKey<T>.self] else {
            preconditionFailure(
                "No Observable object of type \(T.self) found in the environment: supply it with .environment(_:)")
        }
        return object
    }
}
