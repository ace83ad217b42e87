import WaylandUI

struct ProfileHeader: View {
    let name: String
    let handle: String
    let followers: Int

    var body: some View {
        VStack(spacing: 12) {
            Image(systemName: "person.crop.circle.fill")
                .resizable()
                .scaledToFit()
                .frame(width: 96, height: 96)
                .foregroundStyle(.gray)
                .background(Circle().fill(Color.white))
                .clipShape(Circle())
                .overlay(Circle().stroke(Color.blue, lineWidth: 3))
            Text(name)
                .font(.title)
                .fontWeight(.semibold)
            Text("@\(handle)")
                .foregroundColor(.secondary)
            HStack(spacing: 24) {
                VStack {
                    Text("\(followers)").font(.headline)
                    Text("Followers").font(.caption)
                }
                Divider().frame(height: 30)
                VStack {
                    Text("128").font(.headline)
                    Text("Following").font(.caption)
                }
            }
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    ProfileHeader(name: "Jordan Lee", handle: "jlee", followers: 1_024)
}
