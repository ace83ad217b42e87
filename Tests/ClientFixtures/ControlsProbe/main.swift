// A WaylandUI app for host tests of controls and keyboard: a focusable key field that reports every key
// press it sees, a button to click, a button with a Ctrl+S shortcut, a `Link` (green, rgb 0,200,100) that
// reports hovering. 400×300 points.
//
// Lines: `focused true|false`, `key PHASE KEY chars=CHARS mods=MODS` (CHARS: printable characters as they
// are, others as U+XX; MODS: shift,control,option,command,capsLock or none), `button press`, `button save`,
// `hover true|false` (the link), `cursor SHAPE` and `open-url URL` (from the host: the cursor it set, a URL
// it opened),
// `button-frame X Y W H` (the press button's window frame, once laid out).
//
// `--toggle-and-slider` shows instead a `Toggle` (a switch) over a `Slider` (0…100, step 5) on white, 360 points
// wide, and reports `toggle true|false`, `slider VALUE`, `slider editing true|false`.
//
// `--menus`: a `Menu` "File" (Open, Save, a divider, a submenu Export with PDF and PNG, a destructive Delete) and
// a button "Info" showing a popover, on a green background (rgb 30,110,90), in DejaVu Sans 14.
// Lines: `menu chose NAME`, `popover true|false`, `content-frame X Y W H`, `menu-frame …`, `info-frame …` (window
// points, once laid out). `--popover-at-start` shows the popover from the first frame (no input opened it).
//
// `--text-fields`: a `TextField` ("Name") over a `SecureField` ("Password") on white, 300 points wide, in
// DejaVu Sans 16. Lines: `name TEXT`, `password TEXT` (every change, written with Swift's escapes; a name over 200
// bytes as `name N bytes "FIRST4"…"LAST4"`),
// `submit TEXT` (Return in the name field).
//
// `--text-drag`: two plain text fields on white, 300 points wide, in DejaVu Sans 16: "Source" (text "drag me", on
// rgb 255,220,120) over "Target" (text "ab", on rgb 150,220,255). Lines: `source TEXT`, `target TEXT` (as `name`).
// `--huge` starts the source with 1 MiB of "я".
import WaylandClient
import WaylandUI

func describe(_ press: KeyPress) -> String {
    let phase = press.phase == .down ? "down" : press.phase == .up ? "up" : "repeat"
    let chars = press.characters.unicodeScalars.map {
        $0.value >= 0x20 && $0.value != 0x7F ? String($0) : String(format: "U+%02X", $0.value)
    }.joined()
    let names: [(EventModifiers, String)] = [
        (.shift, "shift"), (.control, "control"), (.option, "option"), (.command, "command"), (.capsLock, "capsLock"),
    ]
    let mods = names.filter { press.modifiers.contains($0.0) }.map(\.1)
    return
        "key \(phase) \(press.key.debugName) chars=\(chars) mods=\(mods.isEmpty ? "none" : mods.joined(separator: ","))"
}

/// `--handle-escape`: the key field handles Escape (the host must then keep fullscreen).
let handlesEscape = CommandLine.arguments.contains("--handle-escape")

struct KeyField: View {
    @FocusState private var isFocused: Bool

    var body: some View {
        RoundedRectangle(cornerRadius: 4)
            .fill(isFocused ? Color(white: 0.97) : Color(white: 0.85))
            .frame(width: 240, height: 40)
            .focusable()
            .focused($isFocused)
            .onKeyPress(phases: .all) { press in
                Probe.report(describe(press))
                return press.key == .escape && handlesEscape ? .handled : .ignored
            }
            .onChange(of: isFocused, initial: true) { _, focused in Probe.report("focused \(focused)") }
    }
}

struct ToggleAndSliderScene: View {
    @State private var isOn = false
    @State private var level = 20.0

    var body: some View {
        ZStack {
            Color.white
            VStack(spacing: 24) {
                Toggle("Sound", isOn: $isOn)
                Slider(value: $level, in: 0...100, step: 5) { Probe.report("slider editing \($0)") }
            }
            .font(.custom("DejaVu Sans", size: 16))
            .frame(width: 360)
        }
        .onChange(of: isOn) { _, new in Probe.report("toggle \(new)") }
        .onChange(of: level) { _, new in Probe.report("slider \(Int(new))") }
    }
}

/// A text's probe line: a long one told by its length and ends.
func described(_ text: String) -> String {
    text.utf8.count > 200
        ? "\(text.utf8.count) bytes \(String(text.prefix(4)).debugDescription)…\(String(text.suffix(4)).debugDescription)"
        : text.debugDescription
}

struct TextDragScene: View {
    @State private var source =
        CommandLine.arguments.contains("--huge") ? String(repeating: "я", count: 1 << 19) : "drag me"
    @State private var target = "ab"

    var body: some View {
        ZStack {
            Color.white
            VStack(spacing: 30) {
                TextField("Source", text: $source)
                    .padding(8).background(Color(red: 1, green: 220 / 255, blue: 120 / 255))
                TextField("Target", text: $target)
                    .padding(8).background(Color(red: 150 / 255, green: 220 / 255, blue: 1))
            }
            .textFieldStyle(.plain)
            .font(.custom("DejaVu Sans", size: 16))
            .frame(width: 300)
        }
        .onChange(of: source) { _, new in Probe.report("source \(described(new))") }
        .onChange(of: target) { _, new in Probe.report("target \(described(new))") }
    }
}

struct TextFieldScene: View {
    @State private var name = ""
    @State private var password = ""

