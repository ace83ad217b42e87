import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

private enum Theme: String { case system, sepia }
private enum Level: Int {
    case low = 1
    case high = 3
}

@MainActor private final class Seen {
    var values: [String] = []
}

private struct CountLabel: View {
    let name: String
    let seen: Seen
    @AppStorage("count") private var count = 0
    var body: some View {
        seen.values.append("\(name)=\(count)")
        return Text("\(name) \(count)")
    }
}

private struct TabLabel: View {
    let seen: Seen
    @SceneStorage("tab") private var tab = "home"
    var body: some View {
        seen.values.append(tab)
        return Text(tab)
    }
}

/// `@AppStorage` and `@SceneStorage`. The suite swaps the standard store for one in a temporary directory.
@MainActor
@Suite(.serialized) struct StorageTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appstorage-\(UUID().uuidString)")
    var file: URL { directory.appendingPathComponent("AppStorage.plist") }

    private func withStore(_ body: () throws -> Void) rethrows {
        let saved = AppStorageStore.standard
        AppStorageStore.standard = AppStorageStore(file: file)
        defer {
            AppStorageStore.standard = saved
            try? FileManager.default.removeItem(at: directory)
        }
        try body()
    }

    @Test func viewsUsingOneKeyShareItAndTheFileKeepsIt() throws {
        try withStore {
            let seen = Seen()
            let graph = makeGraph(
                VStack {
                    CountLabel(name: "a", seen: seen)
                    CountLabel(name: "b", seen: seen)
                },
                width: 200, height: 100)
            graph.update()
            #expect(seen.values == ["a=0", "b=0"])
            AppStorage(wrappedValue: 0, "count").wrappedValue = 5
            graph.update()
            #expect(seen.values == ["a=0", "b=0", "a=5", "b=5"])
            let data = try Data(contentsOf: file)
            let stored = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            #expect(stored?["count"] as? Int == 5)
        }
    }

    @Test func everyKindOfValueRoundTripsThroughTheFile() throws {
        try withStore {
            let url = URL(string: "https://example.org/a?b=c")!
            AppStorage(wrappedValue: false, "flag").wrappedValue = true
            AppStorage(wrappedValue: 0, "number").wrappedValue = 42
            AppStorage(wrappedValue: 0.0, "ratio").wrappedValue = 2.5
            AppStorage(wrappedValue: 0.0, "whole").wrappedValue = 3
            AppStorage(wrappedValue: "", "name").wrappedValue = "Zoë"
            AppStorage(wrappedValue: URL(string: "about:blank")!, "link").wrappedValue = url
            AppStorage(wrappedValue: Data(), "blob").wrappedValue = Data([0, 1, 255])
            AppStorage(wrappedValue: Theme.system, "theme").wrappedValue = .sepia
            AppStorage(wrappedValue: Level.low, "level").wrappedValue = .high
            AppStorage<String?>("nickname").wrappedValue = "Z"
            // A fresh store reads the file as the next launch would.
            AppStorageStore.standard = AppStorageStore(file: file)
            #expect(AppStorage(wrappedValue: false, "flag").wrappedValue == true)
            #expect(AppStorage(wrappedValue: 0, "number").wrappedValue == 42)
            #expect(AppStorage(wrappedValue: 0.0, "ratio").wrappedValue == 2.5)
            #expect(AppStorage(wrappedValue: 0.0, "whole").wrappedValue == 3)
            #expect(AppStorage(wrappedValue: "", "name").wrappedValue == "Zoë")
            #expect(AppStorage(wrappedValue: URL(string: "about:blank")!, "link").wrappedValue == url)
            #expect(AppStorage(wrappedValue: Data(), "blob").wrappedValue == Data([0, 1, 255]))
            #expect(AppStorage(wrappedValue: Theme.system, "theme").wrappedValue == .sepia)
            #expect(AppStorage(wrappedValue: Level.low, "level").wrappedValue == .high)
            #expect(AppStorage<String?>("nickname").wrappedValue == "Z")
            #expect(AppStorage<Int?>("missing").wrappedValue == nil)
            // A value of another type reads as the default; nil removes a value.
            #expect(AppStorage(wrappedValue: 7, "name").wrappedValue == 7)
            AppStorage<String?>("nickname").wrappedValue = nil
            AppStorageStore.standard = AppStorageStore(file: file)
            #expect(AppStorage<String?>("nickname").wrappedValue == nil)
        }
    }

    @Test func aCorruptFileGivesTheDefaultsAndIsKeptAside() throws {
        try withStore {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let garbage = Data("<plist><dict><key>count</key><integer>1".utf8)
            try garbage.write(to: file)
            AppStorageStore.standard = AppStorageStore(file: file)
            #expect(AppStorage(wrappedValue: 9, "count").wrappedValue == 9)
            AppStorage(wrappedValue: 9, "count").wrappedValue = 10
            #expect(try Data(contentsOf: file.appendingPathExtension("corrupt")) == garbage)
            AppStorageStore.standard = AppStorageStore(file: file)
            #expect(AppStorage(wrappedValue: 9, "count").wrappedValue == 10)
        }
    }

    @Test func aBindingWritesTheStoredValue() throws {
        try withStore {
            let storage = AppStorage(wrappedValue: false, "binding")
            storage.projectedValue.wrappedValue = true
            #expect(AppStorage(wrappedValue: false, "binding").wrappedValue)
        }
    }

    @Test func sceneStorageIsSharedInsideAWindowAndSeparateBetweenWindows() {
        let seen = Seen()
        let first = makeGraph(TabLabel(seen: seen), width: 100, height: 100)
        let second = makeGraph(TabLabel(seen: seen), width: 100, height: 100)
        first.update()
        second.update()
        first.sceneStorage.box(for: "tab").write(.string("settings"))
        first.update()
        second.update()
        #expect(seen.values == ["home", "home", "settings"])
        #expect(second.sceneStorage.box(for: "tab").peek == nil)
    }
}
