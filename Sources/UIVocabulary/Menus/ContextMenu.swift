import Foundation
@_spi(Engine) import UICore

extension View {
    /// Adds a context menu: a right click on the view, or a finger held on it for half a second, opens a
    /// menu of `menuItems` at that point.
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View {
        modifier(ContextMenuModifier(menuItems: menuItems()))
    }

    /// Adds a context menu with a preview; on a desktop the menu shows without the preview (as on macOS).
    public func contextMenu<M: View, P: View>(@ViewBuilder menuItems: () -> M, @ViewBuilder preview: () -> P)
        -> some View
    {
        modifier(ContextMenuModifier(menuItems: menuItems()))
    }

    /// Runs `action` with the window point of a secondary click (the right button) on this view.
    package func onSecondaryClick(_ action: @escaping @MainActor (CGPoint) -> Void) -> some View {
        wrapped(in: SecondaryClickNode.init) { node in node.configure(action) }
    }
}

/// Opens a menu where the view was right-clicked or long-pressed by a finger; it closes when a row is chosen,
/// on Escape, or at a click outside it.
package struct ContextMenuModifier<MenuItems: View>: ViewModifier {
    package let menuItems: MenuItems
    /// Whether the menu opens now (a list row's Delete menu does not when the row cannot be deleted).
    package var isAvailable: (@MainActor () -> Bool)? = nil
    /// Where the menu was asked for, in the view's points; `nil` while closed.
    @State private var openedAt: CGPoint?

    package func body(content: Content) -> some View {
        let openedAt = $openedAt
        let items = menuItems
        let isAvailable = self.isAvailable
        content
            .gesture(
                TouchLongPressGesture().onEnded { point in
                    if isAvailable?() ?? true { openedAt.wrappedValue = point }
                }
            )
            .onSecondaryClick { point in if isAvailable?() ?? true { openedAt.wrappedValue = point } }
            .popupPresentation { _ in
                guard let point = openedAt.wrappedValue else { return nil }
                var request = PopupRequest(
                    kind: .menu,
                    positioning: PopupPositioning(anchorRect: .zero, anchor: .topLeft, gravity: .bottomRight),
                    content: AnyView(MenuContent(content: items)), close: { openedAt.wrappedValue = nil })
                request.anchor = .rect(CGRect(origin: point, size: CGSize(width: 1, height: 1)))
                return request
            }
    }
}

/// The node of `onSecondaryClick`: its content unchanged, and a hit-test group whose right-button presses run the
/// action with the point in the view's own points.
@MainActor
package final class SecondaryClickNode: InputAttachmentNode {
    private var action: (@MainActor (CGPoint) -> Void)?

    package func configure(_ action: @escaping @MainActor (CGPoint) -> Void) {
        self.action = action
        handlersChanged()
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var inner = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &inner)
        output.items.append(contentsOf: inner.items)
        let group = HitTestNode(
            kind: .group, identity: identity, frame: CGRect(origin: origin, size: size), shape: nil,
            children: inner.hits, name: "secondaryClick")
        if let action {
            group.secondaryClick = { point in action(CGPoint(x: point.x - origin.x, y: point.y - origin.y)) }
        }
        output.hits.append(group)
    }

    package override var debugName: String { "secondaryClick" }
}

/// A finger held still (within 10 points) for `minimumDuration`: ends with where it went down, in the view's
/// points. A mouse press never makes it (a right click opens context menus there).
package struct TouchLongPressGesture: Gesture {
    package typealias Value = CGPoint
    package typealias Body = Never
    package var minimumDuration = 0.5
}

extension TouchLongPressGesture: RecognizableGesture {
    package func makeRecognizer() -> AnyGestureRecognizer { TouchLongPressRecognizer(self) }
}

package final class TouchLongPressRecognizer: GestureRecognizer<CGPoint> {
    private var gesture: TouchLongPressGesture
    private var press = HeldPressTracker()

    package init(_ gesture: TouchLongPressGesture) { self.gesture = gesture }
    package override var debugName: String { "TouchLongPress" }
    package override func refresh(_ gesture: any Gesture) {
        if let gesture = gesture as? TouchLongPressGesture { self.gesture = gesture }
    }
    package override var deadline: Double? { press.deadline(unlessTerminal: phase.isTerminal) }

    package override func update(_ step: inout GestureStep) -> GesturePhase<CGPoint>? {
        let progress = press.update(&step, minimumDuration: gesture.minimumDuration, maximumDistance: 10) {
            $0.kind == .touch
        }
        switch progress {
        case .began, .holding: return nil
        case .elapsed: return .ended(step.coordinates.convert(press.start, to: .local))
        case .failed: return .failed
        }
    }
}
