import CoreGraphics
import Foundation

/// A gesture attached to a view with `.gesture`, `.highPriorityGesture` or `.simultaneousGesture`,
/// stored opaquely for the gesture system.
package struct AttachedGesture {
    /// How the gesture competes with others.
    package enum Priority: Hashable, Sendable { case normal, high, simultaneous }
    /// The gesture value (`any Gesture`); the gesture system opens it.
    package let gesture: any Gesture
    package let priority: Priority
    package let mask: GestureMask
    /// The view the gesture is attached to.
    package let owner: ViewIdentity
    /// Index among the gestures attached to `owner` (stable across updates while the modifiers keep their order).
    package let index: Int
    /// The owner's layout frame in window points: `.local` coordinates are relative to its origin
    /// (effects inside the modifier, such as an `.offset` before `.gesture`, do not move it).
    package let frameInWindow: CGRect
    /// Frames of named coordinate spaces visible from the owner, window points.
    package let namedSpaces: [AnyHashable: CGRect]
    package init(
        gesture: any Gesture, priority: Priority, mask: GestureMask, owner: ViewIdentity, index: Int,
        frameInWindow: CGRect, namedSpaces: [AnyHashable: CGRect]
    ) {
        self.gesture = gesture
        self.priority = priority
        self.mask = mask
        self.owner = owner
        self.index = index
        self.frameInWindow = frameInWindow
        self.namedSpaces = namedSpaces
    }
}

/// One node of the hit-test tree, in window points.
@MainActor
package final class HitTestNode {
    /// How the node takes part in hit testing.
    package enum Kind: Sendable {
        /// A drawn view: hit when the point is in `shape` (or `frame` when `shape` is nil).
        case leaf
        /// A grouping (gesture attachment, transform…): hit when a child is hit.
        case group
        /// A `contentShape`: hit when the point is in `shape`; a hit child is reported if there is one.
        case contentShape
    }
    package let kind: Kind
    /// The view this node stands for.
    package let identity: ViewIdentity
    /// The view's frame, window points.
    package let frame: CGRect
    /// The hit region of leaves and content shapes, window points (`nil`: the frame).
    package let shape: Path?
    /// Children, back to front.
    package internal(set) var children: [HitTestNode]
    /// Gestures attached at this node.
    package internal(set) var gestures: [AttachedGesture]
    /// Maps a window point into the space the children were laid out in (inverse of a rotation/scale effect).
    package let pointTransform: CGAffineTransform?
    /// A debugging name (the view type).
    package let name: String
    /// The opacity this node applies to its content (`.opacity`); below 0.001 in product along the
    /// chain, nothing inside is hittable.
    package internal(set) var opacity: Double = 1
    /// What the view does with focus, keys, hover and the pointer's shape (`.focusable`, `.onKeyPress`,
    /// `.onHover`, `.pointerStyle`…), if anything.
    package var interaction: ViewInteraction?
    /// What a secondary click (the right button) on the view does, given the window point (`contextMenu`).
    package var secondaryClick: (@MainActor (CGPoint) -> Void)?
    /// The scroll view this node stands for, which takes wheel and touchpad scrolling over it.
    package weak var scrollTarget: (any ScrollTarget)?

    package init(identity: ViewIdentity, frame: CGRect, shape: Path?, name: String) {
        kind = .leaf
        self.identity = identity
        self.frame = frame
        self.shape = shape
        children = []
        gestures = []
        pointTransform = nil
        self.name = name
    }

    package init(
        kind: Kind, identity: ViewIdentity, frame: CGRect, shape: Path?, children: [HitTestNode],
        gestures: [AttachedGesture] = [], pointTransform: CGAffineTransform? = nil, name: String
    ) {
        self.kind = kind
        self.identity = identity
        self.frame = frame
        self.shape = shape
        self.children = children
        self.gestures = gestures
        self.pointTransform = pointTransform
        self.name = name
    }

    private func regionContains(_ point: CGPoint) -> Bool {
        if let shape { return shape.contains(point) }
        return frame.contains(point)
    }

    /// Views whose effective opacity is below this are not hittable (SwiftUI's threshold).
    package static let minimumHittableOpacity = 0.001

    /// The chain from this node to the front-most hit leaf, or nil.
    package func hit(_ windowPoint: CGPoint, opacity inherited: Double = 1) -> [HitTestNode]? {
        let effective = inherited * opacity
        guard effective >= HitTestNode.minimumHittableOpacity else { return nil }
        let point = pointTransform.map { windowPoint.applying($0) } ?? windowPoint
        switch kind {
        case .leaf:
            return regionContains(point) ? [self] : nil
        case .group:
            for child in children.reversed() {
                if let chain = child.hit(point, opacity: effective) { return [self] + chain }
            }
            return nil
        case .contentShape:
            guard regionContains(point) else { return nil }
            for child in children.reversed() {
                if let chain = child.hit(point, opacity: effective) { return [self] + chain }
            }
            return [self]
        }
    }
}

/// The result of hit testing a point.
@MainActor
package struct HitTestResult {
    /// From the outermost hit node to the front-most leaf.
    package let chain: [HitTestNode]
    /// The front-most view under the point.
    package var leaf: HitTestNode { chain[chain.count - 1] }
    /// The enabled gestures on the chain, innermost (closest to the leaf) first. Per `GestureMask`, an
    /// attachment without `.gesture` is itself disabled, and one without `.subviews` disables every
    /// gesture attached below it.
    package var gestures: [AttachedGesture] {
        var enabled: [AttachedGesture] = []
        var subviewsDisabled = false
        for node in chain {
            var disablesBelow = false
            for attached in node.gestures {
                if !subviewsDisabled && attached.mask.contains(.gesture) { enabled.append(attached) }
                if !attached.mask.contains(.subviews) { disablesBelow = true }
            }
            if disablesBelow { subviewsDisabled = true }
        }
        return enabled.reversed()
    }

    /// Every gesture attached on the chain, enabled or not, innermost first.
    package var attachedGestures: [AttachedGesture] { chain.reversed().flatMap { $0.gestures } }
}

/// Which views are under a point, and their gestures. Built with the display list, same geometry.
///
/// Per SwiftUI: masks and clips do not limit hit testing; views with opacity < 0.001, hidden views and
/// `allowsHitTesting(false)` subtrees are absent; shapes hit-test by their path; `contentShape` replaces
/// the region; offsets and rotation/scale effects move the region with the drawing.
@MainActor
package struct HitTestTree {
    /// Top-level nodes, back to front.
    package let roots: [HitTestNode]

    /// The front-most view under `point` (window points) and its ancestors, or nil.
    package func hitTest(_ point: CGPoint) -> HitTestResult? {
        for root in roots.reversed() {
            if let chain = root.hit(point) { return HitTestResult(chain: chain) }
        }
        return nil
    }

    /// An indented textual form (tests, debugging).
    package var description: String {
        var lines: [String] = []
        func visit(_ node: HitTestNode, _ indent: String) {
            var line = "\(indent)\(node.kind) \(node.name) \(fmt(node.frame))"
            if node.shape != nil { line += " shaped" }
            if !node.gestures.isEmpty { line += " gestures:\(node.gestures.count)" }
            lines.append(line)
            for child in node.children { visit(child, indent + "  ") }
        }
        for root in roots { visit(root, "") }
        return lines.joined(separator: "\n")
    }
}
