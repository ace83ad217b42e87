import CompositorHarness
import Foundation
import Testing

/// The window's frame on desktop compositors: resize handles in the invisible margin of a floating
/// client-decorated window, the window menu, the minimum size and the fullscreen toggle.
@Suite struct WindowFrameTests {
    /// The active title bar's grey.
    static let titleBarColor: [UInt8] = [235, 235, 235]

    static func rgb(_ shot: Screenshot, _ x: Int, _ y: Int) -> [UInt8] {
        let (r, g, b, _) = shot.pixel(x: x, y: y)
        return [r, g, b]
    }

    /// The window geometry of the one client-decorated window on screen, found by its title bar: the
    /// bar spans the window's width, and its top edge is the window's top (away from the round corners).
    static func titleBar(in shot: Screenshot) -> (x: Int, y: Int, width: Int)? {
        var minX = Int.max
        var maxX = -1
        var minY = Int.max
        for y in 0..<shot.height {
            for x in 0..<shot.width where rgb(shot, x, y) == titleBarColor {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1)
    }

    /// The largest frame the probe reported, as (width, height) in buffer pixels.
    static func frameSizes(_ lines: [String], prefix: String = "frame ") -> [(Int, Int)] {
        lines.filter { $0.hasPrefix(prefix) }.compactMap { line in
            let parts = line.split(separator: " ").last?.split(separator: "x").compactMap { Int($0) } ?? []
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    /// Moves the held pointer from `start` by `offset` in four steps, then keeps nudging it at the target
    /// until `arrived` (weston answers motions with configures at its own pace), and releases it.
    static func drag(
        _ weston: Compositor, from start: (x: Int, y: Int), by offset: (Int, Int),
        until arrived: () -> Bool
    ) throws -> Bool {
        for step in 1...4 {
            try weston.play("move mouse \(start.x + offset.0 * step / 4),\(start.y + offset.1 * step / 4) @0ms")
        }
        var done = arrived()
        for nudge in 0..<40 where !done {
            let jiggle = nudge % 2  // a motion that lands on the same point may be dropped
            try weston.play(
                "move mouse \(start.x + offset.0 - jiggle),\(start.y + offset.1) @0ms; move mouse \(start.x + offset.0),\(start.y + offset.1) @10ms"
            )
            done = arrived()
        }
        try weston.play("up mouse @0ms")
        return done
    }

    @Test func resizeFromTheBottomRightCornerIssuesResizeWithTheRightEdges() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600, westonShell: .desktop)
        let (_, probe) = try weston.launchProbedClient(try BuiltProducts.executable("HostProbe"))
        // 400x300 window geometry with a 12-point margin on every side.
        #expect(probe.wait { $0.contains("frame 1 424x324") }, "\(probe.lines)")
        #expect(probe.wait { $0.contains { $0.hasPrefix("states") && $0.contains("activated") } }, "\(probe.lines)")
        // desktop-shell places new windows anywhere: find ours by its title bar.
        var found: (x: Int, y: Int, width: Int)?
        _ = try waitUntil(timeout: 10) {
            found = Self.titleBar(in: try weston.screenshot())
            return found?.width == 400
        }
        let window = try #require(found, "no title bar on screen")
        #expect(window.width == 400)
        // The corner handle is outside the window geometry, in the margin.
        let corner = (x: window.x + 400 + 5, y: window.y + 300 + 5)
        try weston.play("move mouse \(corner.x),\(corner.y) @0ms")
        #expect(probe.wait { $0.contains("resize-cursor bottom_right") }, "\(probe.lines)")
        // Grow by 80x50 where the screen has room (the pointer stops at its edge), else shrink by as much.
        let dx = corner.x + 80 < weston.width ? 80 : -80
        let dy = corner.y + 50 < weston.height ? 50 : -50
        try weston.play("down mouse \(corner.x),\(corner.y) @0ms")
        #expect(probe.wait { $0.contains { $0.hasPrefix("resize bottom_right serial ") } }, "\(probe.lines)")
        // weston resizes the window by the pointer's travel, drawn with the margin around it.
        let reached = try Self.drag(weston, from: corner, by: (dx, dy)) {
            probe.wait(timeout: 0.25) { lines in Self.frameSizes(lines).contains { $0 == (424 + dx, 324 + dy) } }
        }
        #expect(
            probe.lines.contains("states activated,resizing") || probe.lines.contains("states resizing,activated"),
            "\(probe.lines)")
        #expect(reached, "dx \(dx) dy \(dy): \(probe.lines)")
    }

