// A WaylandUI app for host tests of presentations and paged tabs. The window (400×300) has a green
// (rgb 0,200,100) 120×40 button at the top-left, 20 points in, that opens a sheet whose content is an orange
// (rgb 255,128,0) 200×100 block; the sheet reports `sheet shown` as it appears and `sheet dismissed` once it
// has left. Under the button a paged tab view of three coloured pages (blue, red, purple) reports `page N`
// when its selection changes.
import WaylandClient
import WaylandUI

struct Home: View {
    @State private var showsSheet = false
    @State private var page = 0

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            Button {
                showsSheet = true
            } label: {
                Color(red: 0, green: 200 / 255, blue: 100 / 255).frame(width: 120, height: 40)
            }
            .buttonStyle(.plain)
            TabView(selection: $page) {
                Color(red: 0, green: 0, blue: 1).tag(0)
                Color(red: 1, green: 0, blue: 0).tag(1)
                Color(red: 0.5, green: 0, blue: 0.5).tag(2)
            }
            .tabViewStyle(.page)
        }
        .padding(20)
        .sheet(isPresented: $showsSheet, onDismiss: { Probe.report("sheet dismissed") }) {
            Color(red: 1, green: 0.5, blue: 0).frame(width: 200, height: 100)
                .onAppear { Probe.report("sheet shown") }
        }
        .onChange(of: page) { _, new in Probe.report("page \(new)") }
    }
}

@main
struct PresentationProbeApp: App {
    var body: some Scene {
        WindowGroup("Presentation probe") { Home() }
            .defaultSize(width: 400, height: 300)
    }
}
