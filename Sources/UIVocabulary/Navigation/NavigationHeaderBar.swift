import Foundation
@_spi(Engine) import UICore

/// The header bar of a navigation page, in libadwaita's look: 47 points tall, the title centred in bold, the
/// back control and leading items at the start, the other items at the end. It is built at placement from
/// what the page's views declared in the same update.
package struct NavigationHeaderBar: View {
    package let bar: NavigationBarModel
    package let showsBackControl: Bool
    package let goBack: @MainActor () -> Void
    /// The window's title bar merged into this one, when the window draws its own.
    package let windowMerge: WindowTitleBarMerge?

    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(NavigationBarNode.self) {
            NavigationBarNode(graph: builder.graph, environment: builder.environment)
        }
        node.environment = builder.environment
        node.configure(bar: view.bar, isBottom: false) { bar in
            AnyView(
                HeaderBarContent(
                    title: bar.title, showsBackControl: view.showsBackControl && !bar.hidesBackButton,
                    goBack: view.goBack, items: bar.toolbarItems, windowMerge: view.windowMerge))
        }
    }
}

/// The bar under a page with its `bottomBar` and `status` toolbar items; no room at all without them.
package struct NavigationBottomBar: View {
    package let bar: NavigationBarModel
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(NavigationBarNode.self) {
            NavigationBarNode(graph: builder.graph, environment: builder.environment)
        }
        node.environment = builder.environment
        node.configure(bar: view.bar, isBottom: true) { bar in
            let items = bar.toolbarItems.filter { $0.placement.slot == .bottom }
            return items.isEmpty ? nil : AnyView(BottomToolbar(items: items))
        }
    }
}

/// A header or bottom bar: built at placement, from what the page's views declared in the same update.
@MainActor
package final class NavigationBarNode: ViewNode {
    package static let height: CGFloat = 47
    private var makeContent: (@MainActor (NavigationBarModel) -> AnyView?)?
    package private(set) weak var bar: NavigationBarModel?
    private var isBottom = false
    private var contentIsDirty = true

    package func configure(
        bar: NavigationBarModel, isBottom: Bool, content: @escaping @MainActor (NavigationBarModel) -> AnyView?
    ) {
        self.bar = bar
        self.isBottom = isBottom
        makeContent = content
        bar.observe(self)
        contentIsDirty = true
        invalidate()
    }

    package func barDidChange() {
        guard !isRemoved, !contentIsDirty else { return }
        contentIsDirty = true
        invalidate()
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let shows = !isBottom || bar?.toolbarItems.contains { $0.placement.slot == .bottom } == true
        return CGSize(width: proposal.width ?? 320, height: shows ? Self.height : 0)
    }

    package override func placeContent(in context: PlacementContext) {
        if contentIsDirty, let bar, let makeContent {
            contentIsDirty = false
            let content = makeContent(bar)
            graph.withPlacementBarrier(self) {
                graph.rebuildChildren(of: self, environment: environment) { builder in
                    if let content { makeNodes(content, into: builder) }
                }
            }
        }
        let proposal = ProposedViewSize(size)
        for child in layoutChildren { child.place(at: .zero, proposal: proposal, in: context) }
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }
    package override var debugName: String { isBottom ? "BottomBar" : "HeaderBar" }
}

