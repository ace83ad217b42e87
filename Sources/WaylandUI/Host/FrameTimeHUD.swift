import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// The frame-time HUD (`--hud`, or F12): a small panel over the window's top-right corner with the
/// milliseconds recent frames spent in layout, rendering and committing, and how many frames were late
/// (took longer than one refresh of the output: the period wp_presentation feedback reports, else 16.7 ms).
///
/// It is drawn with views of its own in a view graph of its own, over the content like the gesture
/// inspector; it never asks for frames itself, so it shows the figures of the frames before the one it is in.
@MainActor
final class FrameTimeHUD {
    /// Frames averaged for the figures shown.
    static let window = 30

    let statistics = FrameStatistics()
    /// Input ▸ commit and commit ▸ presented, kept always (it costs a clock read per event and per commit).
    let latency = FrameLatency()
    /// The compositor's presentation-time global, if it offers one (bound by the host).
    var presentation: WpPresentation? {
        didSet {
            presentation?.onEvent = { [weak self] event in
                guard case .clockId(let clock) = event else { return }
                self?.latency.presentationClock = clockid_t(Int32(bitPattern: clock))
            }
        }
    }
    /// Feedback objects waiting for their frame's presentation.
    private var feedbacks: [WpPresentationFeedback] = []
    /// Feedbacks left unanswered at most: some compositors (headless sway) never answer, and the oldest are
    /// then given up (destroyed on this side) rather than kept forever.
    static let unansweredFeedbackLimit = 8
    private let graph: ViewGraph
    var isVisible: Bool {
        didSet { if isVisible != oldValue { Probe.report("hud \(isVisible ? "on" : "off")") } }
    }
    private var drawStart = 0.0
    private var drawEnd = 0.0
    private var pending: (layout: Double, render: Double)?

    init(visible: Bool, textMeasurer: any TextMeasurer) {
        isVisible = visible
        if visible { Probe.report("hud on") }
        graph = ViewGraph(root: FrameTimeHUDView(statistics: statistics))
        graph.textMeasurer = textMeasurer
    }

    /// The HUD's display items for a window of `size` points (none while hidden).
    func overlay(size: CGSize) -> [DisplayItem] {
        guard isVisible else { return [] }
        graph.size = size
        return graph.update().items
    }

    func drawBegan() { drawStart = Self.now }

    /// The painter's figures for this frame; `painted` is false when nothing changed (nothing is committed).
    func drawEnded(layout: Double, render: Double, painted: Bool) {
        drawEnd = Self.now
        pending = painted ? (layout, render) : nil
        // Input whose changes drew nothing waits for no frame.
        if !painted { latency.discardPendingInput() }
    }

    /// The frame's buffer was committed: its figures join the statistics.
    func frameCommitted() {
        latency.frameCommitted()
        guard let pending else { return }
        self.pending = nil
        let now = Self.now
        let commit = now - drawEnd
        let total = now - drawStart
        statistics.add(layout: pending.layout, render: pending.render, commit: commit, late: total > statistics.refresh)
        if isVisible, statistics.frames % 10 == 1 { statistics.showLatency(latency) }
        if isVisible {
            Probe.report(
                String(
                    format: "hud frame layout=%.3f render=%.3f commit=%.3f late=%d frames=%d",
                    pending.layout, pending.render, commit, statistics.lateFrames, statistics.frames))
        }
    }

