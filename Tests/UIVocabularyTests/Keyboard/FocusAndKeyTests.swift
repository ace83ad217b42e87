import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A graph with a focus system and a gesture system, updated after each key press or pointer event as the host does.
@MainActor
final class KeyHarness {
    let graph: ViewGraph
    let focus: FocusSystem
    let gestures: GestureSystem

    init<V: View>(_ view: V, width: CGFloat = 300, height: CGFloat = 300) {
        graph = makeGraph(view, width: width, height: height)
        graph.update()
        focus = FocusSystem(graph: graph)
        gestures = GestureSystem(graph: graph, clock: VirtualClock())
    }

    func update() { if graph.needsUpdate { graph.update() } }

    @discardableResult
    func press(
        _ key: KeyEquivalent, _ phase: KeyPress.Phases = .down, modifiers: EventModifiers = [],
        characters: String? = nil
    ) -> Bool {
        let press = KeyPress(
            phase: phase, key: key, characters: characters ?? String(key.character), modifiers: modifiers)
        let handled = focus.handle(press)
        update()
        return handled
    }

    /// A key going down then up.
    func type(_ key: KeyEquivalent, modifiers: EventModifiers = []) {
        press(key, .down, modifiers: modifiers)
        press(key, .up, modifiers: modifiers)
    }

    func click(_ x: CGFloat, _ y: CGFloat, at t: Double) {
        focus.pointerPressed(at: CGPoint(x: x, y: y))
        gestures.handle(.pointerDown(CGPoint(x: x, y: y), time: t))
        update()
        gestures.handle(.pointerUp(time: t + 30))
        update()
    }
}

enum Field: Hashable { case first, second, third }

/// Three focusable rows, 100 points tall, bound to one `@FocusState`; they log the state's changes and
/// the keys they handle. A key "3" asks the state for the third row; "0" clears it.
struct Form: View {
    let log: CallLog
    var secondDisabled = false
    @FocusState private var field: Field?

    var body: some View {
        VStack(spacing: 0) {
            row(.first)
            row(.second).disabled(secondDisabled)
            row(.third)
        }
        .onKeyPress("3") {
            field = .third
            return .handled
        }
        .onKeyPress("0") {
            field = nil
            return .handled
        }
        .onChange(of: field) { _, new in log("field \(new.map { "\($0)" } ?? "nil")") }
    }

    func row(_ name: Field) -> some View {
        Color.gray
            .frame(height: 100)
            .focusable()
            .focused($field, equals: name)
            .onKeyPress(.space) {
                log("\(name) space")
                return .handled
            }
    }
}

@MainActor
@Suite struct FocusTests {
    let log = CallLog()

    @Test func activationFocusesTheFirstFocusableView() {
        let h = KeyHarness(Form(log: log))
        #expect(h.focus.focusedView == nil)
        h.focus.activate()
        h.update()
        #expect(log.entries == ["field first"])
        h.press(.space)
        #expect(log.entries.last == "first space")
    }

    @Test func theFocusedViewHasAFocusRingUnlessDisabled() {
        func rings(_ graph: ViewGraph) -> [CGRect] {
            graph.displayList.items.compactMap { item in
                if case .stroke(let op) = item, op.style.lineWidth == 3 {
                    return op.path.boundingRect
                } else {
                    return nil
                }
            }
        }
        let h = KeyHarness(
            VStack(spacing: 0) {
                Color.gray.frame(width: 100, height: 50).focusable()
                Color.gray.frame(width: 100, height: 50).focusable()
            }, width: 100, height: 100)
        #expect(rings(h.graph).isEmpty)
        h.press(.tab)
        // 1.5 points outside the first view, plus half the 3-point line: its outer edge 3 points out.
        #expect(rings(h.graph) == [CGRect(x: -1.5, y: -1.5, width: 103, height: 53)])
        h.press(.tab)
        #expect(rings(h.graph) == [CGRect(x: -1.5, y: 48.5, width: 103, height: 53)])
        #expect(!h.graph.damage.isEmpty)

        let plain = KeyHarness(
            Color.gray.frame(width: 100, height: 50).focusable().focusEffectDisabled(), width: 100, height: 100)
        plain.press(.tab)
        #expect(plain.focus.focusedView != nil && rings(plain.graph).isEmpty)
    }

    @Test func tabAndShiftTabMoveInLayoutOrderAndWrap() {
        let h = KeyHarness(Form(log: log))
        #expect(h.press(.tab))
        #expect(h.press(.tab))
        #expect(h.press(.tab))
        #expect(h.press(.tab))
        #expect(h.press(.tab, modifiers: .shift))
        #expect(log.entries == ["field first", "field second", "field third", "field first", "field third"])
        // Tab repeats move too; its release does nothing; Ctrl+Tab is not traversal.
        h.press(.tab, .repeat)
        #expect(!h.press(.tab, .up))
        #expect(!h.press(.tab, modifiers: .control))
        #expect(log.entries.last == "field first")
    }

