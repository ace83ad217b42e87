import Foundation

/// A connection and the globals every window needs: `wl_compositor`, `wl_shm` and `xdg_wm_base` (whose
/// pings it answers).
@MainActor
public final class WaylandSession {
    public let connection: Connection
    public let registry: Registry
    public let compositor: WlCompositor
    public let shm: WlShm
    public let wmBase: XdgWmBase
    /// Optional: lets a buffer of any size stand for a surface of another (fractional scale, capped buffers).
    public let viewporter: WpViewporter?
    /// Optional: negotiates server-side decorations (sway, cage, KDE; never GNOME or weston).
    public let decorationManager: ZxdgDecorationManagerV1?
    /// Optional: the compositor's preferred scale in 120ths, per surface.
    public let fractionalScaleManager: WpFractionalScaleManagerV1?
    /// Monitors, as the compositor adds and removes them.
    public private(set) var outputs: [Output] = []
    private var outputObservers: [() -> Void] = []

    /// Connects (see `Connection.connect`) and binds the required globals.
    public init(displayName: String? = nil) throws(WaylandError) {
        connection = try Connection.connect(to: displayName)
        registry = try Registry(connection: connection)
        compositor = try registry.require(WlCompositor.self)
        shm = try registry.require(WlShm.self)
        wmBase = try registry.require(XdgWmBase.self)
        viewporter = registry.bind(WpViewporter.self)
        decorationManager = registry.bind(ZxdgDecorationManagerV1.self)
        // Fractional scale is only usable with a viewport to present the buffer at the logical size.
        fractionalScaleManager = viewporter == nil ? nil : registry.bind(WpFractionalScaleManagerV1.self)
        wmBase.onEvent = { [unowned wmBase] event in
            if case .ping(let serial) = event { wmBase.pong(serial: serial) }
        }
        for global in registry.globals where global.interface == WlOutput.name { addOutput(global) }
        registry.onChange = { [unowned self] added, removed in
            if let added, added.interface == WlOutput.name { self.addOutput(added) }
            if let removed, let index = self.outputs.firstIndex(where: { $0.globalName == removed.name }) {
                let output = self.outputs.remove(at: index)
                if output.wlOutput.version >= 3 { output.wlOutput.release() } else { output.wlOutput.destroy() }
                self.outputsChanged()
            }
        }
        try connection.roundtrip()  // the outputs' initial properties
    }

    private func addOutput(_ global: Registry.Global) {
        let output = Output(registry.bind(global, as: WlOutput.self), globalName: global.name)
        output.onChange = { [unowned self] in self.outputsChanged() }
        outputs.append(output)
        outputsChanged()
    }

    /// Calls `observer` whenever an output appears, disappears or changes scale.
    public func observeOutputs(_ observer: @escaping () -> Void) {
        outputObservers.append(observer)
    }

    private func outputsChanged() {
        outputObservers.forEach { $0() }
    }

    /// The output a `wl_output` proxy belongs to.
    public func output(for proxy: WlOutput?) -> Output? {
        outputs.first { $0.wlOutput === proxy }
    }

    /// Runs the main loop for the rest of the process: Wayland events, main-queue work, `Timer`s and
    /// main-actor tasks all run on the main thread. A broken connection or protocol error prints one line
    /// and exits with status 1.
    public func run() -> Never {
        connection.startEventSource { error in
            WaylandSession.exitWithError(error)
        }
        while true { RunLoop.main.run() }
    }

    /// Prints `error` as the program's one line of complaint and exits with status 1.
    public static func exitWithError(_ error: any Error) -> Never {
        let program = (CommandLine.arguments.first as NSString?)?.lastPathComponent ?? "WaylandUI"
        FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
        exit(1)
    }
}
