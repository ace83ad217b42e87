// The gesture inspector over a few competing gestures: it outlines each one being recognised, coloured by
// phase, and says who won arbitration and why the others lost. The switch at the bottom turns it on and
// off in-app (the host's key does the same).
import WaylandUI

struct GestureInspectorDemo: View {
    @Environment(\.gestureInspector) private var inspector

    var body: some View {
        InspectorPlayground(inspector: inspector)
    }
}

struct InspectorPlayground: View {
    @ObservedObject var inspector: GestureInspectorSwitch
    @State private var taps = 0
    @State private var doubleTaps = 0
    @State private var pressed = false
    @State private var offset = CGSize.zero
    @GestureState private var dragging = CGSize.zero

    var body: some View {
        VStack(spacing: 28) {
            Text("Touch the shapes: each gesture shows how it is recognised")
                .font(.title3)
                .foregroundColor(Color(white: 1, opacity: 0.75))
            HStack(spacing: 28) {
                // A single tap competes with a double tap on the same view.
                RoundedRectangle(cornerRadius: 20)
                    .fill(Color(red: 0.25, green: 0.55, blue: 0.95))
                    .overlay(Text("tap \(taps) · double \(doubleTaps)").font(.headline).foregroundColor(.white))
                    .frame(width: 200, height: 140)
                    .gesture(
                        TapGesture(count: 2).onEnded { doubleTaps += 1 }
                            .exclusively(before: TapGesture().onEnded { taps += 1 }))
                // A long press competes with a drag; the drag wins once the finger moves.
                Circle()
                    .fill(
                        pressed ? Color(red: 0.95, green: 0.55, blue: 0.25) : Color(red: 0.85, green: 0.35, blue: 0.45)
                    )
                    .overlay(Text(pressed ? "pressed" : "press or drag").font(.headline).foregroundColor(.white))
                    .frame(width: 140, height: 140)
                    .offset(x: offset.width + dragging.width, y: offset.height + dragging.height)
                    .gesture(
                        DragGesture()
                            .updating($dragging) { value, state, _ in state = value.translation }
                            .onEnded { value in
                                withAnimation(.spring()) { offset = .zero }
                            }
                    )
                    .simultaneousGesture(LongPressGesture(minimumDuration: 0.5).onEnded { _ in pressed.toggle() })
            }
            InspectorToggle(isOn: $inspector.isOn)
        }
        .padding(.top, 40)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color(red: 0.13, green: 0.15, blue: 0.20))
        .onAppear { inspector.isOn = true }
        .onDisappear { inspector.isOn = false }
    }
}

/// The inspector's switch: a `Toggle` on a translucent pill (a click or tap on the switch flips it).
struct InspectorToggle: View {
    @Binding var isOn: Bool

    var body: some View {
        Toggle("Gesture inspector", isOn: $isOn)
            .toggleStyle(.switch)
            .font(.headline)
            .foregroundColor(.white)
            .padding(.horizontal, 20)
            .frame(width: 280, height: 64)
            .background(Color(white: 1, opacity: 0.08))
            .clipShape(Capsule())
    }
}
