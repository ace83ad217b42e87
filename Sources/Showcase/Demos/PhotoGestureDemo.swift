// A photo you pinch and rotate at once (MagnifyGesture + RotateGesture, simultaneously); a double tap
// springs it back, exclusive with a single tap, which shows or hides the caption.
import WaylandUI

struct PhotoGestureDemo: View {
    @State private var scale: CGFloat = 1
    @State private var angle = Angle.zero
    @State private var showsCaption = true
    @GestureState private var pinch: CGFloat = 1
    @GestureState private var twist = Angle.zero

    var body: some View {
        let pinchAndRotate = MagnifyGesture()
            .updating($pinch) { value, state, _ in state = value.magnification }
            .simultaneously(
                with: RotateGesture()
                    .updating($twist) { value, state, _ in state = value.rotation }
            )
            .onEnded { value in
                scale = min(4, max(0.4, scale * (value.first?.magnification ?? 1)))
                angle = angle + (value.second?.rotation ?? .zero)
            }
        let taps = TapGesture(count: 2)
            .onEnded {
                withAnimation(.spring(response: 0.45, dampingFraction: 0.7)) {
                    scale = 1
                    angle = .zero
                }
            }
            .exclusively(
                before: TapGesture().onEnded {
                    withAnimation(.easeInOut(duration: 0.2)) { showsCaption.toggle() }
                })

        ZStack(alignment: .bottom) {
            Color(red: 0.06, green: 0.06, blue: 0.08)
            Image("Landscape")
                .resizable()
                .scaledToFit()
                .clipShape(RoundedRectangle(cornerRadius: 16))
                .overlay(RoundedRectangle(cornerRadius: 16).stroke(Color(white: 1, opacity: 0.25), lineWidth: 1))
                .shadow(color: Color(white: 0, opacity: 0.6), radius: 12, y: 6)
                .padding(48)
                .scaleEffect(scale * pinch)
                .rotationEffect(angle + twist)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .contentShape(Rectangle())
                .gesture(pinchAndRotate)
                .gesture(taps)
            if showsCaption {
                Text("Pinch and rotate with two fingers · double-tap to reset · tap for this caption")
                    .font(.callout)
                    .foregroundColor(.white)
                    .padding(.horizontal, 16)
                    .padding(.vertical, 10)
                    .background(Color(white: 0, opacity: 0.55))
                    .clipShape(Capsule())
                    .padding(.bottom, 20)
                    .allowsHitTesting(false)
                    .transition(.opacity)
            }
        }
    }
}
