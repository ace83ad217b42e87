import Observation
import WaylandUI

@Observable
class UserProfile {
    var name = "Taylor"
    var bio = "Loves hiking and coffee."
    var notificationsOn = true
}

struct ProfileEditor: View {
    @Bindable var profile: UserProfile

    var body: some View {
        Form {
            TextField("Name", text: $profile.name)
            TextField("Bio", text: $profile.bio, axis: .vertical)
                .lineLimit(3...5)
            Toggle("Notifications", isOn: $profile.notificationsOn)
        }
    }
}

struct ProfileScreen: View {
    @State private var profile = UserProfile()

    var body: some View {
        VStack(alignment: .leading) {
            Text("Hello, \(profile.name)!")
                .font(.title2)
                .padding(.horizontal)
            ProfileEditor(profile: profile)
        }
    }
}

#Preview {
    ProfileScreen()
}
