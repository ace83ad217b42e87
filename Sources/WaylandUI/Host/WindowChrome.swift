import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// The window's own decorations, where the compositor draws none (GNOME, weston): a title bar made of
/// views, with the buttons the compositor allows, drag to move and double-click to maximize.
@MainActor
final class WindowChrome: ObservableObject {
    @Published var title: String
    /// Client-side decorations and not fullscreen.
    @Published var showsTitleBar = false
    /// Keyboard focus, as the user sees it: the title bar is drawn active.
    @Published var isActive = true
    @Published var capabilities = WindowCapabilities.all
    /// The invisible margin around a floating client-decorated window (shadow and resize handles), in
    /// points; 0 when maximized, fullscreen, tiled or decorated by the compositor.
    @Published var frameMargin: CGFloat = 0
    /// What the buttons and gestures do (set by the host).
    var close: () -> Void = {}
    var minimize: () -> Void = {}
    var toggleMaximize: () -> Void = {}
    var beginMove: () -> Void = {}

    /// Height of the title bar, in points (GNOME's header bar without a toolbar).
    static let titleBarHeight: CGFloat = 37
    /// The margin of a floating window: room for the shadow, and where the resize handles are.
    static let floatingFrameMargin: CGFloat = 12
    /// How far a corner handle reaches along each edge from the window's corner, in points.
    static let cornerHandleLength: CGFloat = 24
    /// Radius of a floating window's top corners.
    static let cornerRadius: CGFloat = 10
    /// libadwaita's dark window background, #242424 (what an offscreen render of a dark window is cleared to).
    static let darkBackground = PaintColor(rgb8: 0x24, 0x24, 0x24)

    /// The narrowest sensible window: the buttons the compositor allows with room for a short title.
    static func minimumSize(capabilities: WindowCapabilities) -> CGSize {
        let buttons = 1 + (capabilities.contains(.minimize) ? 1 : 0) + (capabilities.contains(.maximize) ? 1 : 0)
        let buttonsWidth =
            CGFloat(buttons) * TitleButton.diameter + CGFloat(buttons - 1) * TitleBar.buttonSpacing
            + 2 * TitleBar.horizontalPadding
        return CGSize(width: buttonsWidth + 80, height: titleBarHeight + 40)
    }

    /// Floating windows get a shadow and round top corners; maximized, tiled and fullscreen ones neither.
    var isFloating: Bool { frameMargin > 0 }

    init(title: String) {
        self.title = title
    }

    /// The title bar as a navigation stack merges it into its header bars.
    private(set) lazy var titleBarMerge = WindowTitleBarMerge(
        controls: AnyView(WindowControls(chrome: self)), beginMove: { [unowned self] in self.beginMove() },
        toggleMaximize: { [unowned self] in self.toggleMaximize() })
}

/// The root of every window: the title bar when the window draws its own, then the app's content.
struct DecoratedRoot: View {
    @ObservedObject var chrome: WindowChrome
    let content: AnyView
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        // One structure in every state (only values change), so the content keeps its state when the
        // window is maximized or tiled.
        VStack(spacing: 0) {
            if chrome.showsTitleBar {
                TitleBar(chrome: chrome)
                    .windowTitleBar(merging: chrome.titleBarMerge)
            }
            content
                .environment(\.windowTitleBarMerge, chrome.showsTitleBar ? chrome.titleBarMerge : nil)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .windowContent(
                    merging: chrome.titleBarMerge, cornerRadius: chrome.isFloating ? WindowChrome.cornerRadius : 0)
        }
        .presentationHost(topCornerRadius: chrome.isFloating ? WindowChrome.cornerRadius : 0)  // not the margin
        .background(
            TopRoundedRectangle(radius: chrome.isFloating ? WindowChrome.cornerRadius : 0)
                .fill(AdwaitaPalette.windowBackground(dark: colorScheme == .dark))  // SwiftUI's window background
                // A soft shadow inside the margin, lighter when the window is inactive.
                .shadow(
                    color: Color(white: 0, opacity: chrome.isActive ? 0.5 : 0.3), radius: chrome.isFloating ? 6 : 0,
                    y: chrome.isFloating ? 2 : 0)
        )
        .padding(chrome.frameMargin)
    }
}

