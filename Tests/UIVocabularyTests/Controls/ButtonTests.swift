import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A button in the middle of a 300×200 window, counting its actions.
@MainActor
final class ActionCounter {
    var count = 0
}

@MainActor
struct CenteredButton<Style: PrimitiveButtonStyle>: View {
    let counter: ActionCounter
    var style: Style
    var role: ButtonRole? = nil
    var disabled = false

    var body: some View {
        Button("Press", role: role) { counter.count += 1 }
            .frame(width: 100, height: 40)
            .buttonStyle(style)
            .disabled(disabled)
    }
}

/// Button (SwiftUI's interaction): pressed while held inside, the action at a release inside, cancelled by
/// moving out; disabled buttons ignore presses; the styles draw pressed and unpressed looks.
@MainActor
@Suite struct ButtonTests {
    static let grey = "rgb(222,222,222)", pressedGrey = "rgb(189,189,189)"
    static let blue = "rgb(53,132,228)", pressedBlue = "rgb(41,103,178)"

    @Test func clickInsideRunsTheActionAtTheRelease() {
        let counter = ActionCounter()
        let h = GestureHarness(CenteredButton(counter: counter, style: .bordered), width: 300, height: 200)
        #expect(h.display.contains(Self.grey) && !h.display.contains(Self.pressedGrey))
        h.down(150, 100, at: 0)
        #expect(counter.count == 0)
        #expect(h.display.contains(Self.pressedGrey), "\(h.display)")
        h.move(160, 105, at: 50)
        #expect(h.display.contains(Self.pressedGrey))
        h.up(at: 100)
        #expect(counter.count == 1)
        #expect(h.display.contains(Self.grey) && !h.display.contains(Self.pressedGrey))
    }

    @Test func movingOutCancelsAndNothingFires() {
        let counter = ActionCounter()
        let h = GestureHarness(CenteredButton(counter: counter, style: .borderedProminent), width: 300, height: 200)
        #expect(h.display.contains(Self.blue))
        h.down(150, 100, at: 0)
        #expect(h.display.contains(Self.pressedBlue))
        h.move(150, 20, at: 50)  // out of the button
        #expect(h.display.contains(Self.blue) && !h.display.contains(Self.pressedBlue))
        h.move(150, 100, at: 80)  // back in: the press was cancelled for good
        h.up(at: 100)
        #expect(counter.count == 0)
        #expect(!h.display.contains(Self.pressedBlue))
    }

    @Test func touchTapRunsTheAction() {
        let counter = ActionCounter()
        let h = GestureHarness(CenteredButton(counter: counter, style: .automatic), width: 300, height: 200)
        h.touchDown(1, 140, 95, at: 0)
        #expect(h.display.contains(Self.pressedGrey))
        h.touchUp(1, at: 60)
        #expect(counter.count == 1)
    }

    @Test func releaseOutsideInTheSameFrameDoesNotFire() {
        let counter = ActionCounter()
        let h = GestureHarness(CenteredButton(counter: counter, style: .bordered), width: 300, height: 200)
        h.down(150, 100, at: 0)
        h.up(290, 190, at: 40)
        #expect(counter.count == 0)
    }

    @Test func disabledButtonIgnoresPressesAndIsDimmed() {
        let counter = ActionCounter()
        let h = GestureHarness(
            CenteredButton(counter: counter, style: .bordered, disabled: true), width: 300, height: 200)
        #expect(h.display.contains("layer opacity 0.45"), "\(h.display)")
        h.down(150, 100, at: 0)
        #expect(!h.display.contains(Self.pressedGrey))
        h.up(at: 50)
        #expect(counter.count == 0)
    }

    @Test func plainAndBorderlessDimWhilePressed() {
        let counter = ActionCounter()
        let plain = GestureHarness(CenteredButton(counter: counter, style: .plain), width: 300, height: 200)
        #expect(!plain.display.contains("layer opacity") && !plain.display.contains(Self.grey))
        plain.down(150, 100, at: 0)
        #expect(plain.display.contains("layer opacity 0.55"), "\(plain.display)")
        plain.up(at: 30)
        #expect(counter.count == 1 && !plain.display.contains("layer opacity"))

        let borderless = GestureHarness(CenteredButton(counter: counter, style: .borderless), width: 300, height: 200)
        #expect(borderless.display.contains("rgb(0,122,255)"), "label in the accent colour: \(borderless.display)")
        borderless.down(150, 100, at: 0)
        #expect(borderless.display.contains("layer opacity 0.55"))
        borderless.up(at: 30)
        #expect(counter.count == 2)
    }

