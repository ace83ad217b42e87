import Combine
import Foundation

/// The node of `onReceive(_:perform:)`: subscribes while the view is in the graph and runs the latest
/// action for each value on the main thread. A value that arrives while the view is being built (a
/// `Just`, a `CurrentValueSubject`) runs after the update, where state writes are allowed.
@MainActor
package final class ReceiveNode: ViewNode {
    private var subscription: AnyCancellable?
    /// The identity of a reference-type publisher (a subject, `Timer.publish(…).autoconnect()`): a new
    /// instance means a new stream, so the node resubscribes; value-type publishers keep the first subscription.
    private var publisherIdentity: ObjectIdentifier?
    private var action: ((Any) -> Void)?
    private var building = false

    package func update<P: Publisher>(publisher: P, action: @escaping (P.Output) -> Void) where P.Failure == Never {
        self.action = { value in if let value = value as? P.Output { action(value) } }
        let identity = P.self is AnyClass ? ObjectIdentifier(publisher as AnyObject) : nil
        if subscription != nil, identity == publisherIdentity { return }
        publisherIdentity = identity
        subscription?.cancel()
        building = true
        defer { building = false }
        subscription = publisher.sink { [weak self] value in
            let box = UncheckedValue(value)
            if isOnMainQueue() {
                MainActor.assumeIsolated { self?.deliver(box.value) }
            } else {
                DispatchQueue.main.async { MainActor.assumeIsolated { self?.deliver(box.value) } }
            }
        }
    }

    private func deliver(_ value: Any) {
        guard subscription != nil || building, let action else { return }
        if building { graph.deferAction { action(value) } } else { action(value) }
    }

    package override func willRemove() {
        subscription?.cancel()
        subscription = nil
        super.willRemove()
    }
}

/// A value handed to the main queue; it is only read there.
private struct UncheckedValue<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension View {
    /// Runs `action` with each value `publisher` sends, on the main thread, while the view is shown.
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View
    where P.Failure == Never {
        wrapped(in: ReceiveNode.init) { $0.update(publisher: publisher, action: action) }
    }
}
