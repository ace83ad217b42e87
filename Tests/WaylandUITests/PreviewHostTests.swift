import CompositorHarness
import Foundation
import Testing

/// `--preview NAME --screenshot` and `--previews`: every WaylandUI app shows its own previews.
@Suite struct PreviewHostTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    /// Runs the previews probe with no compositor in the environment; returns its exit status and output.
    func runOffscreen(_ arguments: [String], in directory: URL) throws -> (status: Int32?, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = "no-such-compositor"
        environment["XDG_RUNTIME_DIR"] = directory.path
        let client = try ChildProcess(
            name: "previews-probe", executable: try BuiltProducts.executable("PreviewsProbe"),
            arguments: arguments, environment: environment, directory: directory)
        let status = client.waitForExit(timeout: 30)
        return (status, client.output)
    }

    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "previews-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(arguments: [("Greeting card", "preview-greeting-card", 240, 120), ("Swatches", "preview-swatches", 160, 60)])
    func onePreviewOffscreenMatchesItsReference(name: String, reference: String, width: Int, height: Int) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appending(path: "\(reference).png")
        let run = try runOffscreen(["--preview", name, "--screenshot", png.path], in: directory)
        #expect(run.status == 0, "\(run.output)")
        let shot = try Screenshot.decode(png)
        #expect(shot.width == width && shot.height == height)
        let mismatch = try PixelComparison.mismatch(
            shot, width: width, height: height, reference: reference, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func anUnknownPreviewNameListsTheKnownOnes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try runOffscreen(
            ["--preview", "Nope", "--screenshot", directory.appending(path: "x.png").path], in: directory)
        #expect(run.status == 2)
        #expect(run.output.contains("no preview named 'Nope'"), "\(run.output)")
        for name in ["Greeting card", "Swatches", "main.swift:", "GreetingCard_Previews"] {
            #expect(run.output.contains("  \(name)"), "\(name) missing from \(run.output)")
        }
    }

    @Test func thePreviewListDrawsEveryPreview() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appending(path: "preview-list.png")
        let run = try runOffscreen(["--previews", "--size", "640x720", "--screenshot", png.path], in: directory)
        #expect(run.status == 0, "\(run.output)")
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: 640, height: 720, reference: "preview-list", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// Under a real compositor (headless weston) `--previews` opens its window listing every preview.
    @Test func thePreviewListOpensUnderWeston() throws {
        let compositor = try Compositor.start(.weston, width: 800, height: 800)
        let (_, probe) = try compositor.launchProbedClient(
            try BuiltProducts.executable("PreviewsProbe"), arguments: ["--previews", "--no-cursor"])
        let listed = try #require(probe.waitForLine(startingWith: "previews ", timeout: 20), "\(probe.lines)")
        for name in ["Greeting card", "Swatches", "GreetingCard_Previews"] {
            #expect(listed.contains(name), "\(listed)")
        }
        #expect(probe.waitForLine(startingWith: "shown 1", timeout: 20) != nil, "\(probe.lines)")
    }
}
