import CompositorHarness
import Foundation
import Testing

/// Running the Showcase under a headless compositor: launching it, where its launcher's tiles are, and
/// waiting for what it draws (screenshots polled until a condition holds, frames until they stop).
struct ShowcaseSession {
    let compositor: Compositor
    let client: ChildProcess
    let probe: ProbeLog

    /// The launcher's tiles in an 800x600 window, in `Demo.allCases` order (4 columns, 2 rows).
    static let tileCenters: [(name: String, x: Int, y: Int)] = [
        ("000", 118, 229), ("001", 306, 229), ("002", 494, 229), ("touch", 682, 229),
        ("photo", 118, 460), ("cards", 306, 460), ("scripts", 494, 460), ("inspector", 682, 460),
    ]
    static let backButton = (x: 36, y: 36)

    static func launch(on compositor: Compositor, arguments: [String] = [], name: String = "showcase") throws
        -> ShowcaseSession
    {
        let (client, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("Showcase"),
            arguments: ["--no-cursor"] + arguments, name: name)
        let session = ShowcaseSession(compositor: compositor, client: client, probe: probe)
        // Until the compositor has shown the window, input finds no surface under it.
        #expect(probe.waitForLine(startingWith: "shown 1", timeout: 30) != nil, "\(probe.lines) \(client.output)")
        return session
    }

    func tap(_ x: Int, _ y: Int, finger: Int = 1) throws {
        try compositor.play("down \(finger) \(x),\(y) @0ms; up \(finger) @40ms")
    }

    func tapTile(_ name: String) throws {
        let tile = try #require(Self.tileCenters.first { $0.name == name })
        try tap(tile.x, tile.y)
    }

    /// Screenshots until `condition` holds or `timeout` passes; the last one.
    func screenshot(timeout: TimeInterval = 10, until condition: (Screenshot) -> Bool) throws -> Screenshot {
        try compositor.screenshot(timeout: timeout, until: condition)
    }

    /// Waits until the app has committed no frame for `quiet` seconds (animations have settled).
    func waitUntilSettled(quiet: TimeInterval = 0.7, timeout: TimeInterval = 15) {
        let deadline = Date().addingTimeInterval(timeout)
        var count = probe.lines.filter { $0.hasPrefix("frame ") }.count
        var since = Date()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            let now = probe.lines.filter { $0.hasPrefix("frame ") }.count
            if now != count {
                count = now
                since = Date()
            }
            if Date().timeIntervalSince(since) >= quiet { return }
        }
        Issue.record("the app never stopped drawing: \(count) frames")
    }
}

/// How many of the pixels sampled every `step` points differ between two screenshots of one size.
func differingSamples(_ a: Screenshot, _ b: Screenshot, step: Int = 4) -> Int {
    guard a.width == b.width, a.height == b.height else { return Int.max }
    var count = 0
    for y in Swift.stride(from: 0, to: a.height, by: step) {
        for x in Swift.stride(from: 0, to: a.width, by: step) {
            let p = a.pixel(x: x, y: y)
            let q = b.pixel(x: x, y: y)
            if p.0 != q.0 || p.1 != q.1 || p.2 != q.2 { count += 1 }
        }
    }
    return count
}

/// Every pixel equal.
func identical(_ a: Screenshot, _ b: Screenshot) -> Bool { differingSamples(a, b, step: 1) == 0 }
