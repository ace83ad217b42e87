// Text in Latin, Cyrillic and CJK — paragraphs from the seeds' own articles — seen through clip shapes:
// a circle, a rounded rectangle, a capsule and a custom Shape.
import WaylandUI

struct ScriptsInShapesDemo: View {
    /// From the ScopeView article (seed 002).
    static let latin =
        "The mask modifier allows us to apply a shape or image as a mask to a view, hiding everything outside of the mask and revealing only the masked area. This is perfect for creating a scope-like view that the user can drag around the screen."
    /// From the drag-reveal article (seed 000).
    static let cyrillic =
        "Обычный способ обрезать представление — применить .clipShape. Однако в качестве аргумента используется Shape, поэтому немного сложно сделать его условным, а также контролировать его размер."
    /// From "Composing SwiftUI gestures" (seed 001).
    static let cjk = "当你为应用的视图层级添加多个手势时，需要决定这些手势如何相互作用。你可以用组合手势来定义 SwiftUI 识别手势的顺序。手势组合有三种类型：同时、顺序、互斥。"

    var body: some View {
        VStack(spacing: 20) {
            HStack(spacing: 20) {
                ClippedParagraph(
                    text: Self.latin,
                    colors: [Color(red: 0.20, green: 0.45, blue: 0.90), Color(red: 0.45, green: 0.25, blue: 0.80)],
                    shape: Circle())
                ClippedParagraph(
                    text: Self.cyrillic,
                    colors: [Color(red: 0.90, green: 0.35, blue: 0.35), Color(red: 0.85, green: 0.55, blue: 0.20)],
                    shape: RoundedRectangle(cornerRadius: 36))
            }
            HStack(spacing: 20) {
                ClippedParagraph(
                    text: Self.cjk,
                    colors: [Color(red: 0.15, green: 0.60, blue: 0.50), Color(red: 0.10, green: 0.40, blue: 0.65)],
                    shape: Capsule())
                ClippedParagraph(
                    text: Self.latin + " " + Self.cyrillic + " " + Self.cjk,
                    colors: [Color(red: 0.55, green: 0.30, blue: 0.75), Color(red: 0.85, green: 0.35, blue: 0.60)],
                    shape: Wave())
            }
        }
        .padding(EdgeInsets(top: 72, leading: 24, bottom: 24, trailing: 24))
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(Color(red: 0.96, green: 0.95, blue: 0.93))
    }
}

/// A paragraph on a gradient, cut to `shape`.
struct ClippedParagraph<S: Shape>: View {
    let text: String
    let colors: [Color]
    let shape: S

    var body: some View {
        Text(text)
            .font(.body)
            .foregroundColor(.white)
            .multilineTextAlignment(.center)
            .padding(18)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(LinearGradient(colors: colors, startPoint: .topLeading, endPoint: .bottomTrailing))
            .clipShape(shape)
            .shadow(color: Color(white: 0, opacity: 0.25), radius: 6, y: 3)
    }
}

/// A custom shape: a rectangle whose top and bottom edges are waves.
struct Wave: Shape {
    var waves: Int = 3
    var depth: CGFloat = 14

    func path(in rect: CGRect) -> Path {
        var path = Path()
        let step = rect.width / CGFloat(waves)
        path.move(to: CGPoint(x: rect.minX, y: rect.minY + depth))
        for index in 0..<waves {
            let x0 = rect.minX + CGFloat(index) * step
            path.addQuadCurve(
                to: CGPoint(x: x0 + step, y: rect.minY + depth),
                control: CGPoint(x: x0 + step / 2, y: rect.minY - depth))
        }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - depth))
        for index in 0..<waves {
            let x0 = rect.maxX - CGFloat(index) * step
            path.addQuadCurve(
                to: CGPoint(x: x0 - step, y: rect.maxY - depth),
                control: CGPoint(x: x0 - step / 2, y: rect.maxY + depth))
        }
        path.closeSubpath()
        return path
    }
}
