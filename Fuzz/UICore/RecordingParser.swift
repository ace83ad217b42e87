// libFuzzer target: the input-recording parser. Any input is a recording or an InputRecordingError; a recording
// that parsed writes out as text that parses again to as many frames, and scales to any window.
import Foundation
@_spi(Engine) @testable import UICore


func fuzzRecordingParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let recording = try? InputRecording(parsing: text) else { return 0 }
    let again: InputRecording
    do {
        again = try InputRecording(parsing: recording.text)
    } catch {
        fatalError("a parsed recording's own text does not parse: \(error)")
    }
    precondition(again.frames.count == recording.frames.count, "frames lost in a round trip")
    _ = recording.scaled(to: CGSize(width: 1280, height: 720))
    _ = recording.duration
    return 0
}
