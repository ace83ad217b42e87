import Foundation
@_spi(Engine) import UICore

/// A value `@AppStorage` keeps: the property-list types `UserDefaults` keeps.
package enum StoredValue: Equatable, Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case data(Data)

    package var propertyListValue: Any {
        switch self {
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .data(let value): return value
        }
    }

    package init?(propertyListValue value: Any) {
        // Property lists read booleans and whole numbers back as numbers that cast to Int: the reading side
        // (`AppStorage`) accepts `.int` for Bool and Double, so the round trip keeps every value.
        if let value = value as? Int {
            self = .int(value)
        } else if let value = value as? Double {
            self = .double(value)
        } else if let value = value as? Bool {
            self = .bool(value)
        } else if let value = value as? String {
            self = .string(value)
        } else if let value = value as? Data {
            self = .data(value)
        } else {
            return nil
        }
    }
}

/// Where `@AppStorage` values live: one property list per app, `$XDG_CONFIG_HOME/<app id>/AppStorage.plist`
/// (`~/.config` without the variable), read once and written after each change. Every view using a key shares
/// one box, so a write through one `@AppStorage` updates all the views reading that key.
///
/// A file that cannot be read as a property list gives one log line and the defaults; it is kept beside the new
/// one (`AppStorage.plist.corrupt`) at the first write, so nothing is lost.
@MainActor
package final class AppStorageStore {
    /// The store of `@AppStorage` without a `store:` argument.
    package static var standard = AppStorageStore(file: AppStorageStore.defaultFile)

    /// `$XDG_CONFIG_HOME/<app id>/AppStorage.plist`; the app ID is the executable's name, as the window's.
    package nonisolated static var defaultFile: URL {
        let environment = ProcessInfo.processInfo.environment
        let configHome: URL
        if let value = environment["XDG_CONFIG_HOME"], value.hasPrefix("/") {
            configHome = URL(fileURLWithPath: value)
        } else {
            configHome = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        }
        let appID = URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent
        return configHome.appendingPathComponent(appID).appendingPathComponent("AppStorage.plist")
    }

    /// The stores of `@AppStorage(…, store:)`, one per `UserDefaults` object.
    private static var defaultsStores: [ObjectIdentifier: AppStorageStore] = [:]

    /// The store writing through `defaults`.
    package static func store(for defaults: UserDefaults?) -> AppStorageStore {
        guard let defaults else { return standard }
        if let store = defaultsStores[ObjectIdentifier(defaults)] { return store }
        let store = AppStorageStore(defaults: defaults)
        defaultsStores[ObjectIdentifier(defaults)] = store
        return store
    }

    package let file: URL
    private let defaults: UserDefaults?
    private var values: [String: StoredValue] = [:]
    private var boxes: [String: StorageBox<StoredValue?>] = [:]
    private var hasLoaded = false
    private var keepsCorruptFile = false
    /// The last write error, reported once per kind of failure.
    private var lastWriteError: String?

    package init(file: URL) {
        self.file = file
        defaults = nil
    }

    private init(defaults: UserDefaults) {
        file = URL(fileURLWithPath: "/")
        self.defaults = defaults
    }

    /// The shared box of `key`, holding the stored value (`nil`: none stored).
    package func box(for key: String) -> StorageBox<StoredValue?> {
        loadIfNeeded()
        if let box = boxes[key] { return box }
        if let defaults, values[key] == nil, let raw = defaults.object(forKey: key) {
            values[key] = StoredValue(propertyListValue: raw)
        }
        let box = StorageBox<StoredValue?>(values[key])
        boxes[key] = box
        return box
    }

    /// Stores `value` for `key` (`nil` removes it), updates the views reading it and writes the file.
    package func set(_ value: StoredValue?, for key: String) {
        loadIfNeeded()
        if values[key] == value { return }
        values[key] = value
        box(for: key).write(value)
        if let defaults {
            defaults.set(value?.propertyListValue, forKey: key)
        } else {
            save()
        }
    }

    private func loadIfNeeded() {
        guard !hasLoaded, defaults == nil else { return }
        hasLoaded = true
        guard let data = FileManager.default.contents(atPath: file.path) else { return }
        do {
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            guard let dictionary = object as? [String: Any] else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            for (key, raw) in dictionary {
                if let value = StoredValue(propertyListValue: raw) { values[key] = value }
            }
        } catch {
            keepsCorruptFile = true
            log(
                "cannot read \(file.path) (not a property list): using the defaults; it is kept as AppStorage.plist.corrupt"
            )
        }
    }

    private func save() {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            if keepsCorruptFile {
                keepsCorruptFile = false
                let aside = file.appendingPathExtension("corrupt")
                try? FileManager.default.removeItem(at: aside)
                try FileManager.default.moveItem(at: file, to: aside)
            }
            let dictionary = values.mapValues(\.propertyListValue)
            let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
            try data.write(to: file, options: .atomic)
            lastWriteError = nil
        } catch {
            let message = "cannot write \(file.path): \(error.localizedDescription) (values are kept in memory)"
            if message != lastWriteError { log(message) }
            lastWriteError = message
        }
    }

    private func log(_ message: String) {
        FileHandle.standardError.write(Data("WaylandUI: AppStorage: \(message)\n".utf8))
    }
}
