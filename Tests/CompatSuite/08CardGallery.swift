import WaylandUI

struct GradientCard: View {
    var title: String
    var subtitle: String
    var colors: [Color]

    var body: some View {
        ZStack(alignment: .bottomLeading) {
            RoundedRectangle(cornerRadius: 20, style: .continuous)
                .fill(LinearGradient(colors: colors, startPoint: .topLeading, endPoint: .bottomTrailing))
            VStack(alignment: .leading, spacing: 4) {
                Text(title)
                    .font(.title2.weight(.bold))
                Text(subtitle)
                    .font(.caption)
                    .opacity(0.8)
            }
            .foregroundColor(.white)
            .padding()
        }
        .frame(height: 160)
        .shadow(color: .black.opacity(0.2), radius: 10, x: 0, y: 5)
    }
}

struct CardGallery: View {
    var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                GradientCard(title: "Sunrise", subtitle: "Warm tones", colors: [.orange, .pink])
                GradientCard(title: "Ocean", subtitle: "Cool blues", colors: [.blue, .teal])
                GradientCard(title: "Forest", subtitle: "Deep greens", colors: [.green, .mint])
            }
            .padding()
        }
    }
}

#Preview {
    CardGallery()
}
