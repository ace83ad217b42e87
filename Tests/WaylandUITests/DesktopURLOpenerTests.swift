import Foundation
import Testing

@testable import WaylandUI

/// `Link`'s default action hands only web and mail links to the desktop, by absolute path, with the URL as its own
/// argument, in an environment without WaylandUI's variables and with no descriptor but stdout and stderr inherited.
@Suite struct DesktopURLOpenerTests {
    @Test(arguments: [
        "https://example.org/a?b=c", "http://example.org", "HTTPS://EXAMPLE.ORG", "mailto:someone@example.org",
    ])
    func webAndMailLinksOpen(text: String) throws {
        #expect(DesktopURLOpener.refusal(for: try #require(URL(string: text))) == nil)
    }

    @Test(arguments: [
        "file:///etc/passwd", "javascript:alert(1)", "-oProxyCommand=evil", "--help", "ftp://example.org",
        "x-scheme-handler:thing", "/etc/passwd", "data:text/html,hi",
    ])
    func otherSchemesAreRefused(text: String) throws {
        let url = try #require(URL(string: text))
        #expect(DesktopURLOpener.refusal(for: url) != nil, "\(text)")
    }

    @Test func openersRunByAbsolutePathWithTheURLAsOneArgumentAfterTheOptions() throws {
        let url = try #require(
            URL(
                string: "https://example.org/a b?x=1;rm -rf".addingPercentEncoding(
                    withAllowedCharacters: .urlQueryAllowed)!))
        let everything = DesktopURLOpener.commands(
            for: url, environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/bus"]
        ) { _ in true }
        #expect(everything.map(\.executable) == ["/usr/bin/gdbus", "/usr/bin/gio", "/usr/bin/xdg-open"])
        for command in everything {
            #expect(command.executable.hasPrefix("/"))
            #expect(
                command.arguments.last == url.absoluteString || command.arguments.dropLast().last == url.absoluteString)
            #expect(command.arguments.filter { $0 == url.absoluteString }.count == 1)
        }
        #expect(everything[0].arguments.contains("org.freedesktop.portal.OpenURI.OpenURI"))
        #expect(everything[1].arguments == ["open", "--", url.absoluteString])
        // No session bus: no portal.
        let noBus = DesktopURLOpener.commands(for: url, environment: [:]) { $0 == "/usr/bin/xdg-open" }
        #expect(noBus == [DesktopURLOpener.Command(executable: "/usr/bin/xdg-open", arguments: [url.absoluteString])])
    }

    @Test func theChildGetsNoProbeAndNoInheritedDescriptors() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A descriptor the app holds open without close-on-exec (as the harness's probe descriptor is).
        let held = open(directory.appending(path: "held").path, O_CREAT | O_WRONLY, 0o600)
        #expect(held > 2)
        defer { close(held) }
        let report = directory.appending(path: "report").path
        let environment = DesktopURLOpener.childEnvironment([
            "WAYLAND_UI_PROBE": "/tmp/probe", "PATH": "/usr/bin:/bin", "LANG": "C",
        ])
        let status = DesktopURLOpener.run(
            .init(executable: "/bin/sh", arguments: ["-c", "env > '\(report)'; ls /proc/$$/fd >> '\(report)'"]),
            environment: environment)
        #expect(status == 0)
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.hasPrefix("WAYLAND_UI_") }, "\(lines)")
        #expect(lines.contains("LANG=C"))
        #expect(!lines.contains(String(held)), "descriptor \(held) leaked into the opener: \(lines)")
        #expect(
            DesktopURLOpener.run(.init(executable: "/bin/sh", arguments: ["-c", "exit 3"]), environment: environment)
                == 3)
        #expect(
            DesktopURLOpener.run(.init(executable: "/nonexistent/opener", arguments: []), environment: environment) != 0
        )
    }
}

/// `@Environment(\.scenePhase)` follows the window's xdg_toplevel states.
@MainActor
@Suite struct ScenePhaseFromWindowStatesTests {
    @Test func activatedIsActiveShownIsInactiveSuspendedIsBackground() {
        #expect(WindowHost.scenePhase(for: [.activated]) == .active)
        #expect(WindowHost.scenePhase(for: [.activated, .maximized]) == .active)
        #expect(WindowHost.scenePhase(for: []) == .inactive)
        #expect(WindowHost.scenePhase(for: [.tiledLeft]) == .inactive)
        #expect(WindowHost.scenePhase(for: [.suspended]) == .background)
        #expect(WindowHost.scenePhase(for: [.suspended, .activated]) == .background)
    }
}
