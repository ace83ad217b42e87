import CompositorHarness
import Foundation
import Testing

/// Navigation through real compositors (the NavigationProbe fixture): where the app draws its own title bar
/// (weston, mutter) the stack's header bar takes its place, with the window controls; where the compositor
/// decorates (sway) the header bar is the app's own, without them. A finger pushes a page and swipes it back.
@Suite struct NavigationHostTests {
    static let link = (r: UInt8(0), g: UInt8(200), b: UInt8(100))
    static let page = (r: UInt8(255), g: UInt8(128), b: UInt8(0))
    static let headerBar: [UInt8] = [235, 235, 235]
    /// The window controls' discs (the close button's, and its neighbours').
    static let controlDisc = (r: UInt8(209), g: UInt8(209), b: UInt8(209))

    func rgb(_ shot: Screenshot, _ x: Int, _ y: Int) -> [UInt8] {
        let (r, g, b, _) = shot.pixel(x: x, y: y)
        return [r, g, b]
    }

    /// How many pixels of `color` are in `area` (a window control's disc has hundreds; anti-aliased text a few).
    func count(_ color: (r: UInt8, g: UInt8, b: UInt8), in shot: Screenshot, within area: CGRect) -> Int {
        var result = 0
        for y in max(0, Int(area.minY))..<min(shot.height, Int(area.maxY)) {
            for x in max(0, Int(area.minX))..<min(shot.width, Int(area.maxX))
            where rgb(shot, x, y) == [color.r, color.g, color.b] {
                result += 1
            }
        }
        return result
    }

    /// The window's content frame in the screenshot, found from the link block (20 points into the content,
    /// under the 47-point header bar).
    func contentOrigin(_ link: CGRect) -> (x: Int, headerTop: Int) {
        (Int(link.minX) - 20, Int(link.minY) - 20 - 47)
    }