    /// The frame about to be committed on `surface`: while the HUD shows or the probe listens, ask when and
    /// how it is presented (commit ▸ presented latency; the refresh period is the budget a frame must fit in).
    func frameWillCommit(surface: WlSurface) {
        guard isVisible || Probe.isEnabled, let presentation else { return }
        let feedback = presentation.feedback(surface: surface)
        let key = ObjectIdentifier(feedback)
        let committed = latency.commitTimeOnPresentationClock()
        feedback.onEvent = { [weak self] event in
            guard let self else { return }
            switch event {
            case .syncOutput:
                return
            case .presented(let secondsHigh, let secondsLow, let nanoseconds, let refresh, _, _, _):
                self.latency.framePresented(
                    committed: committed, seconds: UInt64(secondsHigh) << 32 | UInt64(secondsLow),
                    nanoseconds: nanoseconds)
                let milliseconds = Double(refresh) / 1_000_000
                if refresh > 0, milliseconds != self.statistics.refresh {
                    self.statistics.refresh = milliseconds
                    Probe.report(String(format: "hud refresh %.3f", milliseconds))
                }
            case .discarded:
                break
            }
            self.feedbacks.removeAll { ObjectIdentifier($0) == key }
        }
        if feedbacks.count >= Self.unansweredFeedbackLimit { feedbacks.removeFirst().destroy() }
        feedbacks.append(feedback)
    }

    static var now: Double { ProcessInfo.processInfo.systemUptime * 1000 }
}

/// Running figures of recent frames, in milliseconds.
@MainActor
final class FrameStatistics: ObservableObject {
    @Published private(set) var layout = 0.0
    @Published private(set) var render = 0.0
    @Published private(set) var commit = 0.0
    @Published private(set) var lateFrames = 0
    @Published private(set) var frames = 0
    /// One refresh of the output, ms: a frame that takes longer is late.
    @Published var refresh = 1000.0 / 60
    /// Input ▸ commit and commit ▸ presented, p50 and p99.
    @Published private(set) var inputToCommit = (p50: 0.0, p99: 0.0)
    @Published private(set) var commitToPresented = (p50: 0.0, p99: 0.0)
    private var recent: [(layout: Double, render: Double, commit: Double)] = []

    func showLatency(_ latency: FrameLatency) {
        inputToCommit = (latency.inputToCommit.percentile(50), latency.inputToCommit.percentile(99))
        commitToPresented = (latency.commitToPresented.percentile(50), latency.commitToPresented.percentile(99))
    }

    func add(layout: Double, render: Double, commit: Double, late: Bool) {
        recent.append((layout, render, commit))
        if recent.count > FrameTimeHUD.window { recent.removeFirst(recent.count - FrameTimeHUD.window) }
        let count = Double(recent.count)
        self.layout = recent.reduce(0) { $0 + $1.layout } / count
        self.render = recent.reduce(0) { $0 + $1.render } / count
        self.commit = recent.reduce(0) { $0 + $1.commit } / count
        frames += 1
        if late { lateFrames += 1 }
    }
}

/// The HUD panel: one row per figure, monospaced, on a dark rounded panel in the top-right corner.
struct FrameTimeHUDView: View {
    @ObservedObject var statistics: FrameStatistics

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            row("layout", String(format: "%6.2f ms", statistics.layout))
            row("render", String(format: "%6.2f ms", statistics.render))
            row("commit", String(format: "%6.2f ms", statistics.commit))
            row("late", "\(statistics.lateFrames) of \(statistics.frames)")
            row("budget", String(format: "%6.2f ms", statistics.refresh))
            row("input", latencyText(statistics.inputToCommit))
            row("shown", latencyText(statistics.commitToPresented))
        }
        .padding(10)
        .background(Color(white: 0, opacity: 0.72))
        .clipShape(RoundedRectangle(cornerRadius: 8))
        .padding(8)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topTrailing)
    }

    /// `p50/p99` in ms: input ▸ commit, commit ▸ presented.
    private func latencyText(_ figures: (p50: Double, p99: Double)) -> String {
        String(format: "%.1f/%.1f ms", figures.p50, figures.p99)
    }

    private func row(_ name: String, _ value: String) -> some View {
        HStack(spacing: 8) {
            Text(name).font(.system(size: 12, design: .monospaced)).foregroundColor(
                Color(red: 0.6, green: 0.9, blue: 0.6)
            )
            .frame(width: 52, alignment: .leading)
            Text(value).font(.system(size: 12, design: .monospaced)).foregroundColor(.white)
                .frame(width: 84, alignment: .trailing)
        }
    }
}
