import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// The recording format of `--record` / `--replay`: every event kind survives a round trip; a wrong
/// header, a malformed line or a missing field is refused with its line number.
@Suite struct InputRecordingTests {
    let frames: [[InputEvent]] = [
        [.pointerMove(CGPoint(x: 10, y: 20), time: 5)],
        [
            .pointerDown(CGPoint(x: 10, y: 20), time: 16.5, button: .secondary),
            .touchDown(3, CGPoint(x: 1.25, y: 2), time: 16.5),
        ],
        [.touchMove(3, CGPoint(x: 40, y: 50), time: 33), .pointerUp(time: 33, button: .other(275))],
        [.touchUp(3, time: 50), .touchCancel(time: 50)],
        [.pinchBegin(CGPoint(x: 100, y: 100), fingers: 3, time: 60)],
        [.pinchUpdate(scale: 1.5, rotation: -12.5, time: 70)],
        [.pinchEnd(time: 80, cancelled: true)],
        [.scroll(CGPoint(x: 5, y: 6), delta: CGSize(width: 0, height: -30), time: 90)],
    ]

    @Test func everyEventKindSurvivesARoundTrip() throws {
        let recording = InputRecording(frames: frames)
        let text = recording.text
        #expect(text.hasPrefix(#"{"format":"waylandui-input","version":1}"# + "\n"))
        #expect(text.split(separator: "\n").count == frames.count + 1, "a header and one line per frame")
        let parsed = try InputRecording(parsing: text)
        #expect(parsed == recording)
        #expect(parsed.duration == 90)
    }

    @Test func linesAreRelativeToTheOrigin() throws {
        let line = InputRecording.line(
            for: [.touchDown(1, CGPoint(x: 3, y: 4), time: 1_000_250)], relativeTo: 1_000_000)
        #expect(line == #"{"events":[{"id":1,"kind":"touchDown","t":250,"x":3,"y":4}]}"#)
        let parsed = try InputRecording(parsing: InputRecording.headerLine() + "\n" + line + "\n")
        #expect(parsed.frames == [[.touchDown(1, CGPoint(x: 3, y: 4), time: 250)]])
    }

