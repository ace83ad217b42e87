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
        let interval = 1000 / rate
        var repeatTime = time &+ UInt32(delay)
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.schedule(deadline: .now() + .milliseconds(delay), repeating: .milliseconds(interval))
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.repeatingKey == key else { return }
                self.onRepeat?(
                    .key(
                        serial: serial, time: repeatTime, key: key, phase: .repeat, keysym: keysym, keysymName: name,
                        text: text))
                repeatTime &+= UInt32(interval)
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
