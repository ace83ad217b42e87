import WaylandUI

struct CarouselItem: Identifiable {
    let id: Int
    let color: Color
    let caption: String
}

struct PhotoCarousel: View {
    let items = [
        CarouselItem(id: 0, color: .red, caption: "Canyon"),
        CarouselItem(id: 1, color: .blue, caption: "Lake"),
        CarouselItem(id: 2, color: .green, caption: "Meadow"),
        CarouselItem(id: 3, color: .purple, caption: "Dusk"),
    ]
    @State private var selected: Int?

    var body: some View {
        VStack(alignment: .leading) {
            Text("Featured")
                .font(.title3.bold())
                .padding(.horizontal)
            ScrollView(.horizontal, showsIndicators: false) {
                LazyHStack(spacing: 12) {
                    ForEach(items) { item in
                        VStack {
                            RoundedRectangle(cornerRadius: 12)
                                .fill(item.color.opacity(0.8))
                                .frame(width: 140, height: 100)
                                .overlay(
                                    Image(systemName: "photo")
                                        .font(.largeTitle)
                                        .foregroundColor(.white)
                                )
                                .overlay(
                                    RoundedRectangle(cornerRadius: 12)
                                        .stroke(selected == item.id ? Color.primary : Color.clear, lineWidth: 3)
                                )
                            Text(item.caption).font(.caption)
                        }
                        .onTapGesture { selected = item.id }
                    }
                }
                .padding(.horizontal)
            }
        }
    }
}

#Preview {
    PhotoCarousel()
}
