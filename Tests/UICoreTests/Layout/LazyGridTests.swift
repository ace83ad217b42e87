import Foundation
import Testing

@_spi(Engine) @testable import UICore

@MainActor private final class Log { var lines: [String] = [] }

private struct Cell: View {
    var body: some View { Color.blue.frame(height: 50) }
}

@MainActor
@Suite(.serialized) struct LazyGridTests {
    func gridNode(_ graph: ViewGraph) -> LazyGridNode { allNodes(graph).compactMap { $0 as? LazyGridNode }.first! }
    func scroll(_ graph: ViewGraph, _ gestures: GestureSystem, by delta: CGSize, time: Double) {
        gestures.handle(.scroll(CGPoint(x: 10, y: 10), delta: delta, time: time))
        graph.update()
    }
    func tracks(_ items: [GridItem], _ length: CGFloat?) -> [[CGFloat]] {
        GridItem.tracks(of: items.map(\.sanitized), in: length).map { [$0.offset, $0.length] }
    }

    @Test func fixedColumnsKeepTheirSizeAndAnAdaptiveOneFitsAsManyAsItCan() {
        // 200 − 70 − 8 leaves 122: two of at least 40 with 8 between fit, three do not; each is (122 − 8) / 2.
        #expect(
            tracks([GridItem(.fixed(70)), GridItem(.adaptive(minimum: 40))], 200) == [[0, 70], [78, 57], [143, 57]])
        // Five of at least 50 fit in 300; widened to 53.6, or held at a maximum of 52.
        #expect(
            tracks([GridItem(.adaptive(minimum: 50, maximum: 60))], 300).map { $0[1] }
                == Array(repeating: 53.6, count: 5))
        #expect(tracks([GridItem(.adaptive(minimum: 50, maximum: 52))], 300).last == [240, 52])
        // Nothing proposed: one track at the minimum.
        #expect(
            tracks([GridItem(.flexible(minimum: 30)), GridItem(.adaptive(minimum: 40))], nil) == [[0, 30], [38, 40]])
    }

    @Test func flexibleColumnsShareWhatIsLeftInOrderClampedToTheirBounds() {
        // A maximum of 50 leaves the rest to the next.
        #expect(tracks([GridItem(.flexible(maximum: 50)), GridItem(.flexible())], 300) == [[0, 50], [58, 242]])
        // In order, not by flexibility: the first takes half of 192, the second its minimum of 120 (past 200).
        #expect(
            tracks([GridItem(.flexible(minimum: 50)), GridItem(.flexible(minimum: 120))], 200) == [
                [0, 96], [104, 120],
            ])
        // An item's spacing is the space after it; the last one's is not used.
        #expect(
            tracks([GridItem(.fixed(50), spacing: 20), GridItem(.fixed(50), spacing: 99)], 500) == [
                [0, 50], [70, 50],
            ])
    }

    @Test func aGridIsAsWideAsItsColumnsAndLaysThemOutAgainInThatWidth() {
        // As SwiftUI: 200 gives columns of 96 and 120 (224 in all); placed in 224 they are 108 and 120.
        let graph = makeGraph(
            ScrollView {
                LazyVGrid(columns: [GridItem(.flexible(minimum: 50)), GridItem(.flexible(minimum: 120))]) {
                    ForEach(0..<4) { _ in Color.red.frame(height: 10) }
                }
                .frame(width: 200)
            }, width: 300, height: 100)
        graph.update()
        #expect(gridNode(graph).size == CGSize(width: 224, height: 28))
        let left: CGFloat = 150 - 112
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: left, y: 0, width: 108, height: 10)))
        #expect(
            approx(
                frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: left + 116, y: 0, width: 120, height: 10)))
        #expect(
            approx(frame(of: "Rectangle", in: graph, occurrence: 2), CGRect(x: left, y: 18, width: 108, height: 10)))
    }

    @Test func anAdaptiveGridBuildsOnlyTheRowsInView() {
        var made = 0
        let graph = makeGraph(
            ScrollView {
                LazyVGrid(columns: [GridItem(.adaptive(minimum: 80))]) {
                    ForEach(0..<100_000) { item -> Cell in
                        made += 1
                        return Cell()
                    }
                }
            }, width: 304, height: 200)
        graph.update()
        let grid = gridNode(graph)
        // Three columns of (304 − 16) / 3 = 96; rows of 50 and 8 between: four rows in 200 points.
        #expect(grid.placedElements.map(\.index) == [0, 1, 2, 3])
        #expect(grid.builtCount == 12)
        #expect(made <= 13, "only the cells in view (and the first, for its traits) are made: \(made)")
        #expect(grid.size == CGSize(width: 304, height: 33_334 * 58 - 8))
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 0, y: 0, width: 96, height: 50)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 104, y: 0, width: 96, height: 50)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 3), CGRect(x: 0, y: 58, width: 96, height: 50)))
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        scroll(graph, gestures, by: CGSize(width: 0, height: 58 * 1_000), time: 0)
        #expect(grid.placedElements.first?.index == 1_000)
        #expect(grid.elementRange(ofSlot: 1_000) == 3_000..<3_003)
        #expect(grid.builtCount <= 12 + LazyStackNode.retainedLimit)
        #expect(made < 60, "\(made)")
    }

    @Test func cellsAlignByTheirItemOrTheGridAndRowsBySpacing() {
        let graph = makeGraph(
            ScrollView {
                LazyVGrid(
                    columns: [GridItem(.fixed(100)), GridItem(.fixed(100), alignment: .bottomTrailing)],
                    alignment: .leading, spacing: 3
                ) {
                    Color.red.frame(width: 40, height: 20)
                    Color.green.frame(width: 40, height: 40)
                    Color.blue.frame(width: 10, height: 10)
                }
            }, width: 300, height: 200)
        graph.update()
        // 208 wide, centred in 300.
        #expect(gridNode(graph).size == CGSize(width: 208, height: 53))
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 46, y: 10, width: 40, height: 20)))
        #expect(
            approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 46 + 168, y: 0, width: 40, height: 40)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 2), CGRect(x: 46, y: 43, width: 10, height: 10)))
    }

    @Test func aLazyHGridFillsItsRowsColumnByColumn() {
        let graph = makeGraph(
            ScrollView(.horizontal) {
                LazyHGrid(rows: [GridItem(.fixed(30)), GridItem(.fixed(30))], alignment: .top, spacing: 5) {
                    ForEach(0..<1_000) { item in Color.red.frame(width: item == 2 ? 20 : 50, height: 10) }
                }
            }, width: 200, height: 100)
        graph.update()
        let grid = gridNode(graph)
        #expect(grid.size == CGSize(width: 500 * 55 - 5, height: 68))
        // 68 high, centred in 100; cells at the top of their row, centred across their column.
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 0, y: 16, width: 50, height: 10)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 0, y: 54, width: 50, height: 10)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 2), CGRect(x: 70, y: 16, width: 20, height: 10)))
    }

    @Test func sectionHeadersTakeARowAcrossAndStayPinnedWhileTheirSectionScrolls() {
        let graph = makeGraph(
            ScrollView {
                LazyVGrid(
                    columns: Array(repeating: GridItem(.fixed(50), spacing: 0), count: 3), spacing: 0,
                    pinnedViews: [.sectionHeaders]
                ) {
                    ForEach(0..<3) { section in
                        Section {
                            ForEach(0..<7) { item in Color.gray.frame(height: 40).id("\(section).\(item)") }
                        } header: {
                            Text("Header \(section)").frame(height: 20)
                        }
                    }
                }
            }, width: 150, height: 100)
        graph.update()
        let grid = gridNode(graph)
        // Each section: a header row and three rows (3, 3, 1 cells): 140 points.
        #expect(grid.slotCount == 12)
        #expect(grid.elementRange(ofSlot: 3) == 7..<8)
        #expect(grid.elementRange(ofSlot: 4) == 8..<9)
        // Texts are 22 high in 20-point frames.
        #expect(frame(of: "Text(\"Header 0\")", in: graph)?.minY == -1)
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 50, y: 20, width: 50, height: 40)))
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        // At each offset: where the headers' texts are (nil: not shown). Section 0 ends at 140.
        let expected: [(Double, Double?, Double?)] = [(60, -1, 79), (110, -1, 29), (130, -11, 9), (150, nil, -1)]
        for (offset, header0, header1) in expected {
            scroll(graph, gestures, by: CGSize(width: 0, height: -1_000), time: offset)
            scroll(graph, gestures, by: CGSize(width: 0, height: offset), time: offset + 1)
            #expect(frame(of: "Text(\"Header 0\")", in: graph)?.minY == header0.map { CGFloat($0) }, "at \(offset)")
            #expect(frame(of: "Text(\"Header 1\")", in: graph)?.minY == header1.map { CGFloat($0) }, "at \(offset)")
        }
    }

    @Test func cellsAppearAndDisappearAsTheirRowsScrollInAndOut() {
        let log = Log()
        let graph = makeGraph(
            ScrollView {
                LazyVGrid(columns: [GridItem(), GridItem()], spacing: 0) {
                    ForEach(0..<100) { item in
                        Color.blue.frame(height: 100)
                            .onAppear { log.lines.append("appear \(item)") }
                            .onDisappear { log.lines.append("disappear \(item)") }
                    }
                }
            }, width: 100, height: 150)
        graph.update()
        #expect(log.lines.sorted() == ["appear 0", "appear 1", "appear 2", "appear 3"])
        log.lines.removeAll()
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        scroll(graph, gestures, by: CGSize(width: 0, height: 120), time: 0)
        #expect(log.lines.sorted() == ["appear 4", "appear 5", "disappear 0", "disappear 1"])
    }

    @Test func numbersThatAreNotLengthsAreLoggedOnceAndLeftOut() {
        withCapturedInvalidValueLog { log in
            let items = [
                GridItem(.fixed(.nan)), GridItem(.flexible(minimum: -5, maximum: .nan), spacing: .infinity),
                GridItem(.fixed(-3), spacing: -1),
            ]
            // NaN and negative sizes are 0; NaN maxima none; bad spacings the system's 8.
            #expect(tracks(items, 100) == [[0, 0], [8, 84], [100, 0]])
            #expect(tracks(items, 100) == [[0, 0], [8, 84], [100, 0]])
            #expect(log.lines.count == 4, "\(log.lines)")
            #expect(log.lines.contains("GridItem: size nan is not a length; 0 is used"), "\(log.lines)")
            // An adaptive minimum of 0 would fit without end: one point is the least.
            #expect(tracks([GridItem(.adaptive(minimum: 0), spacing: 0)], 100).count == 100)
            #expect(
                log.lines.last == "GridItem(.adaptive(minimum: 0.0)): the minimum must be at least 1", "\(log.lines)")
            // A grid of such items still lays out and draws.
            let graph = makeGraph(
                ScrollView {
                    LazyVGrid(columns: items, spacing: .nan) { ForEach(0..<10) { _ in Color.red.frame(height: 10) } }
                }, width: 100, height: 100)
            graph.update()
            #expect(gridNode(graph).size == CGSize(width: 100, height: 4 * 10 + 3 * 8))
            #expect(log.lines.contains("lazy grid: spacing nan is not a length; ignored"), "\(log.lines)")
        }
    }
}

