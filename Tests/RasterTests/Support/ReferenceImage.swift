import Foundation
import Testing

@testable import Raster

/// Pixel-exact comparison against `References/<name>.png`.
///
/// With `UPDATE_REFERENCES=1` the reference is (re)written from the canvas instead. On mismatch the actual
/// image and a diff (red where pixels differ) go to `<package>/Tests/Output/RasterTests/` and the failure
/// names them. Both sides pass through the same PNG round trip, so the comparison is exact.
enum Reference {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sourceDir = packageRoot.appendingPathComponent("Tests/RasterTests/References")
    static let outputDir = packageRoot.appendingPathComponent("Tests/Output/RasterTests")

    static func check(_ canvas: RasterCanvas, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let data = try canvas.pngData()
        if ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1" {
            try FileManager.default.createDirectory(at: sourceDir, withIntermediateDirectories: true)
            try data.write(to: sourceDir.appendingPathComponent("\(name).png"))
            return
        }
        guard let url = Bundle.module.url(forResource: name, withExtension: "png", subdirectory: "References") else {
            Issue.record("missing reference \(name).png (run with UPDATE_REFERENCES=1)", sourceLocation: sourceLocation)
            return
        }
        let expected = try RasterImage(contentsOfFile: url.path)
        let actual = try RasterImage(encoded: data)
        var differing = 0
        if expected.width == actual.width && expected.height == actual.height {
            for y in 0..<actual.height {
                for x in 0..<actual.width where actual.pixel(x: x, y: y) != expected.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            if differing == 0 { return }
        } else {
            differing = -1
        }
        try FileManager.default.createDirectory(at: outputDir, withIntermediateDirectories: true)
        let actualURL = outputDir.appendingPathComponent("\(name).actual.png")
        let diffURL = outputDir.appendingPathComponent("\(name).diff.png")
        try data.write(to: actualURL)
        let diff = try RasterCanvas(width: actual.width, height: actual.height)
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let same =
                    x < expected.width && y < expected.height && actual.pixel(x: x, y: y) == expected.pixel(x: x, y: y)
                (diff.pixels + y * diff.stride).assumingMemoryBound(to: UInt32.self)[x] =
                    same ? 0xFF20_2020 : 0xFFFF_0000
            }
        }
        try diff.writePNG(toFile: diffURL.path)
        Issue.record(
            "\(name): \(differing < 0 ? "size differs" : "\(differing) pixels differ"); actual \(actualURL.path), diff \(diffURL.path)",
            sourceLocation: sourceLocation)
    }
}

/// Reads the byte at a pixel channel: 0 = blue, 1 = green, 2 = red, 3 = alpha.
func channel(_ c: RasterCanvas, _ x: Int, _ y: Int, _ ch: Int) -> Int {
    Int((c.pixel(x: x, y: y) >> (8 * UInt32(ch))) & 0xFF)
}
