import Foundation

/// Pixels read back from a compositor's output, as 8-bit RGBA rows.
public struct Screenshot {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]
    /// The PNG the compositor wrote.
    public let file: URL

    /// (r, g, b, a) at a pixel.
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let offset = (y * width + x) * 4
        return (rgba[offset], rgba[offset + 1], rgba[offset + 2], rgba[offset + 3])
    }
}

extension Compositor {
    /// Captures the whole output through weston's screenshooter (needs `--debug`, which `start` passes).
    public func screenshot() throws -> Screenshot {
        let directory = runtimeDirectory.appending(path: "shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let shooter = try ChildProcess(name: "screenshooter", executable: "/usr/bin/weston-screenshooter", arguments: [],
                                       environment: clientEnvironment, directory: runtimeDirectory, workingDirectory: directory)
        guard let status = shooter.waitForExit(timeout: 10), status == 0 else {
            throw HarnessError("weston-screenshooter failed: \(shooter.output)")
        }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        guard let png = files.first(where: { $0.pathExtension == "png" }) else {
            throw HarnessError("weston-screenshooter wrote no PNG in \(directory.path)")
        }
        return try Screenshot.decode(png)
    }
}

extension Screenshot {
    /// Decodes a PNG through ImageMagick's PAM output (a header, then raw RGBA).
    static func decode(_ png: URL) throws -> Screenshot {
        let pam = png.deletingPathExtension().appendingPathExtension("pam")
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = [png.path, "-depth", "8", "-alpha", "on", pam.path]
        try convert.run()
        convert.waitUntilExit()
        guard convert.terminationStatus == 0, let data = FileManager.default.contents(atPath: pam.path) else {
            throw HarnessError("cannot decode \(png.path) with ImageMagick's convert")
        }
        let bytes = [UInt8](data)
        guard let end = bytes.firstRange(of: Array("ENDHDR\n".utf8)) else { throw HarnessError("\(pam.path) has no PAM header") }
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

    /// Writes RGBA pixels as a PNG (for expected and diff images of failing tests).
    public static func writePNG(rgba: [UInt8], width: Int, height: Int, to file: URL) throws {
        let raw = file.deletingPathExtension().appendingPathExtension("rgba")
        try Data(rgba).write(to: raw)
        defer { try? FileManager.default.removeItem(at: raw) }
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "\(width)x\(height)", "-depth", "8", "rgba:\(raw.path)", file.path]
        try convert.run()
        convert.waitUntilExit()
    }
}
