// A WaylandUI app for host tests of navigation: a stack whose root ("Inbox") links to message pages, with a
// toolbar item. Each page reports `page N` as it appears and the path reports `path COUNT` when it changes.
// The root's first link is a 200×44 green (rgb 0,200,100) block at the top-left of the content, 20 points in.
// `--list N` shows a plain `List` of N rows instead, every tenth row reporting `row N` as it appears.
// `--mail` shows a plain, refreshable list of mails whose first row is green (rgb 0,200,100), each with a red
// Delete and an orange Flag swipe action (reported as `flag NAME`, `delete NAME`); a refresh reports
// `refresh begin`, and `refresh end` a quarter of a second later.
import WaylandClient
import WaylandUI

struct Inbox: View {
    @State private var path: [Int] = []

    var body: some View {
        NavigationStack(path: $path) {
            VStack(alignment: .leading, spacing: 12) {
                NavigationLink(value: 1) {
                    Color(red: 0, green: 200 / 255, blue: 100 / 255).frame(width: 200, height: 44)
                }
                .buttonStyle(.plain)
                Spacer()
            }
            .padding(20)
            .frame(maxWidth: .infinity, alignment: .leading)
            .navigationTitle("Inbox")
            .toolbar { ToolbarItem { Button("Add") {} } }
            .navigationDestination(for: Int.self) { number in
                Color(red: 1, green: 0.5, blue: 0)
                    .navigationTitle("Message \(number)")
                    .onAppear { Probe.report("page \(number)") }
            }
        }
        .onChange(of: path) { _, new in Probe.report("path \(new.count)") }
    }
}

/// A list of `count` rows (`Row n`).
struct LongList: View {
    let count: Int
    var body: some View {
        List(0..<count, id: \.self) { row in
            Text("Row \(row)").onAppear { if row % 10 == 0 { Probe.report("row \(row)") } }
        }
        .listStyle(.plain)
    }
}

/// Mails with swipe actions, refreshable.
struct Mailbox: View {
    @State private var mails = ["Ann", "Bob", "Cid", "Dee"]
    var body: some View {
        List {
            ForEach(mails, id: \.self) { mail in
                Text(mail)
                    .listRowBackground(mail == "Ann" ? Color(red: 0, green: 200 / 255, blue: 100 / 255) : nil)
                    .swipeActions {
                        Button("Delete", role: .destructive) {
                            Probe.report("delete \(mail)")
                            mails.removeAll { $0 == mail }
                        }
                        Button("Flag") { Probe.report("flag \(mail)") }.tint(.orange)
                    }
            }
        }
        .listStyle(.plain)
        .refreshable {
            await MainActor.run { Probe.report("refresh begin") }
            try? await Task.sleep(for: .milliseconds(250))
            await MainActor.run { Probe.report("refresh end") }
        }
    }
}

@main
struct NavigationProbeApp: App {
    var body: some Scene {
        WindowGroup("Navigation probe") {
            if CommandLine.arguments.contains("--mail") {
                Mailbox()
            } else if let index = CommandLine.arguments.firstIndex(of: "--list"),
                index + 1 < CommandLine.arguments.count
            {
                LongList(count: Int(CommandLine.arguments[index + 1]) ?? 0)
            } else {
                Inbox()
            }
        }
        .defaultSize(width: 400, height: 300)
    }
}
