import WaylandUI

struct CardModifier: ViewModifier {
    var cornerRadius: CGFloat = 12

    func body(content: Content) -> some View {
        content
            .padding()
            .background(Color.white)
            .cornerRadius(cornerRadius)
            .shadow(color: Color.black.opacity(0.1), radius: 4, x: 0, y: 2)
    }
}

struct TitleStyle: ViewModifier {
    func body(content: Content) -> some View {
        content
            .font(.largeTitle)
            .foregroundColor(.blue)
    }
}

extension View {
    func cardStyle(cornerRadius: CGFloat = 12) -> some View {
        modifier(CardModifier(cornerRadius: cornerRadius))
    }

    func titleStyle() -> some View {
        self.modifier(TitleStyle())
    }
}

struct ModifierShowcase: View {
    var body: some View {
        VStack(spacing: 20) {
            Text("Dashboard").titleStyle()
            Text("Sales are up 12% this week").cardStyle()
            Text("3 new messages").cardStyle(cornerRadius: 20)
        }
        .padding()
        .background(Color.gray.opacity(0.1))
    }
}

#Preview {
    ModifierShowcase()
}
