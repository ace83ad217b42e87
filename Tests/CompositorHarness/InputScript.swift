import Foundation

/// One input action, in output (global) coordinates.
public enum InputAction: Equatable, Sendable {
    case pointerMotion(x: Double, y: Double)
    /// `button` is an evdev code: 272 left, 273 right, 274 middle.
    case pointerButton(button: Int, pressed: Bool)
    /// `axis` 0 vertical, 1 horizontal.
    case scroll(axis: Int, value: Double)
    case touchDown(id: Int, x: Double, y: Double)
    case touchMotion(id: Int, x: Double, y: Double)
    case touchUp(id: Int)
    case touchCancel
    /// `key` is an evdev code.
    case key(key: Int, pressed: Bool)
}

/// A tiny, readable input script, played with real timing:
///
///     down mouse 120,80 @0ms; move mouse 140,90 @16ms; up mouse @300ms
///     down 1 100,100 @0ms; down 2 300,100; move 1 120,110 @16ms; up 1 @200ms; up 2
///     press a @400ms; release a @450ms; scroll mouse 0,10 @500ms; cancel @600ms
///
/// Statements are separated by newlines or `;`; `#` starts a comment. `@N ms` is the time from the start
/// and carries over to following statements; statements at one time form one input frame (two fingers
/// landing together). `mouse` is the pointer (`down mouse.right` for another button), numbers are touch
/// points. `down`/`move` take `x,y`; keys are named (a–z, 0–9, space, enter, escape, tab, backspace, shift,
/// ctrl, alt, ralt (Compose in the test keymaps), super, f1–f12, left, right, up, down, home, end, delete,
/// apostrophe, minus, comma) or given as evdev codes.
public struct InputScript: Equatable, Sendable {
    public struct Frame: Equatable, Sendable {
        public var milliseconds: Int
        public var actions: [InputAction]

        public init(milliseconds: Int, actions: [InputAction]) {
            self.milliseconds = milliseconds
            self.actions = actions
        }
    }

    public var frames: [Frame]

    public init(_ text: String) throws {
        frames = []
        var time = 0
        var statements: [(String, Int)] = []
        for (lineNumber, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for statement in code.split(separator: ";") where !statement.trimmingCharacters(in: .whitespaces).isEmpty {
                statements.append((String(statement), lineNumber + 1))
            }
        }
        for (statement, line) in statements {
            var words = statement.split(separator: " ").map(String.init)
            if let at = words.last, at.hasPrefix("@") {
                let number = at.dropFirst().replacingOccurrences(of: "ms", with: "")
                guard let value = Int(number), value >= time else {
                    throw HarnessError(
                        "input script line \(line): '\(at)' must be a time in ms, not earlier than \(time)")
                }
                time = value
                words.removeLast()
            }
            let actions = try Self.actions(words, line: line)
            if let last = frames.last, last.milliseconds == time {
                frames[frames.count - 1].actions += actions
            } else {
                frames.append(Frame(milliseconds: time, actions: actions))
            }
        }
    }

