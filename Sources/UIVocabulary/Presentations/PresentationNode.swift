import Foundation
@_spi(Engine) import UICore

/// A presentation modifier around each element of its content: the content lays out as usual, and the
/// presented view is built beside it (in the node's stage) but laid out and drawn by the window's presentation
/// host, over everything else.
package struct PresentationModifier: ElementWrappingModifier {
    package typealias Body = Never
    package let request: @MainActor () -> PresentationRequest?

    package func wrapElement(
        in builder: _ViewNodeBuilder, environment: EnvironmentValues, content: (_ViewNodeBuilder) -> Void
    ) {
        let graph = builder.graph
        let node = builder.node(PresentationNode.self) { PresentationNode(graph: graph, environment: environment) }
        node.environment = environment
        graph.rebuildChildren(of: node, environment: builder.environment) { inner in
            content(inner)
            inner.with(.secondary) {
                _ = inner.node(PresentationStageNode.self) {
                    PresentationStageNode(graph: graph, environment: environment)
                }
            }
        }
        node.configure(request())
    }
}

/// The node of a presenting view. It shows its request (animating in), keeps showing it while it animates
/// out once the binding is reset, and then runs `onDismiss`. While shown (not leaving) it is modal: nothing
/// behind it takes the pointer, touches or keys, and Escape cancels it.
@MainActor
package final class PresentationNode: ViewNode, AnimatingNode, StateReader {
    /// libadwaita's dialogs fade and scale in; sheets slide: a quick ease out.
    package static let animation = Animation.easeOut(duration: 0.25)
    /// How dark the window behind gets.
    package static let dimming = 0.3

    package var stage: PresentationStageNode? { children.last as? PresentationStageNode }
    /// The stage is laid out and drawn by the presentation host, not with the content.
    package override func isSecondary(_ child: ViewNode) -> Bool { child is PresentationStageNode }
    /// The request showing (kept while it animates out).
    package private(set) var shown: PresentationRequest?
    /// The request asked for, while it waits for another presentation to end.
    private var pending: PresentationRequest?
    private var progress = AnimatedVector()
    private var needsRegrant = false
    private var saidWaiting = false

    package override init(graph: ViewGraph, environment: EnvironmentValues) {
        super.init(graph: graph, environment: environment)
        _ = progress.set([0], animation: nil, at: 0)
    }

    /// Whether the presentation is leaving (its binding was reset; it animates out and takes no input).
    package var isDismissing: Bool { shown != nil && progress.target == [0] }

    /// How far in the presentation is: 0 hidden, 1 fully shown.
    package var presentedProgress: Double { min(1, max(0, progress.presented(at: graph.animations.time).first ?? 0)) }

    package func configure(_ request: PresentationRequest?) {
        pending = request
        guard let request else {
            saidWaiting = false
            graph.presentations.remove(waiting: self)
            if shown != nil, !isDismissing { animate(to: 0) }
            return
        }
        guard graph.presentations.grant(self) else {
            if !saidWaiting {
                logPresentation(
                    "\(request.style.name): another presentation is showing; this one shows once it is dismissed")
                saidWaiting = true
            }
            graph.presentations.wait(self)
            return
        }
        saidWaiting = false
        let appearing = shown == nil || isDismissing
        shown = request
        rebuildStage(request)
        if appearing { animate(to: 1) }
    }

    private func rebuildStage(_ request: PresentationRequest) {
        guard let stage else { return }
        if stage.style != request.style {
            stage.style = request.style
            stage.invalidate()
        }
        var environment = self.environment
        // Only the dismiss action, never the whole request: the request's content is the presented view, whose
        // @Environment boxes keep this environment, so capturing it would keep both alive in a cycle.
        let dismiss = request.dismiss
        environment.dismiss = DismissAction(dismiss)
        environment.isPresented = true
        environment[PresentationModeKey.self] = Binding(
            get: { PresentationMode(isPresented: true, dismissAction: dismiss) }, set: { _ in })
        graph.rebuildChildren(of: stage, environment: environment) { builder in
            if let id = request.contentID {
                builder.with(.explicit(id)) { makeNodes(request.content, into: builder) }
            } else {
                makeNodes(request.content, into: builder)
            }
        }
        stage.invalidate()
    }

    private func animate(to target: Double) {
        // Shown at once when the view appears already presenting (a window's first frame), or without animation.
        let animated = birthUpdate != graph.updateCount && !transactionForChange.disablesAnimations
        if progress.set([target], animation: animated ? Self.animation : nil, at: graph.animations.time) {
            graph.animations.register(self)
        }
        invalidate()
        if target == 0, !progress.isAnimating { finishDismissal() }
    }

    /// The presentation has left: its view goes, the next waiting one may show, `onDismiss` runs.
    private func finishDismissal() {
        guard let ended = shown else { return }
        shown = nil
        if let stage { graph.rebuildChildren(of: stage, environment: environment) { _ in } }
        graph.presentations.remove(self)
        invalidate()
        if let onDismiss = ended.onDismiss { graph.deferAction { onDismiss() } }
    }

    /// Another presentation ended: ask again.
    package func regrant() {
        needsRegrant = true
        graph.scheduleEvaluation(self)
    }

    /// Escape: a sheet is dismissed unless `interactiveDismissDisabled`; an alert or dialog without a cancel
    /// button (whose own shortcut would have taken the key) is dismissed.
    package func cancel() {
        guard let shown, !isDismissing else { return }
        if shown.style == .sheet || shown.style == .fullScreenCover, stage?.interactiveDismissDisabled == true {
            return
        }
        shown.dismiss()
    }

    /// Whether this node lies inside `ancestor`'s subtree.
    package func isInside(_ ancestor: ViewNode?) -> Bool {
        guard let ancestor else { return false }
        var node = parent
        while let current = node {
            if current === ancestor { return true }
            node = current.parent
        }
        return false
    }

    // MARK: Drawing

    /// Draws the dimmed window and the card over the host's frame at `origin`; while shown, the card is modal.
    package func renderStage(at origin: CGPoint, into output: inout RenderOutput) {
        guard let shown, let stage else { return }
        let shownFraction = presentedProgress
        let frame = CGRect(origin: origin, size: stage.size)
        if shown.style != .fullScreenCover {
            let dim = RGBA(red: 0, green: 0, blue: 0, opacity: Self.dimming * shownFraction)
            let radius = graph.presentations.hostCornerRadius
            output.items.append(
                .fill(
                    FillOperation(
                        path: radius > 0 ? PresentationStageNode.topRounded(frame, radius: radius) : Path(frame),
                        primitive: radius > 0 ? nil : .rect(frame), paint: .color(dim), eoFill: false,
                        antialiased: radius > 0)))
        }
        var card = RenderOutput()
        stage.render(at: origin, into: &card)
        let cardFrame = stage.cardFrame.offsetBy(dx: origin.x, dy: origin.y)
        switch stage.mode {
        case .floating:
            let scale = 0.92 + 0.08 * shownFraction
            let transform = CGAffineTransform(translationX: cardFrame.midX, y: cardFrame.midY)
                .scaledBy(x: scale, y: scale).translatedBy(x: -cardFrame.midX, y: -cardFrame.midY)
            output.items.append(
                .layer(
                    DisplayLayer(
                        effect: .opacity(shownFraction),
                        items: [.layer(DisplayLayer(effect: .transform(transform), items: card.items))])))
        case .bottomSheet, .fullScreen:
            let drop = ((1 - shownFraction) * (frame.maxY - cardFrame.minY)).rounded()
            output.items.append(
                .layer(DisplayLayer(effect: .transform(CGAffineTransform(translationX: 0, y: drop)), items: card.items))
            )
        }
        guard !isDismissing else { return }
        // Over the whole frame: what is behind takes no input while the presentation shows.
        let modal = HitTestNode(
            kind: .contentShape, identity: stage.identity, frame: frame, shape: nil, children: card.hits,
            name: "presentation")
        modal.interaction = .modal(cancel: { [weak self] in self?.cancel() })
        output.hits.append(modal)
    }

    // MARK: Animation and updates

    package func invalidateForAnimationFrame() {
        stage?.invalidateRender()
        invalidateRender()
    }

    package func finishAnimations(at time: Double) -> Bool {
        if progress.finishIfComplete(at: time) { return true }
        if isDismissing { graph.scheduleEvaluation(self) }
        return false
    }

    package func stateDidChange() { graph.scheduleEvaluation(self) }

    package override func evaluateIfDirty() {
        if isDismissing, !progress.isAnimating { finishDismissal() }
        if needsRegrant {
            needsRegrant = false
            if let pending { configure(pending) }
        }
    }

    package override func willRemove() {
        graph.presentations.remove(self)
        super.willRemove()
    }

    package override var debugName: String { "presentation" }
}

extension PresentationStyle {
    /// The modifier's name, for log lines.
    package var name: String {
        switch self {
        case .sheet: "sheet"
        case .fullScreenCover: "fullScreenCover"
        case .alert: "alert"
        case .confirmationDialog: "confirmationDialog"
        }
    }
}
