import Dispatch

/// Client-side key repeat: Wayland sends one press and one release; while a key is held the client
/// repeats it itself, after `delay` ms and then `rate` times a second, as the compositor's `repeat_info` says.
@MainActor
final class KeyRepeater {
    var onRepeat: ((KeyboardEvent) -> Void)?
    /// The evdev code of the key being repeated.
    private(set) var repeatingKey: UInt32?
    private var rate = 25
    private var delay = 600
    private var timer: DispatchSourceTimer?

    func configure(rate: Int, delay: Int) {
        self.rate = rate
        self.delay = delay
        if rate <= 0 { stop() }
    }

    /// Starts repeating a key that went down; a later key replaces it, as on every desktop.
    func start(_ press: KeyboardEvent) {
        stop()
        guard rate > 0, case .key(let serial, let time, let key, _, let keysym, let name, let text) = press else {
            return
        }
        repeatingKey = key
        let interval = max(1, 1000 / rate)
        let delay = UInt32(clamping: self.delay)
        let started = DispatchTime.now().uptimeNanoseconds
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.schedule(deadline: .now() + .milliseconds(Int(delay)), repeating: .milliseconds(interval))
        // A busy main queue runs the handler late, once for several periods: one repeat is sent (not a burst),
        // timed at the last period that passed, so repeat times stay on the compositor's grid.
        var period: UInt64?
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.repeatingKey == key else { return }
                let elapsed = (DispatchTime.now().uptimeNanoseconds &- started) / 1_000_000
                let due = elapsed > UInt64(delay) ? (elapsed - UInt64(delay)) / UInt64(interval) : 0
                let next = max(due, period.map { $0 + 1 } ?? 0)
                period = next
                let repeatTime = time &+ delay &+ UInt32(truncatingIfNeeded: next &* UInt64(interval))
                self.onRepeat?(
                    .key(
                        serial: serial, time: repeatTime, key: key, phase: .repeat, keysym: keysym, keysymName: name,
                        text: text))
            }
        }
        timer = source
        source.resume()
    }

    func stop() {
        timer?.cancel()
        timer = nil
        repeatingKey = nil
    }
}
