// Multi-touch playground: each circle has its own DragGesture, so every finger drags its own circle at once.
import WaylandUI

struct MultiTouchPlayground: View {
    static let colors: [Color] = [.orange, .pink, .green, .blue, .purple]

    var body: some View {
        GeometryReader { proxy in
            ZStack {
                Color(red: 0.10, green: 0.11, blue: 0.17)
                Text("Drag the circles — one finger each, all at once")
                    .font(.title3)
                    .foregroundColor(Color(white: 1, opacity: 0.6))
                    .position(x: proxy.size.width / 2, y: proxy.size.height - 30)
                ForEach(0..<Self.colors.count) { index in
                    TouchCircle(color: Self.colors[index], home: Self.home(of: index, in: proxy.size))
                }
            }
        }
    }

    /// Circles start spread along a gentle arc across the middle of the window.
    static func home(of index: Int, in size: CGSize) -> CGPoint {
        let step = size.width / CGFloat(colors.count + 1)
        let x = step * CGFloat(index + 1)
        let y = size.height / 2 + (index % 2 == 0 ? -50 : 50)
        return CGPoint(x: x, y: y)
    }
}

/// A circle that follows the finger dragging it and stays where it is let go.
struct TouchCircle: View {
    let color: Color
    let home: CGPoint
    @State private var moved = CGSize.zero
    @GestureState private var dragging = CGSize.zero
    @GestureState private var isTouched = false

    var body: some View {
        Circle()
            .fill(color)
            .overlay(Circle().stroke(Color.white, lineWidth: isTouched ? 4 : 0))
            .frame(width: 110, height: 110)
            .scaleEffect(isTouched ? 1.15 : 1)
            .shadow(color: Color(white: 0, opacity: 0.5), radius: isTouched ? 14 : 4, y: isTouched ? 8 : 2)
            .animation(.spring(response: 0.25, dampingFraction: 0.7), value: isTouched)
            .gesture(
                DragGesture(minimumDistance: 0, coordinateSpace: .global)
                    .updating($dragging) { value, state, _ in state = value.translation }
                    .updating($isTouched) { _, state, _ in state = true }
                    .onEnded { value in
                        moved.width += value.translation.width
                        moved.height += value.translation.height
                    }
            )
            .position(x: home.x + moved.width + dragging.width, y: home.y + moved.height + dragging.height)
    }
}
