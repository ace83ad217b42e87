import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// What the host does beyond showing a window, each behind its command-line option: kiosk mode
/// (`--kiosk`), input recording (`--record`) and replay (`--replay`), the frame-time HUD (`--hud`, F12).
/// The window host calls in at a few points: the first frame on screen, each key, each draw and commit.
@MainActor
final class HostExtras {
    /// The app's content; in a kiosk, under an identity that changes when it returns to the start.
    @MainActor struct Content {
        let view: AnyView
        let kioskSession: KioskSession?
        /// The app's first window (the others get no kiosk, recording or replay).
        let isPrimary: Bool

        init(_ makeContent: @escaping () -> AnyView, options: HostOptions, primary: Bool) {
            isPrimary = primary
            if options.kiosk && primary {
                let session = KioskSession()
                kioskSession = session
                view = AnyView(KioskContent(session: session, makeContent: makeContent))
            } else {
                kioskSession = nil
                view = makeContent()
            }
        }
    }

    let hud: FrameTimeHUD
    private let kiosk: KioskMode?
    private let recorder: InputRecorder?
    /// Set once the recording is read (in the background) and plays once the window shows too.
    private var replayer: InputReplayer?
    private var isWindowShown = false
    private let router: InputRouter
    /// The window's size in points, for recordings.
    private let windowSize: () -> CGSize

    init(
        options: HostOptions, router: InputRouter, painter: FramePainter, content: Content,
        windowSize: @escaping () -> CGSize
    ) {
        self.router = router
        self.windowSize = windowSize
        hud = FrameTimeHUD(visible: options.hud, textMeasurer: painter.renderer.text)
        painter.extraOverlay = { [hud] size in hud.overlay(size: size) }
        kiosk = content.kioskSession.map {
            KioskMode(
                session: $0, idleTimeout: options.idleTimeout, attractPath: options.attract, router: router,
                windowSize: windowSize)
        }
        let primary = content.isPrimary
        if primary, let record = options.record, let replay = options.replay, OutputFile.sameFile(record, replay) {
            // Recording would replace the file being played.
            InputReplayer.complain("--record and --replay name the same file (\(record)); not recording")
            recorder = nil
        } else {
            recorder = primary ? options.record.flatMap(InputRecorder.init(path:)) : nil
        }
        if primary, let path = options.replay {
            InputReplayer.load(path) { [weak self] recording in
                guard let self, let recording else { return }
                Probe.report("replay loaded \(recording.frames.count) frames")
                let replayer = InputReplayer(recording: recording, router: self.router, windowSize: self.windowSize)
                self.replayer = replayer
                if self.isWindowShown { replayer.play() }
            }
        }
        router.onInput = { [kiosk, recorder] events in
            recorder?.record(events)
            kiosk?.noteInput(events)
        }
    }

    /// The kiosk draws no title bar of its own.
    var hidesTitleBar: Bool { kiosk != nil }

    /// The first frame is on screen: input can find the views now.
    func windowShown(cursors: [PointerCursor]) {
        recorder?.begin(at: router.gestures.clock.milliseconds, windowSize: windowSize())
        if let recorder { Probe.report("recording \(recorder.path)") }
        kiosk?.begin(cursors: cursors)
        isWindowShown = true
        replayer?.play()
    }

    func keyPressed() {
        kiosk?.noteInput()
    }
}
