import Foundation

/// libadwaita's colours for the parts of a window WaylandUI draws itself (window, header bars, popovers and
/// menus, window buttons), in its light and dark styles.
package enum AdwaitaPalette {
    /// The window's background (`window_bg_color`).
    package static func windowBackground(dark: Bool) -> Color { dark ? Color(white: 0x24 / 255) : Color.white }
    /// A header bar's background (`headerbar_bg_color`).
    package static func headerBar(dark: Bool) -> Color { dark ? Color(white: 0x30 / 255) : Color(white: 0.92) }
    /// Text and symbols on a header bar (`headerbar_fg_color`).
    package static func headerBarForeground(dark: Bool) -> Color { dark ? Color.white : Color(white: 0.18) }
    /// The line under a header bar (`headerbar_shade_color`).
    package static func headerBarShade(dark: Bool) -> Color {
        dark ? Color(white: 0, opacity: 0.36) : Color(white: 0, opacity: 0.12)
    }
    /// A flat button's fill while pressed: the foreground at low strength.
    package static func flatPressed(dark: Bool) -> Color {
        dark ? Color(white: 1, opacity: 0.16) : Color(white: 0, opacity: 0.16)
    }
    /// A popover's or menu's panel (`popover_bg_color`).
    package static func popover(dark: Bool) -> Color { dark ? Color(white: 0x38 / 255) : Color.white }
    /// The hairline around a popover's panel.
    package static func popoverBorder(dark: Bool) -> Color {
        dark ? Color(white: 0, opacity: 0.5) : Color(white: 0, opacity: 0.15)
    }
    /// A highlighted menu row.
    package static func rowHighlight(dark: Bool) -> Color {
        dark ? Color(white: 1, opacity: 0.1) : Color(white: 0, opacity: 0.08)
    }
    /// The keyboard focus ring: the accent at half strength (`accent_color`, lighter in the dark style).
    package static func focusRing(dark: Bool) -> RGBA {
        dark
            ? RGBA(red: 0x78 / 255, green: 0xAE / 255, blue: 0xED / 255, opacity: 0.5)
            : RGBA(red: 0, green: 0.478, blue: 1, opacity: 0.5)
    }
}