    private static func actions(_ words: [String], line: Int) throws -> [InputAction] {
        func fail(_ why: String) -> HarnessError {
            HarnessError("input script line \(line): \(why) in '\(words.joined(separator: " "))'")
        }
        func point(_ text: String?) throws -> (Double, Double) {
            let parts = (text ?? "").split(separator: ",").compactMap { Double($0) }
            guard parts.count == 2 else { throw fail("expected x,y") }
            return (parts[0], parts[1])
        }
        guard let verb = words.first else { throw fail("empty statement") }
        switch verb {
        case "down", "move", "up", "scroll":
            guard words.count >= 2 else { throw fail("missing device") }
            let device = words[1]
            if device.hasPrefix("mouse") {
                let button = try Self.button(device, fail: fail)
                switch verb {
                case "down":
                    let (x, y) = try point(words.count > 2 ? words[2] : nil)
                    return [.pointerMotion(x: x, y: y), .pointerButton(button: button, pressed: true)]
                case "move":
                    let (x, y) = try point(words.count > 2 ? words[2] : nil)
                    return [.pointerMotion(x: x, y: y)]
                case "up":
                    return [.pointerButton(button: button, pressed: false)]
                default:
                    let (dx, dy) = try point(words.count > 2 ? words[2] : nil)
                    return (dy != 0 ? [InputAction.scroll(axis: 0, value: dy)] : [])
                        + (dx != 0 ? [.scroll(axis: 1, value: dx)] : [])
                }
            }
            guard let id = Int(device) else { throw fail("device must be 'mouse' or a touch id") }
            switch verb {
            case "down":
                let (x, y) = try point(words.count > 2 ? words[2] : nil)
                return [.touchDown(id: id, x: x, y: y)]
            case "move":
                let (x, y) = try point(words.count > 2 ? words[2] : nil)
                return [.touchMotion(id: id, x: x, y: y)]
            case "up":
                return [.touchUp(id: id)]
            default:
                throw fail("only the mouse scrolls")
            }
        case "cancel":
            return [.touchCancel]
        case "press", "release":
            guard words.count == 2, let key = KeyNames.code(words[1]) else { throw fail("unknown key") }
            return [.key(key: key, pressed: verb == "press")]
        default:
            throw fail("unknown verb '\(verb)'")
        }
    }

    private static func button(_ device: String, fail: (String) -> HarnessError) throws -> Int {
        switch device {
        case "mouse", "mouse.left": return 272
        case "mouse.right": return 273
        case "mouse.middle": return 274
        default: throw fail("unknown button '\(device)'")
        }
    }
}

/// Evdev key codes by name, and the X keysym names wtype wants.
public enum KeyNames {
    static let codes: [String: Int] = {
        var table: [String: Int] = [
            "escape": 1, "backspace": 14, "tab": 15, "enter": 28, "ctrl": 29, "shift": 42, "alt": 56, "space": 57,
            "super": 125, "up": 103, "left": 105, "right": 106, "down": 108,
            "ralt": 100, "home": 102, "end": 107, "delete": 111, "apostrophe": 40, "minus": 12, "comma": 51,
        ]
        for (index, letter) in "qwertyuiop".enumerated() { table[String(letter)] = 16 + index }
        for (index, letter) in "asdfghjkl".enumerated() { table[String(letter)] = 30 + index }
        for (index, letter) in "zxcvbnm".enumerated() { table[String(letter)] = 44 + index }
        for (index, digit) in "1234567890".enumerated() { table[String(digit)] = 2 + index }
        for number in 1...10 { table["f\(number)"] = 58 + number }
        table["f11"] = 87
        table["f12"] = 88
        return table
    }()

    public static func code(_ name: String) -> Int? { Int(name) ?? codes[name.lowercased()] }

    /// The keysym name for a code (for tools that type by keysym), if it has one here.
    public static func keysymName(_ code: Int) -> String? {
        let special: [Int: String] = [
            1: "Escape", 14: "BackSpace", 15: "Tab", 28: "Return", 29: "Control_L", 42: "Shift_L",
            56: "Alt_L", 57: "space", 125: "Super_L", 103: "Up", 105: "Left", 106: "Right", 108: "Down",
            100: "Multi_key", 102: "Home", 107: "End", 111: "Delete", 40: "apostrophe", 12: "minus", 51: "comma",
        ]
        if let name = special[code] { return name }
        if let name = codes.first(where: { $0.value == code })?.key {
            return name.count == 1 ? name : name.uppercased()
        }
        return nil
    }
}

extension Compositor {
    /// Plays a script with real timing: each frame is injected at its time from now.
    public func play(_ script: InputScript) throws {
        let start = Date()
        for frame in script.frames {
            let due = start.addingTimeInterval(Double(frame.milliseconds) / 1000)
            let wait = due.timeIntervalSinceNow
            if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
            try inject(frame.actions)
        }
    }

    public func play(_ text: String) throws {
        try play(try InputScript(text))
    }
}
