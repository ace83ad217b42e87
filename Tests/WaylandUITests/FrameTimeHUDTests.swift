import CompositorHarness
import Foundation
import Testing

/// The frame-time HUD (`--hud`, F12) through weston: a panel in the top-right corner, and per committed
/// frame figures that make sense (reported on the probe channel as the HUD takes them in).
@Suite struct FrameTimeHUDTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    struct Figures {
        var layout, render, commit: Double
        var late, frames: Int

        /// `hud frame layout=0.412 render=3.100 commit=0.080 late=1 frames=12`
        init?(_ line: String) {
            guard line.hasPrefix("hud frame ") else { return nil }
            var values: [String: String] = [:]
            for field in line.dropFirst("hud frame ".count).split(separator: " ") {
                let parts = field.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { return nil }
                values[String(parts[0])] = String(parts[1])
            }
            guard let layout = values["layout"].flatMap(Double.init),
                let render = values["render"].flatMap(Double.init),
                let commit = values["commit"].flatMap(Double.init), let late = values["late"].flatMap(Int.init),
                let frames = values["frames"].flatMap(Int.init)
            else { return nil }
            (self.layout, self.render, self.commit, self.late, self.frames) = (layout, render, commit, late, frames)
        }
    }

    /// `hud latency input-commit p50=1.2 p99=3.4 n=30 commit-presented p50=8.1 p99=16.2 n=29`: the two
    /// latencies' percentiles and sample counts, by name.
    static func latencyFigures(_ line: String) -> [String: [String: Double]]? {
        guard line.hasPrefix("hud latency ") else { return nil }
        var figures: [String: [String: Double]] = [:]
        var current: String?
        for field in line.dropFirst("hud latency ".count).split(separator: " ") {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 1 {
                current = String(field)
            } else if let current, let value = Double(parts[1]) {
                figures[current, default: [:]][String(parts[0])] = value
            } else {
                return nil
            }
        }
        return figures
    }

    /// The HUD's corner: dark panel pixels and bright text pixels, where the launcher has only its background.
    func showsPanel(_ shot: Screenshot) -> Bool {
        var dark = 0
        var bright = 0
        for y in 12..<90 {
            for x in 634..<788 {
                let (r, g, b, _) = shot.pixel(x: x, y: y)
                if max(r, g, b) < 16 { dark += 1 }
                if min(r, g, b) > 200 { bright += 1 }
            }
        }
        return dark > 5_000 && bright > 100
    }

    @Test func hudShowsFrameTimesThatMakeSense() throws {
        let weston = try Compositor.start(.weston, width: 800, height: 600)
        let showcase = try ShowcaseSession.launch(on: weston, arguments: ["--hud"])
        #expect(showcase.probe.waitForLine(startingWith: "hud on") != nil)
        showcase.waitUntilSettled()
        // Frames with work in them: open a demo, come back.
        try showcase.tapTile("scripts")
        showcase.waitUntilSettled()
        try showcase.tap(ShowcaseSession.backButton.x, ShowcaseSession.backButton.y)
        showcase.waitUntilSettled()
        // The tap's release ends an interaction: the latencies come on the probe channel once its frame is
        // committed; weston's presentation feedback has timed the frames committed before.
        let latencyLine = showcase.probe.waitForLine(startingWith: "hud latency")
        let latency = latencyLine.flatMap(Self.latencyFigures)
        #expect(latency != nil, "\(showcase.probe.lines)")
        if let input = latency?["input-commit"], let shown = latency?["commit-presented"] {
            #expect((input["n"] ?? 0) >= 1, "\(latencyLine ?? "")")
            #expect((shown["n"] ?? 0) >= 1, "\(latencyLine ?? "")")
            for figure in [input, shown] {
                let p50 = figure["p50"] ?? -1
                let p99 = figure["p99"] ?? -1
                #expect(p50 >= 0 && p50 <= p99 && p99 < 10_000, "\(latencyLine ?? "")")
            }
            // A frame cannot be on screen before it was committed, nor take a second of a 60 Hz output to be.
            #expect((shown["p50"] ?? 0) > 0 && (shown["p99"] ?? 0) < 1_000, "\(latencyLine ?? "")")
        } else {
            Issue.record("no input-commit or commit-presented figures: \(latencyLine ?? "none")")
        }
        let figures = showcase.probe.lines.compactMap(Figures.init)
        #expect(figures.count >= 3, "\(showcase.probe.lines)")
        #expect(figures.map(\.frames) == Array(1...figures.count), "every committed frame is counted once")
        for figure in figures {
            #expect(figure.layout >= 0 && figure.layout < 10_000, "\(figure)")
            #expect(figure.render > 0 && figure.render < 10_000, "a committed frame rendered something: \(figure)")
            #expect(figure.commit >= 0 && figure.commit < 10_000, "\(figure)")
            #expect(figure.late >= 0 && figure.late <= figure.frames, "\(figure)")
        }
        // weston offers wp_presentation: its feedback gives the headless output's 60 Hz refresh as the budget.
        #expect(
            showcase.probe.lines.contains("hud refresh 16.667"),
            "\(showcase.probe.lines.filter { $0.hasPrefix("hud") })")
        // The launcher's first frame draws every tile: it cannot be free.
        #expect((figures.first?.render ?? 0) > 0.05)
        let shot = try weston.screenshot()
        #expect(showsPanel(shot), "no HUD panel in the top-right corner")
        let reference = try Screenshot.decode(references.appending(path: "showcase-kiosk-launcher-800x600.png"))
        #expect(!showsPanel(reference), "the launcher alone has no such panel")

        // F12 hides it: the corner is the launcher's again.
        try weston.play("press f12; release f12 @30ms")
        #expect(showcase.probe.waitForLine(startingWith: "hud off") != nil, "\(showcase.probe.lines)")
        let hidden = try showcase.screenshot { !showsPanel($0) }
        #expect(!showsPanel(hidden))
        #expect(identical(hidden, reference), "without the HUD the window is the launcher")
    }
}
