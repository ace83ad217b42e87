import Foundation

/// What a view does beyond gestures: take keyboard focus, handle keys, trigger on a shortcut, follow the
/// hovering pointer, choose the pointer's shape. Each such modifier is one node (an `InteractionNode`; a
/// `FocusableNode` for `.focusable`) that puts its interaction on a group node of the hit-test tree; the focus
/// system and the hover tracker read them there, in layout order.
package enum ViewInteraction {
    /// `.focusable(_:)` (false also when the view is disabled; `FocusableNode`). Views out of the tab order
    /// (selectable text) take focus only when clicked or tapped.
    case focusable(Bool, inTabOrder: Bool)
    /// `.focused(_:)` / `.focused(_:equals:)`.
    case focusBinding(FocusBinding)
    /// `.onKeyPress(…)`.
    case keyPress(KeyPressHandler)
    /// A button's `.keyboardShortcut(…)`.
    case shortcut(KeyboardShortcut, action: @MainActor () -> Void)
    /// `.onHover(perform:)`.
    case hover(@MainActor (Bool) -> Void)
    /// `.onContinuousHover(coordinateSpace:perform:)`, with the named spaces visible at the view.
    case continuousHover(CoordinateSpace, named: [AnyHashable: CGRect], @MainActor (HoverPhase) -> Void)
    /// `.pointerStyle(_:)`.
    case pointerStyle(PointerStyle?)
    /// An editable text (text fields and editors).
    case textInput(TextInputTarget)
    /// A presentation showing (a sheet, an alert): only what is inside it takes keys and focus, and Escape,
    /// when nothing inside takes it, runs `cancel`.
    case modal(cancel: @MainActor () -> Void)
}

/// What the focus system and the host's input method support may ask of an editable text besides keys.
@MainActor
package final class TextInputTarget {
    /// Pastes the primary selection at window point `point` (a middle click).
    package let pastePrimarySelection: @MainActor (CGPoint) -> Void
    /// What an input method may know of the text now.
    package let inputState: @MainActor () -> TextInputState
    /// Applies what an input method asked for (preedit, commit, deletion around the caret).
    package let applyInputMethod: @MainActor (InputMethodEdit) -> Void
    /// Drops the preedit (focus left, the input method went away).
    package let endComposition: @MainActor () -> Void
    /// Takes text dragged onto it.
    package let dropTarget: TextDropTarget

    package init(
        pastePrimarySelection: @escaping @MainActor (CGPoint) -> Void,
        inputState: @escaping @MainActor () -> TextInputState,
        applyInputMethod: @escaping @MainActor (InputMethodEdit) -> Void,
        endComposition: @escaping @MainActor () -> Void,
        dropTarget: TextDropTarget
    ) {
        self.pastePrimarySelection = pastePrimarySelection
        self.inputState = inputState
        self.applyInputMethod = applyInputMethod
        self.endComposition = endComposition
        self.dropTarget = dropTarget
    }
}

/// An editable text as an input method sees it.
package struct TextInputState: Equatable, Sendable {
    /// The text around the caret; nil for a secure field (its text is not shared).
    package var surrounding: SurroundingText?
    /// Where the caret was last drawn, in window points (inside the preedit while there is one).
    package var caretRect: CGRect
    package var isSecure: Bool
    package var isMultiline: Bool
    package init(surrounding: SurroundingText? = nil, caretRect: CGRect, isSecure: Bool, isMultiline: Bool) {
        self.surrounding = surrounding
        self.caretRect = caretRect
        self.isSecure = isSecure
        self.isMultiline = isMultiline
    }
}

/// A `.focused` modifier's connection to its `@FocusState`.
package struct FocusBinding {
    /// Whether the state currently asks for this view to be focused.
    package let isRequested: @MainActor () -> Bool
    /// Writes the state: focused (`true`) or, if it names this view, not focused.
    package let setFocused: @MainActor (Bool) -> Void
}

