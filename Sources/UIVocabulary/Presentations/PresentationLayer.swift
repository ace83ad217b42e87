import Foundation
@_spi(Engine) import UICore

/// How a presentation shows: its place in the window, its chrome and what Escape does.
package enum PresentationStyle: Equatable {
    /// A dialog card centred over the dimmed window; a bottom sheet on narrow windows.
    case sheet
    /// The whole window, sliding up from the bottom.
    case fullScreenCover
    /// libadwaita's alert dialog: a small card, always centred.
    case alert
    /// A list of choices: a centred card, a bottom sheet on narrow windows.
    case confirmationDialog
}

/// What a presenting view asks to show, rebuilt at each update of the view.
@MainActor
package struct PresentationRequest {
    package var style: PresentationStyle
    /// The card's content (the sheet's view, or the alert's title, message and buttons).
    package var content: AnyView
    /// Sets the presentation's binding back (false, or nil): the presentation then leaves.
    package var dismiss: @MainActor () -> Void
    /// Runs once the presentation has left (`onDismiss:`).
    package var onDismiss: (@MainActor () -> Void)?
    /// A different value (a sheet's item) replaces the content and its state.
    package var contentID: AnyHashable?
}

/// The presentations of one window, in the order they were presented (each one over the previous). The window's
/// presentation host (the root, or the view that `presentationHost()` marks, inside the window's frame) lays them
/// out over its own frame and draws them over its content.
///
/// Only one presentation shows at a time unless it is presented from inside the one on top (a sheet from a
/// sheet, an alert from a sheet), as in SwiftUI: another one waits, said once on standard error, and shows when
/// the one on top has been dismissed.
@MainActor
package final class PresentationLayer: GraphOwnedFeature, RootOverlayFeature {
    package unowned let graph: ViewGraph
    package private(set) var stack: [PresentationNode] = []
    private var waiting: [PresentationNode] = []
    /// The node that lays the presentations out (nil: the root).
    package weak var host: ViewNode?
    /// The radius of the host's top corners (a floating window's), which the dimming follows.
    package var hostCornerRadius: CGFloat = 0

    package init(graph: ViewGraph) { self.graph = graph }

    /// Whether `node` may show now; if so it joins the stack.
    package func grant(_ node: PresentationNode) -> Bool {
        if stack.contains(where: { $0 === node }) { return true }
        if let top = stack.last(where: { !$0.isDismissing }), !node.isInside(top.stage) { return false }
        waiting.removeAll { $0 === node }
        stack.append(node)
        return true
    }

    /// `node` asks to show but may not yet: it is told when it may (`regrant`).
    package func wait(_ node: PresentationNode) {
        if !waiting.contains(where: { $0 === node }) { waiting.append(node) }
    }

    /// `node` no longer asks to show.
    package func remove(waiting node: PresentationNode) {
        waiting.removeAll { $0 === node }
    }

    /// `node` left the stack (its presentation ended, or its view went away); waiting ones may show now.
    package func remove(_ node: PresentationNode) {
        waiting.removeAll { $0 === node }
        guard let index = stack.firstIndex(where: { $0 === node }) else { return }
        stack.remove(at: index)
        for next in waiting where !next.isRemoved { next.regrant() }
    }

    /// Whether the host is `node` (or, with no host marked, the root).
    package func isHost(_ node: ViewNode) -> Bool {
        if let host, !host.isRemoved { return host === node }
        return node is RootNode
    }

    /// Places each presentation's stage over the host's frame of `size`.
    package func placeStages(size: CGSize, in context: PlacementContext) {
        for node in stack { node.stage?.place(at: .zero, proposal: ProposedViewSize(size), in: context) }
    }

    /// Draws each presentation over the host's content (drawn at `origin`).
    package func renderStages(at origin: CGPoint, into output: inout RenderOutput) {
        for node in stack { node.renderStage(at: origin, into: &output) }
    }

    package func placeOverlays(over root: ViewNode, in context: PlacementContext) {
        if isHost(root) { placeStages(size: root.size, in: context) }
    }

    package func renderOverlays(over root: ViewNode, at origin: CGPoint, into output: inout RenderOutput) {
        if isHost(root) { renderStages(at: origin, into: &output) }
    }
}

extension ViewGraph {
    /// The sheets, alerts and dialogs showing over the window.
    package var presentations: PresentationLayer { feature(PresentationLayer.self) }
}

/// Marks the view whose frame presentations cover (the window without its shadow margin).
@MainActor
package final class PresentationHostNode: ViewNode {
    package func configure(cornerRadius: CGFloat) {
        let layer = graph.presentations
        if layer.host !== self || layer.hostCornerRadius != cornerRadius {
            layer.host = self
            layer.hostCornerRadius = cornerRadius
            invalidate()
        }
    }

    package override func placeContent(in context: PlacementContext) {
        super.placeContent(in: context)
        graph.presentations.placeStages(size: size, in: context)
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        super.renderContent(at: origin, size: size, into: &output)
        graph.presentations.renderStages(at: origin, into: &output)
    }

    package override func willRemove() {
        if graph.presentations.host === self { graph.presentations.host = nil }
        super.willRemove()
    }

    package override var debugName: String { "presentationHost" }
}

extension View {
    /// Sheets and alerts cover this view's frame (the window's content inside its frame), not the whole graph;
    /// the dimming follows its top corners' radius.
    package func presentationHost(topCornerRadius: CGFloat = 0) -> some View {
        wrapped(in: PresentationHostNode.init) { $0.configure(cornerRadius: topCornerRadius) }
    }
}

/// One line on standard error about a presentation.
@MainActor package func logPresentation(_ message: String) { PresentationLog.sink(message) }

@MainActor package enum PresentationLog {
    /// Where the lines go (standard error; tests listen here).
    package static var sink: (String) -> Void = { FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8)) }
}