/// A GNOME-like title bar: the title centred, window buttons on the right.
struct TitleBar: View {
    @ObservedObject var chrome: WindowChrome
    @Environment(\.colorScheme) private var colorScheme
    static let buttonSpacing: CGFloat = 10
    static let horizontalPadding: CGFloat = 8

    var body: some View {
        let dark = colorScheme == .dark
        ZStack {
            TopRoundedRectangle(radius: chrome.isFloating ? WindowChrome.cornerRadius : 0)
                .fill(
                    chrome.isActive || dark
                        ? AdwaitaPalette.headerBar(dark: dark) : Color(white: 0.97))
            Text(chrome.title)
                .font(.system(size: 13, weight: .bold))
                .foregroundColor(
                    dark
                        ? Color(white: 1, opacity: chrome.isActive ? 1 : 0.5)
                        : Color(white: chrome.isActive ? 0.18 : 0.55))
            HStack(spacing: Self.buttonSpacing) {
                Spacer()
                WindowControls(chrome: chrome)
            }
            .padding(.horizontal, Self.horizontalPadding)
        }
        .frame(height: WindowChrome.titleBarHeight)
        .contentShape(Rectangle())
        // Dragging hands the move to the compositor; a double click maximizes.
        .gesture(DragGesture(minimumDistance: 3).onChanged { _ in chrome.beginMove() })
        .simultaneousGesture(TapGesture(count: 2).onEnded { chrome.toggleMaximize() })
    }
}

/// The window buttons the compositor allows: minimize, maximize, close.
struct WindowControls: View {
    @ObservedObject var chrome: WindowChrome

    var body: some View {
        HStack(spacing: TitleBar.buttonSpacing) {
            if chrome.capabilities.contains(.minimize) {
                TitleButton(kind: .minimize) { chrome.minimize() }
            }
            if chrome.capabilities.contains(.maximize) {
                TitleButton(kind: .maximize) { chrome.toggleMaximize() }
            }
            TitleButton(kind: .close) { chrome.close() }
        }
    }
}

/// A round window button with its glyph drawn as a path.
struct TitleButton: View {
    enum Kind { case minimize, maximize, close }
    let kind: Kind
    let action: () -> Void
    static let diameter: CGFloat = 24
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        let dark = colorScheme == .dark
        ZStack {
            Circle().fill(dark ? Color(white: 1, opacity: 0.1) : Color(white: 0.82))
            glyph.stroke(dark ? Color.white : Color(white: 0.2), lineWidth: 1.5)
        }
        .frame(width: Self.diameter, height: Self.diameter)
        .onTapGesture(perform: action)
    }

    private var glyph: Path {
        Path { path in
            switch kind {
            case .minimize:
                path.move(to: CGPoint(x: 8, y: 15.5))
                path.addLine(to: CGPoint(x: 16, y: 15.5))
            case .maximize:
                path.addRect(CGRect(x: 8, y: 8, width: 8, height: 8))
            case .close:
                path.move(to: CGPoint(x: 8, y: 8))
                path.addLine(to: CGPoint(x: 16, y: 16))
                path.move(to: CGPoint(x: 16, y: 8))
                path.addLine(to: CGPoint(x: 8, y: 16))
            }
        }
    }
}

/// A rectangle with round top corners: a floating window's outline (the bottom corners stay square, as
/// GNOME draws them).
struct TopRoundedRectangle: Shape {
    var radius: CGFloat

    func path(in rect: CGRect) -> Path {
        Path.topRoundedRect(rect, radius: radius)
    }
}
