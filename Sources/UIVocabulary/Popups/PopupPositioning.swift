import Foundation
@_spi(Engine) import UICore

/// A point of a rectangle, or a direction from one: the values of `xdg_positioner`'s anchor and gravity.
package enum PopupEdgePoint: UInt32, Sendable {
    case center = 0
    case top, bottom, left, right, topLeft, bottomLeft, topRight, bottomRight

    /// -1, 0 or 1 along x (left, centre, right) and y (top, centre, bottom).
    package var direction: (x: Int, y: Int) {
        switch self {
        case .center: (0, 0)
        case .top: (0, -1)
        case .bottom: (0, 1)
        case .left: (-1, 0)
        case .right: (1, 0)
        case .topLeft: (-1, -1)
        case .bottomLeft: (-1, 1)
        case .topRight: (1, -1)
        case .bottomRight: (1, 1)
        }
    }

    package init(x: Int, y: Int) {
        switch (x, y) {
        case (0, -1): self = .top
        case (0, 1): self = .bottom
        case (-1, 0): self = .left
        case (1, 0): self = .right
        case (-1, -1): self = .topLeft
        case (-1, 1): self = .bottomLeft
        case (1, -1): self = .topRight
        case (1, 1): self = .bottomRight
        default: self = .center
        }
    }

    package var flippedX: PopupEdgePoint { PopupEdgePoint(x: -direction.x, y: direction.y) }
    package var flippedY: PopupEdgePoint { PopupEdgePoint(x: direction.x, y: -direction.y) }
}

/// What a compositor may do to a popup that would not fit: `xdg_positioner`'s constraint adjustments.
package struct PopupConstraintAdjustment: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package static let slideX = PopupConstraintAdjustment(rawValue: 1)
    package static let slideY = PopupConstraintAdjustment(rawValue: 2)
    package static let flipX = PopupConstraintAdjustment(rawValue: 4)
    package static let flipY = PopupConstraintAdjustment(rawValue: 8)
    package static let resizeX = PopupConstraintAdjustment(rawValue: 16)
    package static let resizeY = PopupConstraintAdjustment(rawValue: 32)
    /// Flip first, then slide, then shrink: what menus ask for.
    package static let all: PopupConstraintAdjustment = [.flipX, .flipY, .slideX, .slideY, .resizeX, .resizeY]
}

/// Where a popup goes, as `xdg_positioner` says it: a rectangle of the parent (its window points), a point of
/// it (`anchor`), the direction the popup extends from that point (`gravity`), an offset, and what may be
/// changed when the popup would leave the screen. `frame(size:within:)` places it as a compositor does, so
/// offscreen renders and tests see the popup where a compositor would show it.
package struct PopupPositioning: Equatable, Sendable {
    package var anchorRect: CGRect
    package var anchor: PopupEdgePoint
    package var gravity: PopupEdgePoint
    package var offset: CGSize = .zero
    package var adjustment: PopupConstraintAdjustment = .all

    package init(
        anchorRect: CGRect, anchor: PopupEdgePoint, gravity: PopupEdgePoint, offset: CGSize = .zero,
        adjustment: PopupConstraintAdjustment = .all
    ) {
        self.anchorRect = anchorRect
        self.anchor = anchor
        self.gravity = gravity
        self.offset = offset
        self.adjustment = adjustment
    }

    /// The popup's frame (parent points) before any adjustment.
    package func unconstrainedFrame(size: CGSize, anchor: PopupEdgePoint, gravity: PopupEdgePoint) -> CGRect {
        let a = anchor.direction
        let g = gravity.direction
        let point = CGPoint(
            x: anchorRect.midX + CGFloat(a.x) * anchorRect.width / 2,
            y: anchorRect.midY + CGFloat(a.y) * anchorRect.height / 2)
        // Gravity right puts the popup's left edge on the point; centre centres it there.
        let x = point.x + offset.width - size.width / 2 + CGFloat(g.x) * size.width / 2
        let y = point.y + offset.height - size.height / 2 + CGFloat(g.y) * size.height / 2
        return CGRect(x: x, y: y, width: size.width, height: size.height)
    }

    /// The frame a compositor gives a popup of `size` when `bounds` (parent points) is what it may cover:
    /// on each axis that overflows, flip if the flipped frame fits, else slide into the bounds, else shrink.
    package func frame(size: CGSize, within bounds: CGRect) -> CGRect {
        var frame = unconstrainedFrame(size: size, anchor: anchor, gravity: gravity)
        if adjustment.contains(.flipX), frame.minX < bounds.minX || frame.maxX > bounds.maxX {
            let flipped = unconstrainedFrame(size: size, anchor: anchor.flippedX, gravity: gravity.flippedX)
            if flipped.minX >= bounds.minX && flipped.maxX <= bounds.maxX { frame.origin.x = flipped.minX }
        }
        if adjustment.contains(.flipY), frame.minY < bounds.minY || frame.maxY > bounds.maxY {
            let flipped = unconstrainedFrame(size: size, anchor: anchor.flippedY, gravity: gravity.flippedY)
            if flipped.minY >= bounds.minY && flipped.maxY <= bounds.maxY { frame.origin.y = flipped.minY }
        }
        if adjustment.contains(.slideX) {
            if frame.maxX > bounds.maxX { frame.origin.x -= frame.maxX - bounds.maxX }
            if frame.minX < bounds.minX { frame.origin.x = bounds.minX }
        }
        if adjustment.contains(.slideY) {
            if frame.maxY > bounds.maxY { frame.origin.y -= frame.maxY - bounds.maxY }
            if frame.minY < bounds.minY { frame.origin.y = bounds.minY }
        }
        if adjustment.contains(.resizeX) {
            let clipped = max(frame.minX, bounds.minX)
            let end = min(frame.maxX, bounds.maxX)
            if end > clipped { frame = CGRect(x: clipped, y: frame.minY, width: end - clipped, height: frame.height) }
        }
        if adjustment.contains(.resizeY) {
            let clipped = max(frame.minY, bounds.minY)
            let end = min(frame.maxY, bounds.maxY)
            if end > clipped { frame = CGRect(x: frame.minX, y: clipped, width: frame.width, height: end - clipped) }
        }
        return frame
    }
}
