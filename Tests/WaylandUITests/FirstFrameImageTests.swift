import CompositorHarness
import Foundation
import Raster
import Testing

/// Images in the first frame, as SwiftUI draws an app's assets: under weston, the first frame a window commits
/// already shows its asset images (a PNG and a JPEG, @1x and @2x); an image past the budget (30 MP) shows its
/// placeholder first while the window goes on; a FIFO named like an image is refused without holding the window.
@MainActor
@Suite(.serialized) struct FirstFrameImageTests {
    /// An image set "Checker" (PNG: a 40-point checkerboard, red at @1x, blue at @2x) and "Grey" (JPEG: 64×64
    /// pixels at @1x, grey 96; 128×128 at @2x, grey 176).
    static func makeCatalog() throws -> AssetCatalogFixture {
        let fixture = try AssetCatalogFixture()
        try fixture.imageSet(
            "Checker",
            images:
                #"[{"filename":"c.png","idiom":"universal","scale":"1x"},{"filename":"c@2x.png","idiom":"universal","scale":"2x"}]"#,
            files: [
                "c.png": try AssetRenderingTests.checkerPNG(side: 40, PaintColor(rgb8: 220, 40, 40)),
                "c@2x.png": try AssetRenderingTests.checkerPNG(side: 80, PaintColor(rgb8: 40, 80, 220)),
            ])
        try fixture.imageSet(
            "Grey",
            images:
                #"[{"filename":"g.jpg","idiom":"universal","scale":"1x"},{"filename":"g@2x.jpg","idiom":"universal","scale":"2x"}]"#,
            files: [
                "g.jpg": Data(HostileImageFiles.greyJPEG(side: 64, level: 96)),
                "g@2x.jpg": Data(HostileImageFiles.greyJPEG(side: 128, level: 176)),
            ])
        return fixture
    }

    /// How many pixels of `shot` are within 6 of `rgb` in each channel.
    static func count(_ shot: Screenshot, _ rgb: (Int, Int, Int)) -> Int {
        var found = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let (r, g, b, _) = shot.pixel(x: x, y: y)
                if abs(Int(r) - rgb.0) <= 6, abs(Int(g) - rgb.1) <= 6, abs(Int(b) - rgb.2) <= 6 { found += 1 }
            }
        }
        return found
    }

    @Test(arguments: [1, 2])
    func theFirstFrameCommittedShowsTheAssetImages(scale: Int) throws {
        let fixture = try Self.makeCatalog()
        defer { fixture.remove() }
        let weston = try Compositor.start(.weston, width: 400, height: 300, scale: scale)
        let (client, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"), arguments: ["--no-cursor", "--images", fixture.bundle.path])
        // The first frame at the output's scale (at scale 2 one frame at scale 1 may come before the surface
        // learns its output's scale).
        let size = "\(400 * scale)x\(300 * scale)"
        #expect(probe.wait { $0.contains { $0.hasPrefix("frame") && $0.hasSuffix(size) } }, "\(probe.lines)")
        let shot = try weston.screenshot()
        // The screenshot shows that frame: no other frame was committed after it.
        let lines = probe.lines
        let frames = lines.filter { $0.hasPrefix("frame ") }
        #expect(frames.last?.hasSuffix(size) == true && frames.filter { $0.hasSuffix(size) }.count == 1, "\(lines)")
        // Half of the checkerboard's 40×40 points are its colour; the grey square is 80×80 points.
        let checker = scale == 1 ? (220, 40, 40) : (40, 80, 220)
        let grey = scale == 1 ? (96, 96, 96) : (176, 176, 176)
        let side = 40 * scale
        #expect(
            Self.count(shot, checker) >= side * side / 2 - 4 * side,
            "checkerboard missing from \(shot.file.path): \(client.output)")
        #expect(
            Self.count(shot, grey) >= (80 * scale) * (80 * scale) * 9 / 10,
            "grey JPEG missing from \(shot.file.path): \(client.output)")
        #expect(!lines.contains { $0.hasPrefix("image ") }, "an image arrived after the first frame: \(lines)")
    }

    /// A 30-megapixel PNG is past the first-frame budget: the first frame is committed with its placeholder
    /// space empty while it decodes, and the image arrives in a later frame.
    @Test func anImagePastTheBudgetArrivesAfterTheFirstFrame() throws {
        let fixture = try Self.makeCatalog()
        defer { fixture.remove() }
        let huge = try HostileImageFiles.write(HostileImageFiles.blackPNG(width: 6000, height: 5000), named: "huge.png")
        defer { unlink(huge) }
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let (client, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"),
            arguments: ["--no-cursor", "--images", fixture.bundle.path, "--also", huge])
        #expect(
            probe.wait(timeout: 60) { $0.contains { $0 == "image decoded \(huge)" } }, "\(probe.lines) \(client.output)"
        )
        let lines = probe.lines
        let firstFrame = try #require(lines.firstIndex { $0.hasPrefix("frame 1 ") })
        let decoded = try #require(lines.firstIndex { $0 == "image decoded \(huge)" })
        #expect(firstFrame < decoded, "the first frame waited for the 30 MP decode: \(lines)")
        // Then it is drawn: a later frame, black where the image stands.
        #expect(probe.wait { $0.contains { $0.hasPrefix("frame 2 ") } }, "\(probe.lines)")
        let shot = try weston.screenshot(until: { Self.count($0, (0, 0, 0)) >= 100 * 70 })
        #expect(Self.count(shot, (0, 0, 0)) >= 100 * 70)
    }

    /// A FIFO named like an image (no writer ever comes): the window shows, the FIFO is refused with one line.
    @Test func aFIFONamedLikeAnImageDoesNotHoldTheWindow() throws {
        let fixture = try Self.makeCatalog()
        defer { fixture.remove() }
        let fifo = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString)-Probe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let weston = try Compositor.start(.weston, width: 400, height: 300)
        let (client, probe) = try weston.launchProbedClient(
            try BuiltProducts.executable("HostProbe"),
            arguments: ["--no-cursor", "--images", fixture.bundle.path, "--also", fifo])
        #expect(probe.wait { $0.contains { $0.hasPrefix("frame 1 ") } }, "\(probe.lines) \(client.output)")
        #expect(waitUntil(timeout: 10) { client.output.contains("is not a regular file") }, "\(client.output)")
        let complaints = client.output.split(separator: "\n").filter { $0.contains(fifo) }
        #expect(complaints.count == 1, "\(client.output)")
    }
}
