import Foundation

/// A weak reference to a node that read some state.
struct WeakReader {
    weak var reader: (any StateReader)?
}

/// The storage behind `@State` and `@GestureState`.
///
/// Every new value of a view creates fresh boxes (property wrappers are initialised with the view); when
/// the graph installs the view, each fresh box is pointed at the persistent one of its node (`target`),
/// so reads and writes, including those from closures captured later, reach the surviving state.
final class StorageBox<Value>: @unchecked Sendable {
    private var storedValue: Value
    private(set) var target: StorageBox<Value>?
    private var readers: [WeakReader] = []

    init(_ value: Value) { storedValue = value }

    /// The box holding the state: the persistent one once installed.
    var resolved: StorageBox<Value> { target ?? self }

    /// The storage for a view installed at a new place: a new box starting from this view value's initial
    /// value (never this box itself, which a copy of the view value may bring to another place later).
    func makePersistent() -> StorageBox<Value> {
        let persistent = StorageBox(storedValue)      // a forwarded box's own value is still its initial one
        target = persistent
        return persistent
    }

    /// Forwards this box to `persistent` (a no-op when they are the same box).
    func forward(to persistent: StorageBox<Value>) {
        if persistent !== self { target = persistent }
    }

    /// Reads the value; inside a body evaluation the evaluating node becomes a reader.
    func read() -> Value {
        let box = resolved
        if let reader = ViewGraph.currentReader, !box.readers.contains(where: { $0.reader === reader }) {
            box.readers.append(WeakReader(reader: reader))
        }
        return box.storedValue
    }

    /// The value without registering a reader.
    var peek: Value { resolved.storedValue }

    /// Writes the value; unless it is equal to the old one, every reader is invalidated.
    func write(_ newValue: Value) {
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
        if valuesEqual(box.storedValue, newValue) { return }
        box.storedValue = newValue
        let readers = box.readers
        // Readers re-register when they re-evaluate, so the list starts over.
        box.readers.removeAll()
        guard !readers.isEmpty else { return }
        onMainActor {
            for weak in readers { weak.reader?.stateDidChange() }
        }
    }
}

nonisolated(unsafe) private var didWarnWriteDuringUpdate = false

private func warnWriteDuringUpdate() {
    guard !didWarnWriteDuringUpdate else { return }
    didWarnWriteDuringUpdate = true
    FileHandle.standardError.write(Data("UICore: modifying state during view update is ignored (write it from an action, gesture or task instead)\n".utf8))
}

/// `==` when the values are `Equatable`; otherwise "different" (as SwiftUI does for non-comparable state).
func valuesEqual<Value>(_ a: Value, _ b: Value) -> Bool {
    if let equatable = a as? any Equatable { return equatableEquals(equatable, b) }
    guard _isPOD(Value.self) else { return false }
    return withUnsafeBytes(of: a) { pa in withUnsafeBytes(of: b) { pb in pa.elementsEqual(pb) } }
}