    @Test func disabledViewsAreSkipped() {
        let h = KeyHarness(Form(log: log, secondDisabled: true))
        h.press(.tab)
        h.press(.tab)
        #expect(log.entries == ["field first", "field third"])
    }

    @Test func clickingAFocusableViewFocusesIt() {
        let h = KeyHarness(Form(log: log))
        h.click(150, 250, at: 0)
        #expect(log.entries == ["field third"])
        h.press(.space)
        #expect(log.entries.last == "third space")
        h.click(150, 150, at: 100)
        #expect(log.entries.last == "field second")
    }

    @Test func writingTheFocusStateMovesFocusAndClearingItRemovesFocus() {
        let h = KeyHarness(Form(log: log))
        h.focus.activate()
        h.update()
        h.press("3")
        #expect(log.entries == ["field first", "field third"])
        h.press(.space)
        #expect(log.entries.last == "third space")
        h.press("0")
        #expect(h.focus.focusedView == nil)
        #expect(log.entries.last == "field nil")
        // Nothing focused: the rows' handlers do not hear keys.
        #expect(!h.press(.space))
    }

    @Test func booleanFocusState() {
        struct Toggle: View {
            let log: CallLog
            @FocusState var isFocused: Bool
            var body: some View {
                HStack {
                    Color.red.frame(width: 50, height: 50).focusable()
                    Color.blue.frame(width: 50, height: 50).focusable().focused($isFocused)
                }
                .onChange(of: isFocused) { _, new in log("blue \(new)") }
            }
        }
        let h = KeyHarness(Toggle(log: log))
        h.press(.tab)
        h.press(.tab)
        h.press(.tab)
        #expect(log.entries == ["blue true", "blue false"])
    }

    @Test func focusLeavesAViewThatGoesAway() {
        struct Vanishing: View {
            @State var shown = true
            var body: some View {
                VStack {
                    if shown {
                        Color.red.frame(width: 50, height: 50).focusable().onKeyPress("x") {
                            shown = false
                            return .handled
                        }
                    }
                    Color.blue.frame(width: 50, height: 50)
                }
            }
        }
        let h = KeyHarness(Vanishing())
        h.press(.tab)
        #expect(h.focus.focusedView != nil)
        h.press("x")
        #expect(h.focus.focusedView == nil)
    }
}

/// A square that draws orange while its focusable view has focus (`@Environment(\.isFocused)`).
struct FocusRing: View {
    @Environment(\.isFocused) private var isFocused
    var body: some View { Rectangle().fill(isFocused ? Color.orange : Color.gray).frame(width: 40, height: 40) }
}

@MainActor
@Suite struct IsFocusedTests {
    @Test func theContentOfTheFocusedViewSeesIsFocused() {
        let view = HStack {
            FocusRing().focusable()
            FocusRing().focusable()
            FocusRing()
        }
        let h = KeyHarness(view)
        func oranges() -> Int { h.graph.displayList.description.components(separatedBy: "rgb(255,149,0)").count - 1 }
        #expect(oranges() == 0)
        h.press(.tab)
        #expect(oranges() == 1)
        let first = h.graph.displayList.description
        h.press(.tab)
        #expect(oranges() == 1 && h.graph.displayList.description != first, "the second one now")
        h.press(.tab)
        #expect(oranges() == 1 && h.graph.displayList.description == first, "wrapped around to the first")
    }
}

@MainActor
@Suite struct KeyPressTests {
    let log = CallLog()

    /// An outer view around a focusable inner view, each with handlers that log and answer as told.
    struct Nested: View {
        let log: CallLog
        var innerResult: KeyPress.Result = .ignored

        var body: some View {
            VStack {
                Color.red.frame(width: 50, height: 50)
                    .focusable()
                    .onKeyPress(phases: .all) { press in
                        log("inner \(press)")
                        return innerResult
                    }
            }
            .onKeyPress(.return) {
                log("outer return")
                return .handled
            }
            .onKeyPress(keys: [.upArrow, .downArrow], phases: .down) { press in
                log("outer arrow \(press.key.debugName)")
                return .handled
            }
            .onKeyPress(characters: .decimalDigits, phases: [.up]) { press in
                log("outer digit up \(press.characters)")
                return .handled
            }
        }
    }

