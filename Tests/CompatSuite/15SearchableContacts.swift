import WaylandUI

struct Contact: Identifiable {
    let id: Int
    let name: String
    let email: String
}

struct ContactsView: View {
    @State private var searchText = ""
    private let contacts = [
        Contact(id: 1, name: "Ada Lovelace", email: "ada@example.com"),
        Contact(id: 2, name: "Alan Turing", email: "alan@example.com"),
        Contact(id: 3, name: "Grace Hopper", email: "grace@example.com"),
        Contact(id: 4, name: "Katherine Johnson", email: "katherine@example.com"),
    ]

    var filtered: [Contact] {
        if searchText.isEmpty { return contacts }
        return contacts.filter { $0.name.localizedCaseInsensitiveContains(searchText) }
    }

    var body: some View {
        VStack(spacing: 0) {
            HStack {
                Image(systemName: "magnifyingglass")
                TextField("Search", text: $searchText)
                if !searchText.isEmpty {
                    Button {
                        searchText = ""
                    } label: {
                        Image(systemName: "xmark.circle.fill").foregroundColor(.gray)
                    }
                    .buttonStyle(.borderless)
                }
            }
            .padding(8)
            .background(Color.gray.opacity(0.15))
            .cornerRadius(10)
            .padding()
            List(filtered) { contact in
                VStack(alignment: .leading) {
                    Text(contact.name)
                    Text(contact.email).font(.caption).foregroundColor(.gray)
                }
            }
        }
    }
}

#Preview {
    ContactsView()
}
