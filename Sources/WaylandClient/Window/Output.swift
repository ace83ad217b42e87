/// A monitor (`wl_output`) and the properties a window needs from it.
@MainActor
public final class Output {
    public let wlOutput: WlOutput
    public let globalName: UInt32
    /// The integer scale factor the compositor asks buffers on this output to use.
    public private(set) var scale: Int = 1
    public private(set) var name: String?
    /// The current mode's size in pixels (`wl_output.mode` with the `current` flag), if announced.
    public private(set) var modeSize: (width: Int, height: Int)?
    /// The output's size in surface points: its mode divided by its scale.
    public var logicalSize: (width: Int, height: Int)? {
        modeSize.map { (width: $0.width / scale, height: $0.height / scale) }
    }
    /// Called after a batch of changes (`done`).
    public var onChange: (() -> Void)?
    private var pendingScale = 1

    init(_ output: WlOutput, globalName: UInt32) {
        wlOutput = output
        self.globalName = globalName
        output.onEvent = { [unowned self] event in
            switch event {
            case .scale(let factor):
                self.pendingScale = max(1, Int(factor))
                if output.version < 2 { self.apply() }  // no `done` before v2
            case .name(let name):
                self.name = name
            case .done:
                self.apply()
            case .mode(let flags, let width, let height, _):
                if flags.contains(.current), width > 0, height > 0 { self.modeSize = (Int(width), Int(height)) }
            case .geometry, .description:
                break
            }
        }
    }

    private func apply() {
        guard pendingScale != scale else { return }
        scale = pendingScale
        onChange?()
    }
}
