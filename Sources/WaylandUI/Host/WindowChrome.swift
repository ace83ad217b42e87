import Foundation
import UICore
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
    /// What the buttons and gestures do (set by the host).
    var close: () -> Void = {}
    var minimize: () -> Void = {}
    var toggleMaximize: () -> Void = {}
    var beginMove: () -> Void = {}

    /// Height of the title bar, in points (GNOME's header bar without a toolbar).
    static let titleBarHeight: CGFloat = 37

    init(title: String) {
        self.title = title
    }
}

/// The root of every window: the title bar when the window draws its own, then the app's content.
struct DecoratedRoot: View {
    @ObservedObject var chrome: WindowChrome
    let content: AnyView

    var body: some View {
        VStack(spacing: 0) {
            if chrome.showsTitleBar {
                TitleBar(chrome: chrome)
            }
            content
                .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }
}

/// A GNOME-like title bar: the title centred, window buttons on the right.
struct TitleBar: View {
    @ObservedObject var chrome: WindowChrome

    var body: some View {
        ZStack {
            Color(white: chrome.isActive ? 0.92 : 0.97)
            Text(chrome.title)
                .font(.system(size: 13, weight: .bold))
                .foregroundColor(chrome.isActive ? Color(white: 0.18) : Color(white: 0.55))
            HStack(spacing: 10) {
                Spacer()
                if chrome.capabilities.contains(.minimize) {
                    TitleButton(kind: .minimize) { chrome.minimize() }
                }
                if chrome.capabilities.contains(.maximize) {
                    TitleButton(kind: .maximize) { chrome.toggleMaximize() }
                }
                TitleButton(kind: .close) { chrome.close() }
            }
            .padding(.horizontal, 8)
        }
        .frame(height: WindowChrome.titleBarHeight)
        .contentShape(Rectangle())
        // Dragging hands the move to the compositor; a double click maximizes.
        .gesture(DragGesture(minimumDistance: 3).onChanged { _ in chrome.beginMove() })
        .simultaneousGesture(TapGesture(count: 2).onEnded { chrome.toggleMaximize() })
    }
}

/// A round window button with its glyph drawn as a path.
struct TitleButton: View {
    enum Kind { case minimize, maximize, close }
    let kind: Kind
    let action: () -> Void

    var body: some View {
        ZStack {
            Circle().fill(Color(white: 0.82))
            glyph.stroke(Color(white: 0.2), lineWidth: 1.5)
        }
        .frame(width: 24, height: 24)
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
