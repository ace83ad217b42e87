// A stack of cards: fling the top one away (how far it flies comes from the drag's velocity, through
// `predictedEndTranslation`); a short drag springs back. When the last card is gone the stack deals again.
import WaylandUI

struct CardStackDemo: View {
    struct Card: Identifiable {
        let id: Int
        let title: String
        let color: Color
    }

    static let deck: [Card] = [
        Card(id: 0, title: "Springs", color: Color(red: 0.95, green: 0.45, blue: 0.35)),
        Card(id: 1, title: "Velocity", color: Color(red: 0.30, green: 0.60, blue: 0.95)),
        Card(id: 2, title: "Gestures", color: Color(red: 0.35, green: 0.75, blue: 0.50)),
        Card(id: 3, title: "Layout", color: Color(red: 0.85, green: 0.65, blue: 0.20)),
        Card(id: 4, title: "Wayland", color: Color(red: 0.65, green: 0.40, blue: 0.90)),
    ]

    /// Where each flung card flew to.
    @State private var flown: [Int: CGSize] = [:]
    @State private var drag = CGSize.zero

    var body: some View {
        ZStack {
            Color(red: 0.12, green: 0.10, blue: 0.18)
            Text(flown.count == Self.deck.count ? "Dealing again…" : "Fling the top card away")
                .font(.title3)
                .foregroundColor(Color(white: 1, opacity: 0.6))
                .offset(y: 230)
            ForEach(Self.deck.reversed()) { card in
                cardView(card)
            }
        }
    }

    private var topCard: Int? { Self.deck.first { flown[$0.id] == nil }?.id }

    @ViewBuilder
    private func cardView(_ card: Card) -> some View {
        let isTop = card.id == topCard
        let depth = CGFloat(card.id - (topCard ?? card.id))
        let offset = flown[card.id] ?? (isTop ? drag : CGSize(width: 0, height: depth * 10))
        RoundedRectangle(cornerRadius: 24)
            .fill(card.color)
            .overlay(
                VStack(spacing: 8) {
                    Text(card.title).font(.largeTitle).fontWeight(.bold).foregroundColor(.white)
                    Text("card \(card.id + 1) of \(Self.deck.count)").font(.headline).foregroundColor(
                        Color(white: 1, opacity: 0.8))
                }
            )
            .frame(width: 300, height: 380)
            .overlay(RoundedRectangle(cornerRadius: 24).stroke(Color(white: 1, opacity: 0.35), lineWidth: 2))
            .shadow(color: Color(white: 0, opacity: 0.4), radius: 10, y: 6)
            .scaleEffect(isTop || flown[card.id] != nil ? 1 : 1 - depth * 0.04)
            .rotationEffect(.degrees(Double(offset.width / 20)))
            .offset(offset)
            .allowsHitTesting(isTop)
            .gesture(
                DragGesture()
                    .onChanged { value in drag = value.translation }
                    .onEnded { value in release(card, value) }
            )
    }

    private func release(_ card: Card, _ value: DragGesture.Value) {
        let predicted = value.predictedEndTranslation
        let distance = (predicted.width * predicted.width + predicted.height * predicted.height).squareRoot()
        withAnimation(.spring(response: 0.5, dampingFraction: 0.75)) {
            if distance > 220 {
                // Fly on along the predicted direction, well out of the window.
                let factor = max(1.5, 900 / distance)
                flown[card.id] = CGSize(width: predicted.width * factor, height: predicted.height * factor)
            }
            drag = .zero
        }
        if flown.count == Self.deck.count {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) {
                withAnimation(.spring(response: 0.6, dampingFraction: 0.8)) { flown = [:] }
            }
        }
    }
}
