import Foundation

/// The running task of one `task` modifier. The appear and disappear actions hold it rather than the node, so a
/// node already released when its disappear action runs still cancels its task.
@MainActor
package final class ViewTaskHandle {
    package private(set) var task: Task<Void, Never>?

    package func start(priority: TaskPriority, _ action: @escaping @Sendable () async -> Void) {
        task?.cancel()
        task = Task(priority: priority) { await action() }
    }

    package func cancel() {
        task?.cancel()
        task = nil
    }
}

/// The node of `task(priority:_:)` and `task(id:priority:_:)`: starts the action once the content first takes
/// part in layout, cancels it when the content leaves, and cancels and restarts it after an update that changed
/// the id.
@MainActor
package final class TaskNode: LifecycleNode {
    package let handle = ViewTaskHandle()
    private var isSameID: ((Any) -> Bool)?

    package func update<ID: Equatable>(
        id: ID, priority: TaskPriority, action: @escaping @Sendable () async -> Void
    ) {
        let handle = handle
        onAppear = { handle.start(priority: priority, action) }
        onDisappear = { handle.cancel() }
        if let isSameID, !isSameID(id), hasAppeared {
            graph.deferAction { handle.start(priority: priority, action) }
        }
        isSameID = { ($0 as? ID) == id }
    }
}

extension View {
    /// Starts `action` as a task when the view appears and cancels it when the view disappears.
    public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        wrapped(in: TaskNode.init) { $0.update(id: 0, priority: priority, action: action) }
    }

    /// Starts `action` as a task when the view appears, cancels and restarts it whenever `value` changes, and
    /// cancels it when the view disappears.
    public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        wrapped(in: TaskNode.init) { $0.update(id: value, priority: priority, action: action) }
    }
}
