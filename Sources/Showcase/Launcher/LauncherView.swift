// The launcher: a grid of demo tiles (touch targets far above 44 points); a tap opens the demo full-window.
import WaylandUI

struct LauncherView: View {
    let open: (Demo) -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            VStack(alignment: .leading, spacing: 4) {
                Text("WaylandUI Showcase")
                    .font(.largeTitle)
                    .fontWeight(.bold)
                    .foregroundColor(.white)
                Text("SwiftUI's programming model on Wayland · tap a demo")
                    .font(.title3)
                    .foregroundColor(Color(white: 1, opacity: 0.7))
            }
            TileGrid {
                ForEach(Demo.allCases) { demo in
                    Button {
                        open(demo)
                    } label: {
                        DemoTile(demo: demo)
                    }
                    .buttonStyle(TileButtonStyle())
                }
            }
        }
        .padding(32)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(
            LinearGradient(
                colors: [Color(red: 0.08, green: 0.09, blue: 0.16), Color(red: 0.16, green: 0.12, blue: 0.28)],
                startPoint: .top, endPoint: .bottom))
    }
}

/// A tile sinks a little while a finger or the pointer holds it.
struct TileButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .scaleEffect(configuration.isPressed ? 0.96 : 1)
            .opacity(configuration.isPressed ? 0.85 : 1)
            .animation(.spring(response: 0.2, dampingFraction: 0.8), value: configuration.isPressed)
    }
}

/// One demo: its preview drawn on its colours, its title and a line about it.
struct DemoTile: View {
    let demo: Demo

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            DemoIcon(demo: demo)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
            Text(demo.title)
                .font(.headline)
                .foregroundColor(.white)
                .lineLimit(1)
            Text(demo.subtitle)
                .font(.caption)
                .foregroundColor(Color(white: 1, opacity: 0.75))
                .lineLimit(1)
        }
        .padding(14)
        .frame(minWidth: 44, maxWidth: .infinity, minHeight: 44, maxHeight: .infinity, alignment: .topLeading)
        .background(LinearGradient(colors: demo.colors, startPoint: .topLeading, endPoint: .bottomTrailing))
        .clipShape(RoundedRectangle(cornerRadius: 18))
        .overlay(RoundedRectangle(cornerRadius: 18).stroke(Color(white: 1, opacity: 0.18), lineWidth: 1))
        .shadow(color: Color(white: 0, opacity: 0.35), radius: 6, y: 3)
        .contentShape(RoundedRectangle(cornerRadius: 18))
    }
}

/// A small drawing of what each demo does.
struct DemoIcon: View {
    let demo: Demo
    private let ink = Color(white: 1, opacity: 0.9)
    private let faint = Color(white: 1, opacity: 0.35)

    var body: some View {
        ZStack {
            switch demo {
            case .dragReveal:
                VStack(alignment: .leading, spacing: 5) {
                    ForEach(0..<4) { line in
                        Capsule().fill(faint).frame(width: line == 3 ? 50 : 90, height: 6)
                    }
                }
                Circle().stroke(ink, lineWidth: 3).frame(width: 46, height: 46).offset(x: 18, y: 6)
            case .draggableCircle:
                Circle().fill(faint).frame(width: 40, height: 40).offset(x: -22, y: 8)
                Circle().fill(ink).frame(width: 40, height: 40).offset(x: 18, y: -6)
            case .scope:
                Image("Landscape").resizable().scaledToFill().frame(width: 70, height: 70).clipShape(Circle())
                Circle().stroke(ink, lineWidth: 3).frame(width: 70, height: 70)
            case .multiTouch:
                ForEach(0..<3) { finger in
                    Circle().fill(finger == 1 ? ink : faint).frame(width: 30, height: 30)
                        .offset(x: CGFloat(finger - 1) * 34, y: CGFloat(finger % 2) * 16 - 8)
                }
            case .photo:
                Image("Landscape").resizable().scaledToFill().frame(width: 74, height: 52)
                    .clipShape(RoundedRectangle(cornerRadius: 6))
                    .overlay(RoundedRectangle(cornerRadius: 6).stroke(ink, lineWidth: 2))
                    .rotationEffect(.degrees(-12))
            case .cards:
                ForEach(0..<3) { card in
                    RoundedRectangle(cornerRadius: 8).fill(card == 2 ? ink : faint)
                        .frame(width: 50, height: 66)
                        .rotationEffect(.degrees(Double(card - 1) * 10))
                        .offset(x: CGFloat(card - 1) * 12)
                }
            case .scripts:
                HStack(spacing: 6) {
                    Text("A").font(.title).foregroundColor(.white).frame(width: 38, height: 38).background(faint)
                        .clipShape(Circle())
                    Text("Ж").font(.title).foregroundColor(.white).frame(width: 38, height: 38).background(faint)
                        .clipShape(RoundedRectangle(cornerRadius: 9))
                    Text("字").font(.title).foregroundColor(.white).frame(width: 38, height: 38).background(faint)
                        .clipShape(Capsule())
                }
            case .inspector:
                RoundedRectangle(cornerRadius: 6).stroke(Color(red: 0.1, green: 0.8, blue: 0.2), lineWidth: 3).frame(
                    width: 80, height: 46)
                RoundedRectangle(cornerRadius: 6).stroke(Color(red: 1, green: 0.8, blue: 0), lineWidth: 2).frame(
                    width: 60, height: 30)
                RoundedRectangle(cornerRadius: 6).stroke(Color(red: 1, green: 0.2, blue: 0.2), lineWidth: 2).frame(
                    width: 40, height: 16)
            }
        }
    }
}