    @Test func destructiveRoleIsRed() {
        let h = GestureHarness(
            CenteredButton(counter: ActionCounter(), style: .borderedProminent, role: .destructive), width: 300,
            height: 200)
        #expect(h.display.contains("rgb(224,27,36)"), "\(h.display)")
        let bordered = GestureHarness(
            CenteredButton(counter: ActionCounter(), style: .bordered, role: .destructive), width: 300, height: 200)
        #expect(bordered.display.contains("rgb(255,59,48)"), "red label: \(bordered.display)")
    }

    /// A custom `ButtonStyle` gets `isPressed` and the role; the press interaction stays the button's.
    struct ScalingStyle: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .padding(4)
                .background(configuration.isPressed ? Color.orange : Color.green)
                .scaleEffect(configuration.isPressed ? 0.9 : 1)
        }
    }

    @Test func customButtonStyleSeesThePressedState() {
        let counter = ActionCounter()
        let view = Button {
            counter.count += 1
        } label: {
            Text("Custom")
        }
        .buttonStyle(ScalingStyle())
        let h = GestureHarness(view, width: 300, height: 200)
        #expect(h.display.contains("rgb(52,199,89)") && !h.display.contains("rgb(255,149,0)"))
        h.down(150, 100, at: 0)
        #expect(h.display.contains("rgb(255,149,0)"))
        h.up(at: 40)
        #expect(counter.count == 1)
        #expect(h.display.contains("rgb(52,199,89)"))
    }

    /// A `PrimitiveButtonStyle` decides when to trigger: here at a double tap.
    struct DoubleTapStyle: PrimitiveButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label.onTapGesture(count: 2) { configuration.trigger() }
        }
    }

    @Test func primitiveStyleTriggersTheAction() {
        let counter = ActionCounter()
        let h = GestureHarness(
            Button("Twice") { counter.count += 1 }.buttonStyle(DoubleTapStyle()), width: 300, height: 200)
        h.down(150, 100, at: 0)
        h.up(at: 30)
        h.advance(to: 100)
        #expect(counter.count == 0)
        h.down(150, 100, at: 150)
        h.up(at: 180)
        #expect(counter.count == 1)
    }

    /// An ancestor's drag starting on a button takes over (the press gives way); a click still works.
    @Test func buttonInsideADragContainer() {
        let counter = ActionCounter()
        let log = CallLog()
        let view = ZStack {
            Color.white
            Button("Press") { counter.count += 1 }.frame(width: 100, height: 40)
        }
        .gesture(DragGesture().onEnded { [log] v in log("drag \(Int(v.translation.width))") })
        let h = GestureHarness(view, width: 300, height: 200)
        h.down(150, 100, at: 0)
        #expect(h.display.contains(Self.pressedGrey))
        h.move(162, 100, at: 30)
        #expect(!h.display.contains(Self.pressedGrey), "the drag took over")
        h.up(at: 60)
        #expect(counter.count == 0 && log.entries == ["drag 12"])
        // A click with a little jitter (under the drag's 10 pt) is the button's.
        h.down(150, 100, at: 200)
        h.move(153, 101, at: 220)
        h.up(at: 240)
        #expect(counter.count == 1 && log.entries == ["drag 12"])
    }

    /// A button's tap wins over a tap gesture around it (its end comes first, from deeper in the tree).
    @Test func buttonBeatsAnAncestorTap() {
        let counter = ActionCounter()
        let log = CallLog()
        let view = VStack {
            Button("Press") { counter.count += 1 }.frame(width: 100, height: 40)
            Color.gray.frame(height: 50)
        }
        .onTapGesture { [log] in log("container tap") }
        let h = GestureHarness(view, width: 300, height: 200)
        // 40 + 8 + 50 points centred in 200: the button spans y 51…91.
        h.down(150, 71, at: 0)
        h.up(at: 40)
        #expect(counter.count == 1 && log.entries.isEmpty)
    }

    @Test func actionSeesTheLatestClosure() {
        // The button re-renders with a new action; the press in progress uses the newest one.
        final class Box { var value = 0 }
        let box = Box()
        struct Flip: View {
            let box: Box
            @State var generation = 1
            var body: some View {
                Button("G\(generation)") {
                    box.value = generation
                    generation += 1
                }
                .frame(width: 100, height: 40)
            }
        }
        let h = GestureHarness(Flip(box: box), width: 300, height: 200)
        h.down(150, 100, at: 0)
        h.up(at: 30)
        h.down(150, 100, at: 100)
        h.up(at: 130)
        #expect(box.value == 2)
    }
}

