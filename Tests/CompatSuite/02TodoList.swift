import Combine
import Foundation
import WaylandUI

struct TodoItem: Identifiable, Codable {
    var id = UUID()
    var title: String
    var isDone = false
}

class TodoStore: ObservableObject {
    @Published var items: [TodoItem] = [
        TodoItem(title: "Buy milk"),
        TodoItem(title: "Walk the dog", isDone: true),
        TodoItem(title: "Write the report"),
    ]

    func add(_ title: String) {
        guard !title.isEmpty else { return }
        items.append(TodoItem(title: title))
    }

    func delete(at offsets: IndexSet) {
        items.remove(atOffsets: offsets)
    }

    func move(from source: IndexSet, to destination: Int) {
        items.move(fromOffsets: source, toOffset: destination)
    }
}

struct TodoListView: View {
    @StateObject private var store = TodoStore()
    @State private var newTitle = ""

    var body: some View {
        NavigationStack {
            List {
                Section {
                    HStack {
                        TextField("New task", text: $newTitle)
                        Button {
                            store.add(newTitle)
                            newTitle = ""
                        } label: {
                            Image(systemName: "plus.circle.fill")
                        }
                    }
                }
                Section("Tasks") {
                    ForEach($store.items) { $item in
                        HStack {
                            Image(systemName: item.isDone ? "checkmark.circle.fill" : "circle")
                                .foregroundColor(item.isDone ? .green : .secondary)
                                .onTapGesture { item.isDone.toggle() }
                            Text(item.title)
                                .foregroundStyle(item.isDone ? .secondary : .primary)
                        }
                    }
                    .onDelete(perform: store.delete)
                    .onMove(perform: store.move)
                }
            }
            .navigationTitle("Todos")
            .toolbar {
                EditButton()
            }
        }
    }
}

struct TodoListView_Previews: PreviewProvider {
    static var previews: some View {
        TodoListView()
    }
}
