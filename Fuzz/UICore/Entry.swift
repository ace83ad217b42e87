// The UICore fuzzer's entry: FUZZ_TARGET picks what the input feeds (`recording`, `gestures` or `assets`).
import Foundation
@_spi(Engine) @testable import UICore

private let target = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "recording"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUICore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    switch target {
    case "gestures": fuzzGestureStreams(data, size)
    case "recording": fuzzRecordingParser(data, size)
    case "assets": fuzzAssetCatalogContents(data, size)
    default: fatalError("FUZZ_TARGET is recording, gestures or assets, not \(target)")
    }
}
