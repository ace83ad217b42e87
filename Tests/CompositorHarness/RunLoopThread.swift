import Foundation

/// A thread running its own run loop, for tests of run-loop timers and scheduling: in a test process the
/// main actor may run on a dispatch worker while nothing runs the main thread's run loop, so tests give
/// `Timer.publish(on:)` and `receive(on:)` this loop instead.
public final class RunLoopThread: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var loop: RunLoop?
    private var stopped = false

    public init() {
        let thread = Thread { [self] in
            let loop = RunLoop.current
            // A far-off timer keeps the loop from returning at once for want of sources.
            let keepAlive = Timer(timeInterval: 1e9, repeats: true) { _ in }
            loop.add(keepAlive, forMode: .default)
            lock.lock()
            self.loop = loop
            lock.unlock()
            ready.signal()
            while !isStopped { loop.run(mode: .default, before: Date().addingTimeInterval(0.05)) }
            // A run loop that ends with a timer still scheduled never releases it: the timer and the run loop
            // refer to each other until `invalidate()`.
            keepAlive.invalidate()
        }
        thread.start()
        ready.wait()
    }

    /// The thread's run loop.
    public var runLoop: RunLoop {
        lock.lock()
        defer { lock.unlock() }
        return loop!
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Ends the thread (after its current turn); until then the thread keeps this object alive.
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }
}

/// Polls `condition` (awaiting between polls, so the main actor's queue runs) until it holds or the `Deadline`
/// of `timeout` passes; returns whether it held. A test that holds the main actor (host tests wait on it
/// synchronously) stops the polls too: only the time the polls had counts, so such a test cannot use up the wait.
@MainActor
public func waitUntil(timeout: TimeInterval = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = Deadline(timeout)
    var polled: TimeInterval = 0
    while !condition() {
        if deadline.hasPassed, polled >= timeout { return false }
        let before = deadline.elapsed
        try? await Task.sleep(for: .milliseconds(2))
        polled += min(deadline.elapsed - before, 0.01)
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
