import Foundation
import WaylandUI

struct Quote: Decodable, Identifiable {
    let id: Int
    let text: String
    let author: String
}

@MainActor
final class QuoteFeedModel: ObservableObject {
    @Published private(set) var quotes: [Quote] = []
    @Published var isLoading = false
    @Published var errorMessage: String?

    func load() {
        isLoading = true
        let json = """
            [{"id": 1, "text": "Simplicity is the soul of efficiency.", "author": "Austin Freeman"},
             {"id": 2, "text": "Make it work, make it right, make it fast.", "author": "Kent Beck"}]
            """
        do {
            quotes = try JSONDecoder().decode([Quote].self, from: Data(json.utf8))
        } catch {
            errorMessage = error.localizedDescription
        }
        isLoading = false
    }
}

struct QuoteFeed: View {
    @StateObject var model = QuoteFeedModel()

    var body: some View {
        Group {
            if model.isLoading {
                Text("Loading…")
            } else if let message = model.errorMessage {
                Text(message).foregroundColor(.red)
            } else {
                List(model.quotes) { quote in
                    VStack(alignment: .leading, spacing: 6) {
                        Text("“\(quote.text)”").italic()
                        Text("— \(quote.author)").font(.footnote).foregroundColor(.secondary)
                    }
                    .padding(.vertical, 4)
                }
                .listStyle(.plain)
            }
        }
        .onAppear { model.load() }
    }
}

#Preview {
    QuoteFeed()
}
