// The Showcase: what `make run` starts. A first SwiftUI screen drawn by WaylandUI; the seed programs and
// the launcher arrive with the showcase issue.
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

@main
struct ShowcaseApp: App {
    var body: some Scene {
        WindowGroup("WaylandUI Showcase") {
            WelcomeView()
        }
        .defaultSize(width: 800, height: 600)
    }
}
