import Combine
import Foundation
import WaylandUI

enum FeedError: Error, LocalizedError {
    case offline
    var errorDescription: String? { "You appear to be offline." }
}

final class HeadlinesViewModel: ObservableObject {
    @Published var headlines: [String] = []
    @Published var errorText: String?
    private var cancellables = Set<AnyCancellable>()

    func fetch(using publisher: AnyPublisher<[String], FeedError>) {
        publisher
            .receive(on: DispatchQueue.main)
            .sink { [weak self] completion in
                if case .failure(let error) = completion {
                    self?.errorText = error.localizedDescription
                }
            } receiveValue: { [weak self] headlines in
                self?.headlines = headlines
            }
            .store(in: &cancellables)
    }
}

struct HeadlinesView: View {
    @StateObject private var viewModel = HeadlinesViewModel()
    let source: AnyPublisher<[String], FeedError>
    @State private var ticks = 0

    var body: some View {
        VStack(alignment: .leading) {
            if let errorText = viewModel.errorText {
                Label(errorText, systemImage: "wifi.slash")
                    .foregroundColor(.red)
            }
            ForEach(viewModel.headlines, id: \.self) { Text($0) }
            Text("Updates: \(ticks)")
        }
        .padding()
        .onAppear { viewModel.fetch(using: source) }
        .onReceive(source.replaceError(with: []).map(\.count)) { ticks += $0 }
    }
}

#Preview("Offline headlines") {
    HeadlinesView(source: Fail(error: FeedError.offline).eraseToAnyPublisher())
}

#Preview("Online headlines") {
    HeadlinesView(
        source: Just(["Markets rally", "Rain expected"]).setFailureType(to: FeedError.self).eraseToAnyPublisher())
}
