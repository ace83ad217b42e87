// A small input method for tests under wlroots compositors (sway): it becomes the seat's input method
// (zwp_input_method_v2), prints what the compositor tells it, and sends what the test asks for.
//
//   VirtualInput --input-method FIFO ACKS
//
// Printed lines: `ready`, `activate`, `deactivate`, `surrounding TEXT CURSOR ANCHOR` (TEXT in Swift's
// escapes), `cause N`, `content-type HINT PURPOSE`, `done N` (the count so far), `unavailable`.
// Each FIFO line is a JSON object: `{"delete": [BEFORE, AFTER], "commit": TEXT, "preedit": TEXT,
// "cursor": [BEGIN, END]}` (any keys); the requests are sent in that order, then `commit` with the
// serial of the last `done`, and "ok LINE" is appended to ACKS once the compositor has them.
import Foundation
import WaylandClient

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

@MainActor
final class TestInputMethod {
    let connection: Connection
    let inputMethod: ZwpInputMethodV2
    let acks: FileHandle
    private var doneCount: UInt32 = 0

    init(acksPath: String) throws {
        connection = try Connection.connect()
        let registry = try Registry(connection: connection)
        let seat = try registry.require(WlSeat.self)
        inputMethod = try registry.require(ZwpInputMethodManagerV2.self).getInputMethod(seat: seat)
        _ = FileManager.default.createFile(atPath: acksPath, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: acksPath) else {
            throw FixtureError(description: "cannot write \(acksPath)")
        }
        acks = handle
        inputMethod.onEvent = { [unowned self] event in
            switch event {
            case .activate: say("activate")
            case .deactivate: say("deactivate")
            case .surroundingText(let text, let cursor, let anchor):
                say("surrounding \(text.debugDescription) \(cursor) \(anchor)")
            case .textChangeCause(let cause): say("cause \(cause.rawValue)")
            case .contentType(let hint, let purpose): say("content-type \(hint.rawValue) \(purpose.rawValue)")
            case .done:
                doneCount += 1
                say("done \(doneCount)")
            case .unavailable: say("unavailable")
            }
        }
        try connection.roundtrip()
    }

    func execute(_ line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            acks.write(Data("error \(line)\n".utf8))
            return
        }
        if let lengths = object["delete"] as? [Int], lengths.count == 2 {
            inputMethod.deleteSurroundingText(beforeLength: UInt32(lengths[0]), afterLength: UInt32(lengths[1]))
        }
        if let text = object["commit"] as? String { inputMethod.commitString(text: text) }
        if let text = object["preedit"] as? String {
            let cursor = object["cursor"] as? [Int] ?? [text.utf8.count, text.utf8.count]
            inputMethod.setPreeditString(text: text, cursorBegin: Int32(cursor[0]), cursorEnd: Int32(cursor[1]))
        }
        inputMethod.commit(serial: doneCount)
        do {
            try connection.roundtrip()
        } catch {
            WaylandSession.exitWithError(error)
        }
        acks.write(Data("ok \(line)\n".utf8))
    }
}
