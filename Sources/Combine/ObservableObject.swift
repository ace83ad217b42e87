import Foundation

/// The publisher an `ObservableObject` sends on before any of its `@Published` properties changes.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never
    private let hub = SubscriberHub<Void, Never>(keepsLatest: false)

    public init() {}

    /// Tells every subscriber the object is about to change.
    public func send() { hub.send(()) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        hub.attach(AnySubscriber(subscriber), initial: nil)
    }
}

/// An object whose changes views observe (`@ObservedObject`, `@StateObject`, `@EnvironmentObject`).
public protocol ObservableObject: AnyObject {
    /// The type of `objectWillChange`; `ObservableObjectPublisher` unless the class declares its own.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never
    /// Sends before the object changes; `@Published` properties send on it automatically.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's default publisher. As in Apple's Combine it lives in the object's `@Published`
    /// properties, so it goes when the object goes; an object without any gets one from a weakly keyed table.
    public var objectWillChange: ObservableObjectPublisher { PublisherRegistry.shared.publisher(for: self) }
}

extension ObservableObject {
    /// Calls `action` before each change of the object until the token is cancelled (for the view layer,
    /// whatever the object's publisher type).
    package func subscribeToChanges(_ action: @escaping () -> Void) -> AnyCancellable {
        objectWillChange.sink { _ in action() }
    }

    /// Sends on `objectWillChange` when it is the standard publisher (what `@Published` does).
    fileprivate func announceWillChange() {
        (objectWillChange as? ObservableObjectPublisher)?.send()
    }
}

/// The storage of each `@Published` property, reached by reflection.
protocol PublishedField {
    var publishedStorage: AnyPublishedStorage { get }
}

/// What every `@Published` storage has whatever its value type: the object's shared publisher.
class AnyPublishedStorage: @unchecked Sendable {
    /// The enclosing object's `objectWillChange`, once someone asked for it (the same in every field).
    var objectWillChange: ObservableObjectPublisher? {
        PublishedFields.lock.lock()
        defer { PublishedFields.lock.unlock() }
        return willChange
    }
    private var willChange: ObservableObjectPublisher?
    fileprivate var unlockedObjectWillChange: ObservableObjectPublisher? {
        get { willChange }
        set { willChange = newValue }
    }
}

/// How many times the fields of objects of `type` were reflected to find their `@Published` storage (what tests
/// check).
package func observableObjectReflections(of type: AnyObject.Type) -> Int {
    PublishedFields.lock.withLock { PublishedFields.reflections[ObjectIdentifier(type), default: 0] }
}

private enum PublishedFields {
    static let lock = NSLock()
    nonisolated(unsafe) static var reflections: [ObjectIdentifier: Int] = [:]

    /// The publisher kept in `object`'s `@Published` fields (made and stored in all of them the first time);
    /// nil when the object has none.
    static func willChangePublisher(of object: AnyObject) -> ObservableObjectPublisher? {
        lock.withLock { reflections[ObjectIdentifier(type(of: object)), default: 0] += 1 }
        var storages: [AnyPublishedStorage] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let field = child.value as? any PublishedField { storages.append(field.publishedStorage) }
            }
            mirror = current.superclassMirror
        }
        guard !storages.isEmpty else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let existing = storages.lazy.compactMap(\.unlockedObjectWillChange).first { return existing }
        let publisher = ObservableObjectPublisher()
        for storage in storages { storage.unlockedObjectWillChange = publisher }
        return publisher
    }
}

/// Each object's default publisher, so that its fields are reflected once (the first time it is asked for),
/// not at every `objectWillChange`. An object with `@Published` fields keeps its publisher in them and the table
/// holds it weakly, so it goes with the object; an object without any gets one that the table keeps.
private final class PublisherRegistry: @unchecked Sendable {
    struct Entry {
        weak var object: AnyObject?
        weak var publisher: ObservableObjectPublisher?
        /// The publisher of an object without `@Published` fields, which nothing else keeps.
        let kept: ObservableObjectPublisher?
    }
    var entries: [ObjectIdentifier: Entry] = [:]
    let lock = NSLock()
    static let shared = PublisherRegistry()

