// libFuzzer target: the input-recording parser. Any input is a recording or an InputRecordingError; a recording
// that parsed writes out as text that parses again to as many frames, and scales to any window. The streaming
// parser fed the same bytes in chunks (their size from the first byte) agrees with the one-shot parse.
import Foundation
@_spi(Engine) @testable import UICore


func fuzzRecordingParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    let whole = Result { try InputRecording(parsing: text) }
    if bytes.allSatisfy({ $0 < 0x80 }) {  // invalid UTF-8 is replaced in `text`, not in the bytes
        precondition(
            Result { try streamed(bytes, chunk: 1 + Int(bytes.first ?? 0) % 17) }.description == whole.description,
            "the streaming parser disagrees with the whole-text parse")
    }
    guard let recording = try? whole.get() else { return 0 }
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

/// `bytes` fed to the streaming parser `chunk` bytes at a time.
private func streamed(_ bytes: UnsafeRawBufferPointer, chunk: Int) throws -> InputRecording {
    var parser = InputRecordingParser()
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + chunk)
        try parser.feed(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
        offset = end
    }
    return try parser.finish()
}

extension Result where Failure == any Error {
    /// The value or the error, as text (recordings compare by their frames, errors by what they say).
    fileprivate var description: String {
        switch self {
        case .success(let recording): "\((recording as? InputRecording)?.text ?? "\(recording)")"
        case .failure(let error): "error \(error)"
        }
    }
}
