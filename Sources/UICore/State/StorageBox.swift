import Foundation

/// A weak reference to a node that read some state.
package struct WeakReader {
    package weak var reader: (any StateReader)?
}

/// The storage behind `@State` and `@GestureState`.
///
/// Every new value of a view creates fresh boxes (property wrappers are initialised with the view); when
/// the graph installs the view, each fresh box is pointed at the persistent one of its node (`target`),
/// so reads and writes, including those from closures captured later, reach the surviving state.
///
/// A write to state that views read is queued in their graph with its transaction and reaches the views at
/// the next update, in order: writes made in different transactions are seen by bodies one transaction
/// at a time (`a = 1; withAnimation { a = 2 }` evaluates the body with 1, then with 2, animated). Code
/// outside bodies reads the latest value written at once.
package final class StorageBox<Value>: QueuedWriteTarget, @unchecked Sendable {
    /// The value bodies see: the last write the graph applied.
    private var storedValue: Value
    /// The latest value written while writes wait for the graph (`nil` when none waits).
    private var latestValue: Value?
    /// The values written and not applied yet, oldest first from `nextQueued` (the buffer is kept between frames).
    private var queuedValues: [Value] = []
    private var nextQueued = 0
    private weak var queueingGraph: ViewGraph?
    package private(set) var target: StorageBox<Value>?
    private var readers: [WeakReader] = []

    package init(_ value: Value) { storedValue = value }

    /// The box holding the state: the persistent one once installed.
    package var resolved: StorageBox<Value> { target ?? self }

    /// The storage for a view installed at a new place: a new box starting from this view value's initial
    /// value (never this box itself, which a copy of the view value may bring to another place later).
    package func makePersistent() -> StorageBox<Value> {
        let persistent = StorageBox(storedValue)  // a forwarded box's own value is still its initial one
        target = persistent
        return persistent
    }

    /// Forwards this box to `persistent` (a no-op when they are the same box).
    package func forward(to persistent: StorageBox<Value>) {
        if persistent !== self { target = persistent }
    }

    /// Reads the value; inside a body evaluation the evaluating node becomes a reader.
    package func read() -> Value {
        let box = resolved
        if let reader = ViewGraph.currentReader {
            if !box.readers.contains(where: { $0.reader === reader }) { box.readers.append(WeakReader(reader: reader)) }
            return box.storedValue
        }
        return box.currentValue
    }

    /// The value without registering a reader.
    package var peek: Value { resolved.currentValue }

    /// What a read outside a body sees: the latest write, unless a graph is applying writes in order.
    private var currentValue: Value {
        if let latestValue, !ViewGraph.isApplyingWrites { return latestValue }
        return storedValue
    }

    /// Writes the value; unless it is equal to the latest one, the readers' graph applies it at its next
    /// update, in the transaction of the write.
    package func write(_ newValue: Value) {
        guard isOnMainQueue() else {
            // The graph reads the value on the main actor: a write from another thread lands there.
            nonisolated(unsafe) let newValue = newValue
            return onMainActor { self.write(newValue) }
        }
        if ViewGraph.currentReader != nil {
            // As in SwiftUI: modifying state while a body is being evaluated is not allowed.
            warnWriteDuringUpdate()
            return
        }
        let box = resolved
        if valuesEqual(box.latestValue ?? box.storedValue, newValue) { return }
        guard let graph = box.queueingGraph ?? callOnMainThread(graphOfFirstReader, box.readers) else {
            // Nothing reads it: no order to keep.
            box.latestValue = nil
            box.queuedValues.removeAll(keepingCapacity: true)
            box.nextQueued = 0
            box.apply(newValue)
            return
        }
        box.latestValue = newValue
        box.queuedValues.append(newValue)
        box.queueingGraph = graph
        callOnMainThread(enqueueQueuedWrite, (box, graph))
    }

    /// Applies the oldest queued write (the graph calls this once per write, in the order they were queued).
    package override func applyNextQueuedWrite() {
        guard nextQueued < queuedValues.count else { return }
        let newValue = queuedValues[nextQueued]
        nextQueued += 1
        if nextQueued == queuedValues.count {
            queuedValues.removeAll(keepingCapacity: true)
            nextQueued = 0
            latestValue = nil
            queueingGraph = nil
        }
        apply(newValue)
    }

    /// Stores the value for bodies; unless it is equal to the old one, every reader is invalidated.
    private func apply(_ newValue: Value) {
        if valuesEqual(storedValue, newValue) { return }
        storedValue = newValue
        // Readers re-register when they re-evaluate, so the list starts over.
        guard !readers.isEmpty else { return }
        guard isOnMainQueue() else {
            let readers = self.readers
            self.readers = []
            return onMainActor {
                for weak in readers { weak.reader?.stateDidChange() }
            }
        }
        var notified: [WeakReader] = []
        swap(&notified, &readers)
        callOnMainThread(notifyReaders, notified)
        // The emptied list goes back, its capacity kept for the readers registering again.
        notified.removeAll(keepingCapacity: true)
        if readers.isEmpty { readers = notified }
    }
}

/// State storage whose writes wait in a graph's batch: the batch holds the box, the box the values.
package class QueuedWriteTarget {
    package func applyNextQueuedWrite() {}
}

/// Calls the main-actor function `body` from nonisolated code its caller checked runs on the main thread.
/// `MainActor.assumeIsolated` would do the same, but it boxes a capturing closure on every call (a state write
/// is on every drag frame); `body` is a global function, so it captures nothing.
private func callOnMainThread<Argument, Result>(
    _ body: @escaping @MainActor (Argument) -> Result, _ argument: Argument
) -> Result {
    unsafeBitCast(body, to: ((Argument) -> Result).self)(argument)
}

@MainActor private func graphOfFirstReader(_ readers: [WeakReader]) -> ViewGraph? {
    for weak in readers { if let graph = weak.reader?.graph { return graph } }
    return nil
}

@MainActor private func enqueueQueuedWrite(_ write: (target: QueuedWriteTarget, graph: ViewGraph)) {
    write.graph.enqueueWrite(write.target)
}

@MainActor private func notifyReaders(_ readers: [WeakReader]) {
    for weak in readers { weak.reader?.stateDidChange() }
}

nonisolated(unsafe) private var didWarnWriteDuringUpdate = false

private func warnWriteDuringUpdate() {
    guard !didWarnWriteDuringUpdate else { return }
    didWarnWriteDuringUpdate = true
    FileHandle.standardError.write(
        Data(
            "UICore: modifying state during view update is ignored (write it from an action, gesture or task instead)\n"
                .utf8))
}

/// `==` when the values are `Equatable`; otherwise "different" (as SwiftUI does for non-comparable state).
package func valuesEqual<Value>(_ a: Value, _ b: Value) -> Bool {
    if let equatable = a as? any Equatable { return equatableEquals(equatable, b) }
    guard _isPOD(Value.self) else { return false }
    return withUnsafeBytes(of: a) { pa in withUnsafeBytes(of: b) { pb in pa.elementsEqual(pb) } }
}
