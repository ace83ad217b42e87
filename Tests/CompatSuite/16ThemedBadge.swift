import WaylandUI

struct ThemedBadge: View {
    @Environment(\.colorScheme) var colorScheme
    let text: String

    var body: some View {
        Text(text)
            .font(.caption.bold())
            .padding(.horizontal, 10)
            .padding(.vertical, 4)
            .foregroundColor(colorScheme == .dark ? .black : .white)
            .background(
                Capsule().fill(colorScheme == .dark ? Color.yellow : Color.purple)
            )
    }
}

#Preview("Light") {
    ThemedBadge(text: "NEW")
        .padding()
}

#Preview("Dark") {
    ThemedBadge(text: "NEW")
        .padding()
        .preferredColorScheme(.dark)
}
