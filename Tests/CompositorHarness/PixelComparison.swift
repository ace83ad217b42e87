import Foundation

/// Compares a screenshot region with expected pixels; on a mismatch writes actual, expected and diff PNGs
/// into Tests/Output/<test>/ and returns a message naming them.
public enum PixelComparison {
    /// Where failure images go: <package>/Tests/Output.
    public static var outputDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(
            path: "Output")
    }

    /// `expected(x, y)` gives (r, g, b) for each pixel of the `width` x `height` region at (left, top).
    /// Returns nil when every pixel matches within `tolerance` per channel.
    public static func mismatch(
        _ shot: Screenshot, left: Int = 0, top: Int = 0, width: Int, height: Int, tolerance: Int = 0,
        name: String, expected: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) throws -> String? {
        guard left + width <= shot.width, top + height <= shot.height else {
            return
                "\(name): region \(width)x\(height)+\(left)+\(top) lies outside the \(shot.width)x\(shot.height) screenshot"
        }
        var actual = [UInt8](repeating: 255, count: width * height * 4)
        var wanted = actual
        var diff = actual
        var differing = 0
        var first: String?
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, _) = shot.pixel(x: left + x, y: top + y)
                let (er, eg, eb) = expected(x, y)
                let offset = (y * width + x) * 4
                actual.replaceSubrange(offset..<offset + 3, with: [r, g, b])
                wanted.replaceSubrange(offset..<offset + 3, with: [er, eg, eb])
                let delta = max(abs(Int(r) - Int(er)), abs(Int(g) - Int(eg)), abs(Int(b) - Int(eb)))
                if delta > tolerance {
                    differing += 1
                    diff.replaceSubrange(offset..<offset + 3, with: [255, 0, 0])
                    if first == nil { first = "first at (\(x),\(y)): got \(r),\(g),\(b), expected \(er),\(eg),\(eb)" }
                } else {
                    let grey = UInt8((Int(r) + Int(g) + Int(b)) / 12 + 160)
                    diff.replaceSubrange(offset..<offset + 3, with: [grey, grey, grey])
                }
            }
        }
        guard differing > 0 else { return nil }
        let directory = outputDirectory.appending(path: name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = ["actual", "expected", "diff"].map { directory.appending(path: "\($0).png") }
        try Screenshot.writePNG(rgba: actual, width: width, height: height, to: files[0])
        try Screenshot.writePNG(rgba: wanted, width: width, height: height, to: files[1])
        try Screenshot.writePNG(rgba: diff, width: width, height: height, to: files[2])
        return "\(name): \(differing) of \(width * height) pixels differ (\(first ?? "")); see "
            + files.map(\.path).joined(separator: ", ")
    }
}

extension PixelComparison {
    /// Compares a region of a screenshot with a reference PNG in `directory` (a test target's References/).
    /// With `UPDATE_REFERENCES=1` (make update-references) the reference is written from the screenshot
    /// instead — and nothing else ever writes it. Returns nil on a match, else a message naming the
    /// actual, expected and diff images.
    public static func mismatch(
        _ shot: Screenshot, left: Int = 0, top: Int = 0, width: Int, height: Int, tolerance: Int = 0,
        reference name: String, in directory: URL
    ) throws -> String? {
        let reference = directory.appending(path: "\(name).png")
        if ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1" {
            var region = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                let source = ((top + y) * shot.width + left) * 4
                region.replaceSubrange(
                    y * width * 4..<(y + 1) * width * 4, with: shot.rgba[source..<source + width * 4])
            }
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Screenshot.writePNG(rgba: region, width: width, height: height, to: reference)
            return nil
        }
        guard FileManager.default.fileExists(atPath: reference.path) else {
            return
                "\(name): no reference image at \(reference.path); run `make update-references` and look at it before committing"
        }
        let expected = try Screenshot.decode(reference)
        guard expected.width == width, expected.height == height else {
            return "\(name): the reference is \(expected.width)x\(expected.height), the region \(width)x\(height)"
        }
        return try mismatch(shot, left: left, top: top, width: width, height: height, tolerance: tolerance, name: name)
        { x, y in
            let (r, g, b, _) = expected.pixel(x: x, y: y)
            return (r, g, b)
        }
    }
}

extension Screenshot {
    /// This image's pixels, as the expectation of a comparison.
    public var expectedPixels: (Int, Int) -> (UInt8, UInt8, UInt8) {
        { x, y in
            let (r, g, b, _) = self.pixel(x: x, y: y)
            return (r, g, b)
        }
    }
}

extension PixelComparison {
    /// Finds `image` wherever the compositor placed it in `shot` and compares it there exactly; nil on a match.
    public static func mismatch(_ shot: Screenshot, containing image: Screenshot, name: String) throws -> String? {
        guard let origin = shot.locate(width: image.width, height: image.height, expected: image.expectedPixels) else {
            return "\(name): the expected \(image.width)x\(image.height) image is nowhere in \(shot.file.path)"
        }
        return try mismatch(
            shot, left: origin.x, top: origin.y, width: image.width, height: image.height, name: name,
            expected: image.expectedPixels)
    }
}
