import CompositorHarness
import Foundation
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// `colorScheme` follows the desktop's dark-style preference, read from a fake settings portal on a private bus.
@MainActor
@Suite struct DesktopAppearanceTests {
    /// A private session bus with a fake portal answering `scheme`; stopped by `stop()`.
    final class PrivateBus {
        let directory: URL
        let address: String
        private var processes: [ChildProcess] = []

        init(scheme: Int, legacy: Bool = false) throws {
            directory = FileManager.default.temporaryDirectory.appending(path: "portal-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let socket = directory.appending(path: "bus").path
            address = "unix:path=\(socket)"
            let environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path]
            processes.append(
                try ChildProcess(
                    name: "dbus-daemon", executable: "/usr/bin/dbus-daemon",
                    arguments: ["--session", "--nofork", "--nopidfile", "--address=\(address)"],
                    environment: environment, directory: directory))
            guard CompositorHarness.waitUntil(timeout: 30, { FileManager.default.fileExists(atPath: socket) }) else {
                throw HarnessError("dbus-daemon did not start: \(processes[0].output)")
            }
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appending(path: "Fixtures/FakePortal/fake-settings-portal.py").path
            let portal = try ChildProcess(
                name: "portal", executable: "/usr/bin/python3",
                arguments: [script, "\(scheme)"] + (legacy ? ["--legacy"] : []),
                environment: environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 },
                directory: directory)
            processes.append(portal)
            guard CompositorHarness.waitUntil(timeout: 30, { portal.output.contains("ready") }) else {
                throw HarnessError("the fake portal did not start: \(portal.output)")
            }
        }

        /// Makes the fake portal change the setting and emit `SettingChanged`.
        func setColorScheme(_ scheme: Int) throws {
            let call = try ChildProcess(
                name: "gdbus-\(scheme)", executable: "/usr/bin/gdbus",
                arguments: [
                    "call", "--address", address, "--dest", "org.freedesktop.portal.Desktop",
                    "--object-path", "/org/freedesktop/portal/desktop",
                    "--method", "org.waylandui.FakePortal.SetColorScheme", "\(scheme)",
                ],
                environment: ["PATH": "/usr/bin:/bin"], directory: directory)
            guard call.waitForExit(timeout: 30) == 0 else { throw HarnessError("gdbus call failed: \(call.output)") }
        }

        func stop() {
            for process in processes.reversed() { process.stop() }
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Lets the main queue run (the bus is a dispatch source there) until `condition` holds.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }

    @Test func readsThePreferenceAtLaunchAndFollowsItsChanges() async throws {
        let bus = try PrivateBus(scheme: 1)
        defer { bus.stop() }
        let appearance = DesktopAppearance()
        var changes: [ColorScheme] = []
        appearance.onChange = { changes.append($0) }
        #expect(appearance.start(address: bus.address))
        defer { appearance.stop() }
        let reached1 = await eventually { appearance.colorScheme == .dark }
        #expect(reached1)
        try bus.setColorScheme(2)
        let reached2 = await eventually { appearance.colorScheme == .light }
        #expect(reached2)
        try bus.setColorScheme(1)
        let reached3 = await eventually { appearance.colorScheme == .dark }
        #expect(reached3)
        try bus.setColorScheme(0)  // "no preference" is light
        let reached4 = await eventually { appearance.colorScheme == .light }
        #expect(reached4)
        #expect(changes == [.dark, .light, .dark, .light])
    }

    @Test func anOlderPortalIsReadThroughRead() async throws {
        let bus = try PrivateBus(scheme: 1, legacy: true)
        defer { bus.stop() }
        let appearance = DesktopAppearance()
        #expect(appearance.start(address: bus.address))
        defer { appearance.stop() }
        let reached5 = await eventually { appearance.colorScheme == .dark }
        #expect(reached5)
    }

    @Test func withoutABusOrPortalTheSchemeIsLight() async throws {
        let appearance = DesktopAppearance()
        #expect(!appearance.start(address: "unix:path=/nonexistent/bus"))
        #expect(appearance.colorScheme == .light)
        // A bus without a portal: the read fails quietly.
        let directory = FileManager.default.temporaryDirectory.appending(path: "bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let socket = directory.appending(path: "bus").path
        let daemon = try ChildProcess(
            name: "dbus-daemon", executable: "/usr/bin/dbus-daemon",
            arguments: ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(socket)"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path], directory: directory)
        defer { daemon.stop() }
        let quiet = DesktopAppearance()
        // The socket file appears when the daemon binds it, a moment before it listens: connect until it answers.
        let connected = await eventually { quiet.start(address: "unix:path=\(socket)") }
        #expect(connected, "\(daemon.output)")
        defer { quiet.stop() }
        // The bus answers both reads with an error (no portal is there): nothing changes.
        let answered = await eventually { !quiet.isReading }
        #expect(answered)
        #expect(quiet.colorScheme == .light)
    }
}
