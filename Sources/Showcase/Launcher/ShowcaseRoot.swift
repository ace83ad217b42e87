// The showcase's root: the launcher, or one demo full-window with a back control in the top-left corner
// (Escape goes back too).
import WaylandUI

struct ShowcaseRoot: View {
    @State private var openDemo: Demo?

    var body: some View {
        ZStack(alignment: .topLeading) {
            if let demo = openDemo {
                DemoContent(demo: demo)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                BackButton { openDemo = nil }
                    .padding(12)
            } else {
                LauncherView { openDemo = $0 }
            }
        }
        .onKeyPress(.escape) {
            guard openDemo != nil else { return .ignored }
            openDemo = nil
            return .handled
        }
    }
}

/// A round 48-point back control: a chevron on a dark disc that reads on any demo's background.
struct BackButton: View {
    let action: @MainActor () -> Void

    var body: some View {
        Button(action: action) { BackGlyph() }
            .buttonStyle(TileButtonStyle())
    }
}

struct BackGlyph: View {
    var body: some View {
        ZStack {
            Circle().fill(Color(white: 0.1, opacity: 0.55))
            Circle().stroke(Color(white: 1, opacity: 0.6), lineWidth: 1.5)
            Chevron().stroke(Color.white, style: StrokeStyle(lineWidth: 3.5, lineCap: .round, lineJoin: .round))
                .frame(width: 12, height: 20)
                .offset(x: -2)
        }
        .frame(width: 48, height: 48)
        .contentShape(Circle())
    }
}

/// A "<" pointing left, filling its frame.
struct Chevron: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.maxX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.midY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        return path
    }
}
