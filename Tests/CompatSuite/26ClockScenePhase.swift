import WaylandUI

struct SessionTracker: View {
    @Environment(\.scenePhase) private var scenePhase
    @SceneStorage("selectedTab") private var selectedTab = "home"
    @State private var activations = 0
    @ScaledMetric private var iconSize: CGFloat = 24

    var body: some View {
        VStack(spacing: 8) {
            Image(systemName: "clock")
                .font(.system(size: iconSize))
            Text("Activated \(activations) times")
            Text("Tab: \(selectedTab)")
                .font(.footnote)
        }
        .onChange(of: scenePhase) { newPhase in
            if newPhase == .active {
                activations += 1
            }
        }
    }
}

#Preview {
    SessionTracker()
}
