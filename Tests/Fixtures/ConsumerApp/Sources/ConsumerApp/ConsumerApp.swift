// An app of someone else's that depends on WaylandUI by version: `make test` builds it against a tagged clone
// of this repository (scripts/check-consumer-package.sh) and checks its offscreen screenshot.
import WaylandUI

struct Badge: View {
    var body: some View {
        ZStack {
            // Colour sets of the target's Assets.xcassets (a `.process` resource): found without a bundle and in
            // the module's own.
            Color("Backdrop")
            Circle()
                .fill(Color("Dot", bundle: .module))
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
