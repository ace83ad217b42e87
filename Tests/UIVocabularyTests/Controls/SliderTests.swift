import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A slider across the top of a 300×200 window (its track spans the width; the knob's centre travels from
/// x 10 to x 290), logging value changes and editing as they happen.
struct TopSlider: View {
    let log: CallLog
    var bounds: ClosedRange<Double> = 0...1
    var step: Double? = nil
    var disabled = false
    @State private var value: Double

    init(
        log: CallLog, value: Double = 0.25, bounds: ClosedRange<Double> = 0...1, step: Double? = nil,
        disabled: Bool = false
    ) {
        self.log = log
        self.bounds = bounds
        self.step = step
        self.disabled = disabled
        _value = State(initialValue: value)
    }

    var body: some View {
        VStack {
            if let step {
                Slider(value: logged, in: bounds, step: step) { log("editing \($0)") }
            } else {
                Slider(value: logged, in: bounds) { log("editing \($0)") }
            }
            Spacer()
        }
        .disabled(disabled)
    }

    /// The state, each write logged (rounded to 3 places).
    var logged: Binding<Double> {
        let state = $value
        let log = self.log
        return Binding(
            get: { state.wrappedValue },
            set: { new in
                log("value \((new * 1000).rounded() / 1000)")
                state.wrappedValue = new
            })
    }
}

/// Slider: greedy and 28 points tall; a press takes the knob (jumping to the pointer off the knob), the
/// value follows the pointer within the bounds and on the steps; editing brackets the drag; arrow keys; touch
/// decides by direction, so a slider in a scroll view keeps its sideways drag and leaves vertical ones.
@MainActor
@Suite struct SliderTests {
    static let blue = "rgb(53,132,228)", grey = "rgb(204,204,204)"

    @Test func takesTheWidthAndIs28PointsTall() {
        let h = GestureHarness(TopSlider(log: CallLog()), width: 300, height: 200)
        #expect(
            approx(
                frame(of: "SliderTrack", in: h.graph) ?? frame(of: "opacity", in: h.graph),
                CGRect(x: 0, y: 0, width: 300, height: 28)))
        // Filled (accent) up to the knob's centre at 10 + 0.25 × 280 = 80, grey after; a white knob with a shadow.
        #expect(h.display.contains("fill path [0,12 80x4] 10 elements \(Self.blue)"), "\(h.display)")
        #expect(h.display.contains("fill path [80,12 220x4] 10 elements \(Self.grey)"), "\(h.display)")
        #expect(
            h.display.contains(
                "layer shadow rgba(0,0,0,0.3) radius 2 offset 0x1\n  fill path [70,4 20x20] 6 elements rgb(255,255,255)"
            ),
            "\(h.display)")
    }

    @Test func valueLabelsAndLabelShareTheWidth() {
        let view = Slider(value: .constant(0.5)) {
            Text("Vol")
        } minimumValueLabel: {
            Text("0")
        } maximumValueLabel: {
            Text("9")
        }
        let h = GestureHarness(view, width: 300, height: 200)
        // Label 25.5 wide, value labels 8.5, spacing 8: the track keeps 300 − 42.5 − 24 = 233.5.
        let track = try! #require(frame(of: "frame(nilx28)", in: h.graph))
        #expect(approx(track, CGRect(x: 50, y: 86, width: 233.5, height: 28)), "\(track)")
        #expect(
            h.display.contains("text \"Vol\"") && h.display.contains("text \"0\"") && h.display.contains("text \"9\""))
    }

    @Test func pressOnTheTrackJumpsThenFollowsAndEditingBracketsIt() {
        let log = CallLog()
        let h = GestureHarness(TopSlider(log: log), width: 300, height: 200)
        h.down(150, 14, at: 0)
        #expect(log.entries == ["editing true", "value 0.5"])
        #expect(h.display.contains("fill path [0,12 150x4] 10 elements \(Self.blue)"), "\(h.display)")
        h.move(220, 30, at: 30)  // off the track vertically: it still follows along x
        h.up(at: 60)
        #expect(log.entries == ["editing true", "value 0.5", "value 0.75", "editing false"])
    }

    @Test func pressOnTheKnobGrabsItWithoutAJump() {
        let log = CallLog()
        let h = GestureHarness(TopSlider(log: log), width: 300, height: 200)
        h.down(86, 14, at: 0)  // 6 points right of the knob's centre (80)
        #expect(log.entries == ["editing true"], "no jump: \(log.entries)")
        h.move(114, 14, at: 30)  // 28 points on: a tenth of the travel
        h.up(at: 60)
        #expect(log.entries == ["editing true", "value 0.35", "editing false"])
    }

    @Test func valueClampsToTheBounds() {
        let log = CallLog()
        let h = GestureHarness(TopSlider(log: log, value: 5, bounds: 0...10), width: 300, height: 200)
        h.down(150, 14, at: 0)
        h.move(400, 14, at: 30)
        h.move(-50, 14, at: 60)
        h.up(at: 90)
        #expect(log.entries == ["editing true", "value 10.0", "value 0.0", "editing false"], "\(log.entries)")
    }

    @Test func stepsSnapFromTheLowerBound() {
        let log = CallLog()
        let h = GestureHarness(TopSlider(log: log, value: 2, bounds: 2...12, step: 2.5), width: 300, height: 200)
        h.down(100, 14, at: 0)  // 0.321 of the way: 5.21 ▸ 4.5
        h.move(200, 14, at: 30)  // 0.679: 8.79 ▸ 9.5
        h.move(290, 14, at: 60)  // the end: 12, beyond the last step (11.5) but within bounds
        h.up(at: 90)
        #expect(
            log.entries == ["editing true", "value 4.5", "value 9.5", "value 12.0", "editing false"], "\(log.entries)")
    }

    @Test func arrowKeysMoveAFocusedSliderByAStep() {
        let log = CallLog()
        let h = KeyHarness(TopSlider(log: log, value: 3, bounds: 0...4, step: 1))
        h.focus.activate()
        #expect(h.focus.focusedView != nil, "a slider takes focus")
        h.press(.rightArrow)
        h.press(.rightArrow, .repeat)
        h.press(.leftArrow)
        h.press(.downArrow)
        #expect(
            log.entries == [
                "editing true", "value 4.0", "editing false",
                "editing true", "editing false",  // at the upper bound: nothing to write
                "editing true", "value 3.0", "editing false",
                "editing true", "value 2.0", "editing false",
            ], "\(log.entries)")
    }

    @Test func withoutAStepKeysMoveATwentiethOfTheRange() {
        let log = CallLog()
        let h = KeyHarness(TopSlider(log: log, value: 0, bounds: 0...200))
        h.focus.activate()
        h.press(.upArrow)
        h.press(.upArrow)
        #expect(log.entries.filter { $0.hasPrefix("value") } == ["value 10.0", "value 20.0"])
    }

    @Test func disabledSliderIsDimmedAndIgnoresInput() {
        let log = CallLog()
        let h = GestureHarness(TopSlider(log: log, disabled: true), width: 300, height: 200)
        #expect(h.display.contains("layer opacity 0.45"), "\(h.display)")
        h.down(150, 14, at: 0)
        h.move(200, 14, at: 30)
        h.up(at: 60)
        let keys = KeyHarness(TopSlider(log: log, disabled: true))
        keys.focus.activate()
        #expect(keys.focus.focusedView == nil)
        keys.press(.rightArrow)
        #expect(log.entries.isEmpty)
    }

    @Test func fingerTapJumpsAndASidewaysDragFollows() {
        let log = CallLog()
        let h = GestureHarness(TopSlider(log: log), width: 300, height: 200)
        h.touchDown(1, 150, 14, at: 0)
        #expect(log.entries.isEmpty, "a finger waits to see where it goes")
        h.touchUp(1, at: 40)
        #expect(log.entries == ["editing true", "value 0.5", "editing false"])
        log.entries.removeAll()
        h.touchDown(1, 150, 14, at: 100)  // on the knob now
        h.touchMove(1, 156, 15, at: 120)
        #expect(log.entries == ["editing true", "value 0.521"], "\(log.entries)")
        h.touchMove(1, 178, 15, at: 140)
        h.touchUp(1, at: 160)
        #expect(log.entries == ["editing true", "value 0.521", "value 0.6", "editing false"], "\(log.entries)")
    }

    @Test func aFingerMovingVerticallyLeavesTheSlider() {
        let log = CallLog()
        let h = GestureHarness(TopSlider(log: log), width: 300, height: 200)
        h.touchDown(1, 150, 14, at: 0)
        h.touchMove(1, 152, 22, at: 20)
        h.touchMove(1, 200, 22, at: 40)
        h.touchUp(1, at: 60)
        #expect(log.entries.isEmpty)
    }

    /// Sliders in rows of a vertical scroll view: a sideways finger drag is the slider's (no scrolling), a
    /// vertical one scrolls (the value stays).
    struct Rows: View {
        let log: CallLog
        @State private var value = 0.0
        var body: some View {
            ScrollView {
                ForEach(0..<12) { row in
                    if row == 1 {
                        Slider(value: $value).frame(height: 60)
                    } else {
                        Color.gray.frame(height: 60)
                    }
                }
            }
            .onChange(of: value) { _, new in log("value \((new * 1000).rounded() / 1000)") }
        }
    }

    func offset(_ h: GestureHarness) -> CGFloat {
        allNodes(h.graph).compactMap { $0 as? ScrollNode }.first?.offset.y ?? -1
    }

    @Test func inAScrollViewASidewaysDragMovesTheSliderAndAVerticalOneScrolls() {
        let log = CallLog()
        let h = GestureHarness(Rows(log: log), width: 300, height: 300)
        // Row 1 spans y 68…128; the knob starts at x 10.
        h.touchDown(1, 10, 98, at: 0)
        h.touchMove(1, 17, 99, at: 20)
        h.touchMove(1, 80, 110, at: 40)  // 13 points down as well: more than the scroll's slop
        h.touchMove(1, 150, 112, at: 60)
        h.touchUp(1, at: 80)
        #expect(log.entries == ["value 0.025", "value 0.25", "value 0.5"], "\(log.entries)")
        #expect(offset(h) == 0, "the slider kept its drag: no scrolling")
        h.touchDown(1, 150, 98, at: 1000)
        h.touchMove(1, 151, 80, at: 1100)
        h.touchMove(1, 151, 60, at: 1200)
        h.touchMove(1, 151, 60, at: 1300)
        h.touchUp(1, at: 1400)
        #expect(offset(h) == 38, "scrolled")
        #expect(log.entries.count == 3, "the value stayed: \(log.entries)")
    }
}

