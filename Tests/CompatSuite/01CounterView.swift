import WaylandUI

struct CounterView: View {
    @State private var count = 0

    var body: some View {
        VStack(spacing: 20) {
            Text("Count: \(count)")
                .font(.largeTitle)
                .bold()
            HStack {
                Button("-") { count -= 1 }
                    .buttonStyle(.bordered)
                Button("+") { count += 1 }
                    .buttonStyle(.borderedProminent)
            }
            Button("Reset", role: .destructive) {
                count = 0
            }
            .disabled(count == 0)
        }
        .padding()
    }
}

#Preview {
    CounterView()
}
