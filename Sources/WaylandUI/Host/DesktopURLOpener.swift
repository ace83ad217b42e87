import Dispatch
import Foundation
import WaylandClient

#if canImport(Glibc)
    import Glibc
#endif

/// Opens URLs the way the desktop does (the default `openURL` action behind `Link`): through the desktop portal
/// (`org.freedesktop.portal.OpenURI`) where the session bus has one, else GLib's `gio open` or `xdg-open`, each
/// run by absolute path with the URL as a separate argument (never through a shell), in a cleaned environment.
///
/// Only web and mail links reach the desktop: `http`, `https` and `mailto`. Anything else (`file:`, `javascript:`,
/// a string beginning with `-`) is refused with one line; an app that wants its own schemes opened handles them in
/// its `openURL` action (`.environment(\.openURL, OpenURLAction { … })`).
enum DesktopURLOpener {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// One opener to try: an absolute path and its arguments.
    struct Command: Equatable {
        var executable: String
        var arguments: [String]
    }

    static func open(_ url: URL) {
        if let refusal = refusal(for: url) {
            Probe.report("open-url refused \(url.absoluteString)")
            complain("not opening \(url.absoluteString.prefix(200)): \(refusal)")
            return
        }
        Probe.report("open-url \(url.absoluteString)")
        let environment = childEnvironment(ProcessInfo.processInfo.environment)
        let commands = commands(for: url, environment: environment) { access($0, X_OK) == 0 }
        guard !commands.isEmpty else {
            return complain(
                "cannot open \(url.absoluteString): no desktop portal, gio or xdg-open (apt-get install xdg-utils)")
        }
        // Openers may run until the browser they start exits: each open waits on a worker thread.
        DispatchQueue.global().async {
            for command in commands where run(command, environment: environment) == 0 { return }
            complain("cannot open \(url.absoluteString): \(commands.map(\.executable).joined(separator: ", ")) failed")
        }
    }

    /// Why `url` must not be handed to the desktop, or nil if it may.
    static func refusal(for url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), allowedSchemes.contains(scheme) else {
            return
                "only http, https and mailto links open in the desktop (an app handles other schemes in its openURL action)"
        }
        if url.absoluteString.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "the URL contains control characters"
        }
        return nil
    }

    /// The openers to try, in order. The portal needs a session bus; `gio open` takes the URL after `--`;
    /// `xdg-open` takes no options terminator, but an allowed URL begins with its scheme, never with `-`.
    static func commands(for url: URL, environment: [String: String], isExecutable: (String) -> Bool) -> [Command] {
        let text = url.absoluteString
        func first(_ paths: [String]) -> String? { paths.first(where: isExecutable) }
        var commands: [Command] = []
        if environment["DBUS_SESSION_BUS_ADDRESS"] != nil, let gdbus = first(["/usr/bin/gdbus", "/bin/gdbus"]) {
            commands.append(
                Command(
                    executable: gdbus,
                    arguments: [
                        "call", "--session", "--dest", "org.freedesktop.portal.Desktop",
                        "--object-path", "/org/freedesktop/portal/desktop", "--method",
                        "org.freedesktop.portal.OpenURI.OpenURI",
                        "--", "", text, "{}",
                    ]))
        }
        if let gio = first(["/usr/bin/gio", "/bin/gio"]) {
            commands.append(Command(executable: gio, arguments: ["open", "--", text]))
        }
        if let xdgOpen = first(["/usr/bin/xdg-open", "/bin/xdg-open", "/usr/local/bin/xdg-open"]) {
            commands.append(Command(executable: xdgOpen, arguments: [text]))
        }
        return commands
    }

    /// The app's environment without WaylandUI's own variables (the test probe, among others).
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.filter { !$0.key.hasPrefix("WAYLAND_UI_") }
    }

    /// Runs `command` with stdin from /dev/null and no descriptors but stdout and stderr inherited; waits for it.
    /// Returns its exit status (-1 if it could not start). posix_spawn, not Foundation's `Process`, which kept
    /// about half a megabyte per run.
    static func run(_ command: Command, environment: [String: String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for descriptor in inheritableDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([command.executable] + command.arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, command.executable, &actions, nil, argv, envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    /// Open descriptors a child would inherit (those without close-on-exec).
    private static func inheritableDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap(Int32.init).filter { descriptor in
            let flags = fcntl(descriptor, F_GETFD)
            return flags >= 0 && flags & FD_CLOEXEC == 0
        }
    }

    private static func complain(_ message: String) {
        FileHandle.standardError.write(Data("WaylandUI: \(message)\n".utf8))
    }
}
