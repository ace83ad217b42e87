import Foundation
import WaylandClient

/// Where launch time goes, up to the first committed frame: the process start to `main` (loading libraries),
/// connecting to the compositor, the text system (FreeType), making the window and its graph, waiting for the
/// compositor's first configure, the first layout (fonts are loaded as text is first measured), the first
/// render, the rest of the drawing, and the commit. Reported once on the probe channel, in ms:
/// `launch exec=30.0 connect=2.1 fonts=0.4 window=3.2 configure=1.0 layout=12.5 render=6.0 draw=0.3 commit=0.2
/// total=55.7 cpu=41.2` (with `images=` after `layout` when the first frame waited for image decodes), where `cpu` is the main thread's CPU time up to the commit: it varies much less with
/// the machine's load than the phases do, which count waiting for the processor too.
@MainActor
enum LaunchPhases {
    private static var phases: [(name: String, milliseconds: Double)] = []
    private static var last: Double?
    private static var reported = false

    /// The first mark: the time since the process started (`exec`), as `/proc` counts it (in clock ticks).
    static func begin() {
        let now = FrameLatency.now(clock: clockid_t(CLOCK_BOOTTIME))
        if let started = processStart() { phases.append(("exec", max(0, now - started))) }
        last = now
    }

    /// The phase `name` ended now.
    static func end(_ name: String) {
        guard !reported, let last else { return }
        let now = FrameLatency.now(clock: clockid_t(CLOCK_BOOTTIME))
        phases.append((name, now - last))
        self.last = now
    }

    /// How long the first frame waited for the decodes of the images it shows.
    private static var imageWait = 0.0

    /// The painter waited `milliseconds` for image decodes after a layout (counted for the first frame).
    static func imagesWaited(_ milliseconds: Double) {
        if !reported { imageWait += milliseconds }
    }

    /// The first frame was drawn: its layout and render (measured by the painter) and the rest of the drawing.
    static func firstFrameDrawn(layout: Double, render: Double) {
        guard !reported, let last else { return }
        let now = FrameLatency.now(clock: clockid_t(CLOCK_BOOTTIME))
        phases.append(("layout", layout))
        if imageWait > 0 { phases.append(("images", imageWait)) }
        phases.append(("render", render))
        phases.append(("draw", max(0, now - last - layout - imageWait - render)))
        self.last = now
    }

    /// The first frame was committed: the phases go on the probe channel, once.
    static func firstFrameCommitted() {
        guard !reported, last != nil else { return }
        end("commit")
        reported = true
        let total = phases.reduce(0) { $0 + $1.milliseconds }
        let fields = phases.map { "\($0.name)=" + String(format: "%.1f", $0.milliseconds) }
        var cpu = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
        let mainThreadCPU = Double(cpu.tv_sec) * 1000 + Double(cpu.tv_nsec) / 1e6
        Probe.report(
            "launch " + fields.joined(separator: " ") + String(format: " total=%.1f cpu=%.1f", total, mainThreadCPU))
    }

    /// When the process started, ms on the boot clock (`/proc/self/stat`'s 22nd field, in clock ticks).
    private static func processStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        // Field 22 overall is the 20th after the command's closing parenthesis (state is the 3rd field).
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return ticks * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
