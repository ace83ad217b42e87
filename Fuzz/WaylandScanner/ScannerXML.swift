// libFuzzer target: protocol XML ▸ Swift bindings. Any input must give bindings or a ScannerError, never a crash.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScannerXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? generate(inputs: [("fuzz.xml", text)])
    return 0
}