@MainActor private final class ProxyBox { var proxy: ScrollViewProxy? }

@MainActor
@Suite struct ScrollViewReaderTests {
    func scrollNode(_ graph: ViewGraph) -> ScrollNode { allNodes(graph).compactMap { $0 as? ScrollNode }.first! }

    @Test(arguments: [
        (UnitPoint.top, 25_000.0), (.center, 24_975), (.bottom, 24_950), (nil, 24_950),
    ])
    func scrollToPutsALazyRowNotYetBuiltWhereTheAnchorSays(anchor: UnitPoint?, offset: Double) {
        let box = ProxyBox()
        let graph = makeGraph(
            ScrollViewReader { proxy in
                ScrollView {
                    LazyVStack(spacing: 0) { ForEach(0..<1_000) { Text("\($0)").frame(height: 50) } }
                }
                .onAppear { box.proxy = proxy }
            }, width: 100, height: 100)
        graph.update()
        box.proxy?.scrollTo(500, anchor: anchor)
        graph.update()
        #expect(scrollNode(graph).offset.y == CGFloat(offset))
        // The row's text (22 high, centred in its 50) where the anchor put the row.
        #expect(frame(of: "Text(\"500\")", in: graph)?.minY == CGFloat(25_000 - offset + 14))
    }

    @Test func scrollToFindsARowOfAGridAndAViewInAStackByItsID() {
        let box = ProxyBox()
        let graph = makeGraph(
            ScrollViewReader { proxy in
                ScrollView {
                    VStack(spacing: 0) {
                        ForEach(0..<20) { Color.red.frame(height: 40).id("top \($0)") }
                        LazyVGrid(columns: [GridItem(), GridItem()], spacing: 0) {
                            ForEach(0..<500) { Text("\($0)").frame(height: 30) }
                        }
                    }
                }
                .onAppear { box.proxy = proxy }
            }, width: 100, height: 100)
        graph.update()
        box.proxy?.scrollTo("top 10", anchor: .center)
        graph.update()
        #expect(abs(scrollNode(graph).offset.y - (400 - 30)) < 0.001)
        // Element 301 is in row 150 of the grid (its rows before, not measured, are estimated).
        box.proxy?.scrollTo(301, anchor: .top)
        graph.update()
        let offset = scrollNode(graph).offset.y
        #expect(offset > 800 + 100 * 30)
        #expect(frame(of: "Text(\"301\")", in: graph)?.minY == 4)
        // An id nobody has leaves the scroll view where it is.
        box.proxy?.scrollTo("nowhere")
        graph.update()
        #expect(scrollNode(graph).offset.y == offset)
    }

