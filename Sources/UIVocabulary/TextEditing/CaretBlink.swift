import Foundation
@_spi(Engine) import UICore

/// When a focused caret shows: GTK's blinking (a 1.2 s cycle, shown two thirds of it), restarted by every
/// edit or caret move, and given up after 10 s without one: the caret then stays on and no more frames are
/// needed. Times are seconds on the graph's animation clock.
package struct CaretBlink {
    package static let period: Double = 1.2
    package static let timeout: Double = 10
    package private(set) var restartedAt: Double = 0

    package mutating func restart(at time: Double) { restartedAt = time }

    package func isBlinking(at time: Double) -> Bool { time - restartedAt < Self.timeout }

    package func isVisible(at time: Double) -> Bool {
        let elapsed = time - restartedAt
        guard elapsed >= 0, elapsed < Self.timeout else { return true }
        return elapsed.truncatingRemainder(dividingBy: Self.period) < Self.period * 2 / 3
    }
}
