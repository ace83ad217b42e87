import Foundation
import Glibc
import Testing

@testable import WaylandClient

/// Moving text through a selection's pipe: read off the main thread, up to a limit, invalid UTF-8 replaced, a
/// character cut by the limit dropped whole; a reader that stops early does not end the writing process.
@MainActor
@Suite struct TextTransferTests {
    /// Writes `bytes` into a new pipe from another thread (as the selection's owner does) and reads it.
    func transfer(_ bytes: [UInt8], limit: Int) async -> String {
        let pipe = TextTransfer.makePipe()!
        TextTransfer.write(bytes, to: pipe.write)
        return await withCheckedContinuation { continuation in
            TextTransfer.read(pipe.read, limit: limit) { text in
                MainActor.preconditionIsolated()
                continuation.resume(returning: text)
            }
        }
    }

    @Test func invalidUTF8BecomesReplacementCharacters() async {
        let bytes: [UInt8] = Array("ok ".utf8) + [0xFF, 0xC3] + Array(" end".utf8) + [0xE2, 0x82]
        #expect(await transfer(bytes, limit: 100) == "ok \u{FFFD}\u{FFFD} end\u{FFFD}")
    }

    @Test func tenMegabytesStopAtTheLimitWithoutACutCharacter() async {
        // The reader closes its end early: the writer's next write fails, and this process lives on.
        // "€" is three bytes: a limit of 3n + 2 falls inside one.
        let bytes = Array(String(repeating: "€", count: 3_400_000).utf8)
        let limit = 3 * 1000 + 2
        let text = await transfer(bytes, limit: limit)
        #expect(text == String(repeating: "€", count: 1000))
        #expect(await transfer(Array("short".utf8), limit: 5) == "short")
    }
}
