import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Image files decode off the main thread in a window, several at once. A frame waits for those within the
/// first-frame budget that it shows; a slower decode (or a larger image) is not waited for: its views lay out at
/// the size the file's header gives meanwhile, and one frame is asked for when the decode ends.
@MainActor
@Suite struct BackgroundImageDecodingTests {
    /// Holds decodes until opened (a slow decode whose end the test chooses).
    final class DecodeGate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func wait() {
            semaphore.wait()
            semaphore.signal()  // once open, it stays open
        }
        func open() { semaphore.signal() }
    }

    /// A window's frames through the host's painter, into memory: 120x80 points at scale 1.
    @MainActor
    final class PaintedWindow {
        let graph: ViewGraph
        let painter: FramePainter
        let width = 120
        let height = 80
        private var pixels: [UInt32]
        private(set) var updateRequests = 0

        init<V: View>(_ view: V, store: ImageStore) throws {
            let renderer = DisplayListRenderer(text: try TextSystem(), images: store)
            graph = ViewGraph(root: view)
            graph.textMeasurer = renderer.text
            graph.imageSizeProvider = store
            painter = FramePainter(graph: graph, renderer: renderer)
            pixels = Array(repeating: 0, count: width * height)
            graph.onNeedsUpdate = { [unowned self] in updateRequests += 1 }
        }

        /// Paints the next frame; returns whether anything was repainted (the host commits it then).
        @discardableResult
        func paint() -> Bool {
            let (painter, width, height) = (self.painter, self.width, self.height)
            return pixels.withUnsafeMutableBytes { buffer in
                !painter.paint(
                    size: CGSize(width: width, height: height), scale: 1, pixels: buffer.baseAddress!, width: width,
                    height: height, stride: width * 4, bufferAge: 1
                ).isEmpty
            }
        }

        func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

        /// Where the display list draws the image of `path`.
        func imageFrame(_ path: String) -> CGRect? {
            func find(_ items: [DisplayItem]) -> CGRect? {
                for item in items {
                    switch item {
                    case .image(let image) where image.source == .file(path): return image.frame
                    case .layer(let layer): if let found = find(layer.items) { return found }
                    default: continue
                    }
                }
                return nil
            }
            return find(graph.displayList.items)
        }
    }

    /// A 6x4 PNG: a red left half, a blue right half, a green bottom row.
    static func writeFixture() throws -> (path: String, image: RasterCanvas) {
        let canvas = try RasterCanvas(width: 6, height: 4)
        canvas.fill(.rect(CGRect(x: 0, y: 0, width: 3, height: 3)), with: .color(PaintColor(rgb8: 0xE0, 0x10, 0x20)))
        canvas.fill(.rect(CGRect(x: 3, y: 0, width: 3, height: 3)), with: .color(PaintColor(rgb8: 0x10, 0x30, 0xD0)))
        canvas.fill(.rect(CGRect(x: 0, y: 3, width: 6, height: 1)), with: .color(PaintColor(rgb8: 0x20, 0xC0, 0x40)))
        let path = FileManager.default.temporaryDirectory.appending(path: "decode-\(UUID().uuidString).png").path
        try canvas.writePNG(toFile: path)
        return (path, canvas)
    }

    /// A window's store; `settleTimeout` 0: frames never wait for a decode (a slow source).
    static func store(_ decoder: ImageDecoder, settleTimeout: TimeInterval = 0) -> ImageStore {
        let store = ImageStore(
            library: AssetLibrary(searchDirectories: []), decoder: decoder, decodesInBackground: true)
        store.settleTimeout = settleTimeout
        return store
    }

    /// Lets the main actor run (the decoder's results arrive on it) until `condition` holds; false after a minute.
    func waitUntil(_ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            if Date() > deadline { return false }
            await Task.yield()
        }
        return true
    }

    struct Shown: View {
        let path: String
        var body: some View {
            Image(path).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    @Test func theFirstFrameIsDrawnBeforeASlowDecodeEndsThenTheImageAppearsWithItsPixels() async throws {
        let fixture = try Self.writeFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.path) }
        let gate = DecodeGate()
        let decoder = ImageDecoder(willDecode: { _ in gate.wait() })
        let window = try PaintedWindow(Shown(path: fixture.path), store: Self.store(decoder))
        // The first frame, while the decode is held: laid out at the header's size, nothing drawn there yet.
        #expect(window.paint(), "the first frame is committed")
        #expect(window.imageFrame(fixture.path) == CGRect(x: 0, y: 0, width: 6, height: 4))
        let background = window.pixel(100, 60)
        for y in 0..<4 {
            for x in 0..<6 { #expect(window.pixel(x, y) == background, "drawn before decoding at \(x),\(y)") }
        }
        #expect(decoder.decodes == 0 && window.updateRequests == 0)
        gate.open()
        #expect(await waitUntil { window.graph.needsUpdate }, "no frame asked for after the decode")
        #expect(window.updateRequests == 1)
        #expect(window.paint())
        #expect(window.imageFrame(fixture.path) == CGRect(x: 0, y: 0, width: 6, height: 4))
        for y in 0..<4 {
            for x in 0..<6 {
                #expect(window.pixel(x, y) == fixture.image.pixel(x: x, y: y), "pixel \(x),\(y)")
            }
        }
        #expect(window.pixel(6, 0) == background && window.pixel(0, 4) == background)
        #expect(decoder.decodes == 1)
    }

    /// Within the budget, the first frame that shows images waits for their decodes (running in parallel) and
    /// draws them: no later frame is needed.
    @Test func theFirstFrameDrawsImagesWithinTheBudget() throws {
        let fixture = try Self.writeFixture()
        let second = try Self.writeFixture()
        defer {
            try? FileManager.default.removeItem(atPath: fixture.path)
            try? FileManager.default.removeItem(atPath: second.path)
        }
        struct Both: View {
            let paths: [String]
            var body: some View {
                VStack(spacing: 0) {
                    Image(paths[0])
                    Image(paths[1])
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            }
        }
        let decoder = ImageDecoder()
        let window = try PaintedWindow(
            Both(paths: [fixture.path, second.path]), store: Self.store(decoder, settleTimeout: 60))
        #expect(window.paint())
        for y in 0..<4 {
            for x in 0..<6 {
                #expect(window.pixel(x, y) == fixture.image.pixel(x: x, y: y), "pixel \(x),\(y)")
                #expect(window.pixel(x, y + 4) == second.image.pixel(x: x, y: y), "pixel \(x),\(y + 4)")
            }
        }
        #expect(decoder.decodes == 2 && window.updateRequests == 0)
        #expect(!window.graph.needsUpdate)
    }

    @Test func aFileThatFailsToDecodeShowsThePlaceholderAfterLayingOutAtItsHeaderSize() async throws {
        let fixture = try Self.writeFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.path) }
        // The signature and the header (6x4) stay; the image data after them is garbage.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture.path)))
        for index in 40..<bytes.count { bytes[index] = 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: fixture.path))
        let gate = DecodeGate()
        let decoder = ImageDecoder(willDecode: { _ in gate.wait() })
        let window = try PaintedWindow(Shown(path: fixture.path), store: Self.store(decoder))
        window.paint()
        #expect(window.imageFrame(fixture.path) == CGRect(x: 0, y: 0, width: 6, height: 4))
        let background = window.pixel(100, 60)
        gate.open()
        #expect(await waitUntil { window.graph.needsUpdate })
        window.paint()
        // The unknown symbol's question-mark box replaces the image, in the foreground colour (black).
        #expect(window.imageFrame(fixture.path) == nil)
        let dark = (0..<20).contains { y in
            (0..<20).contains { x in
                let pixel = window.pixel(x, y)
                return pixel != background && (pixel >> 16) & 0xFF < 60 && (pixel >> 8) & 0xFF < 60 && pixel & 0xFF < 60
            }
        }
        #expect(dark, "no placeholder drawn")
    }

    @Test func windowsAskingForOneFileAtOnceDecodeItOnce() async throws {
        let fixture = try Self.writeFixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.path) }
        let gate = DecodeGate()
        let decoder = ImageDecoder(willDecode: { _ in gate.wait() })
        let first = Self.store(decoder)
        let second = Self.store(decoder)
        let windows = [
            try PaintedWindow(Shown(path: fixture.path), store: first),
            try PaintedWindow(Shown(path: fixture.path), store: second),
        ]
        for window in windows { window.paint() }
        #expect(first.isDecoding(.file(fixture.path)) && second.isDecoding(.file(fixture.path)))
        gate.open()
        #expect(await waitUntil { windows.allSatisfy { $0.graph.needsUpdate } })
        let images = [first.image(for: .file(fixture.path)), second.image(for: .file(fixture.path))]
        #expect(images[0] != nil && images[0] === images[1])
        #expect(decoder.decodes == 1)
        // A third window while the image is in use takes it as it is, at once.
        let third = Self.store(decoder)
        #expect(third.image(for: .file(fixture.path)) === images[0])
        #expect(decoder.decodes == 1)
    }

    @Test func aHeaderPastTheLimitsFailsAtOnceWithoutDecoding() throws {
        // A PNG whose header claims 30000x30000: reported and replaced by the placeholder, nothing allocated.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 8, 6, 0, 0, 0]
        let path = FileManager.default.temporaryDirectory.appending(path: "huge-\(UUID().uuidString).png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let decoder = ImageDecoder()
        let store = Self.store(decoder)
        #expect(store.size(of: .file(path)) == nil && !store.isDecoding(.file(path)))
        #expect(decoder.decodes == 0)
    }
}
