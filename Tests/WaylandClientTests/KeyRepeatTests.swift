import CompositorHarness
import Foundation
import Testing

/// Held keys repeat on the client, at the compositor's rate and delay, and stop when released.
@Suite struct KeyRepeatTests {
    /// The key is held until the probe has reported five repeats (however slowly a loaded machine runs them), then
    /// released. Each repeat carries the time it stands for: the press's time plus the delay plus whole periods of
    /// the compositor's rate, so the rate and delay are checked exactly without timing anything.
    @Test func heldKeyRepeatsAtTheCompositorsRateAndStopsOnRelease() throws {
        let weston = try Compositor.start(.weston)
        let (_, probe) = try weston.launchProbedClient(try BuiltProducts.executable("InputProbe"))
        #expect(probe.waitForLine(startingWith: "keyboard enter") != nil)
        let info = try #require(probe.waitForLine(startingWith: "repeat ")).split(separator: " ")
        let (rate, delay) = (try #require(UInt32(info[1])), try #require(UInt32(info[2])))  // weston: 40/s, 400 ms
        try weston.play("press a @0ms")
        func keyLines(_ lines: [String]) -> [[Substring]] {
            lines.filter { $0.hasPrefix("key ") }.map { Array($0.split(separator: " ").dropFirst()) }
        }
        #expect(probe.wait { keyLines($0).filter { $0[2] == "r" }.count >= 5 }, "\(probe.lines)")
        // Shift is held after the release: a modifier never repeats, and nothing of the released key follows.
        try weston.play("release a @0ms; press shift @100ms; release shift @700ms")
        #expect(probe.wait { $0.contains { $0.hasSuffix(" 0 Shift_L -") } }, "\(probe.lines)")
        let keys = keyLines(probe.lines)
        let pressTime = try #require(keys.first.flatMap { UInt32($0[0]) })
        let repeatTimes = keys.filter { $0[2] == "r" }.compactMap { UInt32($0[0]) }
        #expect(repeatTimes.count >= 5)
        let period = 1000 / rate
        let offsets = repeatTimes.map { $0 &- pressTime &- delay }
        #expect(offsets.allSatisfy { $0 % period == 0 }, "repeats at the delay plus whole periods: \(offsets)")
        #expect(offsets == offsets.sorted() && Set(offsets).count == offsets.count, "\(offsets)")
        let names = keys.map { $0.dropFirst().joined(separator: " ") }
        #expect(names.first == "30 1 a a")
        #expect(names.dropFirst().prefix(repeatTimes.count).allSatisfy { $0 == "30 r a a" }, "\(names)")
        #expect(names.suffix(3) == ["30 0 a a", "42 1 Shift_L -", "42 0 Shift_L -"], "\(names)")
    }
}
