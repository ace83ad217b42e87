import WaylandUI

struct SwipeCard: View {
    @GestureState private var dragOffset: CGSize = .zero
    @State private var settledOffset: CGSize = .zero
    @State private var decision = "Swipe me"

    var body: some View {
        RoundedRectangle(cornerRadius: 24)
            .fill(Color.indigo)
            .frame(width: 220, height: 300)
            .overlay(Text(decision).font(.title).foregroundColor(.white))
            .offset(x: settledOffset.width + dragOffset.width, y: settledOffset.height + dragOffset.height)
            .rotationEffect(.degrees(Double(dragOffset.width / 20)))
            .gesture(
                DragGesture()
                    .updating($dragOffset) { value, state, _ in
                        state = value.translation
                    }
                    .onEnded { value in
                        if value.translation.width > 100 {
                            decision = "Liked"
                        } else if value.translation.width < -100 {
                            decision = "Nope"
                        }
                        settledOffset = .zero
                    }
            )
    }
}

#Preview {
    SwipeCard()
}
