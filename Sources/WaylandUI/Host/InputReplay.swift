import Dispatch
import Foundation
@_spi(Engine) import UICore
import WaylandClient

/// `--record FILE`: writes every frame of real input, as the gesture system receives it, into a recording
/// (JSON lines, see `InputRecording`), times relative to the window's first frame on screen, whose size
/// the header gives.
@MainActor
final class InputRecorder {
    private let file: FileHandle
    private var origin: Double?
    let path: String

    /// Creates (or truncates) the file; nil, after a one-line message, if it cannot.
    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let file = FileHandle(forWritingAtPath: path)
        else {
            InputReplayer.complain(
                "cannot write the input recording \(path): \(String(cString: strerror(errno))); not recording")
            return nil
        }
        file.seekToEndOfFile()
        self.file = file
        self.path = path
    }

    /// The window is on screen at `windowSize` points and can take input: the header, and times count from here.
    func begin(at milliseconds: Double, windowSize: CGSize) {
        guard origin == nil else { return }
        origin = milliseconds
        file.write(Data((InputRecording.headerLine(windowSize: windowSize) + "\n").utf8))
    }

    /// One frame, written at once (an app that is killed keeps what it recorded).
    func record(_ events: [InputEvent]) {
        guard let origin else { return }  // no window on screen yet: nothing could have been hit
        file.write(Data((InputRecording.line(for: events, relativeTo: origin) + "\n").utf8))
    }
}

/// Plays a recording through the real input path (InputRouter ▸ GestureSystem) at its recorded pace.
///
/// Deterministic: events are stamped with their recorded times on the gesture timeline, and the player
/// (not a wall-clock timer) moves gesture time from event to event, so long-press and double-tap deadlines
/// fall where they fell while recording, however late the machine wakes the player.
@MainActor
final class InputReplayer {
    private let original: InputRecording
    private var recording: InputRecording
    private let router: InputRouter
    private let windowSize: () -> CGSize
    private var timer: DispatchSourceTimer?
    private var start = 0.0
    private var nextFrame = 0
    private(set) var isPlaying = false
    /// Called once the last frame was delivered.
    var onFinish: (() -> Void)?

    /// `windowSize`: the window's size in points when playing starts (locations are scaled to it).
    init(recording: InputRecording, router: InputRouter, windowSize: @escaping () -> CGSize) {
        original = recording
        self.recording = recording
        self.router = router
        self.windowSize = windowSize
    }

    /// Reads a recording; a missing or malformed file gives one line on stderr (naming the file) and nil.
    static func load(_ path: String) -> InputRecording? {
        guard let data = FileManager.default.contents(atPath: path) else {
            complain("cannot replay \(path): no such file or not readable; running without it")
            return nil
        }
        do {
            return try InputRecording(parsing: String(decoding: data, as: UTF8.self))
        } catch {
            complain("cannot replay \(path): \(error); running without it")
            return nil
        }
    }

    /// A recording shipped among the app's resources, if there is one.
    static func resource(named name: String) -> String? {
        AssetLibrary.defaultSearchDirectories.map { $0.appending(path: name).path }.first {
            FileManager.default.fileExists(atPath: $0)
        }
    }

    static func complain(_ message: String) {
        FileHandle.standardError.write(Data("WaylandUI: \(message)\n".utf8))
    }

    func play() {
        stop()
        recording = original.scaled(to: windowSize())
        start = router.gestures.clock.milliseconds
        nextFrame = 0
        isPlaying = true
        router.isReplaying = true
        Probe.report("replay started \(recording.frames.count) frames")
        step()
    }

    func stop() {
        timer?.cancel()
        timer = nil
        guard isPlaying else { return }
        isPlaying = false
        router.isReplaying = false
    }

    /// Delivers everything due by now — frames and gesture deadlines, in the order of their times — then
    /// sleeps until the next one.
    private func step() {
        guard isPlaying else { return }
        let gestures = router.gestures
        let now = gestures.clock.milliseconds - start
        while true {
            let frameTime = nextFrame < recording.frames.count ? (recording.frames[nextFrame].first?.time ?? 0) : nil
            let deadline = gestures.nextDeadline.map { $0 - start }
            if let deadline, deadline <= now, deadline <= (frameTime ?? .infinity) {
                gestures.advanceTime(to: start + deadline)
            } else if let frameTime, frameTime <= now {
                let frame = recording.frames[nextFrame].map { event in
                    var event = event
                    event.time += start
                    return event
                }
                nextFrame += 1
                router.replay(frame)
            } else {
                break
            }
        }
        guard nextFrame < recording.frames.count else {
            stop()  // remaining deadlines go back to the router's timer
            Probe.report("replay finished")
            onFinish?()
            return
        }
        let frameTime = recording.frames[nextFrame].first?.time ?? 0
        let wake = min(frameTime, gestures.nextDeadline.map { $0 - start } ?? .infinity)
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .microseconds(Int(max(0, wake - now) * 1000)))
        timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.step() } }
        self.timer = timer
        timer.resume()
    }
}
