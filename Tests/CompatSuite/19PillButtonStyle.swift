import WaylandUI

struct PillButtonStyle: ButtonStyle {
    var color: Color = .blue

    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .font(.headline)
            .padding(.horizontal, 24)
            .padding(.vertical, 12)
            .background(color.opacity(configuration.isPressed ? 0.7 : 1))
            .foregroundColor(.white)
            .clipShape(Capsule())
            .scaleEffect(configuration.isPressed ? 0.95 : 1)
            .animation(.easeOut(duration: 0.15), value: configuration.isPressed)
    }
}

extension ButtonStyle where Self == PillButtonStyle {
    static var pill: PillButtonStyle { PillButtonStyle() }
}

struct PillButtons: View {
    var body: some View {
        VStack(spacing: 16) {
            Button("Continue") {}
                .buttonStyle(.pill)
            Button("Delete") {}
                .buttonStyle(PillButtonStyle(color: .red))
            Button(action: {}) {
                Label("Share", systemImage: "square.and.arrow.up")
            }
            .buttonStyle(PillButtonStyle(color: .green))
        }
    }
}

#Preview {
    PillButtons()
}
