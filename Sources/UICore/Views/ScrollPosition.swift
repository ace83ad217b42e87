import Foundation

/// A scroll view's position binding (`scrollPosition(id:anchor:)`), its value type erased.
package struct ScrollPositionBinding {
    package let get: @MainActor () -> AnyHashable?
    package let set: @MainActor (AnyHashable?) -> Void
    package let anchor: UnitPoint?
}

package struct ScrollPositionKey: EnvironmentKey { package static var defaultValue: ScrollPositionBinding? { nil } }

extension EnvironmentValues {
    package var scrollPosition: ScrollPositionBinding? {
        get { self[ScrollPositionKey.self] }
        set { self[ScrollPositionKey.self] = newValue }
    }
}

extension View {
    /// Binds the scroll view inside to the id of the view at its top (of its lazy stack's or `ForEach`'s views):
    /// scrolling updates `id`; setting it scrolls there (at `anchor`; inside `withAnimation`, animated).
    public func scrollPosition<ID: Hashable>(id: Binding<ID?>, anchor: UnitPoint? = nil) -> some View {
        environment(
            \.scrollPosition,
            ScrollPositionBinding(
                get: { id.wrappedValue.map { AnyHashable($0) } },
                set: { id.wrappedValue = $0?.base as? ID }, anchor: anchor))
    }
    /// Marks the layout whose views a scroll view's position and target behavior go by (here: the first lazy
    /// stack or `ForEach` inside the scroll view, marked or not).
    public func scrollTargetLayout(isEnabled: Bool = true) -> some View { self }
}

extension ScrollNode {
    /// A new `scrollPosition(id:)` binding: a value the scroll view did not report is one to scroll to.
    package func bindPosition(_ binding: ScrollPositionBinding?) {
        positionBinding = binding
        guard let binding, let wanted = binding.get(), wanted != reportedPosition else { return }
        reportedPosition = wanted
        pendingScrollRequest = ScrollRequest(
            id: wanted, anchor: binding.anchor ?? .top, animation: Transaction.current.animation)
        invalidatePlacementOnly()
    }

    /// Tells the binding which view is at the top now, when that changed.
    package func reportPosition() {
        guard let binding = positionBinding, pendingScrollRequest == nil else { return }
        let id = topVisibleID()
        guard id != reportedPosition else { return }
        reportedPosition = id
        graph.deferAction { binding.set(id) }
    }

    /// The id of the first view of the content's first lazy stack whose bottom is below the view's top.
    package func topVisibleID() -> AnyHashable? {
        func firstLazy(_ node: ViewNode) -> LazyStackNode? {
            if let lazy = node as? LazyStackNode { return lazy }
            for child in node.children { if let found = firstLazy(child) { return found } }
            return nil
        }
        guard let content = layoutChildren.first, let lazy = firstLazy(content), let origin = lazy.placedOrigin,
            let viewOrigin = placedOrigin
        else { return nil }
        let top = viewOrigin.y + refreshInset
        for element in lazy.placedElements where !element.isPinned && origin.y + element.end > top + 0.5 {
            for component in lazy.identity(at: element.index).reversed() {
                if case .explicit(let id) = component { return id }
            }
        }
        return nil
    }
}
