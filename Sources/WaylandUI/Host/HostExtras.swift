import Foundation
@_spi(Engine) import UICore
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
    private let replayer: InputReplayer?
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
        recorder = primary ? options.record.flatMap(InputRecorder.init(path:)) : nil
        replayer =
            primary
            ? options.replay.flatMap(InputReplayer.load).map {
                InputReplayer(recording: $0, router: router, windowSize: windowSize)
            } : nil
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
        replayer?.play()
    }

    func keyPressed() {
        kiosk?.noteInput()
    }
}
