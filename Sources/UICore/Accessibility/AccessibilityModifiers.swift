import Foundation

/// The node of the `accessibility…` modifiers: keeps their values in the view tree. Nested modifiers on the same
/// view are separate nodes; `accessibilityElements` merges a chain of them into one element.
@MainActor
package final class AccessibilityNode: ViewNode {
    package var properties = AccessibilityProperties()
    package override var debugName: String { "accessibility" }
}

extension View {
    package func accessibility(_ change: @escaping (inout AccessibilityProperties) -> Void) -> some View {
        wrapped(in: AccessibilityNode.init) { node in
            var properties = AccessibilityProperties()
            change(&properties)
            node.properties = properties
        }
    }

    /// The label assistive technologies read for this view.
    public func accessibilityLabel(_ label: Text) -> some View { accessibility { $0.label = label.content } }
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { accessibilityLabel(Text(labelKey)) }
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        accessibility { $0.label = String(label) }
    }

    /// What happens when the user acts on this view.
    public func accessibilityHint(_ hint: Text) -> some View { accessibility { $0.hint = hint.content } }
    public func accessibilityHint(_ hintKey: LocalizedStringKey) -> some View { accessibilityHint(Text(hintKey)) }
    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
        accessibility { $0.hint = String(hint) }
    }

    /// The view's current value (a slider's percentage, a toggle's state…).
    public func accessibilityValue(_ valueDescription: Text) -> some View {
        accessibility { $0.value = valueDescription.content }
    }
    public func accessibilityValue(_ valueKey: LocalizedStringKey) -> some View { accessibilityValue(Text(valueKey)) }
    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View {
        accessibility { $0.value = String(value) }
    }

    /// An identifier for UI tests, never read to the user.
    public func accessibilityIdentifier(_ identifier: String) -> some View {
        accessibility { $0.identifier = identifier }
    }

    /// Hides this view from assistive technologies.
    public func accessibilityHidden(_ hidden: Bool) -> some View { accessibility { $0.isHidden = hidden } }

    /// Adds traits to this view's element.
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        accessibility { $0.addedTraits = traits }
    }

    /// Removes traits from this view's element.
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View {
        accessibility { $0.removedTraits = traits }
    }

    /// Makes this view (a container) one accessibility element, treating its children as `children` says.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        accessibility { $0.childBehavior = children }
    }

    /// An action assistive technologies can perform on this view.
    public func accessibilityAction(
        _ actionKind: AccessibilityActionKind = .default,
        _ handler: @escaping () -> Void
    ) -> some View {
        accessibility { $0.actions = [(actionKind.name, handler)] }
    }
    /// A named custom action.
    public func accessibilityAction(named name: Text, _ handler: @escaping () -> Void) -> some View {
        accessibility { $0.actions = [(name.content, handler)] }
    }
    public func accessibilityAction(named nameKey: LocalizedStringKey, _ handler: @escaping () -> Void) -> some View {
        accessibilityAction(named: Text(nameKey), handler)
    }
    @_disfavoredOverload
    public func accessibilityAction<S: StringProtocol>(named name: S, _ handler: @escaping () -> Void) -> some View {
        accessibility { $0.actions = [(String(name), handler)] }
    }

    // The spellings before iOS 14, still in many tutorials.
    @available(*, deprecated, renamed: "accessibilityLabel(_:)")
    public func accessibility(label: Text) -> some View { accessibilityLabel(label) }
    @available(*, deprecated, renamed: "accessibilityHint(_:)")
    public func accessibility(hint: Text) -> some View { accessibilityHint(hint) }
    @available(*, deprecated, renamed: "accessibilityValue(_:)")
    public func accessibility(value: Text) -> some View { accessibilityValue(value) }
    @available(*, deprecated, renamed: "accessibilityIdentifier(_:)")
    public func accessibility(identifier: String) -> some View { accessibilityIdentifier(identifier) }
    @available(*, deprecated, renamed: "accessibilityHidden(_:)")
    public func accessibility(hidden: Bool) -> some View { accessibilityHidden(hidden) }
    @available(*, deprecated, renamed: "accessibilityAddTraits(_:)")
    public func accessibility(addTraits traits: AccessibilityTraits) -> some View { accessibilityAddTraits(traits) }
    @available(*, deprecated, renamed: "accessibilityRemoveTraits(_:)")
    public func accessibility(removeTraits traits: AccessibilityTraits) -> some View {
        accessibilityRemoveTraits(traits)
    }
}

extension ViewGraph {
    /// The accessibility elements of the laid-out views: each view with accessibility modifiers (a chain of them on
    /// one view merged, the outermost winning), with the elements inside it.
    package var accessibilityElements: [AccessibilityElement] {
        AccessibilityCollector.elements(under: rootNode, origin: .zero)
    }
}

@MainActor
package enum AccessibilityCollector {
    package static func elements(under node: ViewNode, origin: CGPoint) -> [AccessibilityElement] {
        var result: [AccessibilityElement] = []
        for child in node.children where !child.isRemoved {
            // Composite views are laid out in their parent's place: their children's positions are the parent's.
            let childOrigin = child.compositeEvaluationCount == nil ? origin + child.position : origin
            guard let accessible = child as? AccessibilityNode else {
                result += elements(under: child, origin: childOrigin)
                continue
            }
            var properties = accessible.properties
            var innermost: ViewNode = accessible
            var innerOrigin = childOrigin
            // A chain of modifiers on one view is one element.
            while innermost.children.count == 1, let inner = innermost.children[0] as? AccessibilityNode {
                properties.merge(inner: inner.properties)
                innerOrigin = innerOrigin + inner.position
                innermost = inner
            }
            let frame = CGRect(origin: childOrigin, size: accessible.size)
            result.append(
                AccessibilityElement(
                    properties: properties, frame: frame,
                    children: elements(under: innermost, origin: innerOrigin)))
        }
        return result
    }
}
