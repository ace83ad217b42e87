import Foundation

/// A recorded input stream (beyond SwiftUI): frames of `InputEvent`s, their times in milliseconds from
/// the start of the recording. Stored as JSON lines: a versioned header, then one frame per line:
///
///     {"format":"waylandui-input","height":600,"version":1,"width":800}
///     {"events":[{"kind":"touchDown","id":1,"x":120,"y":80,"t":1520.5}]}
///
/// The header may give the window's size in points when it was recorded: played in a window of another
/// size, locations are scaled to it. Hosts write it with `--record FILE` and play it back with `--replay FILE`.
package struct InputRecording: Equatable, Sendable {
    package static let format = "waylandui-input"
    package static let version = 1

    /// The frames in order, each as the host handed it to the gesture system.
    package var frames: [[InputEvent]]
    /// The window's size (points) while recording, if known.
    package var windowSize: CGSize?

    package init(frames: [[InputEvent]] = [], windowSize: CGSize? = nil) {
        self.frames = frames
        self.windowSize = windowSize
    }

    /// The recording for a window of `size` points: every location scaled by how the sizes differ
    /// (unchanged when the recorded size is unknown or the same).
    package func scaled(to size: CGSize) -> InputRecording {
        guard let recorded = windowSize, recorded != size, recorded.width > 0, recorded.height > 0,
            size.width > 0, size.height > 0
        else { return self }
        let sx = size.width / recorded.width
        let sy = size.height / recorded.height
        let frames = frames.map { frame in
            frame.map { event in
                var event = event
                event.location = event.location.map { CGPoint(x: $0.x * sx, y: $0.y * sy) }
                return event
            }
        }
        return InputRecording(frames: frames, windowSize: size)
    }

    /// The time of the last event (ms).
    package var duration: Double { frames.last?.map(\.time).max() ?? 0 }

    /// The header line (no newline), with the window's size when given.
    package static func headerLine(windowSize: CGSize? = nil) -> String {
        guard let size = windowSize else { return #"{"format":"\#(format)","version":\#(version)}"# }
        return
            #"{"format":"\#(format)","height":\#(fmt(size.height)),"version":\#(version),"width":\#(fmt(size.width))}"#
    }

    /// One frame as a line (no newline), its times made relative to `origin`.
    package static func line(for frame: [InputEvent], relativeTo origin: Double) -> String {
        let record = FrameRecord(events: frame.map { EventRecord($0, origin: origin) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(record)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// The whole recording as text (header, then one line per frame).
    package var text: String {
        ([Self.headerLine(windowSize: windowSize)] + frames.map { Self.line(for: $0, relativeTo: 0) }).joined(
            separator: "\n") + "\n"
    }

    /// Parses a recording; a wrong header, a malformed line or an unknown event kind throws an error
    /// naming the line, as do a line longer than `InputRecordingParser.maximumLineBytes` and a frame of more
    /// than `InputRecordingParser.maximumEventsPerFrame` events.
    package init(parsing text: String) throws {
        var parser = InputRecordingParser()
        var text = text
        try text.withUTF8 { try parser.feed(UnsafeRawBufferPointer($0)) }
        self = try parser.finish()
    }
}

/// Parses a recording as its bytes arrive (a file read in chunks, a pipe), line by line, so that neither the
/// file nor a line of it is ever held whole: a line longer than `maximumLineBytes` is refused as soon as it
/// passes the limit, a frame of more than `maximumEventsPerFrame` events once decoded.
package struct InputRecordingParser {
    /// A frame's line: a real frame of ten fingers is about a kilobyte.
    package static let maximumLineBytes = 1 << 20
    /// Events in one frame: a real one holds a few per finger or pointer.
    package static let maximumEventsPerFrame = 1_000

    private let decoder = JSONDecoder()
    /// Lines completed so far (blank ones included, as editors number them).
    private var completedLines = 0
    /// The start of a line whose end has not arrived yet.
    private var partial: [UInt8] = []
    private var recording: InputRecording?
    private var frames: [[InputEvent]] = []

    package init() {}

    /// The next bytes of the file.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let rest = bytes.count - offset
            guard let newline = memchr(base + offset, 0x0A, rest) else {
                try checkLength(partial.count + rest)
                partial.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: rest))
                return
            }
            let length = base.distance(to: UnsafeRawPointer(newline)) - offset
            try checkLength(partial.count + length)
            let line = UnsafeRawBufferPointer(start: base + offset, count: length)
            if partial.isEmpty {
                try parse(line)
            } else {
                partial.append(contentsOf: line)
                try partial.withUnsafeBytes { try parse($0) }
                partial.removeAll(keepingCapacity: true)
            }
            offset += length + 1
        }
    }

    /// The file has ended: the recording.
    package mutating func finish() throws -> InputRecording {
        if !partial.isEmpty {
            try partial.withUnsafeBytes { try parse($0) }
            partial = []
        }
        guard var recording else { throw InputRecordingError(line: 1, reason: "the file is empty") }
        recording.frames = frames
        return recording
    }

    /// Frames parsed so far.
    package var frameCount: Int { frames.count }

    private func checkLength(_ length: Int) throws {
        guard length > Self.maximumLineBytes else { return }
        throw InputRecordingError(
            line: completedLines + 1,
            reason: "longer than \(Self.maximumLineBytes) bytes, the limit for one frame")
    }

    private mutating func parse(_ line: UnsafeRawBufferPointer) throws {
        completedLines += 1
        // Blank lines (spaces, tabs, a CR of CRLF) are skipped.
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
        let data = Data(line)
        guard recording != nil else { return try parseHeader(data) }
        let record: FrameRecord
        do {
            record = try decoder.decode(FrameRecord.self, from: data)
        } catch {
            let start = String(decoding: line.prefix(60), as: UTF8.self)
            throw InputRecordingError(line: completedLines, reason: "not a frame of events: \(start)")
        }
        guard record.events.count <= Self.maximumEventsPerFrame else {
            throw InputRecordingError(
                line: completedLines,
                reason:
                    "a frame holds at most \(Self.maximumEventsPerFrame) events, this one \(record.events.count)")
        }
        frames.append(try record.events.map { try $0.event(line: completedLines) })
    }

    private mutating func parseHeader(_ data: Data) throws {
        guard let decoded = try? decoder.decode(HeaderRecord.self, from: data),
            decoded.format == InputRecording.format
        else {
            throw InputRecordingError(
                line: completedLines,
                reason: "not a WaylandUI input recording (expected the header \(InputRecording.headerLine()))")
        }
        guard decoded.version == InputRecording.version else {
            throw InputRecordingError(
                line: completedLines,
                reason:
                    "version \(decoded.version) is not supported (this build reads version \(InputRecording.version))"
            )
        }
        var recording = InputRecording()
        if let width = decoded.width, let height = decoded.height, width > 0, height > 0, width.isFinite,
            height.isFinite
        {
            recording.windowSize = CGSize(width: width, height: height)
        }
        self.recording = recording
    }
}

