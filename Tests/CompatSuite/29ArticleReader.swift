import WaylandUI

struct Article: Identifiable, Hashable {
    let id: Int
    let title: String
    let author: String
    let isRead: Bool
}

@MainActor
final class ArticleStore: ObservableObject {
    @Published var articles: [Article] = []
    @Published var isLoading = false

    func load(category: String) async {
        isLoading = true
        defer { isLoading = false }
        // A real app awaits the network here.
        await Task.yield()
        guard !Task.isCancelled else { return }
        articles = (1...5).map {
            Article(
                id: $0, title: "\(category) story number \($0) with a headline far too long for one line",
                author: "Reporter \($0)", isRead: $0.isMultiple(of: 2))
        }
    }
}

struct ArticleListView: View {
    @StateObject private var store = ArticleStore()
    @State private var category = "Science"
    let categories = ["Science", "Sports", "Culture"]

    var body: some View {
        NavigationStack {
            Group {
                if store.articles.isEmpty && !store.isLoading {
                    ContentUnavailableView(
                        "No Articles", systemImage: "newspaper",
                        description: Text("Pull to refresh or pick another category."))
                } else {
                    List(store.articles) { article in
                        VStack(alignment: .leading, spacing: 4) {
                            Text(article.title)
                                .font(.headline)
                                .lineLimit(1)
                                .truncationMode(.tail)
                                .strikethrough(article.isRead, color: .secondary)
                            Text(article.author.uppercased())
                                .font(.caption)
                                .kerning(1.5)
                                .foregroundStyle(.secondary)
                        }
                    }
                }
            }
            .navigationTitle(category)
            .toolbar {
                Picker("Category", selection: $category) {
                    ForEach(categories, id: \.self) { Text($0) }
                }
            }
            .task(id: category) {
                await store.load(category: category)
            }
        }
    }
}

struct SaleBanner: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack(alignment: .firstTextBaseline) {
                Text("$129").strikethrough(true, color: .red).foregroundColor(.secondary)
                Text("$89").font(.title.bold())
            }
            Text("Offer ends Sunday. Terms apply to all purchases made online and in stores.")
                .font(.footnote)
                .lineSpacing(4)
                .lineLimit(2)
            Text("Read the terms")
                .underline(pattern: .dash)
                .foregroundColor(.accentColor)
            Text("/Users/me/Documents/Receipts/2024/March/order-4711.pdf")
                .lineLimit(1)
                .truncationMode(.middle)
        }
        .padding()
    }
}

#Preview("Articles") {
    ArticleListView()
}

#Preview("Sale") {
    SaleBanner()
}

#Preview("Empty search") {
    ContentUnavailableView.search(text: "qwerty")
}
