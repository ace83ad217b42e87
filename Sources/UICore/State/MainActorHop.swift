import Foundation

/// Runs `body` on the main actor: at once when called there, otherwise on the main queue's next turn after a
/// one-time warning. Ported code often writes `@Published` properties or `@State` bindings from
/// `DispatchQueue.global()`; SwiftUI warns and carries on, and so do we instead of trapping.
package func onMainActor(_ body: @escaping @MainActor () -> Void) {
    if isOnMainQueue() {
        MainActor.assumeIsolated(body)
        return
    }
    warnBackgroundPublishing()
    nonisolated(unsafe) let body = body
    DispatchQueue.main.async { MainActor.assumeIsolated(body) }
}

nonisolated(unsafe) private var didWarnBackgroundPublishing = false
private let backgroundWarningLock = NSLock()

private func warnBackgroundPublishing() {
    backgroundWarningLock.lock()
    defer { backgroundWarningLock.unlock() }
    guard !didWarnBackgroundPublishing else { return }
    didWarnBackgroundPublishing = true
    FileHandle.standardError.write(
        Data(
            "UICore: publishing changes from background threads is not allowed; make sure to publish values from the main thread (via operators like receive(on:)) on model updates. The change is applied on the main thread.\n"
                .utf8))
}

/// Runs `body` on the main actor, which the caller is known to be on (a canvas's renderer runs during
/// rendering, off the actor's checks), and returns its result whatever its type.
package func assumingMainActor<T>(_ body: @MainActor () -> T) -> T {
    nonisolated(unsafe) var result: T?
    MainActor.assumeIsolated { result = body() }
    return result!
}