/// SwiftUI spellings compile unchanged, for Double, Float and CGFloat values.
@MainActor
@Suite struct SliderSpellingTests {
    struct Panel: View {
        @State private var a = 0.5
        @State private var b: Float = 3
        @State private var c: CGFloat = 10
        @State private var editing = false
        var body: some View {
            VStack {
                Slider(value: $a)
                Slider(value: $b, in: 0...10)
                Slider(value: $b, in: 0...10, step: 0.5)
                Slider(value: $c, in: 0...100, step: 5) { editing = $0 }
                Slider(value: $a, in: 0...1) { Text("Label") }
                Slider(value: $a, in: 0...1, step: 0.1) { Text("Stepped") }
                Slider(value: $a) {
                    Text("Full")
                } minimumValueLabel: {
                    Text("lo")
                } maximumValueLabel: {
                    Text("hi")
                }
                Slider(value: $c, in: 0...100, step: 10) {
                    Text("All")
                } minimumValueLabel: {
                    Text("0")
                } maximumValueLabel: {
                    Text("100")
                } onEditingChanged: {
                    editing = $0
                }
            }
        }
    }

    @Test func everySpellingDraws() {
        let h = GestureHarness(Panel(), width: 300, height: 600)
        #expect(
            h.display.components(separatedBy: "6 elements rgb(255,255,255)").count - 1 == 8, "eight knobs: \(h.display)"
        )
    }
}
