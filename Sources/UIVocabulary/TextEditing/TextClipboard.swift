import Foundation
@_spi(Engine) import UICore

/// Which of a desktop's two clipboards: the clipboard (Ctrl+C, Ctrl+V) or the primary selection (selecting
/// copies, a middle click pastes).
package enum ClipboardSelection: Hashable, Sendable { case clipboard, primary }

/// Where text fields copy to and paste from. The Wayland host installs one on `wl_data_device` and the
/// primary selection; without a host, text moves within the process.
@MainActor
package protocol TextClipboard: AnyObject {
    /// Offers `text` on `selection` (other programs may paste it).
    func setText(_ text: String, on selection: ClipboardSelection)
    /// Asks for the text on `selection`; `completion` runs later, on the main actor, unless nothing is there.
    func requestText(on selection: ClipboardSelection, completion: @escaping @MainActor (String) -> Void)
}

/// Text kept within the process.
@MainActor
package final class ProcessTextClipboard: TextClipboard {
    private var contents: [ClipboardSelection: String] = [:]
    package init() {}
    package func setText(_ text: String, on selection: ClipboardSelection) { contents[selection] = text }
    package func requestText(on selection: ClipboardSelection, completion: @escaping @MainActor (String) -> Void) {
        if let text = contents[selection] { completion(text) }
    }
}

@MainActor
package enum TextClipboards {
    /// The clipboard text fields use (the host replaces it with the compositor's).
    package static var current: any TextClipboard = ProcessTextClipboard()
}

/// Lines text fields say on standard error (tests read them instead).
@MainActor
package enum TextInputLog {
    package static var log: (String) -> Void = { FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8)) }
}
