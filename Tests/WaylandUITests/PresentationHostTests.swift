import CompositorHarness
import Foundation
import Testing

/// Presentations and paged tabs through a real compositor (the PresentationProbe fixture, under weston): a
/// click opens a sheet over the dimmed window, Escape closes it, and a finger swipes the pages.
@Suite struct PresentationHostTests {
    static let button = (r: UInt8(0), g: UInt8(200), b: UInt8(100))
    static let sheet = (r: UInt8(255), g: UInt8(128), b: UInt8(0))
    static let firstPage = (r: UInt8(0), g: UInt8(0), b: UInt8(255))
    static let secondPage = (r: UInt8(255), g: UInt8(0), b: UInt8(0))

    @Test func aClickOpensASheetEscapeClosesItAndAFingerTurnsThePage() throws {
        let weston = try Compositor.start(.weston, width: 640, height: 480)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("PresentationProbe"), arguments: ["--no-cursor"])
        #expect(probe.waitForLine(startingWith: "shown 1", timeout: 30) != nil, "\(probe.lines)")
        let shot = try weston.screenshot { pixelBounds(of: Self.button, in: $0) != nil }
        let button = try #require(pixelBounds(of: Self.button, in: shot), "no button on screen")
        let page = try #require(pixelBounds(of: Self.firstPage, in: shot), "no first page on screen")

        try weston.play("down mouse \(Int(button.midX)),\(Int(button.midY)) @0ms; up mouse @40ms")
        #expect(probe.waitForLine(startingWith: "sheet shown") != nil, "\(probe.lines)")
        // The sheet's card, centred over the window; the button behind it dimmed (no longer its own green).
        let open = try weston.screenshot {
            pixelBounds(of: Self.sheet, in: $0)?.width == 200 && pixelBounds(of: Self.button, in: $0) == nil
        }
        let card = try #require(pixelBounds(of: Self.sheet, in: open), "no sheet on screen")
        #expect(card.size == CGSize(width: 200, height: 100))
        #expect(pixelBounds(of: Self.button, in: open) == nil, "the window behind is dimmed")
        // Escape closes it.
        try weston.play("press escape @0ms; release escape @40ms")
        #expect(probe.waitForLine(startingWith: "sheet dismissed") != nil, "\(probe.lines)")
        _ = try weston.screenshot {
            pixelBounds(of: Self.sheet, in: $0) == nil && pixelBounds(of: Self.button, in: $0) != nil
        }

        // A finger across more than half the page, from right to left, turns to the second page.
        let y = Int(page.midY)
        var script = ["down 1 \(Int(page.maxX) - 20),\(y) @0ms"]
        for step in 1...10 { script.append("move 1 \(Int(page.maxX) - 20 - step * 40),\(y) @\(step * 20)ms") }
        script.append("up 1 @220ms")
        try weston.play(script.joined(separator: "; "))
        #expect(probe.waitForLine(startingWith: "page 1") != nil, "\(probe.lines)")
        let turned = try weston.screenshot {
            pixelBounds(of: Self.secondPage, in: $0) != nil && pixelBounds(of: Self.firstPage, in: $0) == nil
        }
        #expect(pixelBounds(of: Self.secondPage, in: turned) != nil)
    }
}
