import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@MainActor
@Suite struct InlineImageTextTests {
    @Test func anInterpolatedImageStaysAnImage() {
        let text = Text("\(Image(systemName: "star")) Favourite")
        #expect(text.inlineImages == [Image(systemName: "star")])
        #expect(text.content == "\u{FFFC} Favourite")
        let joined = Text("a") + Text(Image(systemName: "heart")) + Text("\(Text("b"))\(Image(systemName: "bell"))")
        let styled = Text("\(Image(systemName: "heart.fill")) Favourite \(Image(systemName: "chevron.right"))").font(
            .body
        )
        .foregroundColor(.pink)
        #expect(styled.inlineImages.count == 2, "\(styled.content)")
        #expect(
            joined.inlineImages == [Image(systemName: "heart"), Image(systemName: "bell")]
                && joined.content == "a\u{FFFC}b\u{FFFC}")
    }

    struct Row: View {
        let font = Font.custom("DejaVu Sans", size: 15)
        var body: some View {
            VStack {
                Text("\(Image(systemName: "heart.fill")) Favourite \(Image(systemName: "chevron.right"))").font(font)
                    .foregroundColor(.pink)
            }
        }
    }

    @Test func inAViewBuilderTooAnInterpolatedImageIsDrawn() {
        let graph = makeGraph(Row(), width: 400, height: 100)
        graph.update()
        #expect(frame(of: "ImageNode", in: graph, occurrence: 1) != nil, "\(allNodes(graph).map(\.debugName))")
    }

    @Test func interpolatedValuesReadAsInSwiftUI() {
        let count = 3
        let price = 2.5
        #expect(Text("\(count) items").content == "3 items")
        #expect(Text("\(price, specifier: "%.2f") €").content == "2.50 €")
        #expect(Text(verbatim: "\(count)").content == "3")
    }

    @Test func aTextWithImagesIsARowOnTheBaseline() throws {
        let graph = makeGraph(Text("\(Image(systemName: "star")) Favourite").font(.title), width: 400, height: 200)
        graph.update()
        let image = try #require(frame(of: "ImageNode", in: graph))
        let text = try #require(frame(of: "Text", in: graph))
        // Title is 28 points: the symbol is 31 points, left of the run, and both share the baseline.
        #expect(image.size == CGSize(width: 31, height: 31) && image.maxX <= text.minX + 0.01)
        let textBaseline = text.minY + (34 + 28 * 0.8) / 2
        #expect(
            abs(image.minY + 31 / 2 + 28 * SymbolImage.capHeightRatio / 2 - textBaseline) < 0.01, "\(image) \(text)")
    }
}

@MainActor
@Suite struct LabelTests {
    func names<V: View>(_ view: V) -> [String] {
        let graph = makeGraph(view, width: 400, height: 200)
        graph.update()
        return allNodes(graph).map(\.debugName).filter { $0 == "ImageNode" || $0.hasPrefix("Text(") }
    }

    @Test func labelStylesPickTheTitleTheIconOrBoth() {
        #expect(names(Label("Inbox", systemImage: "tray")) == ["ImageNode", "Text(\"Inbox\")"])
        #expect(names(Label("Inbox", systemImage: "tray").labelStyle(.iconOnly)) == ["ImageNode"])
        #expect(names(Label("Inbox", systemImage: "tray").labelStyle(.titleOnly)) == ["Text(\"Inbox\")"])
        #expect(
            names(
                VStack {
                    Label("A", systemImage: "tray")
                    Label("B", systemImage: "star")
                }.labelStyle(.titleAndIcon))
                == ["ImageNode", "Text(\"A\")", "ImageNode", "Text(\"B\")"])
        #expect(
            names(
                Label {
                    Text("Custom")
                } icon: {
                    Circle()
                }) == ["Text(\"Custom\")"])
    }

    struct BadgeStyle: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack {
                configuration.icon
                configuration.title
                Label(configuration)
            }
        }
    }

    @Test func aCustomStyleGetsTheTitleAndIconAndItsLabelOfTheConfigurationDrawsTheStandardLook() {
        #expect(
            names(Label("Inbox", systemImage: "tray").labelStyle(BadgeStyle()))
                == ["ImageNode", "Text(\"Inbox\")", "ImageNode", "Text(\"Inbox\")"])
    }

    @Test func theIconAndTitleShareTheBaseline() throws {
        let graph = makeGraph(Label("Inbox", systemImage: "tray").font(.title), width: 400, height: 200)
        graph.update()
        let image = try #require(frame(of: "ImageNode", in: graph))
        let text = try #require(frame(of: "Text", in: graph))
        #expect(text.minX - image.maxX == 8)
        let textBaseline = text.minY + (34 + 28 * 0.8) / 2
        #expect(abs(image.minY + image.height / 2 + 28 * SymbolImage.capHeightRatio / 2 - textBaseline) < 0.01)
    }

    @Test func aButtonWithASystemImageShowsBothAndActs() {
        var pressed = 0
        let graph = makeGraph(
            Button("Share", systemImage: "square.and.arrow.up") { pressed += 1 }.buttonStyle(.plain),
            width: 400, height: 200)
        graph.update()
        #expect(
            allNodes(graph).map(\.debugName).filter { $0 == "ImageNode" || $0.hasPrefix("Text(") }
                == ["ImageNode", "Text(\"Share\")"])
        let button = Button("Delete", systemImage: "trash", role: .destructive) { pressed += 1 }
        #expect(names(button) == ["ImageNode", "Text(\"Delete\")"])
        #expect(pressed == 0)
    }
}

@MainActor
@Suite struct TagTests {
    @Test func aTagIsKeptOnTheViewForItsContainer() throws {
        enum Flavour: Hashable { case vanilla, chocolate }
        let graph = makeGraph(
            VStack {
                Text("Vanilla").tag(Flavour.vanilla)
                Text("Chocolate").tag(Flavour.chocolate)
                Text("None")
            }, width: 200, height: 200)
        graph.update()
        let stack = try #require(allNodes(graph).first { $0.layoutChildren.count == 3 })
        #expect(stack.layoutChildren.map(\.tag) == [AnyHashable(Flavour.vanilla), AnyHashable(Flavour.chocolate), nil])
        // A tag of an optional-selection picker (`tag(_:includeOptional:)`) compiles the same.
        let optional = makeGraph(Text("x").tag(3, includeOptional: false), width: 50, height: 50)
        optional.update()
        #expect(allNodes(optional).contains { $0.tag == AnyHashable(3) })
    }
}
