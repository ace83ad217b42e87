// Seed 002 (ScopeView), final version, unchanged but for the import.
import WaylandUI

struct ScopeView: View {
  @State private var scopePosition = CGPoint(x: 0, y: 0)
  @State private var isDragging = false

  var body: some View {
    Image("Landscape")
      .resizable()
      .ignoresSafeArea()
      .mask(
        Circle()
          .frame(width: 250, height: 250)
          .position(scopePosition)
          .opacity(isDragging ? 1 : 0)
      )
      .gesture(
        DragGesture(minimumDistance: 0)
          .onChanged { value in
            scopePosition = value.location
            isDragging = true
          }
          .onEnded { _ in
            isDragging = false
          }
      )
  }
}
