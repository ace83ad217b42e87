// Seed 000 (drag-reveal Text), copied unchanged but for the import.
import WaylandUI

struct ContentView: View {
    let loremIpsum = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum."
    @GestureState private var offset: CGSize = .zero
    @State private var startOfDragLocation: CGPoint = .zero
    @State private var startOfDragTime: Date = .now
    @State private var circleSize: CGFloat = .zero

    var body: some View {
        GeometryReader { proxy in
            let h = proxy.size.height
            Text(loremIpsum)
                .font(.title2)
                .padding()
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background {
                    Color.blue
                        .padding(-h)
                }
                .mask(alignment: .topLeading) {
                    if offset == .zero {
                        Rectangle().ignoresSafeArea()
                    } else {
                        Circle()
                            .position(startOfDragLocation)
                            .frame(width: circleSize, height: circleSize)
                    }
                }
                .offset(offset)
                .gesture(
                    DragGesture(minimumDistance: 0, coordinateSpace: .local)
                        .onChanged { value in
                            if startOfDragLocation != value.startLocation {
                                startOfDragLocation = value.startLocation
                                startOfDragTime = .now
                            }
                            circleSize = max(100, h + (h * startOfDragTime.timeIntervalSinceNow / 0.5))
                        }
                        .updating($offset) { value, state, trans in
                            state = value.translation
                        }
                )
        }
    }
}
