import CompositorHarness
import Foundation
import Testing
import WaylandClient

/// Parsed probe lines of the InputProbe client, and the checks every compositor's tests share.
struct ProbeFacts {
    let lines: [String]

    /// Lines starting with `prefix`, split into words after it.
    func events(_ prefix: String) -> [[String]] {
        lines.filter { $0.hasPrefix(prefix + " ") }.map {
            $0.dropFirst(prefix.count + 1).split(separator: " ").map(String.init)
        }
    }

    /// Timestamps (the first word) of the events with `prefix`.
    func times(_ prefix: String) -> [UInt32] {
        events(prefix).compactMap { UInt32($0[0]) }
    }

    /// Every event with a timestamp, in arrival order.
    var allTimes: [UInt32] {
        lines.compactMap { line -> UInt32? in
            let words = line.split(separator: " ")
            guard ["pointer", "touch", "key"].contains(words.first ?? ""), words.count > 2 else { return nil }
            let timed = words.first == "key" ? words[1] : words[2]
            return ["enter", "frame", "cancel", "leave"].contains(String(words[1])) ? nil : UInt32(timed)
        }
    }
}

/// A pointer drag through the compositor reaches the client in surface coordinates: `origin` is where
/// the window's top-left corner sits on the output.
func checkPointerDrag(
    _ compositor: Compositor, probe: ProbeLog, origin: (Double, Double),
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let (ox, oy) = origin
    try compositor.play(
        """
        move mouse \(ox + 20),\(oy + 30) @0ms
        down mouse \(ox + 40),\(oy + 50) @30ms
        move mouse \(ox + 60),\(oy + 70) @60ms
        move mouse \(ox + 80),\(oy + 90) @90ms
        up mouse @120ms
        """)
    #expect(
        probe.wait { $0.contains { $0.hasSuffix(" 272 0") && $0.hasPrefix("pointer button") } },
        "no button release reached the client: \(probe.lines)", sourceLocation: sourceLocation)
    let facts = ProbeFacts(lines: probe.lines)
    let motions = facts.events("pointer motion").map { [$0[1], $0[2]] }
    #expect(
        motions.suffix(3) == [["40.00", "50.00"], ["60.00", "70.00"], ["80.00", "90.00"]], "\(facts.lines)",
        sourceLocation: sourceLocation)
    #expect(
        facts.events("pointer button").map { [$0[1], $0[2]] } == [["272", "1"], ["272", "0"]],
        sourceLocation: sourceLocation)
    let times = facts.times("pointer motion") + facts.times("pointer button")
    #expect(
        times.sorted() == times.sorted() && isIncreasing(facts.allTimes), "timestamps \(facts.allTimes)",
        sourceLocation: sourceLocation)
}

/// Key presses reach the client decoded through the keymap it was given.
func checkKeys(_ compositor: Compositor, probe: ProbeLog, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try compositor.play(
        "press a @0ms; release a @40ms; press shift @80ms; press a @120ms; release a @160ms; release shift @200ms")
    #expect(
        probe.wait { $0.filter { $0.hasPrefix("key ") }.count >= 6 }, "keys: \(probe.lines)",
        sourceLocation: sourceLocation)
    let keys = ProbeFacts(lines: probe.lines).events("key").map { [$0[2], $0[3], $0[4]] }
    #expect(
        keys == [
            ["1", "a", "a"], ["0", "a", "a"], ["1", "Shift_L", "-"], ["1", "A", "A"], ["0", "A", "A"],
            ["0", "Shift_L", "-"],
        ],
        "\(keys)", sourceLocation: sourceLocation)
    #expect(probe.lines.contains("modifiers shift"), sourceLocation: sourceLocation)
    #expect(isIncreasing(ProbeFacts(lines: probe.lines).times("key")), sourceLocation: sourceLocation)
}

/// Timestamps never go back, and events injected at different times carry different ones.
func isIncreasing(_ times: [UInt32]) -> Bool {
    zip(times, times.dropFirst()).allSatisfy { $0 <= $1 } && Set(times).count > 1
}
