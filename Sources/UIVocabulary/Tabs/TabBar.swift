import Foundation
@_spi(Engine) import UICore

/// A tab view's bar as libadwaita's view switcher: on a header-bar strip at the top, the tabs' icons and titles
/// side by side, centred, the selected one on a darker rounded background; on narrow windows a bar at the
/// bottom where each tab takes an equal share, its icon over its title.
package struct TabBar: View {
    package let labels: [AnyView?]
    /// The tabs' badges (`badge(_:)` on a tab's content), shown at the top trailing corner of their labels.
    package var badges: [Text?] = []
    package let selectedIndex: Int
    package let isBottom: Bool
    package let select: @MainActor (Int) -> Void
    @Environment(\.colorScheme) private var colorScheme

    package var body: some View {
        let dark = colorScheme == .dark
        ZStack {
            AdwaitaPalette.headerBar(dark: dark)
            if isBottom {
                HStack(spacing: 4) {
                    ForEach(labels.indices, id: \.self) { index in
                        switcherButton(index).frame(maxWidth: .infinity)
                    }
                }
                .padding(.horizontal, 6)
            } else {
                HStack(spacing: 6) {
                    ForEach(labels.indices, id: \.self) { index in switcherButton(index) }
                }
            }
            VStack(spacing: 0) {
                if !isBottom { Spacer(minLength: 0) }
                AdwaitaPalette.headerBarShade(dark: dark).frame(height: 1)
                if isBottom { Spacer(minLength: 0) }
            }
        }
        .foregroundColor(AdwaitaPalette.headerBarForeground(dark: dark))
    }

    private func switcherButton(_ index: Int) -> some View {
        let select = self.select
        let badge = index < badges.count ? badges[index] : nil
        let label = labels[index] ?? AnyView(EmptyView())
        let isBottom = self.isBottom
        return Button {
            select(index)
        } label: {
            // At the bottom, raised at the icon's corner; at the top, after the title on its line (as libadwaita's
            // view switcher shows a page's badge).
            if let badge, isBottom {
                label.overlay(alignment: .topTrailing) { TabItemBadge(label: badge).offset(x: 12, y: -2) }
            } else if let badge {
                HStack(spacing: 6) {
                    label
                    TabItemBadge(label: badge)
                }
            } else {
                label
            }
        }
        .buttonStyle(TabSwitcherButtonStyle(isSelected: index == selectedIndex, isBottom: isBottom))
    }
}

/// A view-switcher button: flat, darker when selected or pressed; at the bottom, the label's icon over its
/// title in a smaller font.
package struct TabSwitcherButtonStyle: PrimitiveButtonStyle {
    package let isSelected: Bool
    package let isBottom: Bool

    package func makeBody(configuration: Configuration) -> some View {
        let isSelected = self.isSelected
        let isBottom = self.isBottom
        return PressableButton(configuration: configuration) { pressed in
            configuration.label
                .labelStyle(TabSwitcherLabelStyle(isStacked: isBottom))
                .font(.system(size: isBottom ? 12 : 14, weight: .bold))
                .padding(.horizontal, 12)
                .frame(minHeight: isBottom ? 46 : 34)
                .frame(maxWidth: isBottom ? .infinity : nil)
                .background(
                    RoundedRectangle(cornerRadius: 6)
                        .fill(Color(white: 0, opacity: (isSelected ? 0.1 : 0) + (pressed ? 0.06 : 0)))
                )
                .contentShape(Rectangle())
        }
    }
}

/// A label in the switcher: icon beside the title, or over it.
package struct TabSwitcherLabelStyle: LabelStyle {
    package let isStacked: Bool

    package func makeBody(configuration: Configuration) -> some View {
        if isStacked {
            VStack(spacing: 3) {
                configuration.icon
                configuration.title
            }
        } else {
            HStack(spacing: 8) {
                configuration.icon
                configuration.title
            }
        }
    }
}
