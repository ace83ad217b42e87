import Foundation
@_spi(Engine) import UICore

/// A value kept per window (scene) that views read like `@State`: `@SceneStorage("selectedTab") var selectedTab = 0`.
/// Views of one window using the same key share it. WaylandUI keeps it in memory for as long as the window is
/// open (Linux desktops have no state restoration to hand it to); a new window starts from the defaults.
@propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    /// Where the value lives once the view is in a window: that window's box for the key.
    package final class Location: @unchecked Sendable {
        package var box: StorageBox<StoredValue?>
        package init(_ initial: StoredValue?) { box = StorageBox(initial) }
    }
    package let key: String
    package let defaultValue: Value
    package let coding: StoredValueCoding<Value>
    package let location: Location

    package init(key: String, defaultValue: Value, coding: StoredValueCoding<Value>) {
        self.key = key
        self.defaultValue = defaultValue
        self.coding = coding
        location = Location(nil)
    }

    /// The window's value, or the default when none was set.
    public var wrappedValue: Value {
        get { location.box.read().flatMap(coding.decode) ?? defaultValue }
        nonmutating set { location.box.write(coding.encode(newValue)) }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> {
        let storage = self
        return Binding(get: { storage.wrappedValue }, set: { storage.wrappedValue = $0 })
    }
}

extension SceneStorage: GraphInstallable {
    package func install(slot: inout AnyObject?, context: InstallContext) {
        location.box = context.reader.graph.sceneStorage.box(for: key)
        slot = location
    }
}

/// The `@SceneStorage` values of one window (one view graph).
@MainActor
package final class SceneStorageStore: GraphOwnedFeature {
    private var boxes: [String: StorageBox<StoredValue?>] = [:]

    package init(graph: ViewGraph) {}

    package func box(for key: String) -> StorageBox<StoredValue?> {
        if let box = boxes[key] { return box }
        let box = StorageBox<StoredValue?>(nil)
        boxes[key] = box
        return box
    }
}

extension ViewGraph {
    /// The `@SceneStorage` values of this window.
    package var sceneStorage: SceneStorageStore { feature(SceneStorageStore.self) }
}

extension SceneStorage {
    public init(wrappedValue: Value, _ key: String) where Value == Bool {
        self.init(key: key, defaultValue: wrappedValue, coding: .bool)
    }
    public init(wrappedValue: Value, _ key: String) where Value == Int {
        self.init(key: key, defaultValue: wrappedValue, coding: .int)
    }
    public init(wrappedValue: Value, _ key: String) where Value == Double {
        self.init(key: key, defaultValue: wrappedValue, coding: .double)
    }
    public init(wrappedValue: Value, _ key: String) where Value == String {
        self.init(key: key, defaultValue: wrappedValue, coding: .string)
    }
    public init(wrappedValue: Value, _ key: String) where Value == URL {
        self.init(key: key, defaultValue: wrappedValue, coding: .url)
    }
    public init(wrappedValue: Value, _ key: String) where Value == Data {
        self.init(key: key, defaultValue: wrappedValue, coding: .data)
    }
    public init(wrappedValue: Value, _ key: String)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, defaultValue: wrappedValue, coding: .intRaw)
    }
    public init(wrappedValue: Value, _ key: String)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, defaultValue: wrappedValue, coding: .stringRaw)
    }
}

extension SceneStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String) where Value == Bool? {
        self.init(key: key, defaultValue: nil, coding: .optional(.bool))
    }
    public init(_ key: String) where Value == Int? {
        self.init(key: key, defaultValue: nil, coding: .optional(.int))
    }
    public init(_ key: String) where Value == Double? {
        self.init(key: key, defaultValue: nil, coding: .optional(.double))
    }
    public init(_ key: String) where Value == String? {
        self.init(key: key, defaultValue: nil, coding: .optional(.string))
    }
    public init(_ key: String) where Value == URL? {
        self.init(key: key, defaultValue: nil, coding: .optional(.url))
    }
    public init(_ key: String) where Value == Data? {
        self.init(key: key, defaultValue: nil, coding: .optional(.data))
    }
    public init<R: RawRepresentable>(_ key: String) where Value == R?, R.RawValue == String {
        self.init(key: key, defaultValue: nil, coding: .optional(StoredValueCoding<R>.stringRaw))
    }
    public init<R: RawRepresentable>(_ key: String) where Value == R?, R.RawValue == Int {
        self.init(key: key, defaultValue: nil, coding: .optional(StoredValueCoding<R>.intRaw))
    }
}
