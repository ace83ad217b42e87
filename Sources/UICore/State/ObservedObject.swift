import Combine
import Foundation

/// A view's reference to an observable object owned elsewhere; the view re-evaluates when it changes.
@propertyWrapper @dynamicMemberLookup
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// Bindings to the object's properties: `$model.name`.
    @dynamicMemberLookup
    public struct Wrapper {
        package let object: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<
            Subject
        > {
            let object = self.object
            var binding = Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
            binding.location = AnyHashable(ObjectLocation(object: ObjectIdentifier(object), path: keyPath))
            return binding
        }
    }
    /// The observed object.
    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { self.wrappedValue = initialValue }
    /// Bindings to the object's properties.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject>
    {
        projectedValue[dynamicMember: keyPath]
    }
}

extension ObservedObject: GraphInstallable {
    package func install(slot: inout AnyObject?, context: InstallContext) {
        context.subscribe(wrappedValue)
    }
}

/// An observable object the view creates once and keeps for its lifetime.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    package final class Box: @unchecked Sendable {
        /// Kept after use: a copy of the view value installed at a new place makes its own object.
        package let make: () -> ObjectType
        package var object: ObjectType?
        package var target: Box?
        package init(_ make: @escaping () -> ObjectType) { self.make = make }
        package var resolved: Box { target ?? self }
        package func get() -> ObjectType {
            let box = resolved
            if let object = box.object { return object }
            let object = box.make()
            box.object = object
            return object
        }
    }
    package let box: Box
    /// Creates the object with `thunk` the first time the view appears.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { box = Box(thunk) }
    /// The object.
    public var wrappedValue: ObjectType { box.get() }
    /// Bindings to the object's properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension StateObject: GraphInstallable {
    package func install(slot: inout AnyObject?, context: InstallContext) {
        if let persistent = slot as? Box {
            if persistent !== box { box.target = persistent }
        } else {
            let persistent = Box(box.make)
            box.target = persistent
            slot = persistent
        }
        context.subscribe(box.get())
    }
}

/// An observable object supplied by an ancestor with `environmentObject(_:)`.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    package final class Box: @unchecked Sendable { package var object: ObjectType? }
    package let box = Box()
    public init() {}
    /// The object; reading it when no ancestor supplied one is a programming error, as in SwiftUI.
    public var wrappedValue: ObjectType {
        guard let object = box.object else {
            preconditionFailure(
                "No ObservableObject of type \(ObjectType.self) found: a view ancestor must supply it with environmentObject(_:)"
            )
        }
        return object
    }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

package struct EnvironmentObjectKey<ObjectType: ObservableObject>: EnvironmentKey {
    package static var defaultValue: ObjectType? { nil }
}

extension EnvironmentObject: GraphInstallable {
    package static var readsEnvironment: Bool { true }

    package func install(slot: inout AnyObject?, context: InstallContext) {
        box.object = context.environment[EnvironmentObjectKey<ObjectType>.self]
        if let object = box.object { context.subscribe(object) }
    }
}

extension View {
    /// Supplies `object` to `@EnvironmentObject` properties of descendants.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modifier(_EnvironmentTransformModifier { $0[EnvironmentObjectKey<T>.self] = object })
    }
}