/// SwiftUI spellings compile unchanged: style shorthands on containers, `@FocusState.Binding` in a child view.
@MainActor
@Suite struct ButtonSpellingTests {
    struct Child: View {
        @FocusState.Binding var isFocused: Bool
        var body: some View { Color.red.focusable().focused($isFocused) }
    }
    struct Parent: View {
        @FocusState private var isFocused: Bool
        var body: some View {
            VStack {
                Button("A") {}.buttonStyle(.plain)
                Button("B") {}.buttonStyle(.bordered)
                Button("C", role: .destructive) {}.buttonStyle(.borderless)
                Button(action: {}) { Text("D") }.buttonStyle(.borderedProminent)
                Button("E") {}.buttonStyle(.automatic).keyboardShortcut(.defaultAction)
                Child(isFocused: $isFocused)
            }
        }
    }

    @Test func childFocusBindingFollowsFocus() {
        let h = KeyHarness(Parent())
        h.press(.tab)
        #expect(h.focus.focusedView != nil)
        // Five bezels/labels drawn: every style rendered something.
        #expect(
            h.graph.displayList.description.components(separatedBy: "text ").count - 1 == 5,
            "\(h.graph.displayList.description)")
    }
}

/// Buttons in a scroll view: a click runs the action; a finger drag that starts on a button scrolls instead.
@MainActor
@Suite struct ButtonInScrollViewTests {
    struct List: View {
        let log: CallLog
        var body: some View {
            ScrollView {
                ForEach(0..<10) { row in
                    Button("Row \(row)") { log("row \(row)") }.frame(width: 200, height: 60)
                }
            }
        }
    }

    func offset(_ graph: ViewGraph) -> CGPoint? { allNodes(graph).compactMap { $0 as? ScrollNode }.first?.offset }

    @Test func clickRunsTheActionAndADragScrolls() {
        let log = CallLog()
        let h = GestureHarness(List(log: log), width: 300, height: 300)
        // Rows are 60 high, 8 apart: row 1 spans 68…128.
        h.down(150, 100, at: 0)
        h.up(at: 50)
        #expect(log.entries == ["row 1"])
        h.touchDown(1, 150, 100, at: 200)
        #expect(h.display.contains(ButtonTests.pressedGrey))
        h.touchMove(1, 150, 80, at: 220)
        h.touchMove(1, 150, 40, at: 240)
        #expect(!h.display.contains(ButtonTests.pressedGrey), "the scroll took the finger")
        h.touchUp(1, at: 260)
        #expect(log.entries == ["row 1"])
        #expect((offset(h.graph)?.y ?? 0) > 0, "scrolled")
    }
}

/// Link: the environment's openURL at a click, a pointing hand over it, the label in the accent colour.
@MainActor
@Suite struct LinkTests {
    @Test func clickOpensTheURLThroughTheEnvironmentAction() {
        let log = CallLog()
        let url = URL(string: "https://example.org/a")!
        let view = Link("Docs", destination: url)
            .environment(
                \.openURL,
                OpenURLAction { opened in
                    log("open \(opened.absoluteString)")
                    return .handled
                })
        let h = GestureHarness(view, width: 300, height: 200)
        #expect(h.display.contains("rgb(0,122,255)"), "\(h.display)")
        h.down(150, 100, at: 0)
        h.up(at: 30)
        #expect(log.entries == ["open https://example.org/a"])
        let hover = HoverTracker(graph: h.graph)
        hover.pointerMoved(to: CGPoint(x: 150, y: 100))
        #expect(hover.pointerStyle == .link)
    }

    @Test func systemActionGoesToTheHostsHandler() {
        var opened: [URL] = []
        let saved = OpenURLAction.systemHandler
        OpenURLAction.systemHandler = { opened.append($0) }
        defer { OpenURLAction.systemHandler = saved }
        let other = URL(string: "https://example.org/b")!
        OpenURLAction { _ in .systemAction }(URL(string: "https://example.org/a")!)
        OpenURLAction { _ in .systemAction(other) }(URL(string: "https://example.org/a")!)
        OpenURLAction { _ in .discarded }(URL(string: "https://example.org/c")!)
        #expect(opened.map(\.absoluteString) == ["https://example.org/a", "https://example.org/b"])
    }
}
