import Foundation
import Observation
import Testing
@_spi(Engine) import UICore

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
}
