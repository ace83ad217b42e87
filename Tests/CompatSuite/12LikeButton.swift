import WaylandUI

struct LikeButton: View {
    @State private var isLiked = false
    @State private var count = 41

    var body: some View {
        Button {
            withAnimation(.spring(response: 0.3, dampingFraction: 0.5)) {
                isLiked.toggle()
                count += isLiked ? 1 : -1
            }
        } label: {
            HStack {
                Image(systemName: isLiked ? "heart.fill" : "heart")
                    .foregroundColor(isLiked ? .red : .primary)
                    .scaleEffect(isLiked ? 1.3 : 1.0)
                Text("\(count)")
            }
            .font(.title2)
        }
        .buttonStyle(.plain)
    }
}

#Preview {
    LikeButton()
        .padding()
}
