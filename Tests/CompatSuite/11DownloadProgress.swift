import WaylandUI

struct ProgressBar: View {
    var value: Double

    var body: some View {
        GeometryReader { geometry in
            ZStack(alignment: .leading) {
                Capsule()
                    .fill(Color.gray.opacity(0.3))
                Capsule()
                    .fill(Color.accentColor)
                    .frame(width: geometry.size.width * CGFloat(min(max(value, 0), 1)))
                    .animation(.easeInOut, value: value)
            }
        }
        .frame(height: 8)
    }
}

struct DownloadView: View {
    @State private var progress = 0.35

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Downloading… \(Int(progress * 100))%")
            ProgressBar(value: progress)
            HStack {
                Button("Step") { progress = min(progress + 0.1, 1) }
                Spacer()
                Button("Restart") { progress = 0 }
            }
        }
        .padding()
    }
}

#Preview("Progress bar", traits: .fixedLayout(width: 320, height: 140)) {
    DownloadView()
}
