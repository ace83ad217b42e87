import WaylandUI

enum AppTheme: String, CaseIterable, Identifiable {
    case system, light, dark
    var id: String { rawValue }
}

struct SettingsScreen: View {
    @AppStorage("username") private var username = "Guest"
    @AppStorage("fontScale") private var fontScale = 1.0
    @AppStorage("showBadges") private var showBadges = true
    @AppStorage("theme") private var theme: AppTheme = .system

    var body: some View {
        NavigationStack {
            Form {
                Section(header: Text("Account")) {
                    TextField("Username", text: $username)
                }
                Section(header: Text("Appearance"), footer: Text("Changes apply immediately.")) {
                    Toggle("Show badges", isOn: $showBadges)
                    VStack(alignment: .leading) {
                        Text("Text size: \(fontScale, specifier: "%.1f")×")
                        Slider(value: $fontScale, in: 0.5...2, step: 0.1)
                    }
                    Menu("Theme: \(theme.rawValue.capitalized)") {
                        ForEach(AppTheme.allCases) { option in
                            Button(option.rawValue.capitalized) { theme = option }
                        }
                    }
                }
            }
            .navigationTitle("Settings")
        }
    }
}

#Preview {
    SettingsScreen()
}
