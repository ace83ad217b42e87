import Foundation
import Observation
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

@MainActor
@Observable private final class MotionSwitch {
    var on = false
    var count = 1279
}

/// A counter whose digits roll (`.numericText()`) beside one that cross-fades (`.opacity`).
private struct Counters: View {
    let state: MotionSwitch
    var body: some View {
        VStack(spacing: 8) {
            Text("\(state.count)").font(.custom("DejaVu Sans", size: 28)).monospacedDigit()
                .contentTransition(.numericText())
            Text("\(state.count)").font(.custom("DejaVu Sans", size: 28)).monospacedDigit()
                .contentTransition(.opacity)
        }
        .foregroundColor(.black)
        .frame(width: 140, height: 110)
        .background(Color.white)
    }
}

/// A row whose first box widens and pushes the other; a padded box grows its padding.
private struct GrowingRow: View {
    let state: MotionSwitch
    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            HStack(spacing: 10) {
                RoundedRectangle(cornerRadius: 8).fill(Color.orange).frame(width: state.on ? 120 : 40, height: 40)
                Circle().fill(Color.blue).frame(width: 40, height: 40)
            }
            Color.green.frame(width: 40, height: 20).padding(state.on ? 20 : 0).background(Color.gray)
        }
        .padding(10)
        .frame(width: 220, height: 140, alignment: .topLeading)
        .background(Color.white)
    }
}

/// Motion rendered half-way through (a one-second linear animation sampled at 0.5 s) and compared with reference
/// images (looked at when written).
extension EffectsRenderingTests {
    /// 1279 ▸ 1280 half-way: in the top counter "12" stays, the 7 and 9 roll up and out as the 8 and 0 roll in
    /// from below, each half faded; the bottom one shows both numbers at half opacity.
    @Test func numericTextMidway() throws {
        let state = MotionSwitch()
        try compareFrame(
            Counters(state: state), width: 140, height: 110, change: { state.count = 1280 }, at: 0.5,
            reference: "motion-numeric-text-midway")
    }

    /// Layout half-way: the orange box is 80 wide and the circle beside it (x 10…90, 100…140); the grey box is
    /// 60×40 at 10,60, the green one at 20,70 inside its half-grown padding.
    @Test func layoutAnimationMidway() throws {
        let state = MotionSwitch()
        try compareFrame(
            GrowingRow(state: state), width: 220, height: 140, change: { state.on = true }, at: 0.5,
            reference: "motion-layout-midway")
    }
}
