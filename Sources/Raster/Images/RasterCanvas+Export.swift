import Foundation

extension RasterCanvas {
    /// The canvas as PNG bytes (colours un-premultiplied, alpha kept).
    public func pngData() throws -> Data {
        try PNGCodec.encode(width: width, height: height, stride: stride, pixels: pixels)
    }

    /// Writes the canvas as a PNG file (for tests and `--screenshot`).
    public func writePNG(toFile path: String) throws {
        let data = try pngData()
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw RasterError.imageEncodingFailed(reason: "cannot create \(path)")
        }
    }
}

extension RasterImage {
    /// A copy of a canvas's pixels as an image.
    public convenience init(canvas: RasterCanvas) throws {
        try self.init(width: canvas.width, height: canvas.height)
        for y in 0..<canvas.height {
            (pixels + y * stride).copyMemory(from: canvas.pixels + y * canvas.stride, byteCount: canvas.width * 4)
        }
    }
}