/// Why a recording could not be read.
package struct InputRecordingError: Error, CustomStringConvertible, Equatable {
    /// 1-based line number in the file.
    package var line: Int
    package var reason: String
    package var description: String { "line \(line): \(reason)" }
}

private struct HeaderRecord: Codable {
    var format: String
    var version: Int
    var width: Double?
    var height: Double?
}

private struct FrameRecord: Codable {
    var events: [EventRecord]
}

/// One event, flat: the kind's name and whichever fields it has.
private struct EventRecord: Codable {
    var kind: String
    var t: Double
    var x: Double?
    var y: Double?
    var id: Int32?
    var button: UInt32?
    var fingers: Int?
    var scale: Double?
    var rotation: Double?
    var cancelled: Bool?
    /// A scroll's distance in points.
    var dx: Double?
    var dy: Double?

    init(_ event: InputEvent, origin: Double) {
        t = ((event.time - origin) * 1000).rounded() / 1000
        x = event.location.map { Double($0.x) }
        y = event.location.map { Double($0.y) }
        switch event.kind {
        case .pointerDown(let b):
            kind = "pointerDown"
            button = Self.code(b)
        case .pointerMove: kind = "pointerMove"
        case .pointerUp(let b):
            kind = "pointerUp"
            button = Self.code(b)
        case .touchDown(let i):
            kind = "touchDown"
            id = i
        case .touchMove(let i):
            kind = "touchMove"
            id = i
        case .touchUp(let i):
            kind = "touchUp"
            id = i
        case .touchCancel: kind = "touchCancel"
        case .pinchBegin(let f):
            kind = "pinchBegin"
            fingers = f
        case .pinchUpdate(let s, let r):
            kind = "pinchUpdate"
            scale = s
            rotation = r
        case .pinchEnd(let c):
            kind = "pinchEnd"
            cancelled = c
        case .scroll(let delta):
            kind = "scroll"
            dx = Double(delta.width)
            dy = Double(delta.height)
        }
    }

