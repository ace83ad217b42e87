// libFuzzer target: PNG and JPEG decoding through Raster. Any bytes decode to an image within the limits or
// throw a RasterError; a decoded image can be scaled and drawn.
//
// To reach the decode budgets (hundreds of ancillary chunks, hundreds of scans) from small inputs, an input
// starting with "RPT", a count n and two big-endian offsets a, b is expanded: the rest, with its bytes a..<b
// repeated 4·n times (seeds in Fuzz/Seeds/images: text chunks and scans to repeat, a 1×1 PNG inflating to 32 MiB). Every 16th input is also decoded from a file (the streamed
// path) and checked to give the same result.
import Foundation
@testable import Raster

// libFuzzer calls the target from one thread.
nonisolated(unsafe) private var inputs = 0
private let scratch = FileManager.default.temporaryDirectory.appending(path: "raster-fuzz-\(getpid()).img").path

func fuzzImageDecoding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = expanded(Array(UnsafeBufferPointer(start: data, count: size)))
    inputs += 1
    let decoded = Result { try RasterImage(encoded: Data(bytes)) }
    if inputs % 16 == 0, FileManager.default.createFile(atPath: scratch, contents: Data(bytes)) {
        let fromFile = Result { try RasterImage(contentsOfFile: scratch) }
        switch (decoded, fromFile) {
        case (.success(let a), .success(let b)):
            precondition(a.width == b.width && a.height == b.height, "file and memory decodes differ")
        case (.failure(let a), .failure(let b)):
            // The same budget is hit whichever way the bytes come.
            if case .decodeBudgetExceeded = a as? RasterError {
                precondition(b as? RasterError == a as? RasterError, "file and memory decodes differ: \(a) \(b)")
            }
        default: preconditionFailure("file and memory decodes differ: \(decoded) \(fromFile)")
        }
    }
    guard case .success(let image) = decoded else {
        if case .failure(let error) = decoded { precondition(error is RasterError) }
        return 0
    }
    precondition(image.width <= RasterImage.maximumSide && image.height <= RasterImage.maximumSide)
    precondition(image.width * image.height <= RasterImage.maximumPixelCount)
    _ = image.scaled(toWidth: 7, height: 5)
    _ = image.pixel(x: image.width - 1, y: image.height - 1)
    return 0
}

/// The input with its repeat header applied (see above); at most 16 MiB.
private func expanded(_ input: [UInt8]) -> [UInt8] {
    guard input.count >= 8, input.starts(with: Array("RPT".utf8)) else { return input }
    let count = Int(input[3]) * 4
    let body = Array(input[8...])
    let a = min(body.count, Int(input[4]) << 8 | Int(input[5]))
    let b = max(a, min(body.count, Int(input[6]) << 8 | Int(input[7])))
    guard (b - a) * count <= 16 << 20 else { return body }
    var out = Array(body[..<a])
    for _ in 0..<count { out += body[a..<b] }
    return out + body[b...]
}
