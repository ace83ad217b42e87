import WaylandUI

struct SizePreferenceKey: PreferenceKey {
    static var defaultValue: CGSize = .zero
    static func reduce(value: inout CGSize, nextValue: () -> CGSize) {
        value = nextValue()
    }
}

extension View {
    func readSize(onChange: @escaping (CGSize) -> Void) -> some View {
        background(
            GeometryReader { proxy in
                Color.clear.preference(key: SizePreferenceKey.self, value: proxy.size)
            }
        )
        .onPreferenceChange(SizePreferenceKey.self, perform: onChange)
    }
}

struct SizeReaderDemo: View {
    @State private var textSize: CGSize = .zero

    var body: some View {
        VStack {
            Text("Measure me, I am a fairly long line of text")
                .padding()
                .readSize { textSize = $0 }
            Text("Width: \(Int(textSize.width)), height: \(Int(textSize.height))")
                .font(.footnote)
        }
    }
}

#Preview {
    SizeReaderDemo()
}
