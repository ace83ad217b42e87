import CompositorHarness
import Foundation
import Testing

/// Held keys repeat on the client, at the compositor's rate and delay, and stop when released.
@Suite struct KeyRepeatTests {
    @Test func heldKeyRepeatsAtTheCompositorsRateAndStopsOnRelease() throws {
        let weston = try Compositor.start(.weston)
        let (_, probe) = try weston.launchProbedClient(try BuiltProducts.executable("InputProbe"))
        #expect(probe.waitForLine(startingWith: "keyboard enter") != nil)
        let info = try #require(probe.waitForLine(startingWith: "repeat ")).split(separator: " ")
        let (rate, delay) = (Double(info[1])!, Double(info[2])!)  // weston: 40 per second after 400 ms
        try weston.play("press a @0ms; release a @900ms; press shift @1000ms; release shift @1700ms")
        #expect(probe.wait { $0.contains { $0.hasSuffix(" 0 Shift_L -") } }, "\(probe.lines)")
        Thread.sleep(forTimeInterval: 0.2)  // nothing may follow a release
        let keys = probe.lines.filter { $0.hasPrefix("key ") }.map {
            $0.split(separator: " ").dropFirst(2).joined(separator: " ")
        }
        let repeats = keys.filter { $0 == "30 r a a" }.count
        let expected = (0.9 - delay / 1000) * rate  // about 20 for weston
        #expect(
            Double(repeats) > expected * 0.5 && Double(repeats) < expected * 1.3,
            "\(repeats) repeats, about \(expected) expected")
        #expect(keys.first == "30 1 a a")
        #expect(keys.firstIndex(of: "30 0 a a") == keys.count - 3, "repeats end with the release: \(keys)")
        #expect(keys.suffix(2) == ["42 1 Shift_L -", "42 0 Shift_L -"], "modifiers do not repeat")
    }
}
