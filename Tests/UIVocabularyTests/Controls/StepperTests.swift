import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A stepper at the top of a 300-point window over `value` within `bounds` by `step`; changes go to `log`.
struct CountScene<V: Strideable & Sendable>: View where V.Stride: Sendable {
    let log: CallLog
    let bounds: ClosedRange<V>?
    let step: V.Stride
    @State var value: V
    init(log: CallLog, value: V, bounds: ClosedRange<V>?, step: V.Stride) {
        self.log = log
        self.bounds = bounds
        self.step = step
        _value = State(initialValue: value)
    }
    var body: some View {
        VStack {
            if let bounds {
                Stepper("Count", value: $value, in: bounds, step: step) { log("editing \($0)") }
            } else {
                Stepper("Count", value: $value, step: step) { log("editing \($0)") }
            }
            Spacer()
        }
        .onChange(of: value) { _, new in log("\(new)") }
    }
}

/// Stepper: minus and plus at the trailing edge move the value by the step within the bounds, by click and by
/// key; a button that cannot move is dimmed; NaN and infinite values are brought back to a bound.
@MainActor
@Suite struct StepperTests {
    /// Minus is centred at x 249, plus at 284 in a 300-point window (two 34-point buttons, 1 apart).
    static let minusX: CGFloat = 248, plusX: CGFloat = 283

    func tap(_ h: GestureHarness, _ x: CGFloat, at t: Double) {
        h.down(x, 15, at: t)
        h.up(at: t + 30)
    }

    func press(_ h: GestureHarness, _ key: KeyEquivalent, characters: String = "") {
        h.key(key, characters: characters)
    }

    @Test func buttonsSitAtTheTrailingEdgeAndStepWithinTheBounds() throws {
        let log = CallLog()
        let h = GestureHarness(CountScene(log: log, value: 8, bounds: 0...10, step: 3), width: 300, height: 100)
        #expect(
            approx(
                frame(of: "Text(\"Count\")", in: h.graph).map { CGRect(x: $0.minX, y: 0, width: 1, height: 1) },
                CGRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(h.display.contains("fill rect [231,0 34x30]"), "\(h.display)")
        #expect(h.display.contains("fill rect [266,0 34x30]"), "\(h.display)")
        tap(h, Self.plusX, at: 0)
        // The press begins editing, the release steps (8 + 3 is clamped to the upper bound 10) and ends it.
        #expect(log.entries == ["editing true", "editing false", "10"], "\(log.entries)")
        tap(h, Self.plusX, at: 100)
        #expect(log.entries.count == 3, "at the upper bound plus is dimmed and does nothing: \(log.entries)")
        tap(h, Self.minusX, at: 200)
        tap(h, Self.minusX, at: 300)
        tap(h, Self.minusX, at: 400)
        tap(h, Self.minusX, at: 500)
        #expect(log.entries.filter { !$0.hasPrefix("editing") } == ["10", "7", "4", "1", "0"])
    }

    @Test func arrowKeysAndPlusMinusStepAFocusedStepper() {
        let log = CallLog()
        let h = GestureHarness(CountScene(log: log, value: 0.5, bounds: nil, step: 0.25), width: 300, height: 100)
        press(h, .upArrow)
        press(h, .rightArrow)
        press(h, .downArrow)
        press(h, KeyEquivalent("+"), characters: "+")
        press(h, KeyEquivalent("-"), characters: "-")
        press(h, .leftArrow)
        #expect(log.entries == ["0.75", "1.0", "0.75", "1.0", "0.75", "0.5"])
    }

    @Test func incrementAndDecrementClosuresRunAndANilOneIsDimmed() {
        let log = CallLog()
        let h = GestureHarness(
            VStack {
                Stepper("Volume", onIncrement: { log("up") }, onDecrement: nil)
                Spacer()
            }, width: 300, height: 100)
        tap(h, Self.plusX, at: 0)
        tap(h, Self.minusX, at: 100)
        #expect(log.entries == ["up"])
    }

    @Test func notANumberGoesToABoundAndIsSaidOnce() {
        var said: [String] = []
        let saved = ListDiagnostics.log
        ListDiagnostics.log = { said.append($0) }
        defer { ListDiagnostics.log = saved }
        let log = CallLog()
        let h = GestureHarness(CountScene(log: log, value: Double.nan, bounds: 0...5, step: 1), width: 300, height: 100)
        tap(h, Self.plusX, at: 0)
        #expect(log.entries.last == "5.0")
        let unbounded = CallLog()
        let free = GestureHarness(
            CountScene(log: unbounded, value: Double.infinity, bounds: nil, step: 1), width: 300, height: 100)
        tap(free, Self.minusX, at: 0)
        #expect(unbounded.entries.filter { !$0.hasPrefix("editing") }.isEmpty, "no bound to go to: unchanged")
        #expect(said.count == 2, "\(said)")
        // A range of one value: both buttons dimmed, nothing moves.
        let single = CallLog()
        let one = GestureHarness(CountScene(log: single, value: 3, bounds: 3...3, step: 1), width: 300, height: 100)
        tap(one, Self.plusX, at: 0)
        tap(one, Self.minusX, at: 100)
        #expect(single.entries.isEmpty)
    }
}
