import Foundation

/// Pixels read back from a compositor's output, as 8-bit RGBA rows.
public struct Screenshot: CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]
    /// The PNG the compositor wrote.
    public let file: URL

    /// Short, for test failure messages (never the pixels).
    public var description: String { "Screenshot \(width)x\(height) \(file.lastPathComponent)" }

    /// (r, g, b, a) at a pixel.
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let offset = (y * width + x) * 4
        return (rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
    }
}

extension Screenshot {
    /// Decodes a PNG through ImageMagick's PAM output (a header, then raw RGBA).
    public static func decode(_ png: URL) throws -> Screenshot {
        let pam = FileManager.default.temporaryDirectory.appending(path: "screenshot-\(UUID().uuidString).pam")
        defer { try? FileManager.default.removeItem(at: pam) }
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = [png.path, "-depth", "8", "-alpha", "on", pam.path]
        try convert.run()
        convert.waitUntilExit()
        guard convert.terminationStatus == 0, let data = FileManager.default.contents(atPath: pam.path) else {
            throw HarnessError("cannot decode \(png.path) with ImageMagick's convert")
        }
        let bytes = [UInt8](data)
        guard let end = bytes.firstRange(of: Array("ENDHDR\n".utf8)) else {
            throw HarnessError("\(pam.path) has no PAM header")
        }
        var fields: [String: Int] = [:]
        for line in String(decoding: bytes[..<end.lowerBound], as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let width = fields["WIDTH"], let height = fields["HEIGHT"], fields["DEPTH"] == 4 else {
            throw HarnessError("\(pam.path): unexpected PAM header \(fields)")
        }
        let pixels = Array(bytes[end.upperBound...])
        guard pixels.count == width * height * 4 else { throw HarnessError("\(pam.path): truncated pixels") }
        return Screenshot(width: width, height: height, rgba: pixels, file: png)
    }

    /// Decodes a binary PPM (P6), as grim writes it; alpha is opaque.
    static func decodePPM(_ file: URL, png: URL) throws -> Screenshot {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw HarnessError("cannot read \(file.path)")
        }
        let bytes = [UInt8](data)
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { throw HarnessError("\(file.path) is not a binary PPM") }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D {
                index += 1
            }
            var number = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                number = number * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(number)
        }
        index += 1  // the single whitespace after the maximum value
        let (width, height) = (fields[0], fields[1])
        guard fields.count == 3, fields[2] == 255, bytes.count - index >= width * height * 3 else {
            throw HarnessError("\(file.path): unexpected PPM header \(fields)")
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for pixel in 0..<(width * height) {
            rgba[pixel * 4] = bytes[index + pixel * 3]
            rgba[pixel * 4 + 1] = bytes[index + pixel * 3 + 1]
            rgba[pixel * 4 + 2] = bytes[index + pixel * 3 + 2]
        }
        return Screenshot(width: width, height: height, rgba: rgba, file: png)
    }

    /// Writes RGBA pixels as a PNG (for expected and diff images of failing tests).
    public static func writePNG(rgba: [UInt8], width: Int, height: Int, to file: URL) throws {
        let raw = FileManager.default.temporaryDirectory.appending(path: "screenshot-\(UUID().uuidString).rgba")
        try Data(rgba).write(to: raw)
        defer { try? FileManager.default.removeItem(at: raw) }
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "\(width)x\(height)", "-depth", "8", "rgba:\(raw.path)", file.path]
        try convert.run()
        convert.waitUntilExit()
    }
}

extension Screenshot {
    /// Where a `width` x `height` image with the given pixels sits in the screenshot (top-left corner),
    /// for compositors that choose window positions themselves. Checks the corners and centre of each
    /// candidate; the caller compares the whole region afterwards.
    public func locate(width: Int, height: Int, expected: (Int, Int) -> (UInt8, UInt8, UInt8)) -> (x: Int, y: Int)? {
        let probes = [
            (0, 0), (1, 0), (0, 1), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (width / 2, height / 2),
        ]
        let first = expected(0, 0)
        for top in 0...max(0, self.height - height) {
            for left in 0...max(0, self.width - width) {
                let (r, g, b, _) = pixel(x: left, y: top)
                guard (r, g, b) == first else { continue }
                let matches = probes.allSatisfy { x, y in
                    let (r, g, b, _) = pixel(x: left + x, y: top + y)
                    return (r, g, b) == expected(x, y)
                }
                if matches { return (left, top) }
            }
        }
        return nil
    }
}