    /// The window's size rides in the header; played in another size, locations scale with the window.
    @Test func recordingsScaleToTheWindowTheyArePlayedIn() throws {
        let recording = InputRecording(
            frames: [[.touchDown(1, CGPoint(x: 400, y: 300), time: 10)], [.touchUp(1, time: 20)]],
            windowSize: CGSize(width: 800, height: 600))
        #expect(recording.text.hasPrefix(#"{"format":"waylandui-input","height":600,"version":1,"width":800}"# + "\n"))
        let parsed = try InputRecording(parsing: recording.text)
        #expect(parsed == recording)
        let scaled = parsed.scaled(to: CGSize(width: 1280, height: 720))
        #expect(scaled.frames == [[.touchDown(1, CGPoint(x: 640, y: 360), time: 10)], [.touchUp(1, time: 20)]])
        #expect(scaled.windowSize == CGSize(width: 1280, height: 720))
        #expect(parsed.scaled(to: CGSize(width: 800, height: 600)) == parsed)
        #expect(
            InputRecording(frames: recording.frames).scaled(to: CGSize(width: 1280, height: 720)).frames
                == recording.frames,
            "no recorded size: nothing to scale by")
    }

    @Test(arguments: [
        ("", "line 1: the file is empty"),
        ("hello\n", "line 1: not a WaylandUI input recording"),
        (#"{"format":"something-else","version":1}"#, "line 1: not a WaylandUI input recording"),
        (#"{"format":"waylandui-input","version":7}"#, "line 1: version 7 is not supported"),
        (
            #"{"format":"waylandui-input","version":1}"# + "\n\n{\"events\":[]}\n{nope",
            "line 4: not a frame of events: {nope"
        ),
        (
            #"{"format":"waylandui-input","version":1}"# + "\n" + #"{"events":[{"kind":"teleport","t":1}]}"#,
            #"line 2: unknown event kind "teleport""#
        ),
        (
            #"{"format":"waylandui-input","version":1}"# + "\n"
                + #"{"events":[{"kind":"touchDown","t":1,"x":1,"y":1}]}"#, #"line 2: touchDown needs "id""#
        ),
        (
            #"{"format":"waylandui-input","version":1}"# + "\n" + #"{"events":[{"kind":"pointerDown","t":1}]}"#,
            #"line 2: pointerDown needs "x" and "y""#
        ),
        // Hostile numbers: times and places a host would turn into integers (timers, pixels).
        (
            #"{"format":"waylandui-input","version":1}"# + "\n"
                + #"{"events":[{"kind":"pointerMove","t":1e300,"x":1,"y":1}]}"#,
            "line 2: an event time must be from -1000000000 to 1000000000 ms, not 1e+300"
        ),
        (
            #"{"format":"waylandui-input","version":1}"# + "\n" + #"{"events":[{"kind":"touchUp","id":1,"t":-1e20}]}"#,
            "line 2: an event time must be from -1000000000 to 1000000000 ms"
        ),
        (
            #"{"format":"waylandui-input","version":1}"# + "\n"
                + #"{"events":[{"kind":"pointerMove","t":1,"x":1e300,"y":1}]}"#,
            #"line 2: "x" must be from -1000000 to 1000000"#
        ),
        (
            #"{"format":"waylandui-input","version":1}"# + "\n"
                + #"{"events":[{"kind":"scroll","t":1,"x":1,"y":1,"dy":-1e300}]}"#,
            #"line 2: "dy" must be from -1000000 to 1000000"#
        ),
        (
            #"{"format":"waylandui-input","version":1}"# + "\n"
                + #"{"events":[{"kind":"pinchUpdate","t":1,"scale":1e300}]}"#,
            #"line 2: "scale" must be from -1000000 to 1000000"#
        ),
    ])
    func malformedRecordingsAreRefusedWithTheirLine(text: String, message: String) {
        do {
            _ = try InputRecording(parsing: text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    /// Fed in chunks of any size (as a file or a pipe delivers it), the streaming parser reads what the whole text
    /// gives; a line past the limit is refused as soon as it passes it (no end needed), so is a frame of too many events.
    @Test func theStreamingParserReadsInChunksAndBoundsLinesAndFrames() throws {
        let text = InputRecording(frames: frames, windowSize: CGSize(width: 800, height: 600)).text
        for chunk in [1, 7, 64, 100_000] {
            var parser = InputRecordingParser()
            let bytes = Array(text.utf8)
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                try bytes[start..<min(bytes.count, start + chunk)].withUnsafeBytes { try parser.feed($0) }
            }
            #expect(try parser.finish() == InputRecording(parsing: text), "chunks of \(chunk)")
        }
        var parser = InputRecordingParser()
        let header = Array((InputRecording.headerLine() + "\n").utf8)
        try header.withUnsafeBytes { try parser.feed($0) }
        let spaces = [UInt8](repeating: 0x20, count: InputRecordingParser.maximumLineBytes / 2 + 1)
        try spaces.withUnsafeBytes { try parser.feed($0) }
        #expect(throws: InputRecordingError(line: 2, reason: "longer than 1048576 bytes, the limit for one frame")) {
            try spaces.withUnsafeBytes { try parser.feed($0) }
        }
        let event = #"{"kind":"pointerMove","t":1,"x":1,"y":1}"#
        let many =
            InputRecording.headerLine() + "\n\n" + #"{"events":["#
            + Array(repeating: event, count: InputRecordingParser.maximumEventsPerFrame + 1).joined(separator: ",")
            + "]}"
        #expect(throws: InputRecordingError(line: 3, reason: "a frame holds at most 1000 events, this one 1001")) {
            try InputRecording(parsing: many)
        }
    }

    /// The in-app switch and the system's flag (the host's key) are one setting.
    @MainActor @Test func inspectorSwitchAndSystemFollowEachOther() {
        let harness = GestureHarness(Color.red, width: 100, height: 100)
        let inspectorSwitch = harness.graph.environment.gestureInspector
        #expect(inspectorSwitch.isOn == harness.system.isInspectorEnabled)
        inspectorSwitch.isOn = true
        #expect(harness.system.isInspectorEnabled)
        #expect(harness.graph.needsUpdate, "the overlay shows with the next frame")
        harness.graph.update()
        harness.system.isInspectorEnabled = false
        #expect(!inspectorSwitch.isOn)
        #expect(harness.graph.needsUpdate)
        #expect(GestureInspectorSwitch(system: nil).isOn == false)
    }
}