    @Test func pressesBubbleFromTheFocusedViewOutwardsUntilHandled() {
        let h = KeyHarness(Nested(log: log))
        h.press(.tab)
        #expect(h.press(.return))
        #expect(log.entries == ["inner KeyPress(down return \"\\r\" modifiers 0)", "outer return"])
        log.entries.removeAll()
        #expect(h.press(.downArrow, modifiers: [.shift]))
        #expect(log.entries == ["inner KeyPress(down downArrow \"\u{F701}\" modifiers 2)", "outer arrow downArrow"])
        log.entries.removeAll()
        // Not matched outside: ignored everywhere.
        #expect(!h.press("q"))
        #expect(log.entries.count == 1)
    }

    @Test func theFocusedViewHandlingStopsBubbling() {
        let h = KeyHarness(Nested(log: log, innerResult: .handled))
        h.press(.tab)
        #expect(h.press(.return))
        #expect(log.entries == ["inner KeyPress(down return \"\\r\" modifiers 0)"])
    }

    @Test func phasesSelectHandlers() {
        let h = KeyHarness(Nested(log: log))
        h.press(.tab)
        h.press(.upArrow, .repeat)  // the arrow handler takes downs only
        h.press("7", .down)
        h.press("7", .up)  // the digit handler takes ups only
        #expect(log.entries.filter { $0.hasPrefix("outer") } == ["outer digit up 7"])
        #expect(log.entries.filter { $0.hasPrefix("inner") }.count == 3)
    }

    @Test func defaultPhasesAreDownAndRepeat() {
        struct Simple: View {
            let log: CallLog
            var body: some View {
                Color.red.focusable().onKeyPress(.space) {
                    log("space")
                    return .handled
                }
            }
        }
        let h = KeyHarness(Simple(log: log))
        h.focus.activate()
        h.press(.space, .down)
        h.press(.space, .repeat)
        h.press(.space, .repeat)
        h.press(.space, .up)
        #expect(log.entries == ["space", "space", "space"])
    }

    @Test func withNothingFocusableTheWindowsHandlersHearKeys() {
        struct Plain: View {
            let log: CallLog
            var body: some View {
                VStack {
                    Color.red.onKeyPress(.escape) {
                        log("inner escape")
                        return .ignored
                    }
                }
                .onKeyPress(.escape) {
                    log("outer escape")
                    return .handled
                }
            }
        }
        let h = KeyHarness(Plain(log: log))
        h.focus.activate()
        #expect(h.press(.escape))
        #expect(log.entries == ["inner escape", "outer escape"])
    }
}

@MainActor
@Suite struct KeyboardShortcutTests {
    let counter = ActionCounter()

    struct Dialog: View {
        let log: CallLog
        var saveDisabled = false
        var body: some View {
            VStack {
                Color.red.frame(width: 40, height: 40).focusable()
                    .onKeyPress(.return) {
                        log("field return")
                        return .ignored
                    }
                Button("Save") { log("save") }.keyboardShortcut("s").disabled(saveDisabled)
                Button("OK") { log("ok") }.keyboardShortcut(.defaultAction)
                Button("Cancel", role: .cancel) { log("cancel") }.keyboardShortcut(.cancelAction)
            }
        }
    }

    @Test func shortcutsTriggerButtonsWhateverHasFocus() {
        let log = CallLog()
        let h = KeyHarness(Dialog(log: log))
        #expect(h.press("s", modifiers: [.control, .command], characters: "\u{13}"))
        #expect(!h.press("s"), "s alone is no shortcut")
        #expect(h.press(.escape))
        h.press(.tab)  // the field has focus: it sees Return first, ignores it
        #expect(h.press(.return))
        #expect(h.press("S", modifiers: [.control, .command, .shift]) == false, "Ctrl+Shift+S is another shortcut")
        #expect(log.entries == ["save", "cancel", "field return", "ok"])
    }

    @Test func shortcutsFireOnKeyDownOnly() {
        let log = CallLog()
        let h = KeyHarness(Dialog(log: log))
        h.press(.return, .repeat)
        h.press(.return, .up)
        #expect(log.entries.isEmpty)
    }

    @Test func disabledButtonsHaveNoShortcut() {
        let log = CallLog()
        let h = KeyHarness(Dialog(log: log, saveDisabled: true))
        #expect(!h.press("s", modifiers: [.control, .command]))
        #expect(log.entries.isEmpty)
    }

    @Test func commandMeansControl() {
        #expect(
            KeyboardShortcut("q").matches(
                KeyPress(phase: .down, key: "q", characters: "\u{11}", modifiers: [.control, .command])))
        #expect(
            KeyboardShortcut("q", modifiers: .control).matches(
                KeyPress(phase: .down, key: "q", characters: "", modifiers: [.control, .command])))
        #expect(!KeyboardShortcut("q").matches(KeyPress(phase: .down, key: "q", characters: "q", modifiers: [.option])))
        #expect(
            KeyboardShortcut("k", modifiers: [.command, .shift]).matches(
                KeyPress(phase: .down, key: "K", characters: "", modifiers: [.control, .command, .shift])))
    }
}
