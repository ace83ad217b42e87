import Foundation
@_spi(Engine) import UICore

/// What kind of popup a view asks for: its chrome and its keyboard behaviour.
package enum PopupKind: Equatable, Sendable {
    /// A menu: a panel of rows; arrows move between rows, Return chooses, Escape closes.
    case menu
    /// A popover: a panel with an arrow on `arrowEdge` pointing at the anchor; Escape closes.
    case popover(arrowEdge: Edge)
}

/// A popup as a view describes it: the content, the rectangle it is anchored to (the presenting view's
/// window points), where it goes from there, and how to close it. The host realises it (an `xdg_popup`), or
/// an offscreen presenter draws it into the window's image.
@MainActor
package struct PopupRequest {
    package var kind: PopupKind
    /// Where the popup goes relative to the presenting view (`anchorRect` is replaced by `anchor` resolved
    /// against the view's frame in window points when it is drawn).
    package var positioning: PopupPositioning
    /// The part of the presenting view the popup is anchored to.
    package var anchor: PopupAnchor = .bounds
    package var content: AnyView
    /// The presenting view's environment (the popup's content sees it).
    package var environment: EnvironmentValues?
    /// Sets the presentation's binding to false (the popup then leaves at the next update).
    package var close: @MainActor () -> Void

    package init(
        kind: PopupKind, positioning: PopupPositioning, content: AnyView, close: @escaping @MainActor () -> Void
    ) {
        self.kind = kind
        self.positioning = positioning
        self.content = content
        self.close = close
    }
}

/// The part of the presenting view a popup is anchored to.
package enum PopupAnchor: Equatable, Sendable {
    /// The whole view.
    case bounds
    /// A rectangle in the view's own points (a context menu's click).
    case rect(CGRect)
    /// A point of the view (`attachmentAnchor: .point(.top)`).
    case unitPoint(UnitPoint)

    /// The anchor in window points, for a view drawn at `frame`.
    package func resolved(in frame: CGRect) -> CGRect {
        switch self {
        case .bounds: return frame
        case .rect(let rect): return rect.offsetBy(dx: frame.minX, dy: frame.minY)
        case .unitPoint(let point):
            return CGRect(
                x: frame.minX + point.x * frame.width, y: frame.minY + point.y * frame.height, width: 1, height: 1)
        }
    }
}

/// The node of a presenting view: draws its content unchanged and, while it asks for a popup, is known to
/// the graph's popup coordinator, which reads the request and the frame the content was last drawn at.
@MainActor
package final class PopupAnchorNode: ViewNode {
    package private(set) var request: PopupRequest?
    /// Where the content was last drawn, window points.
    package private(set) var drawnFrame = CGRect.zero

    package func configure(_ request: PopupRequest?) {
        var request = request
        request?.environment = environment
        self.request = request
        let coordinator = graph.subsystem(PopupCoordinator.self)
        if request != nil { coordinator?.register(self) } else { coordinator?.unregister(self) }
        graph.setNeedsUpdate()
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        drawnFrame = CGRect(origin: origin, size: size)
        super.renderContent(at: origin, size: size, into: &output)
    }

    package override func willRemove() {
        graph.subsystem(PopupCoordinator.self)?.unregister(self)
        super.willRemove()
    }

    package override var debugName: String { "popupAnchor" }
}

extension View {
    /// Presents `request(environment)` as a popup anchored to this view while it returns one.
    package func popupPresentation(_ request: @escaping @MainActor (EnvironmentValues) -> PopupRequest?) -> some View {
        wrapped(in: PopupAnchorNode.init) { node in node.configure(request(node.environment)) }
    }
}

/// What the views inside a popup can do to it.
package struct PopupContext {
    /// Closes this popup (and the popups it opened).
    package var close: @MainActor () -> Void
    /// Closes the whole chain of menus this popup belongs to (a row was chosen).
    package var closeAll: @MainActor () -> Void
    /// Whether the popup is a menu (its buttons are menu rows).
    package var isMenu: Bool
}

package struct PopupContextKey: EnvironmentKey { package static var defaultValue: PopupContext? { nil } }

extension EnvironmentValues {
    /// The popup the view is in, if any.
    package var popupContext: PopupContext? {
        get { self[PopupContextKey.self] }
        set { self[PopupContextKey.self] = newValue }
    }
}
