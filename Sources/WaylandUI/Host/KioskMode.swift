import Dispatch
import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// `--kiosk`: one fullscreen window without decorations for a public screen. The pointer cursor shows only
/// while a mouse moves (hidden a few seconds after, and at once on touch); after `idleTimeout` seconds with
/// no input the app returns to its start (its content is made anew, so a launcher shows again) and an
/// attract loop plays a recording through the real gesture path, until the first real input.
@MainActor
final class KioskMode {
    /// Seconds without pointer motion before the cursor hides.
    static let cursorTimeout = 3.0
    /// Pause between two rounds of the attract loop, seconds.
    static let attractPause = 1.5

    let session: KioskSession
    private let idleTimeout: Double
    /// Read in the background: nil until it is (and if it cannot be).
    private var attract: InputRecording?
    private let router: InputRouter
    private let windowSize: () -> CGSize
    private var cursors: [PointerCursor] = []
    private var idleTimer: DispatchSourceTimer?
    private var cursorTimer: DispatchSourceTimer?
    private var player: InputReplayer?

    /// `attractPath`: a recording to loop when idle (`--attract FILE`), else the app's `Attract.jsonl` resource.
    init(
        session: KioskSession, idleTimeout: Double, attractPath: String?, router: InputRouter,
        windowSize: @escaping () -> CGSize
    ) {
        self.session = session
        self.idleTimeout = idleTimeout
        self.router = router
        self.windowSize = windowSize
        let path = attractPath ?? InputReplayer.resource(named: "Attract.jsonl")
        if let path {
            InputReplayer.load(path) { [weak self] in self?.attract = $0 }
        } else {
            InputReplayer.complain(
                "kiosk: the app ships no Attract.jsonl recording; idle returns to the start without an attract loop")
        }
    }

    /// The window is on screen: touch-first, so no cursor until a mouse moves; the idle clock starts.
    func begin(cursors: [PointerCursor]) {
        self.cursors = cursors
        for cursor in cursors { cursor.set(.hidden) }
        armIdleTimer()
    }

    /// Real input (router frames and keys): ends the attract loop, restarts the idle clock, shows or hides the cursor.
    func noteInput(_ events: [InputEvent] = []) {
        if let player, player.isPlaying || attractScheduled {
            player.stop()
            self.player = nil
            attractScheduled = false
            router.gestures.cancelAll()  // fingers the recording left down
            session.generation += 1  // what the attract loop opened goes; the start shows
            Probe.report("kiosk attract stopped")
        }
        armIdleTimer()
        let usesPointer = events.contains {
            if case .pointerMove = $0.kind { true } else if case .pointerDown = $0.kind { true } else { false }
        }
        let usesTouch = events.contains { if case .touchDown = $0.kind { true } else { false } }
        if usesTouch {
            cursorTimer?.cancel()
            showCursor(false)
        } else if usesPointer {
            showCursor(true)
            cursorTimer = Self.after(Self.cursorTimeout, replacing: cursorTimer) { [weak self] in
                self?.showCursor(false)
            }
        }
    }

    private var attractScheduled = false

    private func showCursor(_ shows: Bool) {
        let changing = cursors.filter { ($0.shape == .hidden) == shows }
        guard !changing.isEmpty else { return }
        for cursor in changing { cursor.set(shows ? .arrow : .hidden) }
        Probe.report("kiosk cursor \(shows ? "shown" : "hidden")")
    }

    private func armIdleTimer() {
        idleTimer = Self.after(idleTimeout, replacing: idleTimer) { [weak self] in self?.becameIdle() }
    }

    private func becameIdle() {
        Probe.report("kiosk idle")
        router.gestures.cancelAll()
        session.generation += 1
        guard let attract else { return }
        let player = InputReplayer(recording: attract, router: router, windowSize: windowSize)
        player.onFinish = { [weak self, weak player] in
            // Another round from a fresh start, after a pause.
            guard let self else { return }
            self.attractScheduled = true
            self.idleTimer = Self.after(Self.attractPause, replacing: self.idleTimer) { [weak self] in
                guard let self, self.attractScheduled else { return }
                self.attractScheduled = false
                self.session.generation += 1
                player?.play()
            }
        }
        self.player = player
        // The fresh start is laid out with the next frame; the recording begins on it.
        attractScheduled = true
        idleTimer = Self.after(0.3, replacing: idleTimer) { [weak self, weak player] in
            guard let self, self.attractScheduled else { return }
            self.attractScheduled = false
            Probe.report("kiosk attract started")
            player?.play()
        }
    }

    private static func after(
        _ seconds: Double, replacing old: DispatchSourceTimer?, _ action: @escaping @MainActor () -> Void
    ) -> DispatchSourceTimer {
        old?.cancel()
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler { MainActor.assumeIsolated { action() } }
        timer.resume()
        return timer
    }
}

/// Counts the kiosk's returns to the start.
@MainActor
final class KioskSession: ObservableObject {
    @Published var generation = 0
}

/// The app's content under an identity that changes with every return to the start, made anew each time:
/// a view value carries its initial @State storage, so the same value would come back with the old state.
struct KioskContent: View {
    @ObservedObject var session: KioskSession
    let makeContent: () -> AnyView

    var body: some View {
        makeContent().id(session.generation)
    }
}
