import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandUI

private struct Badge: View {
    var label: String
    var body: some View { Text(label).padding(4) }
}

#Preview {
    Badge(label: "unnamed")
}

#Preview("Named badge") {
    Badge(label: "named")
}

#Preview("Sized badge", traits: .fixedLayout(width: 120, height: 40)) {
    Badge(label: "sized")
}

#Preview("Fitting badge", traits: .sizeThatFitsLayout, .landscapeLeft) {
    VStack {
        Badge(label: "a")
        Badge(label: "b")
    }
}

private struct Badge_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            Badge(label: "light").previewDisplayName("Light")
            Badge(label: "framed").previewLayout(.sizeThatFits).previewDevice("iPhone 15")
        }
    }
}

@MainActor @Suite struct PreviewTests {
    @Test func previewsAreFoundAtRunTimeInSourceOrder() {
        let names = PreviewCatalog.all().map(\.name)
        let mine = names.filter {
            ["PreviewTests.swift:11", "Named badge", "Sized badge", "Fitting badge"].contains($0)
        }
        #expect(mine == ["PreviewTests.swift:11", "Named badge", "Sized badge", "Fitting badge"])
        #expect(names.contains { $0.hasSuffix("Badge_Previews") })
    }

    @Test func traitsAndContentComeThrough() {
        let entries = Dictionary(uniqueKeysWithValues: PreviewCatalog.all().map { ($0.name, $0) })
        #expect(entries["Sized badge"]?.fixedSize == CGSize(width: 120, height: 40))
        #expect(entries["Fitting badge"]?.sizeThatFits == true)
        #expect(entries["Named badge"]?.sizeThatFits == false && entries["Named badge"]?.fixedSize == nil)
        guard let named = entries["Named badge"] else { return }
        let graph = makeGraph(named.make(), width: 200, height: 100)
        graph.update()
        #expect(graph.layoutDescription.contains("Text(\"named\")"))
    }
}
