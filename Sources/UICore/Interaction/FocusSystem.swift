import Foundation

/// Keyboard focus and key delivery for one `ViewGraph`.
///
/// - Focusable views (`.focusable()`) take focus when clicked or tapped (`pointerPressed(at:)`), with Tab and
///   Shift+Tab (in layout order, wrapping around), or when a `@FocusState` bound with `.focused` asks for them.
/// - When the window becomes active (`activate()`) and nothing is focused, the first focusable view in layout
///   order gets focus: a keyboard works at once, as with SwiftUI's `defaultFocus` on macOS.
/// - A key press goes to the focused view's `onKeyPress` handlers, then its ancestors', innermost first, until
///   one returns `.handled`. With nothing focused (a window without focusable views), the handlers that are
///   neither in nor around a focusable view get it, innermost first. Then a key going down is offered to the buttons' keyboard shortcuts (whatever has focus), then Tab
///   moves focus. `handle(_:)` says whether anything took the press: the host applies its own conventions
///   (Escape leaves fullscreen) only to presses nobody took.
///
/// Views whose hit testing is off (`allowsHitTesting(false)`, hidden) are not focusable.
@MainActor
package final class FocusSystem: GraphSubsystem {
    package let graph: ViewGraph
    /// The focused view (the `.focusable` modifier's node), if any.
    package private(set) var focusedView: ViewIdentity?
    /// The modifier keys held now (the host keeps it current): Shift+click extends a text selection.
    package var heldModifiers: EventModifiers = []
    /// Called when focus moves (tests, probes).
    package var onFocusChange: ((ViewIdentity?) -> Void)?
    /// Views a `.focused` state asked for at the last synchronisation (a new request moves focus).
    private var requestedViews: Set<ViewIdentity> = []
    private var wantsInitialFocus = false
    /// The presentations showing, outermost first, with the view focused before each (focus goes back there).
    private var modalScopes: [(modal: ViewIdentity, focusBefore: ViewIdentity?)] = []

    /// The focus system of `graph`; it follows the graph's updates.
    package init(graph: ViewGraph) {
        self.graph = graph
        graph.attach(self)
    }

    // MARK: Host entry points

    /// The window became active: if nothing has focus, the first focusable view gets it (now or as soon as there is one).
    package func activate() {
        guard focusedView == nil else { return }
        let list = InteractionList(graph.hitTestTree)
        if let first = list.entries.indices.first(where: list.isInTabOrder) {
            setFocus(list.entries[first].identity, list)
        } else {
            wantsInitialFocus = true
        }
    }

    /// A pointer or finger went down at `point` (window points): the innermost focusable view under it takes focus.
    package func pointerPressed(at point: CGPoint) {
        guard let hit = graph.hitTestTree.hitTest(point) else { return }
        for node in hit.chain.reversed() {
            if case .focusable(true, _) = node.interaction {
                if focusedView != node.identity { setFocus(node.identity, InteractionList(graph.hitTestTree)) }
                return
            }
        }
    }

    /// A middle click at `point`: the editable text under it (focused by the press) pastes the primary selection there.
    package func pastePrimarySelection(at point: CGPoint) {
        textInput(at: point)?.pastePrimarySelection(point)
    }

    /// The editable text under window point `point` (innermost), if any: where a middle click pastes and a
    /// drag drops.
    package func textInput(at point: CGPoint) -> TextInputTarget? {
        guard let hit = graph.hitTestTree.hitTest(point) else { return nil }
        for node in hit.chain.reversed() {
            if case .textInput(let target) = node.interaction { return target }
        }
        return nil
    }

    /// The focused view, when it is an editable text: what an input method composes into.
    package var focusedTextInput: (view: ViewIdentity, target: TextInputTarget)? {
        guard let focused = focusedView else { return nil }
        let list = InteractionList(graph.hitTestTree)
        guard let focusIndex = list.entries.firstIndex(where: { $0.identity == focused }) else { return nil }
        for index in list.entries.indices where list.isInside(index, focusIndex) {
            if case .textInput(let target) = list.entries[index].interaction { return (focused, target) }
        }
        return nil
    }

    /// Moves focus to the next (or previous) focusable view in layout order, wrapping around; false if there is none.
    @discardableResult
    package func moveFocus(forward: Bool) -> Bool {
        let list = InteractionList(graph.hitTestTree)
        let focusables = list.entries.indices.filter(list.isInTabOrder).map { list.entries[$0].identity }
        guard !focusables.isEmpty else { return false }
        let next: ViewIdentity
        if let current = focusedView, let index = focusables.firstIndex(of: current) {
            next = focusables[(index + (forward ? 1 : focusables.count - 1)) % focusables.count]
        } else {
            next = forward ? focusables[0] : focusables[focusables.count - 1]
        }
        setFocus(next, list)
        return true
    }

    /// Delivers a key press; returns whether a handler, a shortcut or focus traversal took it.
    @discardableResult
    package func handle(_ press: KeyPress) -> Bool {
        let list = InteractionList(graph.hitTestTree)
        for index in keyHandlers(list) {
            guard case .keyPress(let handler) = list.entries[index].interaction,
                handler.phases.contains(press.phase), handler.matches(press)
            else { continue }
            if handler.action(press) == .handled { return true }
        }
        if press.phase == .down {
            for entry in list.entries {
                if case .shortcut(let shortcut, let action) = entry.interaction, shortcut.matches(press) {
                    action()
                    return true
                }
            }
        }
        if press.key == .tab, press.phase != .up, press.modifiers.isDisjoint(with: [.control, .command, .option]) {
            return moveFocus(forward: !press.modifiers.contains(.shift))
        }
        if press.key == .escape, press.phase == .down, let modal = list.modal {
            modal.cancel()
            return true
        }
        return false
    }

    // MARK: Delivery order

    /// The key handlers a press visits, in order.
    private func keyHandlers(_ list: InteractionList) -> [Int] {
        let all = list.entries.indices.filter {
            if case .keyPress = list.entries[$0].interaction { return true } else { return false }
        }
        let focusables = list.entries.indices.filter(list.isFocusable)
        guard let focused = focusedView, let focusIndex = list.entries.firstIndex(where: { $0.identity == focused })
        else {
            // Nothing focused: the window's own handlers (neither in nor around a focusable view), innermost first.
            let outside = all.filter { index in
                !focusables.contains { list.isInside(index, $0) || list.isInside($0, index) }
            }
            return outside.sorted { list.entries[$0].depth > list.entries[$1].depth }
        }
        // Handlers written inside the focused view's modifiers (`.onKeyPress {…}.focusable()`) belong to it,
        // unless a focusable view nested in it owns them.
        let inner = all.filter { index in
            list.isInside(index, focusIndex)
                && !focusables.contains {
                    $0 != focusIndex && list.isInside(index, $0) && list.isInside($0, focusIndex)
                }
        }.sorted { list.entries[$0].depth > list.entries[$1].depth }
        let ancestors = list.chain(from: focusIndex).filter { all.contains($0) }
        return inner + ancestors
    }

    // MARK: Focus and @FocusState

    private func setFocus(_ identity: ViewIdentity?, _ list: InteractionList) {
        if identity != nil { wantsInitialFocus = false }
        let previous = focusedView
        focusedView = identity
        writeBindings(list)
        if identity != previous {
            for node in focusableNodes(previous, identity) { node.focusDidChange() }
            onFocusChange?(identity)
        }
    }

    /// The view a `.focused` modifier at `index` stands for: the first focusable view inside it, else the
    /// nearest focusable view around it.
    private func target(ofBinding index: Int, _ list: InteractionList) -> ViewIdentity? {
        if let inside = list.entries.indices.first(where: { list.isFocusable($0) && list.isInside($0, index) }) {
            return list.entries[inside].identity
        }
        return list.chain(from: index).first(where: list.isFocusable).map { list.entries[$0].identity }
    }

    /// Makes every `@FocusState` bound with `.focused` say where focus is.
    private func writeBindings(_ list: InteractionList) {
        var requested: Set<ViewIdentity> = []
        for index in list.entries.indices {
            guard case .focusBinding(let binding) = list.entries[index].interaction else { continue }
            let target = target(ofBinding: index, list)
            binding.setFocused(target != nil && target == focusedView)
            if binding.isRequested(), let target { requested.insert(target) }
        }
        requestedViews = requested
    }

    /// The `.focusable` nodes of the views named (focus changes are rare: a walk of the graph is enough).
    private func focusableNodes(_ identities: ViewIdentity?...) -> [FocusableNode] {
        let wanted = Set(identities.compactMap { $0 })
        var found: [FocusableNode] = []
        func visit(_ node: ViewNode) {
            if let focusable = node as? FocusableNode, wanted.contains(focusable.identity) { found.append(focusable) }
            node.children.forEach(visit)
        }
        if !wanted.isEmpty { visit(graph.rootNode) }
        return found
    }

    // A focusable view leaving needs nothing at once: the update's end finds focus gone from the layout.
    /// After each update: focus leaves views that went away; a `@FocusState` the app set moves focus (or, set
    /// back to nil/false, clears it); the bound states are then written to match.
    package func graphDidUpdate() {
        let list = InteractionList(graph.hitTestTree)
        var focus = focusedView
        var enteredModal = false
        let modal = list.modal?.identity
        if modal != modalScopes.last?.modal {
            if let modal, !modalScopes.contains(where: { $0.modal == modal }) {
                modalScopes.append((modal, focusedView))
                enteredModal = true
            } else {
                // The presentation on top left: focus goes back to where it was before it showed.
                while let last = modalScopes.last, last.modal != modal {
                    modalScopes.removeLast()
                    focus = last.focusBefore
                }
            }
        }
        let focusables = Set(list.entries.indices.filter(list.isFocusable).map { list.entries[$0].identity })
        if let current = focus, !focusables.contains(current) { focus = nil }
        if enteredModal, let first = list.entries.indices.first(where: list.isFocusable) {
            focus = list.entries[first].identity
        }
        var requestedNow: [ViewIdentity] = []
        var boundToFocus = false
        var focusRequested = false
        for index in list.entries.indices {
            guard case .focusBinding(let binding) = list.entries[index].interaction,
                let target = target(ofBinding: index, list)
            else { continue }
            let isRequested = binding.isRequested()
            if isRequested { requestedNow.append(target) }
            if target == focus {
                boundToFocus = true
                focusRequested = focusRequested || isRequested
            }
        }
        if let newRequest = requestedNow.first(where: { $0 != focus && !requestedViews.contains($0) }) {
            focus = newRequest
        } else if let current = focus, boundToFocus, !focusRequested, requestedViews.contains(current) {
            focus = nil  // the app cleared the state that named the focused view
        }
        if focus == nil, wantsInitialFocus, let first = list.entries.indices.first(where: list.isInTabOrder) {
            focus = list.entries[first].identity
        }
        if focus != focusedView || !list.entries.isEmpty { setFocus(focus, list) }
    }
}
