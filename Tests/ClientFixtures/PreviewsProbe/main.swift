// An app with previews, as app authors write them: `--previews` and `--preview NAME` show them instead of
// the app's window.
import WaylandUI

struct GreetingCard: View {
    var name: String
    var body: some View {
        VStack(spacing: 8) {
            Text("Hello, \(name)!").font(.title)
            Text("Welcome back").foregroundStyle(.secondary)
        }
        .padding(20)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color.yellow.opacity(0.3))
    }
}

struct Swatches: View {
    var body: some View {
        HStack(spacing: 10) {
            ForEach([Color.red, .green, .blue], id: \.self) { color in
                RoundedRectangle(cornerRadius: 6).fill(color).frame(width: 40, height: 40)
            }
        }
        .padding(10)
    }
}

@main
struct PreviewsProbeApp: App {
    var body: some Scene {
        WindowGroup { Text("The app itself") }
    }
}

#Preview("Greeting card", traits: .fixedLayout(width: 240, height: 120)) {
    GreetingCard(name: "Ada")
}

#Preview("Swatches", traits: .sizeThatFitsLayout) {
    Swatches()
}

#Preview {
    Text("Unnamed").padding()
}

struct GreetingCard_Previews: PreviewProvider {
    static var previews: some View {
        GreetingCard(name: "Grace").previewDisplayName("Grace")
    }
}