/// What the header bar shows.
package struct HeaderBarContent: View {
    package let title: Text?
    package let showsBackControl: Bool
    package let goBack: @MainActor () -> Void
    package let items: [ToolbarEntry]
    package let windowMerge: WindowTitleBarMerge?
    @Environment(\.colorScheme) private var colorScheme

    private func items(in slot: ToolbarItemPlacement.Slot) -> [(offset: Int, element: ToolbarEntry)] {
        Array(items.enumerated()).filter { $0.element.placement.slot == slot }
    }

    /// Room kept free on both sides of the centred title (the same on both, so it stays centred): about 40
    /// points for each control on the busier side, 100 for the window controls.
    private var titleInset: CGFloat {
        let leading = CGFloat((showsBackControl ? 1 : 0) + items(in: .leading).count) * 40
        let trailing = CGFloat(items(in: .trailing).count) * 40 + (windowMerge != nil ? 100 : 0)
        return max(leading, trailing) + 12
    }

    package var body: some View {
        let principal = items(in: .principal).first?.element.view
        let dark = colorScheme == .dark
        let background = AdwaitaPalette.headerBar(dark: dark)
        let titleColor = AdwaitaPalette.headerBarForeground(dark: dark)
        ZStack {
            if let windowMerge {
                // Dragging the bar moves the window; a double click maximizes it.
                background
                    .gesture(DragGesture(minimumDistance: 3).onChanged { _ in windowMerge.beginMove() })
                    .simultaneousGesture(TapGesture(count: 2).onEnded { windowMerge.toggleMaximize() })
            } else {
                background
            }
            Group {
                if let principal {
                    principal
                } else if let title {
                    title
                        .font(.system(size: 15, weight: .bold))
                        .foregroundColor(titleColor)
                        .lineLimit(1)
                }
            }
            .padding(.horizontal, titleInset)
            HStack(spacing: 6) {
                if showsBackControl {
                    Button(action: goBack) {
                        Image(systemName: "chevron.left")
                    }
                    .buttonStyle(HeaderBarButtonStyle(isProminent: false))
                }
                ForEach(items(in: .leading), id: \.offset) { item in
                    item.element.view.buttonStyle(HeaderBarButtonStyle(isProminent: item.element.placement.prominent))
                }
                Spacer(minLength: 0)
                ForEach(items(in: .trailing), id: \.offset) { item in
                    item.element.view.buttonStyle(HeaderBarButtonStyle(isProminent: item.element.placement.prominent))
                }
                if let windowMerge { windowMerge.controls }
            }
            .padding(.horizontal, 6)
            VStack(spacing: 0) {
                Spacer(minLength: 0)
                AdwaitaPalette.headerBarShade(dark: dark).frame(height: 1)
            }
        }
        .foregroundColor(titleColor)
    }
}

/// The bottom bar of a page (`bottomBar` and `status` toolbar items), as libadwaita's toolbar view draws it.
package struct BottomToolbar: View {
    package let items: [ToolbarEntry]
    @Environment(\.colorScheme) private var colorScheme

    package var body: some View {
        HStack(spacing: 6) {
            ForEach(Array(items.enumerated()), id: \.offset) { item in
                item.element.view.buttonStyle(HeaderBarButtonStyle(isProminent: item.element.placement.prominent))
            }
        }
        .padding(.horizontal, 6)
        .frame(maxWidth: .infinity)
        .frame(height: NavigationBarNode.height)
        .background(AdwaitaPalette.headerBar(dark: colorScheme == .dark))
    }
}

/// GNOME's flat header-bar button: no bezel until pressed; a suggested action is an accent-coloured pill.
package struct HeaderBarButtonStyle: PrimitiveButtonStyle {
    package let isProminent: Bool

    package func makeBody(configuration: Configuration) -> some View {
        PressableButton(configuration: configuration) { pressed in
            HeaderBarButtonLook(label: configuration.label, isPressed: pressed, isProminent: isProminent)
        }
    }
}

package struct HeaderBarButtonLook: View {
    package let label: ButtonStyleConfiguration.Label
    package let isPressed: Bool
    package let isProminent: Bool
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var colorScheme

    package var body: some View {
        let dark = colorScheme == .dark
        let fill: Color =
            isProminent
            ? Color(red: 53 / 255, green: 132 / 255, blue: 228 / 255).opacity(isPressed ? 0.8 : 1)
            : isPressed ? AdwaitaPalette.flatPressed(dark: dark) : Color.clear
        label
            .foregroundColor(isProminent ? .white : AdwaitaPalette.headerBarForeground(dark: dark))
            .padding(.horizontal, 10)
            .frame(minWidth: 34, minHeight: 34)
            .background(RoundedRectangle(cornerRadius: 6).fill(fill))
            .contentShape(Rectangle())
            .opacity(isEnabled ? 1 : 0.45)
    }
}
