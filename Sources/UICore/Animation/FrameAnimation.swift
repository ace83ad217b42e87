import Foundation

/// `frame(width:height:alignment:)` whose fixed dimensions animate: while they move, the frame (and the
/// layout around it) is laid out at the presented size each frame. A dimension that appears or disappears
/// (`nil` ▸ value) changes at once.
@MainActor
package final class AnimatedFrameNode: ViewNode, AnimatingNode {
    package private(set) var width: CGFloat?
    package private(set) var height: CGFloat?
    package var alignment = Alignment.center { didSet { if alignment != oldValue { invalidate() } } }
    private var animation = AnimatedVector()

    package func setSize(width newWidth: CGFloat?, height newHeight: CGFloat?) {
        let changed = newWidth != width || newHeight != height
        let sameShape = (newWidth == nil) == (width == nil) && (newHeight == nil) == (height == nil)
        width = newWidth
        height = newHeight
        let vector = (newWidth.map(Double.init) ?? 0, newHeight.map(Double.init) ?? 0)
        let animating = animation.set(
            count: 2, { $0 == 0 ? vector.0 : vector.1 }, animation: sameShape ? animationForChange : nil,
            at: graph.animations.time)
        if animating { graph.animations.register(self) }
        if changed || animating {
            invalidate()
            layoutFollowsOwnAnimation()
        }
    }

    /// The fixed dimensions as laid out now.
    private var presented: (width: CGFloat?, height: CGFloat?) {
        guard animation.isAnimating else { return (width, height) }
        let v = animation.presented(at: graph.animations.time)
        return (width.map { _ in CGFloat(max(0, v[0])) }, height.map { _ in CGFloat(max(0, v[1])) })
    }

    private func childProposal(_ p: ProposedViewSize) -> ProposedViewSize {
        let (w, h) = presented
        return ProposedViewSize(width: w ?? p.width, height: h ?? p.height)
    }
    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let (w, h) = presented
        let child = ZStackLayoutEngine.size(of: layoutChildren, proposal: childProposal(proposal), alignment: alignment)
        return CGSize(width: w ?? child.width, height: h ?? child.height)
    }
    package override func placeContent(in context: PlacementContext) {
        ZStackLayoutEngine.place(
            layoutChildren, in: size, proposal: childProposal(placedProposal ?? ProposedViewSize(size)),
            alignment: alignment, context: context)
    }

    package func invalidateForAnimationFrame() { invalidate() }
    package func finishAnimations(at time: Double) -> Bool { animation.finishIfComplete(at: time) }

    package override var debugName: String { "frame(\(width.map(fmt) ?? "nil")x\(height.map(fmt) ?? "nil"))" }
}
