// An app of someone else's that depends on WaylandUI by version: `make test` builds it against a tagged clone
// of this repository (scripts/check-consumer-package.sh) and checks its offscreen screenshot.
import WaylandUI

struct Badge: View {
    var body: some View {
        ZStack {
            Color(red: 1, green: 0, blue: 0)
            Circle()
                .fill(Color(red: 0, green: 0, blue: 1))
                .frame(width: 40, height: 40)
        }
    }
}

@main
struct ConsumerApp: App {
    var body: some Scene {
        WindowGroup {
            Badge()
        }
        .windowStyle(.hiddenTitleBar)
    }
}
