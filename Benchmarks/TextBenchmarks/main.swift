// Text editing benchmark (`make bench`): one keystroke to a committed frame in a 10 000-line `TextEditor`
// filling a 1920×1080 window: the key delivered through the focus system, the edit, the graph update (layout,
// display list, damage) and the repaint of the damaged pixels with real fonts (Raster). Prints the median CPU
// time per keystroke beside the goal.
import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandUI

struct Editor: View {
    @State var text: String
    var body: some View { TextEditor(text: $text) }
}

@MainActor
func run() throws {
    let lines = (1...10_000).map { "Line \($0): the quick brown fox jumps over the lazy dog" }.joined(separator: "\n")
    let rig = try BenchRig(root: Editor(text: lines))
    rig.focusFirstField()
    let keys = Array("hello world ")
    var samples: [Double] = []
    for index in 0..<300 {
        let character = keys[index % keys.count]
        let start = threadCPUMilliseconds()
        rig.focus.handle(KeyPress(phase: .down, key: KeyEquivalent(character), characters: String(character), modifiers: []))
        rig.frame(age: 1)
        samples.append(threadCPUMilliseconds() - start)
    }
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2], fastestTenth = sorted[sorted.count / 10]
    print("Text benchmark: TextEditor with 10 000 lines (\(lines.utf8.count / 1024) KiB) at 1920x1080, 300 keystrokes")
    print(String(format: "  keystroke to frame        %8.3f ms CPU (fastest tenth %.3f)   goal 2.000 ms   ratio %.2f (fastest tenth %.2f)",
                 median, fastestTenth, median / 2, fastestTenth / 2))
}

MainActor.assumeIsolated {
    try! run()
    try! runHugeText()
    try! runPaste()
}
