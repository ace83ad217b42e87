// The UICore fuzzer's entry: FUZZ_TARGET picks what the input feeds (`recording` or `gestures`).
import Foundation

private let target = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "recording"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUICore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    switch target {
    case "gestures": fuzzGestureStreams(data, size)
    case "recording": fuzzRecordingParser(data, size)
    default: fatalError("FUZZ_TARGET is recording or gestures, not \(target)")
    }
}
