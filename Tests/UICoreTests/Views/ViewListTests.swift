import Foundation
import Testing

@_spi(Engine) @testable import UICore

// Every view's elements, counted and identified without building them, and built one at a time by a lazy
// container exactly as an eager container builds them all.

private struct TwoTexts: View {
    var body: some View {
        Text("a")
        Text("bb")
    }
}

/// The nodes under `node` as text: class, path and children, depth first (what eager and lazy builds compare).
@MainActor private func structure(_ nodes: [ViewNode], indent: String = "") -> [String] {
    nodes.flatMap { node in
        ["\(indent)\(node.debugName) \(node.key.path)"] + structure(node.children, indent: indent + "  ")
    }
}

@MainActor
@Suite struct ViewListTests {
    @Test func forEachCountsWithoutMakingRows() {
        var rowsMade = 0
        let list = _viewList(
            of: ForEach(0..<100_000) { row -> Text in
                rowsMade += 1
                return Text("\(row)")
            })
        #expect(list.count == 100_000)
        #expect(rowsMade == 0)
        #expect(list.identity(at: 50_000) == [.explicit(AnyHashable(50_000))])
        #expect(rowsMade == 1)
    }

    @Test func forEachRowsOfSeveralViewsCountEachView() {
        let list = _viewList(
            of: ForEach(["x", "y"], id: \.self) { name in
                Text(name)
                Text(name + "!")
            })
        #expect(list.count == 4)
        #expect(list.identity(at: 3) == [.explicit(AnyHashable("y")), .index(1)])
        let varying = _viewList(
            of: ForEach(0..<3) { row in
                if row == 1 {
                    Text("one")
                    Text("two")
                } else {
                    Text("x")
                }
            })
        #expect(varying.count == 4)
        #expect(varying.identity(at: 2) == [.explicit(AnyHashable(1)), .branch(0), .index(1)])
        #expect(varying.identity(at: 3) == [.explicit(AnyHashable(2)), .branch(1)])
    }

    @Test func structuralViewsPassTheirContentsElementsOn() {
        let show = true
        let hide = false
        let list = _viewList(
            of: Group {
                Text("a")
                if show {
                    Text("b")
                    Text("c")
                }
                if hide { Text("never") }
                EmptyView()
                AnyView(
                    Group {
                        Text("d")
                        Text("e")
                    })
                Text("f").id(7)
            })
        #expect(list.count == 6)
        #expect(list.identity(at: 0) == [.index(0)])
        #expect(list.identity(at: 2) == [.index(1), .branch(0), .index(1)])
        let erased = ObjectIdentifier(Group<TupleView<(Text, Text)>>.self)
        #expect(list.identity(at: 4) == [.index(4), .type(erased), .index(1)])
        #expect(list.identity(at: 5) == [.index(5), .explicit(AnyHashable(7))])
    }

    @Test func modifiersMapOverElementsAndCustomViewsAreOneElement() {
        #expect(
            _viewList(
                of: Group {
                    Text("a")
                    Text("b")
                }.padding().opacity(0.5).font(.title)
            ).count == 2)
        #expect(_viewList(of: TwoTexts().padding()).count == 1)
        #expect(ModifiedContent<Text, _EnvironmentTransformModifier>._viewListCount == 1)
        #expect(TupleView<(Text, Text)>._viewListCount == nil)
        #expect(EmptyView._viewListCount == 0)
    }

    @Test func aLazyContainerBuildsOnlyTheElementAskedFor() {
        var rowsMade = 0
        let graph = makeGraph(
            _LazyElements {
                ForEach(0..<100_000) { row -> Text in
                    rowsMade += 1
                    return Text("\(row)")
                }.padding(2)
            },
            width: 200, height: 100)
        graph.update()
        let lazy = graph.lazyContainers[0]
        #expect(lazy.count == 100_000)
        #expect(lazy.builtCount == 0)
        #expect(lazy.buildElement(at: 50_000) == 2)  // the padding and its text
        graph.update()
        #expect(rowsMade == 1)
        #expect(lazy.builtCount == 1)
        #expect(frame(of: "Text(\"50000\")", in: graph) != nil)
        #expect(lazy.id(at: 50_000) == AnyHashable([IdentityComponent.explicit(AnyHashable(50_000))]))
        lazy.buildElement(at: 7)
        graph.update()
        #expect(lazy.builtCount == 2)
        #expect(frame(of: "Text(\"7\")", in: graph) != nil)
    }

    /// Building each element alone gives the nodes an eager container builds, with the same identities.
    @Test func elementByElementBuildsWhatAnEagerContainerBuilds() {
        @ViewBuilder func content() -> some View {
            Group {
                Text("a").padding(1)
                ForEach(["x", "y"], id: \.self) { name in
                    Text(name)
                    Color.red.frame(width: 5, height: 5)
                }
                if true { TwoTexts() }
                AnyView(Text("erased"))
            }
            .background(Color.blue)
            .font(.title)
        }
        let eager = makeGraph(ZStack { content() }, width: 300, height: 300)
        eager.update()
        let lazyGraph = makeGraph(_LazyElements { content() }, width: 300, height: 300)
        lazyGraph.update()
        let lazy = lazyGraph.lazyContainers[0]
        #expect(lazy.count == 7)
        for index in 0..<lazy.count { lazy.buildElement(at: index) }
        lazyGraph.update()
        let eagerNodes = eager.rootNode.children[0].children
        let lazyNodes = lazyGraph.rootNode.children[0].children
        #expect(structure(lazyNodes) == structure(eagerNodes))
        #expect(structure(eagerNodes).count > 20)
    }
}
