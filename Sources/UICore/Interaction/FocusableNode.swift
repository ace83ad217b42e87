import Foundation

/// The node of `.focusable(_:)`: a focus target in the hit-test tree, whose content sees `isFocused` in its
/// environment. When focus comes or goes, the focus system asks it to rebuild its content with the new value.
@MainActor
package final class FocusableNode: ViewNode, StateReader {
    private var isFocusable = false
    private var isInTabOrder = true
    private var buildContent: ((_ViewNodeBuilder) -> Void)?
    private var isDirty = false

    /// Whether this view has focus (the focus system's word).
    package var isFocused: Bool { graph.subsystem(FocusSystem.self)?.focusedView == identity }

    package func update(isFocusable: Bool, inTabOrder: Bool = true, content: @escaping (_ViewNodeBuilder) -> Void) {
        if isFocusable != self.isFocusable || inTabOrder != isInTabOrder { invalidateRender() }
        self.isFocusable = isFocusable
        isInTabOrder = inTabOrder
        buildContent = content
        rebuild()
    }

    private func rebuild() {
        isDirty = false
        guard let buildContent else { return }
        var inner = environment
        inner.isFocused = isFocused
        graph.rebuildChildren(of: self, environment: inner, buildContent)
    }

    /// Focus came or went: the content is rebuilt at the next update, and the focus ring drawn or removed.
    package func focusDidChange() {
        invalidateRender()
        stateDidChange()
    }

    package func stateDidChange() {
        guard !isRemoved, !isDirty else { return }
        isDirty = true
        graph.scheduleEvaluation(self)
    }

    package override func evaluateIfDirty() {
        if isDirty && !isRemoved { rebuild() }
    }

    package override func willRemove() {
        graph.nodeWillLeave(self)
        super.willRemove()
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var inner = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &inner)
        output.items.append(contentsOf: inner.items)
        if isFocusable && isFocused && environment.isFocusEffectEnabled {
            output.items.append(
                Self.focusRing(around: CGRect(origin: origin, size: size), dark: environment.colorScheme == .dark))
        }
        let group = HitTestNode(
            kind: .group, identity: identity, frame: CGRect(origin: origin, size: size), shape: nil,
            children: inner.hits, name: "focusable")
        group.interaction = .focusable(isFocusable, inTabOrder: isInTabOrder)
        output.hits.append(group)
    }

    package override var debugName: String { "focusable" }

    /// macOS's keyboard focus ring: 3 points of the accent colour at half strength, just outside the view.
    package static func focusRing(around frame: CGRect, dark: Bool) -> DisplayItem {
        let path = Path(roundedRect: frame.insetBy(dx: -1.5, dy: -1.5), cornerRadius: 5.5)
        return .stroke(
            StrokeOperation(
                path: path, primitive: nil, paint: .color(AdwaitaPalette.focusRing(dark: dark)),
                style: StrokeStyle(lineWidth: 3), antialiased: true))
    }
}

/// `.focusable(_:)`.
package struct FocusableModifier: ViewModifier {
    package typealias Body = Never
    package let isFocusable: Bool
    package var inTabOrder: Bool = true

    package static func _makeModifiedNodes<C: View>(_ modifier: Self, content: C, into builder: _ViewNodeBuilder) {
        let node = builder.node(FocusableNode.self) {
            FocusableNode(graph: builder.graph, environment: builder.environment)
        }
        node.environment = builder.environment
        node.update(isFocusable: modifier.isFocusable && builder.environment.isEnabled, inTabOrder: modifier.inTabOrder)
        {
            makeNodes(content, into: $0)
        }
    }
    package init(isFocusable: Bool, inTabOrder: Bool = true) {
        self.isFocusable = isFocusable
        self.inTabOrder = inTabOrder
    }
}

package struct IsFocusedKey: EnvironmentKey { package static var defaultValue: Bool { false } }
package struct IsFocusEffectEnabledKey: EnvironmentKey { package static var defaultValue: Bool { true } }

extension EnvironmentValues {
    /// Whether focusable views draw the focus ring when focused (`focusEffectDisabled(_:)` turns it off).
    public var isFocusEffectEnabled: Bool {
        get { self[IsFocusEffectEnabledKey.self] }
        set { self[IsFocusEffectEnabledKey.self] = newValue }
    }
}

extension View {
    /// Leaves out the focus ring of the focusable views inside (the view shows focus itself, with `isFocused`).
    public func focusEffectDisabled(_ disabled: Bool = true) -> some View {
        environment(\.isFocusEffectEnabled, !disabled)
    }
}

extension EnvironmentValues {
    /// Whether the nearest focusable view around this one has keyboard focus.
    public internal(set) var isFocused: Bool {
        get { self[IsFocusedKey.self] }
        set { self[IsFocusedKey.self] = newValue }
    }
}
