import CompositorHarness
import Foundation
import Testing

@testable import WaylandUI

/// `--install-desktop-entry`: a real app (ScenesProbe) writes its entry and icon under a private
/// XDG_DATA_HOME; the entry validates with desktop-file-validate and matches the app ID the window sets.
@Suite struct DesktopEntryTests {
    /// Runs `executable` to its end; its exit status and what it printed (both streams).
    func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (
        Int32, String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Runs ScenesProbe with `arguments` under `dataHome`.
    func runProbe(_ arguments: [String], dataHome: URL) throws -> (Int32, String) {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.path
        return try run(try BuiltProducts.executable("ScenesProbe"), arguments, environment: environment)
    }

    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "desktop-entry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func installWritesAValidEntryAndIconNamedByTheAppID() throws {
        let home = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let icon = home.appending(path: "icon.png")
        try Screenshot.writePNG(rgba: [UInt8](repeating: 200, count: 48 * 48 * 4), width: 48, height: 48, to: icon)

        let (status, output) = try runProbe(["--install-desktop-entry", "--icon", icon.path], dataHome: home)
        #expect(status == 0, "\(output)")
        let entry = home.appending(path: "applications/ScenesProbe.desktop")
        let text = try String(contentsOf: entry, encoding: .utf8)
        #expect(text.contains("Name=Scenes probe\n"))  // the first scene's title
        #expect(text.contains("Icon=ScenesProbe\n"))
        #expect(text.contains("Exec=\(try BuiltProducts.executable("ScenesProbe"))\n"))
        #expect(
            FileManager.default.contents(atPath: home.appending(path: "icons/hicolor/48x48/apps/ScenesProbe.png").path)
                == FileManager.default.contents(atPath: icon.path))

        let (valid, problems) = try run("/usr/bin/desktop-file-validate", [entry.path])
        #expect(valid == 0 && problems.isEmpty, "\(problems)")

        let (removed, removal) = try runProbe(["--uninstall-desktop-entry"], dataHome: home)
        #expect(removed == 0, "\(removal)")
        #expect(!FileManager.default.fileExists(atPath: entry.path))
        #expect(
            !FileManager.default.fileExists(
                atPath: home.appending(path: "icons/hicolor/48x48/apps/ScenesProbe.png").path))
    }

    @Test func aBadIconIsRefusedWithAClearMessageAndNothingWritten() throws {
        let home = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let notAnImage = home.appending(path: "icon.png")
        try Data("not a png".utf8).write(to: notAnImage)
        let (status, output) = try runProbe(["--install-desktop-entry", "--icon", notAnImage.path], dataHome: home)
        #expect(status == 1)
        #expect(output.contains("desktop entry not installed") && output.contains("is not a PNG file"), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: home.appending(path: "applications/ScenesProbe.desktop").path))
    }

    @Test func execQuotesReservedCharactersAndDoublesPercent() {
        #expect(DesktopEntry.quotedArgument("/opt/app/bin/App") == "/opt/app/bin/App")
        #expect(DesktopEntry.quotedArgument("/home/me/My Apps/App") == "\"/home/me/My Apps/App\"")
        // Inside quotes `$` is backslash-escaped; then the string-value escaping doubles each backslash.
        #expect(DesktopEntry.quotedArgument("/tmp/a$b") == "\"/tmp/a\\\\$b\"")
        #expect(DesktopEntry.quotedArgument("/tmp/100%") == "/tmp/100%%")
    }
}
