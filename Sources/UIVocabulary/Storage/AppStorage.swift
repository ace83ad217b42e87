import Foundation
@_spi(Engine) import UICore

/// A value kept in the app's settings that views read like `@State`: `@AppStorage("showsGrid") var showsGrid = true`.
/// Views using the same key share it; see `AppStorageStore` for where it is kept.
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    package let key: String
    package let defaultValue: Value
    package let defaults: UserDefaults?
    package let coding: StoredValueCoding<Value>

    package init(key: String, defaultValue: Value, store: UserDefaults?, coding: StoredValueCoding<Value>) {
        self.key = key
        self.defaultValue = defaultValue
        self.defaults = store
        self.coding = coding
    }

    /// The stored value, or the default when none is stored (or it has another type).
    public var wrappedValue: Value {
        get {
            // Views read and write on the main actor; the store lives there.
            nonisolated(unsafe) let defaults = self.defaults
            let key = self.key
            let stored = MainActor.assumeIsolated { AppStorageStore.store(for: defaults).box(for: key).read() }
            return stored.flatMap(coding.decode) ?? defaultValue
        }
        nonmutating set {
            let value = coding.encode(newValue)
            nonisolated(unsafe) let defaults = self.defaults
            let key = self.key
            MainActor.assumeIsolated { AppStorageStore.store(for: defaults).set(value, for: key) }
        }
    }

    /// A binding to the stored value.
    public var projectedValue: Binding<Value> {
        let storage = self
        return Binding(get: { storage.wrappedValue }, set: { storage.wrappedValue = $0 })
    }
}

extension AppStorage {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(key: key, defaultValue: wrappedValue, store: store, coding: .bool)
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(key: key, defaultValue: wrappedValue, store: store, coding: .int)
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(key: key, defaultValue: wrappedValue, store: store, coding: .double)
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(key: key, defaultValue: wrappedValue, store: store, coding: .string)
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(key: key, defaultValue: wrappedValue, store: store, coding: .url)
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(key: key, defaultValue: wrappedValue, store: store, coding: .data)
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, defaultValue: wrappedValue, store: store, coding: .intRaw)
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, defaultValue: wrappedValue, store: store, coding: .stringRaw)
    }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
        self.init(key: key, defaultValue: nil, store: store, coding: .optional(.bool))
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(key: key, defaultValue: nil, store: store, coding: .optional(.int))
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
        self.init(key: key, defaultValue: nil, store: store, coding: .optional(.double))
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(key: key, defaultValue: nil, store: store, coding: .optional(.string))
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == URL? {
        self.init(key: key, defaultValue: nil, store: store, coding: .optional(.url))
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Data? {
        self.init(key: key, defaultValue: nil, store: store, coding: .optional(.data))
    }
    public init<R: RawRepresentable>(_ key: String, store: UserDefaults? = nil)
    where Value == R?, R.RawValue == String {
        self.init(key: key, defaultValue: nil, store: store, coding: .optional(StoredValueCoding<R>.stringRaw))
    }
    public init<R: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == R?, R.RawValue == Int {
        self.init(key: key, defaultValue: nil, store: store, coding: .optional(StoredValueCoding<R>.intRaw))
    }
}
