import Foundation

/// sway 1.7 headless. It refuses root, so it runs as an unprivileged uid; clients stay root.
extension Compositor {
    static let swayUID = "4242"

    func launchSway(extraConfiguration: [String]) throws {
        let home = runtimeDirectory.appending(path: "home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let sentinel = runtimeDirectory.appending(path: "sway-ready")
        let config = runtimeDirectory.appending(path: "sway.conf")
        let lines =
            [
                "xwayland disable",
                "output HEADLESS-1 mode \(width * scale)x\(height * scale) position 0 0 scale \(scale) bg #336699 solid_color",
                "default_border none",
                "default_floating_border none",
                "focus_follows_mouse no",
                "mouse_warping none",
                // The cursor hides 50 ms after the last pointer activity, so screenshots show only clients.
                "seat seat0 hide_cursor 50",
            ] + extraConfiguration + [
                "exec sh -c 'echo \"$WAYLAND_DISPLAY $SWAYSOCK\" > \"\(sentinel.path).tmp\" && mv \"\(sentinel.path).tmp\" \"\(sentinel.path)\"'"
            ]
        try (lines.joined(separator: "\n") + "\n").write(to: config, atomically: true, encoding: .utf8)
        let chown = try ChildProcess(
            name: "chown", executable: "/bin/chown",
            arguments: ["-R", "\(Self.swayUID):\(Self.swayUID)", runtimeDirectory.path],
            environment: [:], directory: FileManager.default.temporaryDirectory)
        guard chown.waitForExit(timeout: 10) == 0 else {
            throw HarnessError("cannot chown \(runtimeDirectory.path) for sway")
        }

        var environment = clientEnvironment
        environment["WAYLAND_DISPLAY"] = nil
        environment["HOME"] = home.path
        environment["WLR_BACKENDS"] = "headless"
        environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        environment["WLR_RENDERER"] = "pixman"
        environment["WLR_HEADLESS_OUTPUTS"] = "1"
        server = try ChildProcess(
            name: "sway", executable: "/usr/bin/setpriv",
            arguments: [
                "--reuid=\(Self.swayUID)", "--regid=\(Self.swayUID)", "--clear-groups", "/usr/bin/sway", "-c",
                config.path,
            ],
            environment: environment, directory: runtimeDirectory)
        try waitForServer(creating: sentinel.path)
        let words = ((try? String(contentsOf: sentinel, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
        guard let display = words.first else { throw startFailure("its readiness sentinel is empty") }
        socketName = String(display)
        if words.count > 1 { swaySocketPath = String(words[1]) }

        // A virtual pointer and keyboard that live as long as sway: without them the headless seat has no
        // pointer or keyboard at all, and a keyboard per key (wtype) makes clients see focus churn.
        guard mkfifo(virtualInputFIFO.path, 0o600) == 0 else {
            throw HarnessError("cannot create \(virtualInputFIFO.path)")
        }
        let input = try ChildProcess(
            name: "virtual-input", executable: try BuiltProducts.executable("VirtualInput"),
            arguments: [virtualInputFIFO.path, virtualInputAcks.path, "\(width)", "\(height)"],
            environment: clientEnvironment,
            directory: runtimeDirectory)
        helpers.append(input)
        guard waitUntil(timeout: 10, { input.output.contains("ready") || !input.isRunning }), input.isRunning else {
            throw HarnessError("the virtual input helper did not start: \(input.output)")
        }
        // Park the pointer in the corner: that also arms sway's timer that hides the cursor.
        try inject([.pointerMotion(x: Double(width - 1), y: Double(height - 1))])
    }

    var virtualInputFIFO: URL { runtimeDirectory.appending(path: "virtual-input.fifo") }
    var virtualInputAcks: URL { runtimeDirectory.appending(path: "virtual-input.acks") }

    func injectIntoSway(_ actions: [InputAction]) throws {
        let commands = try actions.map { action -> String in
            switch action {
            case .pointerMotion(let x, let y): return "motion \(x) \(y)"
            case .pointerButton(let button, let pressed): return "button \(button) \(pressed ? 1 : 0)"
            case .scroll(let axis, let value): return "axis \(axis) \(value)"
            case .key(let key, let pressed): return "key \(key) \(pressed ? 1 : 0)"
            case .touchDown, .touchMotion, .touchUp, .touchCancel:
                throw HarnessError("sway cannot inject touch: wlroots has no virtual touch device (use weston)")
            }
        }
        try send(commands.joined(separator: "; "), fifo: virtualInputFIFO, acks: virtualInputAcks)
        lastSwayInput = Date()
    }

    /// The persistent virtual keyboard sends its keymap again, as a new virtual keyboard or a layout switch does:
    /// clients get a keymap event, and no modifiers event while the held keys keep the same modifiers.
    public func sendSwayKeymapAgain() throws {
        try send("keymap", fifo: virtualInputFIFO, acks: virtualInputAcks)
    }

    /// Runs a sway command through swaymsg (IPC) and returns what it printed (`-t get_tree`: JSON).
    @discardableResult
    public func swaymsg(_ arguments: [String]) throws -> String {
        guard let swaySocket = swaySocketPath else { throw HarnessError("swaymsg needs sway") }
        return try runTool("swaymsg", ["-s", swaySocket] + arguments)
    }

    func swayScreenshot() throws -> Screenshot {
        let hidden = (lastSwayInput ?? .distantPast).addingTimeInterval(0.15)
        if hidden.timeIntervalSinceNow > 0 { usleep(useconds_t(hidden.timeIntervalSinceNow * 1_000_000)) }
        let ppm = runtimeDirectory.appending(path: "shot-\(UUID().uuidString).ppm")
        try runTool("grim", ["-t", "ppm", ppm.path])
        let png = ppm.deletingPathExtension().appendingPathExtension("png")
        return try Screenshot.decodePPM(ppm, png: png)
    }

    /// Runs a command-line tool as a client of this compositor and fails with its output if it fails.
    @discardableResult
    func runTool(_ tool: String, _ arguments: [String]) throws -> String {
        let process = try ChildProcess(
            name: tool, executable: "/usr/bin/\(tool)", arguments: arguments,
            environment: clientEnvironment, directory: runtimeDirectory)
        guard process.waitForExit(timeout: 10) == 0 else {
            throw HarnessError("\(tool) \(arguments.joined(separator: " ")) failed: \(process.output)")
        }
        return process.output
    }
}
