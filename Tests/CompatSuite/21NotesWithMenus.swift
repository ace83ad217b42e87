import WaylandUI

struct Note: Identifiable {
    let id: Int
    var text: String
    var isPinned = false
}

struct NotesList: View {
    @State private var notes = [
        Note(id: 1, text: "Groceries: eggs, bread"),
        Note(id: 2, text: "Call the plumber", isPinned: true),
        Note(id: 3, text: "Ideas for the weekend"),
    ]
    @State private var sortAscending = true

    var sortedNotes: [Note] {
        notes.sorted { sortAscending ? $0.id < $1.id : $0.id > $1.id }
    }

    var body: some View {
        NavigationStack {
            List {
                ForEach(sortedNotes) { note in
                    HStack {
                        if note.isPinned {
                            Image(systemName: "pin.fill").foregroundColor(.orange)
                        }
                        Text(note.text)
                    }
                    .contextMenu {
                        Button {
                            togglePin(note)
                        } label: {
                            Label(note.isPinned ? "Unpin" : "Pin", systemImage: "pin")
                        }
                        Button(role: .destructive) {
                            notes.removeAll { $0.id == note.id }
                        } label: {
                            Label("Delete", systemImage: "trash")
                        }
                    }
                }
            }
            .navigationTitle("Notes")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Menu {
                        Button("Oldest first") { sortAscending = true }
                        Button("Newest first") { sortAscending = false }
                    } label: {
                        Image(systemName: "arrow.up.arrow.down")
                    }
                }
            }
        }
    }

    private func togglePin(_ note: Note) {
        if let index = notes.firstIndex(where: { $0.id == note.id }) {
            notes[index].isPinned.toggle()
        }
    }
}

#Preview {
    NotesList()
}
