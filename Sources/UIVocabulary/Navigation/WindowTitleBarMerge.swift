import Foundation
@_spi(Engine) import UICore

/// Where a window draws its own title bar (client-side decorations), the outermost navigation stack merges
/// its header bars with it, as GNOME apps do: the window's title bar steps aside, each page's header bar
/// carries the window controls at its end and moves the window when dragged.
///
/// The host puts one in the environment while it shows its title bar; a stack claims it while it is in
/// the graph. Claims are made while views are built and the title bar's size is read at layout, so the
/// frame that shows a stack first already shows one bar.
@MainActor
package final class WindowTitleBarMerge {
    /// The window's controls (minimize, maximize, close), as the host draws them.
    package let controls: AnyView
    /// Starts an interactive move of the window (a drag on a header bar).
    package let beginMove: @MainActor () -> Void
    /// Maximizes or restores the window (a double click on a header bar).
    package let toggleMaximize: @MainActor () -> Void
    private var claims: Set<ObjectIdentifier> = []
    fileprivate weak var titleBarNode: ViewNode?

    package init(
        controls: AnyView, beginMove: @escaping @MainActor () -> Void, toggleMaximize: @escaping @MainActor () -> Void
    ) {
        self.controls = controls
        self.beginMove = beginMove
        self.toggleMaximize = toggleMaximize
    }

    /// Whether a navigation stack shows the title bar's content in its header bars.
    package var isClaimed: Bool { !claims.isEmpty }

    fileprivate func claim(_ owner: ObjectIdentifier) {
        if claims.insert(owner).inserted && claims.count == 1 { titleBarNode?.invalidate() }
    }

    fileprivate func release(_ owner: ObjectIdentifier) {
        if claims.remove(owner) != nil && claims.isEmpty { titleBarNode?.invalidate() }
    }
}

package struct WindowTitleBarMergeKey: EnvironmentKey {
    package static var defaultValue: WindowTitleBarMerge? { nil }
}

extension EnvironmentValues {
    /// The window's title bar, for the outermost navigation stack to merge with.
    package var windowTitleBarMerge: WindowTitleBarMerge? {
        get { self[WindowTitleBarMergeKey.self] }
        set { self[WindowTitleBarMergeKey.self] = newValue }
    }
}

/// Claims the title bar for the stack's lifetime; the stack's content sees none (inner stacks keep theirs).
package struct WindowTitleBarClaim: ViewModifier {
    package let merge: WindowTitleBarMerge?

    package func body(content: Content) -> some View {
        content
            .environment(\.windowTitleBarMerge, nil)
            .wrapped(in: { TitleBarClaimNode(graph: $0, environment: $1) }) { $0.claim(merge) }
    }
}

@MainActor
package final class TitleBarClaimNode: ViewNode {
    private weak var merge: WindowTitleBarMerge?

    package func claim(_ newMerge: WindowTitleBarMerge?) {
        if merge !== newMerge { merge?.release(ObjectIdentifier(self)) }
        merge = newMerge
        newMerge?.claim(ObjectIdentifier(self))
    }

    package override func willRemove() {
        merge?.release(ObjectIdentifier(self))
        super.willRemove()
    }

    package override var debugName: String { "TitleBarClaim" }
}

extension View {
    /// The window's own title bar: it takes no room and draws nothing while a navigation stack merged it
    /// into its header bars.
    package func windowTitleBar(merging merge: WindowTitleBarMerge) -> some View {
        wrapped(in: { MergeableTitleBarNode(graph: $0, environment: $1) }) { node in
            node.merge = merge
            merge.titleBarNode = node
        }
    }
}

@MainActor
package final class MergeableTitleBarNode: ViewNode {
    package weak var merge: WindowTitleBarMerge?

    private var isMerged: Bool { merge?.isClaimed ?? false }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        isMerged ? .zero : super.computeSize(proposal)
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        if !isMerged { super.renderContent(at: origin, size: size, into: &output) }
    }

    package override var debugName: String { "WindowTitleBar" }
}

extension View {
    /// The window's content: while a navigation stack merged the title bar into its header bars, clipped to
    /// the window's round top corners (which the title bar drew before).
    package func windowContent(merging merge: WindowTitleBarMerge, cornerRadius: CGFloat) -> some View {
        wrapped(in: { MergedWindowContentNode(graph: $0, environment: $1) }) { node in
            node.merge = merge
            assign(cornerRadius, to: \.cornerRadius, of: node)
        }
    }
}

@MainActor
package final class MergedWindowContentNode: ViewNode {
    package weak var merge: WindowTitleBarMerge?
    package var cornerRadius: CGFloat = 0

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        guard merge?.isClaimed == true, cornerRadius > 0 else {
            super.renderContent(at: origin, size: size, into: &output)
            return
        }
        var inner = RenderOutput()
        super.renderContent(at: origin, size: size, into: &inner)
        let clip = Path.topRoundedRect(CGRect(origin: origin, size: size), radius: cornerRadius)
        output.items.append(.layer(DisplayLayer(effect: .clip(clip, eoFill: false), items: inner.items)))
        output.hits.append(contentsOf: inner.hits)
    }

    package override var debugName: String { "WindowContent" }
}

extension Path {
    /// A rectangle with round top corners (a floating window's outline; GNOME keeps the bottom ones square).
    package static func topRoundedRect(_ rect: CGRect, radius: CGFloat) -> Path {
        let radius = min(radius, rect.width / 2, rect.height / 2)
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + radius))
        if radius > 0 {
            path.addArc(
                tangent1End: CGPoint(x: rect.minX, y: rect.minY),
                tangent2End: CGPoint(x: rect.minX + radius, y: rect.minY),
                radius: radius)
        }
        path.addLine(to: CGPoint(x: rect.maxX - radius, y: rect.minY))
        if radius > 0 {
            path.addArc(
                tangent1End: CGPoint(x: rect.maxX, y: rect.minY),
                tangent2End: CGPoint(x: rect.maxX, y: rect.minY + radius),
                radius: radius)
        }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        path.closeSubpath()
        return path
    }
}
