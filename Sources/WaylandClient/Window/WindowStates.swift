/// What the compositor says about a toplevel in `xdg_toplevel.configure`.
public struct WindowStates: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let maximized = WindowStates(rawValue: 1 << 0)
    public static let fullscreen = WindowStates(rawValue: 1 << 1)
    public static let resizing = WindowStates(rawValue: 1 << 2)
    /// Has keyboard focus, as the user sees it: draw the title bar active.
    public static let activated = WindowStates(rawValue: 1 << 3)
    public static let tiledLeft = WindowStates(rawValue: 1 << 4)
    public static let tiledRight = WindowStates(rawValue: 1 << 5)
    public static let tiledTop = WindowStates(rawValue: 1 << 6)
    public static let tiledBottom = WindowStates(rawValue: 1 << 7)
    /// Not being repainted (minimised, occluded, screen locked): xdg-shell version 6.
    public static let suspended = WindowStates(rawValue: 1 << 8)

    /// Any edge is against a neighbour or the screen edge: no rounded corners or shadow there.
    public var isTiled: Bool { !isDisjoint(with: [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom]) }

    /// Decodes xdg_toplevel's array of 32-bit state values.
    init(configureArray bytes: [UInt8]) {
        self = []
        for value in bytes.wireUInt32s {
            switch XdgToplevel.State(rawValue: value) {
            case .maximized: insert(.maximized)
            case .fullscreen: insert(.fullscreen)
            case .resizing: insert(.resizing)
            case .activated: insert(.activated)
            case .tiledLeft: insert(.tiledLeft)
            case .tiledRight: insert(.tiledRight)
            case .tiledTop: insert(.tiledTop)
            case .tiledBottom: insert(.tiledBottom)
            case .suspended: insert(.suspended)
            default: break
            }
        }
    }

    /// Names, for logs and probes: `activated,tiled-left`.
    public var names: [String] {
        let all: [(WindowStates, String)] = [
            (.maximized, "maximized"), (.fullscreen, "fullscreen"), (.resizing, "resizing"),
            (.activated, "activated"), (.tiledLeft, "tiled-left"), (.tiledRight, "tiled-right"),
            (.tiledTop, "tiled-top"), (.tiledBottom, "tiled-bottom"),
            (.suspended, "suspended"),
        ]
        return all.filter { contains($0.0) }.map(\.1)
    }
}

/// Which window-management requests the compositor supports (`xdg_toplevel.wm_capabilities`, v5);
/// all of them when it does not say.
public struct WindowCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let windowMenu = WindowCapabilities(rawValue: 1)
    public static let maximize = WindowCapabilities(rawValue: 2)
    public static let fullscreen = WindowCapabilities(rawValue: 4)
    public static let minimize = WindowCapabilities(rawValue: 8)
    public static let all: WindowCapabilities = [.windowMenu, .maximize, .fullscreen, .minimize]

    init(capabilityArray bytes: [UInt8]) {
        self = []
        for value in bytes.wireUInt32s {
            switch XdgToplevel.WmCapabilities(rawValue: value) {
            case .windowMenu: insert(.windowMenu)
            case .maximize: insert(.maximize)
            case .fullscreen: insert(.fullscreen)
            case .minimize: insert(.minimize)
            default: break
            }
        }
    }
}

/// Who draws the title bar and borders.
public enum DecorationMode: String, Sendable {
    /// The compositor (xdg-decoration server-side: sway, cage, KDE).
    case serverSide = "server-side"
    /// The application (GNOME, weston): the toolkit draws its own title bar.
    case clientSide = "client-side"
}