    /// Apple, `ScrollViewProxy.scrollTo(_:anchor:)`: "If anchor is `nil`, this method finds the container of the
    /// identified view, and scrolls the minimum amount to make the identified view wholly visible." A row below the
    /// visible part, already laid out, then ends at the bottom edge; one above starts at the top; a visible one stays.
    @Test func scrollToWithoutAnAnchorScrollsTheLeastToShowALaidOutView() {
        let box = ProxyBox()
        let graph = makeGraph(
            ScrollViewReader { proxy in
                ScrollView {
                    VStack(spacing: 0) { ForEach(0..<30) { Text("\($0)").frame(height: 40) } }
                }
                .onAppear { box.proxy = proxy }
            }, width: 100, height: 200)
        graph.update()
        #expect(frame(of: "Text(\"10\")", in: graph) != nil, "every row of a VStack is laid out")
        box.proxy?.scrollTo(10)
        graph.update()
        // Row 10 spans 400…440: its bottom at the bottom edge of the 200-point view.
        #expect(scrollNode(graph).offset.y == 240)
        box.proxy?.scrollTo(8)
        graph.update()
        #expect(scrollNode(graph).offset.y == 240, "row 8 (320…360) already shows whole")
        box.proxy?.scrollTo(2)
        graph.update()
        #expect(scrollNode(graph).offset.y == 80, "a row above starts at the top edge")
    }
}