    func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        let id = ObjectIdentifier(object)
        if let known = lock.withLock({ entry(id, of: object) }) { return known }
        // Reflected outside the table's lock: two threads may both reflect, and find the same publisher.
        let inFields = PublishedFields.willChangePublisher(of: object)
        lock.lock()
        defer { lock.unlock() }
        if let known = entry(id, of: object) { return known }
        // Entries of released objects go as new ones come, so the table stays as small as the live objects.
        entries = entries.filter { $0.value.object != nil }
        let publisher = inFields ?? ObservableObjectPublisher()
        entries[id] = Entry(object: object, publisher: publisher, kept: inFields == nil ? publisher : nil)
        return publisher
    }

    /// The publisher recorded for `object` (not for an earlier object at the same address).
    private func entry(_ id: ObjectIdentifier, of object: AnyObject) -> ObservableObjectPublisher? {
        guard let entry = entries[id], entry.object === object else { return nil }
        return entry.publisher
    }
}

/// A property of an `ObservableObject` that announces its changes: on the object's `objectWillChange`,
/// then with the new value on its own publisher (`$property`), both before the value is stored.
@propertyWrapper
public struct Published<Value> {
    private let storage: Storage

    public init(wrappedValue: Value) { storage = Storage(wrappedValue) }
    public init(initialValue: Value) { storage = Storage(initialValue) }

    /// Only reachable through the enclosing object (the `_enclosingInstance` subscript below).
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { preconditionFailure("@Published is only available on properties of classes") }
        set { preconditionFailure("@Published is only available on properties of classes") }
    }

    /// The publisher of this property: the current value on subscription, then each new value as it is set.
    public var projectedValue: Publisher {
        get { Publisher(storage: storage) }
        set { storage.adopt(newValue.storage) }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage.value }
        set {
            let storage = object[keyPath: storageKeyPath].storage
            if let publisher = storage.objectWillChange {
                publisher.send()
            } else if let observable = object as? any ObservableObject {
                observable.announceWillChange()
            }
            storage.value = newValue
        }
    }

    /// `$property` inside the class: remembers the object, so values assigned through the publisher
    /// (`assign(to: &$property)`) announce the change on its `objectWillChange` as direct sets do.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        projected projectedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Publisher>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Publisher {
        get {
            let storage = object[keyPath: storageKeyPath].storage
            storage.owner = object
            return Publisher(storage: storage)
        }
        set {
            let storage = object[keyPath: storageKeyPath].storage
            storage.owner = object
            storage.adopt(newValue.storage)
        }
    }

    /// The value and its subscribers, shared by copies of the wrapper.
    final class Storage: AnyPublishedStorage, @unchecked Sendable {
        weak var owner: AnyObject?
        /// Holds the new value while subscribers hear of it; `value` changes after them (willSet semantics).
        let subject: CurrentValueSubject<Value, Never>
        private let lock = NSLock()
        private var stored: Value
        /// Publishers assigned with `assign(to: &$property)`; they live as long as the property.
        var assignments: [AnyCancellable] = []
        init(_ value: Value) {
            subject = CurrentValueSubject(value)
            stored = value
        }
        var value: Value {
            get {
                lock.lock()
                defer { lock.unlock() }
                return stored
            }
            set {
                subject.send(newValue)
                lock.lock()
                stored = newValue
                lock.unlock()
            }
        }
        func adopt(_ other: Storage) {
            if other !== self { assignments += other.assignments }
        }
    }

    /// The publisher of a `@Published` property.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        let storage: Storage
        /// A publisher that starts at `output` (Apple's initialiser; not connected to any property).
        public init(_ output: Output) { storage = Storage(output) }
        init(storage: Storage) { self.storage = storage }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            storage.subject.receive(subscriber: subscriber)
        }
    }
}

extension Published: PublishedField {
    var publishedStorage: AnyPublishedStorage { storage }
}

extension Publisher where Failure == Never {
    /// Republishes each value through the `@Published` property whose publisher is `published`
    /// (`.assign(to: &$property)`); the subscription ends when the property's object is released.
    public func assign(to published: inout Published<Output>.Publisher) {
        let storage = published.storage
        let token = sink { [weak storage] value in
            guard let storage else { return }
            if let publisher = storage.objectWillChange {
                publisher.send()
            } else if let observable = storage.owner as? any ObservableObject {
                observable.announceWillChange()
            }
            storage.value = value
        }
        storage.assignments.append(token)
    }
}