    var body: some View {
        ZStack {
            Color.white
            VStack(spacing: 20) {
                TextField("Name", text: $name)
                    .onSubmit { Probe.report("submit \(name.debugDescription)") }
                SecureField("Password", text: $password)
            }
            .font(.custom("DejaVu Sans", size: 16))
            .frame(width: 300)
        }
        .onChange(of: name) { _, new in
            // A long text is told by its length and ends.
            Probe.report(
                new.utf8.count > 200
                    ? "name \(new.utf8.count) bytes \(String(new.prefix(4)).debugDescription)…"
                        + String(new.suffix(4)).debugDescription
                    : "name \(new.debugDescription)")
        }
        .onChange(of: password) { _, new in Probe.report("password \(new.debugDescription)") }
    }
}

/// Reports the window frame of the view it is the background of, once.
struct FrameReporter: View {
    let name: String
    var body: some View {
        GeometryReader { proxy in
            let frame = proxy.frame(in: .global)
            Color.clear.onAppear {
                Probe.report(
                    "\(name)-frame \(Int(frame.minX)) \(Int(frame.minY)) \(Int(frame.width)) \(Int(frame.height))")
            }
        }
    }
}

struct MenusScene: View {
    @State private var showsPopover = CommandLine.arguments.contains("--popover-at-start")

    var body: some View {
        ZStack(alignment: .topLeading) {
            Color(red: 30 / 255, green: 110 / 255, blue: 90 / 255)
            VStack(alignment: .leading, spacing: 20) {
                Menu("File") {
                    Button("Open") { Probe.report("menu chose Open") }
                    Button("Save") { Probe.report("menu chose Save") }
                    Divider()
                    Menu("Export") {
                        Button("PDF") { Probe.report("menu chose PDF") }
                        Button("PNG") { Probe.report("menu chose PNG") }
                    }
                    Button("Delete", role: .destructive) { Probe.report("menu chose Delete") }
                }
                .background(FrameReporter(name: "menu"))
                Button("Info") { showsPopover = true }
                    .popover(isPresented: $showsPopover) {
                        Text("Details").padding(4)
                    }
                    .background(FrameReporter(name: "info"))
            }
            .padding(20)
        }
        .background(FrameReporter(name: "content"))
        .font(.custom("DejaVu Sans", size: 14))
        .onChange(of: showsPopover) { _, shown in Probe.report("popover \(shown)") }
    }
}

/// `--date-picker`: a compact `DatePicker` (date only, 1 December 2026, en_US, UTC) on the green background,
/// 300 points wide; each chosen date is reported as `date chose 2026-12-09`.
struct DatePickerScene: View {
    @State private var date = Calendar(identifier: .gregorian).date(
        from: DateComponents(timeZone: TimeZone(identifier: "UTC"), year: 2026, month: 12, day: 1, hour: 12))!

    var body: some View {
        ZStack(alignment: .topLeading) {
            Color(red: 30 / 255, green: 110 / 255, blue: 90 / 255)
            DatePicker(selection: $date, displayedComponents: .date) { Text("Due").foregroundColor(.white) }
                .frame(width: 300)
                .background(FrameReporter(name: "date"))
                .padding(20)
        }
        .background(FrameReporter(name: "content"))
        .environment(\.locale, Locale(identifier: "en_US"))
        .environment(\.calendar, Calendar(identifier: .gregorian))
        .environment(\.timeZone, TimeZone(identifier: "UTC")!)
        .font(.custom("DejaVu Sans", size: 14))
        .onChange(of: date) { _, new in
            let formatter = DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd"
            Probe.report("date chose \(formatter.string(from: new))")
        }
    }
}

struct ControlsScene: View {
    var body: some View {
        if CommandLine.arguments.contains("--toggle-and-slider") {
            ToggleAndSliderScene()
        } else if CommandLine.arguments.contains("--text-drag") {
            TextDragScene()
        } else if CommandLine.arguments.contains("--text-fields") {
            TextFieldScene()
        } else if CommandLine.arguments.contains("--date-picker") {
            DatePickerScene()
        } else if CommandLine.arguments.contains("--menus") {
            MenusScene()
        } else {
            keyAndButtonScene
        }
    }

    var keyAndButtonScene: some View {
        ZStack {
            Color.white
            VStack(spacing: 18) {
                KeyField()
                Button("Press me") { Probe.report("button press") }
                    .font(.custom("DejaVu Sans", size: 16))
                    .background(
                        GeometryReader { proxy in
                            let frame = proxy.frame(in: .global)
                            Color.clear.onAppear {
                                Probe.report(
                                    "button-frame \(Int(frame.minX)) \(Int(frame.minY)) \(Int(frame.width)) \(Int(frame.height))"
                                )
                            }
                        })
                Button("Save") { Probe.report("button save") }
                    .keyboardShortcut("s")
                    .buttonStyle(.borderedProminent)
                    .font(.custom("DejaVu Sans", size: 16))
                Link(destination: URL(string: "https://example.org/waylandui")!) {
                    Text("Open link")
                        .font(.custom("DejaVu Sans", size: 16))
                        .foregroundColor(.white)
                        .padding(6)
                        .background(Color(red: 0, green: 200 / 255, blue: 100 / 255))
                }
                .onHover { Probe.report("hover \($0)") }
            }
        }
    }
}

@main
struct ControlsProbeApp: App {
    var body: some Scene {
        WindowGroup("controls probe") {
            ControlsScene()
        }
        .defaultSize(width: 400, height: 300)
    }
}
