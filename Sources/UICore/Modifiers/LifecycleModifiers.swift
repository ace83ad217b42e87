import Foundation

/// The node of `onAppear`/`onDisappear`: runs the actions after the update in which its content
/// first took part in layout, and after the update that removed it.
@MainActor
package class LifecycleNode: ViewNode {
    package var onAppear: (() -> Void)?
    package var onDisappear: (() -> Void)?
    package private(set) var hasAppeared = false

    package override func placeContent(in context: PlacementContext) {
        super.placeContent(in: context)
        if !hasAppeared {
            hasAppeared = true
            if let onAppear { graph.deferAction(onAppear) }
        }
    }

    package override func willRemove() {
        if hasAppeared, let onDisappear { graph.deferDisappearAction(onDisappear) }
        super.willRemove()
    }

    package override func didLeaveView() {
        if hasAppeared {
            hasAppeared = false
            if let onDisappear { graph.deferDisappearAction(onDisappear) }
        }
        super.didLeaveView()
    }
}

/// The node of `onChange(of:)`: compares the value at each re-evaluation and runs the action after the
/// update when it changed.
@MainActor
package final class ChangeNode: ViewNode {
    private var previous: Any?
    private var isSame: ((Any) -> Bool)?

    package func update<V: Equatable>(value: V, initial: Bool, action: @escaping (V, V) -> Void) {
        if let isSame, let old = previous as? V {
            if !isSame(value) { graph.deferAction { action(old, value) } }
        } else if initial {
            graph.deferAction { action(value, value) }
        }
        previous = value
        isSame = { ($0 as? V) == value }
    }
}

extension View {
    /// Runs `action` after the view first appears.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        wrapped(in: LifecycleNode.init) { $0.onAppear = action }
    }
    /// Runs `action` after the view disappears.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        wrapped(in: LifecycleNode.init) { $0.onDisappear = action }
    }
    /// Runs `action` with the old and new value when `value` changes (and at first appearance if `initial`).
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        wrapped(in: ChangeNode.init) { $0.update(value: value, initial: initial, action: action) }
    }
    /// Runs `action` with the new value when `value` changes (the spelling before iOS 17, still common).
    @available(*, deprecated, message: "Use `onChange` with a two or zero parameter action closure instead.")
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        wrapped(in: ChangeNode.init) { $0.update(value: value, initial: false) { _, newValue in action(newValue) } }
    }
    /// Runs `action` when `value` changes (and at first appearance if `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View
    {
        wrapped(in: ChangeNode.init) { $0.update(value: value, initial: initial) { _, _ in action() } }
    }
}