/// One `.onKeyPress` handler.
package struct KeyPressHandler {
    package let phases: KeyPress.Phases
    /// Whether the press is one this handler is about (its key, keys or characters).
    package let matches: @MainActor (KeyPress) -> Bool
    package let action: @MainActor (KeyPress) -> KeyPress.Result
}

/// The node of an interaction modifier: its content's drawing unchanged, and a hit-test group carrying the interaction.
@MainActor
package final class InteractionNode: InputAttachmentNode {
    package private(set) var interaction: ViewInteraction?

    package func configure(_ interaction: ViewInteraction?) {
        self.interaction = interaction
        handlersChanged()
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var inner = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &inner)
        output.items.append(contentsOf: inner.items)
        guard var interaction else {
            output.hits.append(contentsOf: inner.hits)
            return
        }
        if case .continuousHover(let space, _, let action) = interaction {
            interaction = .continuousHover(space, named: namedSpaces, action)
        }
        let group = HitTestNode(
            kind: .group, identity: identity, frame: CGRect(origin: origin, size: size), shape: nil,
            children: inner.hits, name: "interaction")
        group.interaction = interaction
        output.hits.append(group)
    }

    package override var debugName: String { "interaction" }
}

extension View {
    /// Wraps the view in an interaction node (`nil`: none, the node stays so the content keeps its identity).
    package func interaction(_ make: @escaping @MainActor (EnvironmentValues) -> ViewInteraction?) -> some View {
        wrapped(in: InteractionNode.init) { node in node.configure(make(node.environment)) }
    }
}

/// The interaction nodes of a hit-test tree in layout order (depth first, back to front), each with the
/// index of its nearest interaction ancestor.
@MainActor
package struct InteractionList {
    @MainActor package struct Entry {
        package let node: HitTestNode
        package let parent: Int?
        package let depth: Int
        package var interaction: ViewInteraction { node.interaction! }
        package var identity: ViewIdentity { node.identity }
    }
    package private(set) var entries: [Entry] = []

    package init(_ tree: HitTestTree) {
        func visit(_ node: HitTestNode, parent: Int?, depth: Int) {
            var parent = parent
            var depth = depth
            if node.interaction != nil {
                entries.append(Entry(node: node, parent: parent, depth: depth))
                parent = entries.count - 1
                depth += 1
            }
            for child in node.children { visit(child, parent: parent, depth: depth) }
        }
        for root in tree.roots { visit(root, parent: nil, depth: 0) }
        // While a presentation shows, the topmost one is all there is: focus and keys stay inside it.
        if let modal = entries.lastIndex(where: { if case .modal = $0.interaction { true } else { false } }) {
            let scope = entries[modal].node
            entries = []
            visit(scope, parent: nil, depth: 0)
        }
    }

    /// The presentation everything is inside, if one shows.
    package var modal: (identity: ViewIdentity, cancel: @MainActor () -> Void)? {
        guard let first = entries.first, case .modal(let cancel) = first.interaction else { return nil }
        return (first.identity, cancel)
    }

    /// Whether entry `index` lies inside entry `ancestor`.
    package func isInside(_ index: Int, _ ancestor: Int) -> Bool {
        var current = entries[index].parent
        while let c = current {
            if c == ancestor { return true }
            current = entries[c].parent
        }
        return false
    }

    /// `index` and its interaction ancestors, innermost first.
    package func chain(from index: Int) -> [Int] {
        var result: [Int] = []
        var current: Int? = index
        while let c = current {
            result.append(c)
            current = entries[c].parent
        }
        return result
    }

    package func isFocusable(_ index: Int) -> Bool {
        if case .focusable(true, _) = entries[index].interaction { return true }
        return false
    }

    /// Whether Tab, Shift+Tab and a window's first activation may focus the view at `index`.
    package func isInTabOrder(_ index: Int) -> Bool {
        if case .focusable(true, true) = entries[index].interaction { return true }
        return false
    }
}
