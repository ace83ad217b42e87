import Foundation

/// When a wait for a fact gives up. `timeout` is what the wait needs on an idle machine; once it has passed, the
/// deadline stretches by the load average per core (a machine busy with other builds runs the app, the compositor
/// and the test that much slower), read again each time it is reached since load can rise during the wait. A
/// deadline only ends a wait that would never succeed; no test waits for time to pass.
public struct Deadline {
    public let timeout: TimeInterval
    private let start = ContinuousClock.now

    public init(_ timeout: TimeInterval) { self.timeout = timeout }

    public var elapsed: TimeInterval {
        let duration = ContinuousClock.now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    public var hasPassed: Bool {
        let elapsed = elapsed
        guard elapsed >= timeout else { return false }
        return elapsed >= timeout * Self.loadFactor()
    }

    /// The 1-minute load average per core, from 1 (idle or less) to 10 (bounds the wait for a test that fails).
    public static func loadFactor() -> Double {
        var load = [0.0, 0.0, 0.0]
        guard getloadavg(&load, 3) > 0 else { return 1 }
        return min(10, max(1, load[0] / Double(max(1, ProcessInfo.processInfo.activeProcessorCount))))
    }
}
