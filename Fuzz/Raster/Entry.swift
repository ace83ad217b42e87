// The Raster fuzzer's entry: FUZZ_TARGET picks what the input feeds (`images` or `text`).
import Foundation
@testable import Raster

private let target = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "images"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRaster(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    switch target {
    case "images": fuzzImageDecoding(data, size)
    case "text": fuzzTextShaping(data, size)
    default: fatalError("FUZZ_TARGET is images or text, not \(target)")
    }
}
