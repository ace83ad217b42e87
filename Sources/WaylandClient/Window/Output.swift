/// A monitor (`wl_output`) and the properties a window needs from it.
@MainActor
public final class Output {
    public let wlOutput: WlOutput
    public let globalName: UInt32
    /// The integer scale factor the compositor asks buffers on this output to use.
    public private(set) var scale: Int = 1
    public private(set) var name: String?
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
                if output.version < 2 { self.apply() }       // no `done` before v2
            case .name(let name):
                self.name = name
            case .done:
                self.apply()
            case .geometry, .mode, .description:
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