    /// Starts the probe under `compositor` and waits for its first frame on screen: the probe, that screenshot,
    /// and where the link block is in it.
    func showProbe(
        in compositor: Compositor, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (probe: ProbeLog, shot: Screenshot, link: CGRect) {
        let (_, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("NavigationProbe"), arguments: ["--no-cursor"])
        #expect(
            probe.waitForLine(startingWith: "shown 1", timeout: 30) != nil, "\(probe.lines)",
            sourceLocation: sourceLocation)
        let shot = try compositor.screenshot { pixelBounds(of: Self.link, in: $0) != nil }
        let link = try #require(
            pixelBounds(of: Self.link, in: shot), "no link on screen", sourceLocation: sourceLocation)
        return (probe, shot, link)
    }

    /// Starts the probe under a compositor that leaves decorations to the app and checks it shows one bar: the
    /// header bar where the title bar would be, carrying the window controls at its end, with only the window's
    /// margin above it. Returns the probe, the link block's frame and the content's left edge.
    func expectOneMergedHeaderBar(
        in compositor: Compositor, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (probe: ProbeLog, link: CGRect, left: Int) {
        let (probe, shot, link) = try showProbe(in: compositor, sourceLocation: sourceLocation)
        let (left, headerTop) = contentOrigin(link)
        let bar = rgb(shot, left + 100, headerTop + 5)
        #expect(bar == Self.headerBar, "\(bar)", sourceLocation: sourceLocation)
        #expect(
            rgb(shot, left + 100, headerTop - 3) != Self.headerBar, "no second bar above the header bar",
            sourceLocation: sourceLocation)
        let end = CGRect(x: left + 280, y: headerTop, width: 120, height: 47)
        #expect(
            count(Self.controlDisc, in: shot, within: end) > 300, "the window controls at the end",
            sourceLocation: sourceLocation)
        return (probe, link, left)
    }

    @Test func westonMergesTheTitleBarAndAFingerPushesAndSwipesBack() throws {
        let weston = try Compositor.start(.weston, width: 640, height: 480, westonShell: .desktop)
        let (probe, link, left) = try expectOneMergedHeaderBar(in: weston)

        try weston.play("down 1 \(Int(link.midX)),\(Int(link.midY)) @0ms; up 1 @40ms")
        #expect(probe.waitForLine(startingWith: "page 1") != nil, "\(probe.lines)")
        // The swipe starts once the page has slid in to the window's leading edge.
        _ = try weston.screenshot { shot in pixelBounds(of: Self.page, in: shot).map { Int($0.minX) <= left } ?? false }
        // A finger from the window's leading edge across two thirds of it pops the page.
        let y = Int(link.midY) + 100
        var script = ["down 1 \(left + 3),\(y) @0ms"]
        for step in 1...10 { script.append("move 1 \(left + 3 + step * 27),\(y) @\(step * 20)ms") }
        script.append("up 1 @240ms")
        try weston.play(script.joined(separator: "; "))
        #expect(probe.waitForLine(startingWith: "path 0") != nil, "\(probe.lines)")
        let back = try weston.screenshot {
            pixelBounds(of: Self.link, in: $0) != nil && pixelBounds(of: Self.page, in: $0) == nil
        }
        #expect(pixelBounds(of: Self.page, in: back) == nil, "the page slid away")
    }

    /// A list of 100 000 rows opens, and a finger flicked up flings it on well past where the finger stopped.
    @Test func aHundredThousandRowListOpensAndFlingsUnderAFinger() throws {
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("NavigationProbe"), arguments: ["--list", "100000", "--no-cursor"])
        #expect(probe.waitForLine(startingWith: "row 0", timeout: 30) != nil, "\(probe.lines)")
        #expect(probe.waitForLine(startingWith: "shown 1", timeout: 30) != nil, "\(probe.lines)")
        #expect(!probe.lines.contains("row 10"), "only the rows in view are built: \(probe.lines)")
        // 200 points up in 50 ms: the finger alone brings rows up to about 11 into view; the fling (4000 points a
        // second, slowing as UIKit's) carries the list some 2000 points further.
        var script = ["down 1 200,260 @0ms"]
        for step in 1...5 { script.append("move 1 200,\(260 - step * 40) @\(step * 10)ms") }
        script.append("up 1 @60ms")
        try weston.play(script.joined(separator: "; "))
        // A late frame may carry the fling past a whole band of rows at once: any row from 30 on will do.
        let flungPastRow30 = probe.wait(timeout: 30) { lines in
            lines.contains { $0.hasPrefix("row ") && (Int($0.dropFirst(4)) ?? 0) >= 30 }
        }
        #expect(flungPastRow30, "\(probe.lines)")
    }

    /// Mutter leaves decorations to the app: the header bar is the title bar, with the window controls; a click
    /// on the link pushes the page and Alt+Left pops it.
    @Test func mutterMergesTheTitleBarAndKeysGoBack() throws {
        let mutter = try Compositor.start(.mutter, width: 640, height: 480)
        let (probe, link, _) = try expectOneMergedHeaderBar(in: mutter)
        let x = Int(link.midX)
        let y = Int(link.midY)
        try mutter.play("move mouse \(x),\(y) @0ms; down mouse \(x),\(y) @60ms; up mouse @120ms")
        #expect(probe.waitForLine(startingWith: "page 1", timeout: 30) != nil, "\(probe.lines)")
        _ = try mutter.screenshot { pixelBounds(of: Self.page, in: $0) != nil }
        try mutter.play("press alt @0ms; press left @30ms; release left @60ms; release alt @90ms")
        #expect(probe.waitForLine(startingWith: "path 0", timeout: 30) != nil, "\(probe.lines)")
    }

    @Test func swayDecoratesAndTheHeaderBarHasNoWindowControls() throws {
        let sway = try Compositor.start(.sway, width: 640, height: 480)
        let (_, shot, link) = try showProbe(in: sway)
        let (left, headerTop) = contentOrigin(link)
        #expect(rgb(shot, left + 100, headerTop + 5) == Self.headerBar)
        #expect(
            count(Self.controlDisc, in: shot, within: CGRect(x: left, y: headerTop, width: 400, height: 47)) < 100,
            "the compositor's decorations have the window controls")
    }

    /// Under weston by touch: a finger swipes a mail row open (its orange Flag and red Delete show), a tap on Flag
    /// acts and closes it; a pull down from the top of the list refreshes it.
    @Test func aFingerSwipesARowsActionsOpenAndPullsTheListToRefresh() throws {
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("NavigationProbe"), arguments: ["--mail", "--no-cursor"])
        #expect(probe.waitForLine(startingWith: "shown 1", timeout: 30) != nil, "\(probe.lines)")
        let shot = try weston.screenshot { pixelBounds(of: Self.link, in: $0) != nil }
        let first = try #require(pixelBounds(of: Self.link, in: shot), "no first row on screen")
        // Bob's row is the next 44 points; a slow swipe from near its trailing end, 150 points to the left.
        let y = Int(first.maxY) + 22
        let right = Int(first.maxX) - 10
        var script = ["down 1 \(right),\(y) @0ms"]
        for step in 1...6 { script.append("move 1 \(right - step * 25),\(y) @\(step * 40)ms") }
        script.append("move 1 \(right - 150),\(y) @400ms")
        script.append("up 1 @500ms")
        try weston.play(script.joined(separator: "; "))
        let orange = (r: UInt8(255), g: UInt8(149), b: UInt8(0))
        // Settled open: the Flag button at its full 74 points (while the row slides it is narrower).
        let open = try weston.screenshot { abs((pixelBounds(of: orange, in: $0)?.width ?? 0) - 74) <= 1 }
        let flag = try #require(pixelBounds(of: orange, in: open))
        #expect(abs(flag.width - 74) <= 1 && abs(flag.height - 44) <= 1, "\(flag)")
        let red = (r: UInt8(255), g: UInt8(59), b: UInt8(48))
        let delete = try #require(pixelBounds(of: red, in: open), "the destructive action is red")
        #expect(abs(delete.minX - flag.maxX) <= 1, "Delete at the trailing edge, Flag before it: \(flag) \(delete)")
        try weston.play("down 1 \(Int(flag.midX)),\(Int(flag.midY)) @0ms; up 1 @40ms")
        #expect(probe.waitForLine(startingWith: "flag Bob") != nil, "\(probe.lines)")
        _ = try weston.screenshot { pixelBounds(of: orange, in: $0) == nil }

        // A pull from the first row down 180 points: past the threshold at half pace.
        let x = Int(first.midX)
        script = ["down 1 \(x),\(Int(first.midY)) @0ms"]
        for step in 1...6 { script.append("move 1 \(x),\(Int(first.midY) + step * 30) @\(step * 40)ms") }
        script.append("up 1 @400ms")
        try weston.play(script.joined(separator: "; "))
        #expect(probe.waitForLine(startingWith: "refresh begin") != nil, "\(probe.lines)")
        #expect(probe.waitForLine(startingWith: "refresh end") != nil, "\(probe.lines)")
        // The list comes back to its top once the refresh is over.
        let after = try weston.screenshot { pixelBounds(of: Self.link, in: $0)?.minY == first.minY }
        #expect(pixelBounds(of: Self.link, in: after)?.minY == first.minY)
    }
}
