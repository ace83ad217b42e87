import Foundation
@_spi(Engine) import UICore

/// The look of a popup surface: a white panel with a hairline border and a soft shadow, in a clear margin
/// that holds the shadow (outside the popup's window geometry). A popover's panel has an arrow on one edge.
package enum PopupChrome {
    /// Clear space around the panel for its shadow, points.
    package static let shadowMargin: CGFloat = 12
    package static let menuCornerRadius: CGFloat = 8
    package static let popoverCornerRadius: CGFloat = 12
    package static let arrowWidth: CGFloat = 20
    package static let arrowHeight: CGFloat = 10
    /// Space above the first and below the last row of a menu.
    package static let menuVerticalPadding: CGFloat = 6
    package static let popoverPadding: CGFloat = 12
    package static let shadow = Color(red: 0, green: 0, blue: 0, opacity: 0.18)
}

/// Where a popover's arrow is: its edge of the panel and its centre along that edge (points from the
/// geometry's leading or top end).
package struct PopupArrow: Equatable {
    package var edge: Edge
    package var position: CGFloat
}

/// The panel's outline: a rounded rectangle, with a triangular arrow standing out of one edge.
package struct PopupPanelShape: Shape {
    package var cornerRadius: CGFloat
    package var arrow: PopupArrow?

    package func path(in rect: CGRect) -> Path {
        var panel = rect
        if let arrow {
            switch arrow.edge {
            case .top:
                panel = CGRect(
                    x: rect.minX, y: rect.minY + PopupChrome.arrowHeight, width: rect.width,
                    height: rect.height - PopupChrome.arrowHeight)
            case .bottom:
                panel = CGRect(
                    x: rect.minX, y: rect.minY, width: rect.width, height: rect.height - PopupChrome.arrowHeight)
            case .leading:
                panel = CGRect(
                    x: rect.minX + PopupChrome.arrowHeight, y: rect.minY, width: rect.width - PopupChrome.arrowHeight,
                    height: rect.height)
            case .trailing:
                panel = CGRect(
                    x: rect.minX, y: rect.minY, width: rect.width - PopupChrome.arrowHeight, height: rect.height)
            }
        }
        let r = min(cornerRadius, panel.width / 2, panel.height / 2)
        // Corners clockwise from the top left, with the arrow's three points inserted on its edge.
        var vertices: [(CGPoint, CGFloat)] = []
        func arrowPoints(on edge: Edge) -> [(CGPoint, CGFloat)] {
            guard let arrow, arrow.edge == edge else { return [] }
            let half = PopupChrome.arrowWidth / 2
            let h = PopupChrome.arrowHeight
            switch edge {
            case .top:
                let x = min(max(rect.minX + arrow.position, panel.minX + r + half), panel.maxX - r - half)
                return [
                    (CGPoint(x: x - half, y: panel.minY), 0), (CGPoint(x: x, y: panel.minY - h), 0),
                    (CGPoint(x: x + half, y: panel.minY), 0),
                ]
            case .trailing:
                let y = min(max(rect.minY + arrow.position, panel.minY + r + half), panel.maxY - r - half)
                return [
                    (CGPoint(x: panel.maxX, y: y - half), 0), (CGPoint(x: panel.maxX + h, y: y), 0),
                    (CGPoint(x: panel.maxX, y: y + half), 0),
                ]
            case .bottom:
                let x = min(max(rect.minX + arrow.position, panel.minX + r + half), panel.maxX - r - half)
                return [
                    (CGPoint(x: x + half, y: panel.maxY), 0), (CGPoint(x: x, y: panel.maxY + h), 0),
                    (CGPoint(x: x - half, y: panel.maxY), 0),
                ]
            case .leading:
                let y = min(max(rect.minY + arrow.position, panel.minY + r + half), panel.maxY - r - half)
                return [
                    (CGPoint(x: panel.minX, y: y + half), 0), (CGPoint(x: panel.minX - h, y: y), 0),
                    (CGPoint(x: panel.minX, y: y - half), 0),
                ]
            }
        }
        vertices.append((CGPoint(x: panel.minX, y: panel.minY), r))
        vertices += arrowPoints(on: .top)
        vertices.append((CGPoint(x: panel.maxX, y: panel.minY), r))
        vertices += arrowPoints(on: .trailing)
        vertices.append((CGPoint(x: panel.maxX, y: panel.maxY), r))
        vertices += arrowPoints(on: .bottom)
        vertices.append((CGPoint(x: panel.minX, y: panel.maxY), r))
        vertices += arrowPoints(on: .leading)
        var path = Path()
        let last = vertices[vertices.count - 1].0
        let first = vertices[0].0
        path.move(to: CGPoint(x: (last.x + first.x) / 2, y: (last.y + first.y) / 2))
        for (index, (point, radius)) in vertices.enumerated() {
            if radius > 0 {
                path.addArc(tangent1End: point, tangent2End: vertices[(index + 1) % vertices.count].0, radius: radius)
            } else {
                path.addLine(to: point)
            }
        }
        path.closeSubpath()
        return path
    }
}

/// A popup surface's whole content: the panel with the popup's content inside, in the shadow margin.
package struct PopupSurfaceView: View {
    package let kind: PopupKind
    package let arrow: PopupArrow?
    package let content: AnyView
    @Environment(\.colorScheme) private var colorScheme

    package var body: some View {
        let dark = colorScheme == .dark
        let radius = kind == .menu ? PopupChrome.menuCornerRadius : PopupChrome.popoverCornerRadius
        let shape = PopupPanelShape(cornerRadius: radius, arrow: arrow)
        let inner =
            kind == .menu
            ? EdgeInsets(
                top: PopupChrome.menuVerticalPadding, leading: 0, bottom: PopupChrome.menuVerticalPadding, trailing: 0)
            : EdgeInsets(
                top: PopupChrome.popoverPadding, leading: PopupChrome.popoverPadding,
                bottom: PopupChrome.popoverPadding, trailing: PopupChrome.popoverPadding)
        content
            .padding(inner)
            .padding(arrowEdges, arrow == nil ? 0 : PopupChrome.arrowHeight)
            .background(
                shape.fill(AdwaitaPalette.popover(dark: dark)).shadow(color: PopupChrome.shadow, radius: 6, y: 2)
            )
            .overlay(shape.stroke(AdwaitaPalette.popoverBorder(dark: dark), lineWidth: 1).allowsHitTesting(false))
            .padding(PopupChrome.shadowMargin)
    }

    private var arrowEdges: Edge.Set {
        switch arrow?.edge {
        case .top?: .top
        case .bottom?: .bottom
        case .leading?: .leading
        case .trailing?: .trailing
        case nil: []
        }
    }
}
