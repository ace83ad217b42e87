// The Showcase: what `make run` starts. `--demo 000|001|002` shows one of the seed programs (Seeds/, their
// code unchanged but for the import); without it, a welcome screen. The launcher arrives with the
// showcase issue.
import WaylandUI

struct WelcomeView: View {
    var body: some View {
        VStack(spacing: 24) {
            Text("WaylandUI")
                .font(.largeTitle)
                .foregroundColor(.white)
            HStack(spacing: 16) {
                Circle().fill(Color.orange).frame(width: 80, height: 80)
                RoundedRectangle(cornerRadius: 16).fill(Color.green).frame(width: 120, height: 80)
                Capsule().stroke(Color.yellow, lineWidth: 4).frame(width: 120, height: 60)
            }
            Text("Просмотр клипа при перетаскивании · 组合 SwiftUI 手势")
                .font(.title3)
                .foregroundColor(.white)
                .padding()
                .background(Color.black.opacity(0.3))
                .clipShape(RoundedRectangle(cornerRadius: 12))
        }
        .padding(40)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(LinearGradient(colors: [.blue, .purple], startPoint: .topLeading, endPoint: .bottomTrailing))
        .shadow(radius: 4)
    }
}

/// The demo named on the command line.
struct DemoView: View {
    let name: String

    var body: some View {
        switch name {
        case "000": ContentView()
        case "001": DraggableCircle()
        case "002": ScopeView()
        default: WelcomeView()
        }
    }
}

@main
struct ShowcaseApp: App {
    let demo: String = {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--demo"), index + 1 < arguments.count else { return "welcome" }
        return arguments[index + 1]
    }()

    var body: some Scene {
        WindowGroup("WaylandUI Showcase") {
            DemoView(name: demo)
        }
        .defaultSize(width: 800, height: 600)
    }
}
