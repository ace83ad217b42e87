import Foundation

/// When a focused caret shows: GTK's blinking (a 1.2 s cycle, shown two thirds of it), restarted by every
/// edit or caret move, and given up after 10 s without one: the caret then stays on and no more frames are
/// needed. Times are seconds on the graph's animation clock.
struct CaretBlink {
    static let period: Double = 1.2
    static let timeout: Double = 10
    private(set) var restartedAt: Double = 0

    mutating func restart(at time: Double) { restartedAt = time }

    func isBlinking(at time: Double) -> Bool { time - restartedAt < Self.timeout }

    func isVisible(at time: Double) -> Bool {
        let elapsed = time - restartedAt
        guard elapsed >= 0, elapsed < Self.timeout else { return true }
        return elapsed.truncatingRemainder(dividingBy: Self.period) < Self.period * 2 / 3
    }
}