    /// Linux input codes, as Wayland reports buttons.
    static func code(_ button: PointerButton) -> UInt32 {
        switch button {
        case .primary: 272
        case .secondary: 273
        case .middle: 274
        case .other(let code): code
        }
    }

    static func button(_ code: UInt32?) -> PointerButton {
        switch code ?? 272 {
        case 272: .primary
        case 273: .secondary
        case 274: .middle
        case let other: .other(other)
        }
    }

    /// A recording spans days at most (an attract loop runs minutes): later times are hostile or corrupt, and a
    /// host would overflow turning them into timer deadlines.
    static let timeLimit = 1e9
    /// Locations, distances and pinch values beyond any screen (points; a host turns some into pixels).
    static let magnitudeLimit = 1e6

    func event(line: Int) throws -> InputEvent {
        guard t.isFinite else { throw InputRecordingError(line: line, reason: "an event time is not a number") }
        guard abs(t) <= Self.timeLimit else {
            throw InputRecordingError(
                line: line,
                reason: "an event time must be from -\(Int(Self.timeLimit)) to \(Int(Self.timeLimit)) ms, not \(t)")
        }
        for (name, value) in [("x", x), ("y", y), ("scale", scale), ("rotation", rotation), ("dx", dx), ("dy", dy)] {
            guard let value else { continue }
            guard value.isFinite, abs(value) <= Self.magnitudeLimit else {
                throw InputRecordingError(
                    line: line,
                    reason:
                        "\"\(name)\" must be from -\(Int(Self.magnitudeLimit)) to \(Int(Self.magnitudeLimit)), not \(value)"
                )
            }
        }
        let location = x.flatMap { x in y.map { CGPoint(x: x, y: $0) } }
        func needs<T>(_ value: T?, _ name: String) throws -> T {
            guard let value else { throw InputRecordingError(line: line, reason: "\(kind) needs \"\(name)\"") }
            return value
        }
        let eventKind: InputEvent.Kind
        switch self.kind {
        case "pointerDown": eventKind = .pointerDown(Self.button(button))
        case "pointerMove": eventKind = .pointerMove
        case "pointerUp": eventKind = .pointerUp(Self.button(button))
        case "touchDown": eventKind = .touchDown(id: try needs(id, "id"))
        case "touchMove": eventKind = .touchMove(id: try needs(id, "id"))
        case "touchUp": eventKind = .touchUp(id: try needs(id, "id"))
        case "touchCancel": eventKind = .touchCancel
        case "pinchBegin": eventKind = .pinchBegin(fingers: fingers ?? 2)
        case "pinchUpdate": eventKind = .pinchUpdate(scale: try needs(scale, "scale"), rotation: rotation ?? 0)
        case "pinchEnd": eventKind = .pinchEnd(cancelled: cancelled ?? false)
        case "scroll": eventKind = .scroll(CGSize(width: dx ?? 0, height: dy ?? 0))
        default: throw InputRecordingError(line: line, reason: "unknown event kind \"\(self.kind)\"")
        }
        switch eventKind {
        case .pointerDown, .pointerMove, .touchDown, .touchMove, .pinchBegin:
            _ = try needs(location, "x\" and \"y")
        default: break
        }
        return InputEvent(eventKind, location: location, time: t)
    }
}