    @Test func resizingBelowTheMinimumStopsAtTheTitleBarsButtons() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600, westonShell: .desktop)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor"])
        #expect(probe.wait { $0.contains("frame 1 424x324") }, "\(probe.lines)")
        var found: (x: Int, y: Int, width: Int)?
        _ = try waitUntil(timeout: 10) {
            found = Self.titleBar(in: try weston.screenshot())
            return found?.width == 400
        }
        let window = try #require(found, "no title bar on screen")
        // Drag a corner far past the opposite one: the bottom-right if its handle is on screen (desktop-shell
        // may place the window at the screen's edge), else the top-left.
        let bottomRight = window.x + 403 < weston.width && window.y + 303 < weston.height
        let corner = bottomRight ? (x: window.x + 403, y: window.y + 303) : (x: window.x - 3, y: window.y - 3)
        let direction = bottomRight ? -1 : 1
        try weston.play("down mouse \(corner.x),\(corner.y) @0ms")
        let edges = bottomRight ? "bottom_right" : "top_left"
        #expect(probe.wait { $0.contains { $0.hasPrefix("resize \(edges) serial ") } }, "\(probe.lines)")
        // Three buttons and room for a title: 188x77 points, plus the margin.
        let reached = try Self.drag(weston, from: corner, by: (direction * 395, direction * 295)) {
            probe.wait(timeout: 0.25) { lines in Self.frameSizes(lines).contains { $0 == (212, 101) } }
        }
        #expect(reached, "\(probe.lines)")
        #expect(Self.frameSizes(probe.lines).allSatisfy { $0.0 >= 212 && $0.1 >= 101 }, "\(probe.lines)")
    }

    /// sway lets a floating window be resized to anything: the window still draws no smaller than its minimum.
    @Test func aConfigureBelowTheMinimumIsDrawnAtTheMinimum() throws {
        let sway = try Compositor.start(.sway, width: 800, height: 600)
        let (_, probe) = try sway.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor"])
        #expect(
            probe.wait(timeout: 10) { $0.contains { $0.hasPrefix("frame") && $0.hasSuffix("800x600") } },
            "\(probe.lines)")
        try sway.swaymsg(["floating enable; resize set 50 40"])
        // Server-side decorations: no margin, the buffer is the window.
        #expect(probe.wait { $0.last { $0.hasPrefix("frame") }?.hasSuffix(" 188x77") == true }, "\(probe.lines)")
        #expect(Self.frameSizes(probe.lines).allSatisfy { $0.0 >= 188 && $0.1 >= 77 }, "\(probe.lines)")
    }

    @Test func rightClickOnTheTitleBarOpensTheWindowMenuAtThePointer() throws {
        let mutter = try Compositor.start(.mutter, width: 800, height: 600)
        let (_, probe) = try mutter.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor"])
        #expect(
            probe.wait(timeout: 20) { $0.contains { $0.hasPrefix("states") && $0.contains("activated") } },
            "\(probe.lines)")
        // The window geometry is at (199, 99); the surface, with its margin, at (187, 87).
        try mutter.play("down mouse.right 260,110 @0ms; up mouse.right @80ms")
        let line = probe.waitForLine(startingWith: "window-menu ", timeout: 10)
        #expect(line?.hasPrefix("window-menu 73,23 serial ") == true, "\(probe.lines)")
        // A right click in the content is the app's: no menu.
        try mutter.play("down mouse.right 400,300 @0ms; up mouse.right @80ms")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(probe.lines.filter { $0.hasPrefix("window-menu") }.count == 1, "\(probe.lines)")
    }

    /// F11 makes the window fullscreen (the output's size, no title bar) and back to where it was.
    @Test func f11TogglesFullscreenUnderWeston() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600, westonShell: .desktop)
        let (_, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor"])
        #expect(probe.wait { $0.contains("frame 1 424x324") }, "\(probe.lines)")
        #expect(probe.wait { $0.contains { $0.hasPrefix("states") && $0.contains("activated") } }, "\(probe.lines)")
        try weston.play("press f11 @0ms; release f11 @30ms")
        #expect(probe.wait { $0.contains { $0.hasPrefix("states") && $0.contains("fullscreen") } }, "\(probe.lines)")
        #expect(probe.wait { $0.last { $0.hasPrefix("frame") }?.hasSuffix(" 800x600") == true }, "\(probe.lines)")
        // weston shows the fullscreen frame on its next repaint.
        let shot = try weston.screenshot { Self.titleBar(in: $0) == nil && Self.rgb($0, 400, 2) == Self.rgb($0, 10, 2) }
        #expect(Self.titleBar(in: shot) == nil, "no title bar while fullscreen")
        #expect(
            Self.rgb(shot, 400, 2) == Self.rgb(shot, 10, 2), "the content's gradient starts at the top of the screen")
        try weston.play("press f11 @0ms; release f11 @30ms")
        #expect(
            probe.wait { $0.last { $0.hasPrefix("states") }.map { !$0.contains("fullscreen") } ?? false },
            "\(probe.lines)")
        #expect(probe.wait { $0.last { $0.hasPrefix("frame") }?.hasSuffix(" 424x324") == true }, "\(probe.lines)")
        var back: (x: Int, y: Int, width: Int)?
        _ = try waitUntil(timeout: 10) {
            back = Self.titleBar(in: try weston.screenshot())
            return back?.width == 400
        }
        #expect(back?.width == 400, "the title bar is back")
    }

    @Test func f11TogglesFullscreenUnderSway() throws {
        let sway = try Compositor.start(.sway, width: 800, height: 600)
        let (_, probe) = try sway.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor"])
        #expect(
            probe.wait(timeout: 10) { $0.contains { $0.hasPrefix("frame") && $0.hasSuffix("800x600") } },
            "\(probe.lines)")
        try sway.swaymsg(["floating enable; resize set 400 300; move position center"])
        #expect(probe.wait { $0.last { $0.hasPrefix("frame") }?.hasSuffix(" 400x300") == true }, "\(probe.lines)")
        try sway.play("press f11 @0ms; release f11 @30ms")
        #expect(probe.wait { $0.last { $0.hasPrefix("states") }?.contains("fullscreen") == true }, "\(probe.lines)")
        #expect(probe.wait { $0.last { $0.hasPrefix("frame") }?.hasSuffix(" 800x600") == true }, "\(probe.lines)")
        try sway.play("press f11 @0ms; release f11 @30ms")
        #expect(
            probe.wait { $0.last { $0.hasPrefix("states") }.map { !$0.contains("fullscreen") } ?? false },
            "\(probe.lines)")
        #expect(probe.wait { $0.last { $0.hasPrefix("frame") }?.hasSuffix(" 400x300") == true }, "\(probe.lines)")
    }
}
