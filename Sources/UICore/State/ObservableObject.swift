import Foundation

/// A cancellation token for a subscription; cancels on `deinit`.
public final class AnyCancellable: Hashable, @unchecked Sendable {
    private var onCancel: (() -> Void)?
    /// A token that runs `cancel` once when cancelled or released.
    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }
    /// Ends the subscription.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }
    deinit { cancel() }
    /// Keeps the token in `set`.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public static func == (l: AnyCancellable, r: AnyCancellable) -> Bool { l === r }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The publisher an `ObservableObject` sends on before any `@Published` property changes.
/// (Combine is not available on Linux; this is the minimal part views need.)
public final class ObservableObjectPublisher: @unchecked Sendable {
    /// The subscribers live in a box the tokens hold strongly: a token needs no weak reference to the
    /// publisher (whose side table LeakSanitizer cannot see through) and keeps nothing else alive.
    private final class Subscribers: @unchecked Sendable {
        var actions: [Int: () -> Void] = [:]
    }
    private let subscribers = Subscribers()
    private var nextID = 0

    public init() {}

    /// Tells every subscriber the object is about to change.
    public func send() {
        for subscriber in subscribers.actions.values { subscriber() }
    }

    /// Calls `receiveValue` before each change until the token is cancelled.
    public func sink(receiveValue: @escaping () -> Void) -> AnyCancellable {
        subscribe(receiveValue)
    }

    func subscribe(_ action: @escaping () -> Void) -> AnyCancellable {
        let id = nextID
        nextID += 1
        subscribers.actions[id] = action
        let subscribers = self.subscribers
        return AnyCancellable { subscribers.actions[id] = nil }
    }
}

/// An object whose changes views observe (`@ObservedObject`, `@StateObject`, `@EnvironmentObject`).
public protocol ObservableObject: AnyObject {
    /// Sends before the object changes; `@Published` properties send on it automatically.
    var objectWillChange: ObservableObjectPublisher { get }
}

/// Associates the default publisher with each object (Combine keeps it in the object; we cannot add storage).
private final class PublisherRegistry: @unchecked Sendable {
    struct Entry { weak var object: AnyObject?; let publisher: ObservableObjectPublisher }
    var entries: [ObjectIdentifier: Entry] = [:]
    let lock = NSLock()
    static let shared = PublisherRegistry()

    func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        lock.lock(); defer { lock.unlock() }
        let id = ObjectIdentifier(object)
        if let entry = entries[id], entry.object === object { return entry.publisher }
        if entries.count > 64 { entries = entries.filter { $0.value.object != nil } }
        let publisher = ObservableObjectPublisher()
        entries[id] = Entry(object: object, publisher: publisher)
        return publisher
    }
}

extension ObservableObject {
    /// The object's default publisher.
    public var objectWillChange: ObservableObjectPublisher { PublisherRegistry.shared.publisher(for: self) }
}

/// A property of an `ObservableObject` that announces its changes on the object's `objectWillChange`.
@propertyWrapper
public struct Published<Value> {
    private var value: Value
    private let changes = ObservableObjectPublisher()

    public init(wrappedValue: Value) { value = wrappedValue }
    public init(initialValue: Value) { value = initialValue }

    /// Only reachable through the enclosing object (the `_enclosingInstance` subscript below).
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { preconditionFailure("@Published is only available on properties of classes") }
        set { preconditionFailure("@Published is only available on properties of classes") }
    }

    /// Sends after each change of this property.
    public var projectedValue: ObservableObjectPublisher { changes }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            (object as? any ObservableObject)?.objectWillChange.send()
            object[keyPath: storageKeyPath].value = newValue
            object[keyPath: storageKeyPath].changes.send()
        }
    }
}

/// A view's reference to an observable object owned elsewhere; the view re-evaluates when it changes.
@propertyWrapper @dynamicMemberLookup
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// Bindings to the object's properties: `$model.name`.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
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
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        projectedValue[dynamicMember: keyPath]
    }
}

extension ObservedObject: GraphInstallable {
    func install(slot: inout AnyObject?, context: InstallContext) {
        context.subscribe(wrappedValue.objectWillChange)
    }
}

/// An observable object the view creates once and keeps for its lifetime.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    final class Box: @unchecked Sendable {
        /// Kept after use: a copy of the view value installed at a new place makes its own object.
        let make: () -> ObjectType
        var object: ObjectType?
        var target: Box?
        init(_ make: @escaping () -> ObjectType) { self.make = make }
        var resolved: Box { target ?? self }
        func get() -> ObjectType {
            let box = resolved
            if let object = box.object { return object }
            let object = box.make()
            box.object = object
            return object
        }
    }
    let box: Box
    /// Creates the object with `thunk` the first time the view appears.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { box = Box(thunk) }
    /// The object.
    public var wrappedValue: ObjectType { box.get() }
    /// Bindings to the object's properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension StateObject: GraphInstallable {
    func install(slot: inout AnyObject?, context: InstallContext) {
        if let persistent = slot as? Box {
            if persistent !== box { box.target = persistent }
        } else {
            let persistent = Box(box.make)
            box.target = persistent
            slot = persistent
        }
        context.subscribe(box.get().objectWillChange)
    }
}

/// An observable object supplied by an ancestor with `environmentObject(_:)`.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    final class Box: @unchecked Sendable { var object: ObjectType? }
    let box = Box()
    public init() {}
    /// The object; reading it when no ancestor supplied one is a programming error, as in SwiftUI.
    public var wrappedValue: ObjectType {
        guard let object = box.object else {
            preconditionFailure("No ObservableObject of type \(ObjectType.self) found: a view ancestor must supply it with environmentObject(_:)")
        }
        return object
    }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

struct EnvironmentObjectKey<ObjectType: ObservableObject>: EnvironmentKey {
    static var defaultValue: ObjectType? { nil }
}

extension EnvironmentObject: GraphInstallable {
    func install(slot: inout AnyObject?, context: InstallContext) {
        box.object = context.environment[EnvironmentObjectKey<ObjectType>.self]
        if let object = box.object { context.subscribe(object.objectWillChange) }
    }
}

extension View {
    /// Supplies `object` to `@EnvironmentObject` properties of descendants.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modifier(_EnvironmentTransformModifier { $0[EnvironmentObjectKey<T>.self] = object })
    }
}
