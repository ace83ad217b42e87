import Dispatch
import Foundation
import Glibc
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// `--record FILE`: writes every frame of real input, as the gesture system receives it, into a recording
/// (JSON lines, see `InputRecording`), times relative to the window's first frame on screen, whose size
/// the header gives. The file is written as `OutputFile` says (a FIFO as it is, a regular file replaced), on a
/// thread of its own: a slow reader of a FIFO never holds up a frame.
@MainActor
final class InputRecorder {
    private let writer: LineWriter
    private var origin: Double?
    let path: String

    /// Starts writing `path`; nil, after a one-line message, if it may not be written.
    init?(path: String) {
        do {
            writer = LineWriter(try OutputFile.target(for: path))
        } catch {
            InputReplayer.complain("\(error); not recording")
            return nil
        }
        self.path = path
    }

    /// The window is on screen at `windowSize` points and can take input: the header, and times count from here.
    func begin(at milliseconds: Double, windowSize: CGSize) {
        guard origin == nil else { return }
        origin = milliseconds
        writer.append(InputRecording.headerLine(windowSize: windowSize) + "\n")
    }

    /// One frame, written at once (an app that is killed keeps what it recorded).
    func record(_ events: [InputEvent]) {
        guard let origin else { return }  // no window on screen yet: nothing could have been hit
        writer.append(InputRecording.line(for: events, relativeTo: origin) + "\n")
    }
}

/// Lines written in order on a thread of its own, which opens the output first (a FIFO's open waits for its
/// reader) and puts a regular file in place at once. A reader that goes away ends the recording with one line
/// (EPIPE: the thread blocks SIGPIPE, which would end the app); so does one that falls 64 MiB behind.
private final class LineWriter: @unchecked Sendable {
    static let maximumBacklog = 64 << 20
    private let condition = NSCondition()
    private var pending: [String] = []
    private var pendingBytes = 0
    private var stopped = false

    init(_ target: OutputFile.Target) {
        let thread = Thread { [self] in run(target) }
        thread.name = "WaylandUI recording"
        thread.start()
    }

    func append(_ line: String) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return }
        guard pendingBytes + line.utf8.count <= Self.maximumBacklog else {
            stopped = true
            pending.removeAll()
            InputReplayer.complain("the reader of the input recording fell 64 MiB behind; not recording any more")
            return
        }
        pending.append(line)
        pendingBytes += line.utf8.count
        condition.signal()
    }

    private func run(_ target: OutputFile.Target) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let writer: OutputFile.Writer
        do {
            writer = try OutputFile.Writer(target)
            try writer.commit()
        } catch {
            stop("\(error); not recording")
            return
        }
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let lines = pending
            pending.removeAll()
            pendingBytes = 0
            condition.unlock()
            for line in lines where !writer.write(Data(line.utf8)) {
                stop(
                    "cannot write the input recording \(writer.path): \(String(cString: strerror(errno))); not recording any more"
                )
                writer.close()
                return
            }
        }
    }

    private func stop(_ message: String) {
        condition.lock()
        stopped = true
        pending.removeAll()
        condition.unlock()
        InputReplayer.complain(message)
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

    /// Reads and parses a recording on a background thread, streamed (a line and a frame have limits: see
    /// `InputRecordingParser`), so the window shows at once however large the file; hands it to `completion` on
    /// the main thread. A missing or malformed file gives one line on stderr (naming the file) and nil.
    static func load(_ path: String, completion: @escaping @MainActor (InputRecording?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            let recording = read(path)
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(recording) } }
        }
    }

    /// Reads a recording in chunks: a regular file, or a pipe (`--replay <(zcat session.jsonl.gz)`). Blocks
    /// (a FIFO waits for its writer): never on the main thread.
    nonisolated static func read(_ path: String) -> InputRecording? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            complain("cannot replay \(path): no such file or not readable; running without it")
            return nil
        }
        defer { close(fd) }
        var parser = InputRecordingParser()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        do {
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else {
                    complain("cannot replay \(path): \(String(cString: strerror(errno))); running without it")
                    return nil
                }
                if count == 0 { return try parser.finish() }
                try buffer.withUnsafeBytes { try parser.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            }
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

    nonisolated static func complain(_ message: String) {
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
