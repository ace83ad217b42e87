import Combine
import Foundation
import WaylandUI

final class CitySearchViewModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    private let allCities = ["Amsterdam", "Berlin", "Bern", "Boston", "Lisbon", "London", "Madrid", "Paris"]
    private var cancellables = Set<AnyCancellable>()

    init() {
        $query
            .removeDuplicates()
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .map { [allCities] text in
                text.isEmpty ? allCities : allCities.filter { $0.lowercased().hasPrefix(text.lowercased()) }
            }
            .receive(on: DispatchQueue.main)
            .sink { [weak self] cities in
                self?.results = cities
            }
            .store(in: &cancellables)
    }
}

struct CitySearchView: View {
    @ObservedObject var viewModel: CitySearchViewModel

    var body: some View {
        VStack {
            TextField("City", text: $viewModel.query)
                .textFieldStyle(.roundedBorder)
                .padding()
            List(viewModel.results, id: \.self) { city in
                Text(city)
            }
        }
    }
}

#Preview {
    CitySearchView(viewModel: CitySearchViewModel())
}
