// Pasting 10 MB into a `TextField` and into a `TextEditor` at 1920×1080: another program writes the text into the
// selection's pipe as fast as it can while the app keeps drawing frames; the pipe is read the way the Wayland host
// reads it (off the main thread, up to the field's limit). Prints the longest frame (main-thread CPU) from Ctrl+V
// until the pasted text has been drawn, beside the 50 ms goal.
import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient
import WaylandUI

struct PasteTarget: View {
    let editor: Bool
    @State var text = ""
    var body: some View {
        Group {
            if editor { TextEditor(text: $text) } else { TextField("Paste here", text: $text).frame(width: 600) }
        }
        .onChange(of: text) { _, new in PasteTarget.length = new.utf8.count }
    }
    /// The bound text's length after the last change.
    static var length = 0
}

/// A clipboard whose owner is another program writing `bytes` into the pipe from its own thread.
@MainActor
final class PipeClipboard: TextClipboard {
    let bytes: [UInt8]
    init(bytes: [UInt8]) { self.bytes = bytes }
    func setText(_ text: String, on selection: ClipboardSelection) {}
    func requestText(on selection: ClipboardSelection, completion: @escaping @MainActor (String) -> Void) {
        guard let pipe = TextTransfer.makePipe() else { fatalError("no pipe") }
        TextTransfer.write(bytes, to: pipe.write)
        TextTransfer.read(pipe.read, limit: SeatClipboard.readLimit, completion: completion)
    }
}

@MainActor
func longestPasteFrame(editor: Bool, bytes: [UInt8]) throws -> (longest: Double, frames: Int, length: Int) {
    let rig = try BenchRig(root: PasteTarget(editor: editor))
    rig.focusFirstField()
    TextClipboards.current = PipeClipboard(bytes: bytes)
    var arrived = false
    var longest = 0.0
    var frames = 0
    PasteTarget.length = 0
    rig.focus.handle(KeyPress(phase: .down, key: KeyEquivalent("v"), characters: "v", modifiers: [.control]))
    // Frames until the pasted text was drawn: each delivers what the reader handed to the main queue, then paints.
    let deadline = Date().addingTimeInterval(60)
    var framesAfter = 0
    while framesAfter < 2 && Date() < deadline {
        let start = threadCPUMilliseconds()
        RunLoop.main.run(until: Date())
        rig.frame(age: 1)
        longest = max(longest, threadCPUMilliseconds() - start)
        frames += 1
        arrived = arrived || PasteTarget.length > 0
        if arrived { framesAfter += 1 }
    }
    return (longest, frames, PasteTarget.length)
}

@MainActor
func runPaste() throws {
    // 10 MB of prose in lines, with Cyrillic and Chinese words among the Latin.
    let text = sampleProse(bytes: 10_000_000).replacingOccurrences(of: "fox", with: "лиса 狐狸")
    let bytes = Array(text.utf8.prefix(10_000_000))
    print("Text benchmark: Ctrl+V of \(bytes.count / 1_000_000) MB written into the pipe meanwhile, at 1920x1080")
    for editor in [false, true] {
        let result = try longestPasteFrame(editor: editor, bytes: bytes)
        print(String(format: "  longest frame, %-10@ %8.3f ms CPU (%d frames, %d KiB kept)   goal 50 ms   ratio %.2f",
                     editor ? "TextEditor" : "TextField", result.longest, result.frames, result.length / 1024,
                     result.longest / 50))
    }
}
