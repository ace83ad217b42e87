import Foundation
@_spi(Engine) import UICore

/// Where a popover attaches to the view presenting it.
public enum PopoverAttachmentAnchor {
    /// A rectangle of the view (its bounds by default).
    case rect(Anchor<CGRect>.Source)
    /// A point of the view.
    case point(UnitPoint)

    package var popupAnchor: PopupAnchor {
        switch self {
        case .rect(let source): source.localRect.map(PopupAnchor.rect) ?? .bounds
        case .point(let point): .unitPoint(point)
        }
    }
}

extension View {
    /// Presents `content` in a popover while `isPresented` is true: a panel beside the view with an arrow on
    /// `arrowEdge` (the top by default) pointing at it, in a popup the compositor may flip or slide to keep it
    /// on screen. A click outside it or Escape closes it (setting `isPresented` to false).
    public func popover<Content: View>(
        isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
        arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        popupPresentation { _ in
            guard isPresented.wrappedValue else { return nil }
            return popoverRequest(anchor: attachmentAnchor, arrowEdge: arrowEdge ?? .top, content: AnyView(content())) {
                isPresented.wrappedValue = false
            }
        }
    }

    /// Presents a popover for `item` while it is not nil; closing it sets `item` to nil. A different item
    /// replaces the popover's content.
    public func popover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
        arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        popupPresentation { _ in
            guard let value = item.wrappedValue else { return nil }
            return popoverRequest(
                anchor: attachmentAnchor, arrowEdge: arrowEdge ?? .top, content: AnyView(content(value).id(value.id))
            ) {
                item.wrappedValue = nil
            }
        }
    }
}

/// A popover's request: its panel goes on the far side of `arrowEdge`'s opposite, centred on the anchor (an arrow
/// on the top edge puts the popover below the view).
@MainActor
package func popoverRequest(
    anchor: PopoverAttachmentAnchor, arrowEdge: Edge, content: AnyView, close: @escaping @MainActor () -> Void
) -> PopupRequest {
    let side: PopupEdgePoint =
        switch arrowEdge {
        case .top: .bottom
        case .bottom: .top
        case .leading: .right
        case .trailing: .left
        }
    var request = PopupRequest(
        kind: .popover(arrowEdge: arrowEdge),
        positioning: PopupPositioning(
            anchorRect: .zero, anchor: side, gravity: side,
            adjustment: [.flipX, .flipY, .slideX, .slideY]),
        content: AnyView(VStack { content }), close: close)
    request.anchor = anchor.popupAnchor
    return request
}
