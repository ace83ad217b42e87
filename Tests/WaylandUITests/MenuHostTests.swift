import CompositorHarness
import Foundation
import Testing

/// Menus and popovers as real `xdg_popup`s (the ControlsProbe fixture, `--menus`), with pointer and keyboard input
/// through weston, sway and mutter.
@Suite struct MenuHostTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")
    static let background = (r: UInt8(30), g: UInt8(110), b: UInt8(90))

    /// The probe's window, found on screen by its background: what maps window points to output points.
    struct Scene {
        let compositor: Compositor
        let probe: ProbeLog
        let offset: CGPoint
        let menu: CGRect
        let info: CGRect

        func screen(_ rect: CGRect) -> CGRect { rect.offsetBy(dx: offset.x, dy: offset.y) }

        func click(_ point: CGPoint, at start: Int) throws {
            let x = Int(point.x)
            let y = Int(point.y)
            try compositor.play(
                "move mouse \(x),\(y) @\(start)ms; down mouse \(x),\(y) @\(start + 60)ms; up mouse @\(start + 120)ms")
        }

        /// The n-th popup shown (1-based count of `popup shown` lines), in output points.
        func popup(_ number: Int) -> CGRect? {
            guard probe.wait(timeout: 20, until: { $0.filter { $0.hasPrefix("popup shown") }.count >= number }) else {
                return nil
            }
            let line = probe.lines.filter { $0.hasPrefix("popup shown") }[number - 1]
            let parts = line.split(separator: " ")
            let xy = parts[3].split(separator: ",")
            let size = parts[4].split(separator: "x")
            guard let x = Double(xy[0]), let y = Double(xy[1]), let w = Double(size[0]), let h = Double(size[1]) else {
                return nil
            }
            return screen(CGRect(x: x, y: y, width: w, height: h))
        }

        func count(_ prefix: String) -> Int { probe.lines.filter { $0.hasPrefix(prefix) }.count }
    }

    func frame(_ name: String, in probe: ProbeLog) throws -> CGRect {
        let line = try #require(probe.waitForLine(startingWith: "\(name)-frame", timeout: 20), "\(probe.lines)")
        let n = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    func launch(_ kind: Compositor.Kind, arguments: [String] = []) throws -> Scene {
        let compositor =
            kind == .weston
            ? try Compositor.start(.weston, width: 640, height: 480, westonShell: .desktop)
            : try Compositor.start(kind, width: 640, height: 480)
        let (_, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"),
            arguments: ["--no-cursor", "--menus"] + arguments)
        let content = try frame("content", in: probe)
        let menu = try frame("menu", in: probe)
        let info = try frame("info", in: probe)
        var found: CGRect?
        _ = try compositor.screenshot(timeout: 20) { shot in
            found = pixelBounds(of: Self.background, in: shot)
            return found.map { $0.width == content.width && $0.height == content.height } ?? false
        }
        let onScreen = try #require(found, "the probe's window is not on screen")
        let offset = CGPoint(x: onScreen.minX - content.minX, y: onScreen.minY - content.minY)
        return Scene(compositor: compositor, probe: probe, offset: offset, menu: menu, info: info)
    }

    /// Opens the File menu, chooses by keyboard, closes with Escape, opens the submenu and chooses in it, and
    /// dismisses by a click outside; the open menu's pixels match the reference (weston).
    @Test(arguments: [Compositor.Kind.weston, .sway, .mutter])
    func menuOpensNavigatesChoosesAndDismisses(kind: Compositor.Kind) throws {
        let scene = try launch(kind)
        let probe = scene.probe
        let file = scene.screen(scene.menu)
        // 1. Open by a click: the popup is below the button, drawn white.
        try scene.click(CGPoint(x: file.midX, y: file.midY), at: 0)
        let panel = try #require(scene.popup(1), "\(probe.lines)")
        #expect(panel.minY >= file.maxY && abs(panel.minX - file.minX) <= 1, "\(panel) under \(file)")
        #expect(panel.width == 160 && panel.height == 6 + 4 * 28 + 1 + 6, "\(panel)")
        let shot = try scene.compositor.screenshot(timeout: 10) { shot in
            let (r, g, b, _) = shot.pixel(x: Int(panel.maxX) - 8, y: Int(panel.minY) + 20)
            return (r, g, b) == (255, 255, 255)
        }
        if kind == .weston {
            let region = panel.insetBy(dx: -4, dy: -4)
            let mismatch = try PixelComparison.mismatch(
                shot, left: Int(region.minX), top: Int(region.minY), width: Int(region.width),
                height: Int(region.height), tolerance: 2, reference: "menu-file-open", in: references)
            #expect(mismatch == nil, "\(mismatch ?? "")")
        }
        // 2. Down, Down, Return: Save.
        try scene.compositor.play(
            "press down @0ms; release down @30ms; press down @100ms; release down @130ms; press enter @200ms; release enter @230ms"
        )
        #expect(probe.waitForLine(startingWith: "menu chose Save", timeout: 20) != nil, "\(probe.lines)")
        #expect(probe.wait(timeout: 20) { $0.filter { $0 == "popup closed" }.count == 1 }, "\(probe.lines)")
        // 3. Again, then Escape: closed, nothing chosen.
        try scene.click(CGPoint(x: file.midX, y: file.midY), at: 0)
        _ = try #require(scene.popup(2), "\(probe.lines)")
        try scene.compositor.play("press escape @0ms; release escape @30ms")
        #expect(probe.wait(timeout: 20) { $0.filter { $0 == "popup closed" }.count == 2 }, "\(probe.lines)")
        // 4. The Export row opens its submenu beside the menu; PNG there closes both.
        try scene.click(CGPoint(x: file.midX, y: file.midY), at: 0)
        let menu = try #require(scene.popup(3), "\(probe.lines)")
        try scene.click(CGPoint(x: menu.midX, y: menu.minY + 6 + 2 * 28 + 1 + 14), at: 0)
        let submenu = try #require(scene.popup(4), "\(probe.lines)")
        #expect(abs(submenu.minX - menu.maxX) <= 1 || abs(submenu.maxX - menu.minX) <= 1, "\(submenu) beside \(menu)")
        try scene.click(CGPoint(x: submenu.midX, y: submenu.minY + 6 + 28 + 14), at: 0)
        #expect(probe.waitForLine(startingWith: "menu chose PNG", timeout: 20) != nil, "\(probe.lines)")
        #expect(probe.wait(timeout: 20) { $0.filter { $0 == "popup closed" }.count == 4 }, "\(probe.lines)")
        // 5. A click outside the menu (on the window's background) closes it and reaches nothing.
        try scene.click(CGPoint(x: file.midX, y: file.midY), at: 0)
        let last = try #require(scene.popup(5), "\(probe.lines)")
        try scene.click(CGPoint(x: last.maxX + 40, y: last.maxY + 40), at: 0)
        #expect(probe.wait(timeout: 20) { $0.filter { $0 == "popup closed" }.count == 5 }, "\(probe.lines)")
        #expect(scene.count("menu chose") == 2, "\(probe.lines)")
    }

    /// A popover shown from the first frame (its grab quotes no press; weston takes it) sits below its button with
    /// its arrow; a click on the desktop outside the window makes the compositor end it (`popup_done`): the binding
    /// turns false and the app carries on, opening it again from its button and closing it with Escape.
    @Test func popoverEndedByTheCompositorThenOpenedAgain() throws {
        let scene = try launch(.weston, arguments: ["--popover-at-start"])
        let probe = scene.probe
        let info = scene.screen(scene.info)
        let panel = try #require(scene.popup(1), "\(probe.lines)")
        #expect(abs(panel.midX - info.midX) <= 1 && abs(panel.minY - info.maxY) <= 1, "\(panel) under \(info)")
        let shot = try scene.compositor.screenshot(timeout: 10) { shot in
            let (r, g, b, _) = shot.pixel(x: Int(panel.midX), y: Int(panel.maxY) - 4)
            return (r, g, b) == (255, 255, 255)
        }
        let region = panel.insetBy(dx: -4, dy: -4)
        let mismatch = try PixelComparison.mismatch(
            shot, left: Int(region.minX), top: Int(region.minY), width: Int(region.width),
            height: Int(region.height), tolerance: 2, reference: "popover-info-open", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        // The desktop at the output's corner, outside our window: the compositor ends the grab.
        try scene.compositor.play("move mouse 630,470 @0ms; down mouse 630,470 @60ms; up mouse @120ms")
        #expect(probe.waitForLine(startingWith: "popup done", timeout: 20) != nil, "\(probe.lines)")
        #expect(probe.waitForLine(startingWith: "popover false", timeout: 20) != nil, "\(probe.lines)")
        #expect(probe.waitForLine(startingWith: "popup closed", timeout: 20) != nil, "\(probe.lines)")
        try scene.click(CGPoint(x: info.midX, y: info.midY), at: 0)
        #expect(probe.waitForLine(startingWith: "popover true", timeout: 20) != nil, "\(probe.lines)")
        let again = try #require(scene.popup(2), "\(probe.lines)")
        #expect(again == panel, "\(again) where it first was, \(panel)")
        try scene.compositor.play("press escape @0ms; release escape @30ms")
        #expect(probe.wait(timeout: 20) { $0.filter { $0 == "popover false" }.count == 2 }, "\(probe.lines)")
        #expect(probe.wait(timeout: 20) { $0.filter { $0 == "popup closed" }.count == 2 }, "\(probe.lines)")
    }

    /// A compact date picker under weston: its date button opens the month calendar in an `xdg_popup` below it
    /// (pixels as the reference); the arrow keys move the day and Return chooses it and closes the popup; opened
    /// again, a click on a day chooses it and closes it.
    @Test func datePickerCalendarPopup() throws {
        let compositor = try Compositor.start(.weston, width: 640, height: 480, westonShell: .desktop)
        let (client, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("ControlsProbe"), arguments: ["--no-cursor", "--date-picker"])
        let content = try frame("content", in: probe)
        let row = try frame("date", in: probe)
        var found: CGRect?
        _ = try compositor.screenshot(timeout: 20) { shot in
            found = pixelBounds(of: Self.background, in: shot)
            return found.map { $0.width == content.width && $0.height == content.height } ?? false
        }
        let onScreen = try #require(found, "the probe's window is not on screen")
        let offset = CGPoint(x: onScreen.minX - content.minX, y: onScreen.minY - content.minY)
        let scene = Scene(compositor: compositor, probe: probe, offset: offset, menu: row, info: row)
        let picker = scene.screen(row)
        // The date button ("Dec 1, 2026", about 110 points) ends the row.
        let button = CGPoint(x: picker.maxX - 40, y: picker.midY)
        try scene.click(button, at: 0)
        let panel = try #require(scene.popup(1), "\(probe.lines)")
        #expect(panel.minY >= picker.maxY - 1 && panel.minX <= button.x && panel.maxX >= button.x, "\(panel)")
        let shot = try compositor.screenshot(timeout: 10) { shot in
            let (r, g, b, _) = shot.pixel(x: Int(panel.minX) + 6, y: Int(panel.maxY) - 6)
            return (r, g, b) == (255, 255, 255)
        }
        let region = panel.insetBy(dx: -4, dy: -4)
        let mismatch = try PixelComparison.mismatch(
            shot, left: Int(region.minX), top: Int(region.minY), width: Int(region.width),
            height: Int(region.height), tolerance: 2, reference: "datepicker-popup-weston", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
        // Right, Down: 1 + 1 + 7 = the 9th; Return chooses it and closes the calendar.
        try compositor.play(
            "press right @0ms; release right @30ms; press down @100ms; release down @130ms; press enter @200ms; release enter @230ms"
        )
        #expect(probe.waitForLine(startingWith: "date chose 2026-12-09", timeout: 20) != nil, "\(probe.lines)")
        #expect(probe.wait(timeout: 20) { $0.filter { $0 == "popup closed" }.count == 1 }, "\(probe.lines)")
        // Again: the 24th is in the fourth week (from Sunday 29 November), Thursday's column; a click chooses it.
        try scene.click(button, at: 0)
        let again = try #require(scene.popup(2), "\(probe.lines)")
        let day = CGPoint(x: again.minX + 12 + 4 * 34 + 17, y: again.maxY - 12 - 2 * 36 - 17)
        try scene.click(day, at: 0)
        #expect(probe.waitForLine(startingWith: "date chose 2026-12-24", timeout: 20) != nil, "\(probe.lines)")
        #expect(probe.wait(timeout: 20) { $0.filter { $0 == "popup closed" }.count == 2 }, "\(probe.lines)")
        // The window takes the next click at once (the popup's pointer focus does not linger): it opens again.
        try scene.click(button, at: 0)
        _ = try #require(scene.popup(3), "\(probe.lines) \(client.output)")
        try compositor.play("press escape @0ms; release escape @30ms")
        #expect(probe.wait(timeout: 20) { $0.filter { $0 == "popup closed" }.count == 3 }, "\(probe.lines)")
        #expect(scene.count("date chose") == 3, "\(probe.lines)")
    }
}
