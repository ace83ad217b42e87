import Foundation
import Testing

@_spi(Engine) @testable import UICore

@MainActor
@Suite(.serialized) struct GridTests {
    /// The frame of the `occurrence`th rectangle relative to the grid's corner.
    func cell(_ occurrence: Int, in graph: ViewGraph) -> CGRect? {
        guard let grid = frame(of: "Grid", in: graph),
            let cell = frame(of: "Rectangle", in: graph, occurrence: occurrence)
        else { return nil }
        return cell.offsetBy(dx: -grid.minX, dy: -grid.minY)
    }

    @Test func columnsAreAsWideAsTheirWidestCellAndRowsAsTallAsTheirTallest() {
        let graph = makeGraph(
            Grid(horizontalSpacing: 10, verticalSpacing: 5) {
                GridRow {
                    Color.red.frame(width: 40, height: 20)
                    Color.blue.frame(width: 60, height: 30)
                }
                GridRow {
                    Color.green.frame(width: 50, height: 10)
                    Color.gray.frame(width: 30, height: 10)
                }
            }, width: 200, height: 100)
        graph.update()
        #expect(frame(of: "Grid", in: graph) == CGRect(x: 40, y: 27.5, width: 120, height: 45))
        // Centred in their cells (the grid's alignment).
        #expect(cell(0, in: graph) == CGRect(x: 5, y: 5, width: 40, height: 20))
        #expect(cell(1, in: graph) == CGRect(x: 60, y: 0, width: 60, height: 30))
        #expect(cell(2, in: graph) == CGRect(x: 0, y: 35, width: 50, height: 10))
        #expect(cell(3, in: graph) == CGRect(x: 75, y: 35, width: 30, height: 10))
    }

    @Test func cellsSpanColumnsAndViewsOutsideRowsSpanThemAll() {
        let graph = makeGraph(
            Grid(alignment: .topLeading, horizontalSpacing: 0, verticalSpacing: 0) {
                GridRow {
                    Color.red.frame(width: 30, height: 10)
                    Color.red.frame(width: 30, height: 10)
                    Color.red.frame(width: 30, height: 10)
                }
                GridRow {
                    Color.blue.frame(height: 10).gridCellColumns(2).gridCellUnsizedAxes(.horizontal)
                    Color.green.frame(width: 20, height: 10)
                }
                Color.gray.frame(height: 4).gridCellUnsizedAxes(.horizontal)
            }, width: 200, height: 100)
        graph.update()
        #expect(frame(of: "Grid", in: graph)?.size == CGSize(width: 90, height: 24))
        #expect(cell(3, in: graph) == CGRect(x: 0, y: 10, width: 60, height: 10), "two columns wide")
        #expect(cell(4, in: graph) == CGRect(x: 60, y: 10, width: 20, height: 10), "in the third column")
        #expect(cell(5, in: graph) == CGRect(x: 0, y: 20, width: 90, height: 4), "across the grid")
    }

    @Test func aViewOutsideARowTakesTheWidthItWantsAndTheColumnsShareTheExtraEqually() {
        func grid(unsized: Bool) -> some View {
            Grid(horizontalSpacing: 10, verticalSpacing: 0) {
                GridRow {
                    Color.red.frame(width: 40, height: 10)
                    Color.red.frame(width: 20, height: 10)
                }
                Divider().gridCellUnsizedAxes(unsized ? .horizontal : [])
                GridRow {
                    Color.red.frame(width: 30, height: 10)
                    Color.red.frame(width: 10, height: 10)
                }
            }
        }
        // Columns of 40 and 20 make 70; the divider takes all 200 offered, so each column gets 65 more.
        let wide = makeGraph(grid(unsized: false), width: 200, height: 100)
        wide.update()
        #expect(frame(of: "Grid", in: wide) == CGRect(x: 0, y: 39.5, width: 200, height: 21))
        #expect(cell(0, in: wide) == CGRect(x: 32.5, y: 0, width: 40, height: 10))
        #expect(cell(1, in: wide) == CGRect(x: 147.5, y: 0, width: 20, height: 10))
        #expect(cell(2, in: wide) == CGRect(x: 37.5, y: 11, width: 30, height: 10))
        #expect(cell(3, in: wide) == CGRect(x: 152.5, y: 11, width: 10, height: 10))
        #expect(frame(of: "Divider", in: wide) == CGRect(x: 0, y: 49.5, width: 200, height: 1))
        // Marked unsized, the divider takes the grid's width and widens nothing.
        let narrow = makeGraph(grid(unsized: true), width: 200, height: 100)
        narrow.update()
        #expect(frame(of: "Grid", in: narrow) == CGRect(x: 65, y: 39.5, width: 70, height: 21))
        #expect(cell(0, in: narrow) == CGRect(x: 0, y: 0, width: 40, height: 10))
        #expect(cell(3, in: narrow) == CGRect(x: 55, y: 11, width: 10, height: 10))
        #expect(frame(of: "Divider", in: narrow) == CGRect(x: 65, y: 49.5, width: 70, height: 1))
    }

    @Test func aTextOrColourOutsideARowWidensTheGridToWhatItWants() {
        let graph = makeGraph(
            Grid(alignment: .leading, horizontalSpacing: 10, verticalSpacing: 0) {
                GridRow {
                    Color.red.frame(width: 20, height: 10)
                    Color.red.frame(width: 20, height: 10)
                }
                // 14 characters of 8.5 points: 119 wide, 69 more than the two columns of 20 and their spacing.
                Text("A long heading")
                Color.blue.frame(maxWidth: 150, minHeight: 4, maxHeight: 4)
            }, width: 300, height: 100)
        graph.update()
        // The heading widens each column by 34.5; then the colour, offered all 300, takes 150: 15.5 more each.
        #expect(frame(of: "Grid", in: graph)?.width == 150)
        #expect(cell(0, in: graph) == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(cell(1, in: graph) == CGRect(x: 80, y: 0, width: 20, height: 10), "the columns are 70 wide")
        #expect(cell(2, in: graph)?.width == 150)
    }

    @Test func aCellAcrossColumnsInARowWidensTheColumnsItSpans() {
        let graph = makeGraph(
            Grid(alignment: .topLeading, horizontalSpacing: 0, verticalSpacing: 0) {
                GridRow {
                    Color.red.frame(width: 30, height: 10)
                    Color.red.frame(width: 30, height: 10)
                    Color.red.frame(width: 30, height: 10)
                }
                GridRow {
                    Color.blue.frame(width: 100, height: 10).gridCellColumns(2)
                    Color.green.frame(width: 20, height: 10)
                }
            }, width: 200, height: 100)
        graph.update()
        // The blue cell wants 100 of its columns' 60: the first two columns grow by 20 each.
        #expect(frame(of: "Grid", in: graph)?.size == CGSize(width: 130, height: 20))
        #expect(cell(1, in: graph) == CGRect(x: 50, y: 0, width: 30, height: 10))
        #expect(cell(2, in: graph) == CGRect(x: 100, y: 0, width: 30, height: 10))
        #expect(cell(3, in: graph) == CGRect(x: 0, y: 10, width: 100, height: 10))
        #expect(cell(4, in: graph) == CGRect(x: 100, y: 10, width: 20, height: 10))
    }

    @Test func columnAlignmentAnchorsAndUnsizedAxes() {
        let graph = makeGraph(
            Grid(horizontalSpacing: 0, verticalSpacing: 0) {
                GridRow {
                    Color.red.frame(width: 20, height: 20).gridColumnAlignment(.trailing)
                    Color.red.frame(width: 40, height: 40)
                }
                GridRow {
                    Color.red.frame(width: 60, height: 10)
                    Color.red.frame(width: 10, height: 10).gridCellAnchor(.topLeading)
                }
                GridRow(alignment: .bottom) {
                    Color.red.gridCellUnsizedAxes([.horizontal, .vertical])
                    Color.red.frame(width: 10, height: 30)
                }
            }, width: 300, height: 300)
        graph.update()
        // Columns of 60 and 40 (the unsized cell widens nothing); rows of 40, 10 and 30.
        #expect(frame(of: "Grid", in: graph)?.size == CGSize(width: 100, height: 80))
        #expect(cell(0, in: graph) == CGRect(x: 40, y: 10, width: 20, height: 20), "the column aligns trailing")
        #expect(cell(2, in: graph) == CGRect(x: 0, y: 40, width: 60, height: 10))
        #expect(cell(3, in: graph) == CGRect(x: 60, y: 40, width: 10, height: 10), "anchored at the top leading corner")
        #expect(cell(4, in: graph) == CGRect(x: 0, y: 50, width: 60, height: 30), "takes its column and row")
        #expect(cell(5, in: graph) == CGRect(x: 75, y: 50, width: 10, height: 30))
    }

    @Test func flexibleColumnsShareTheWidthOffered() {
        let graph = makeGraph(
            Grid(horizontalSpacing: 10, verticalSpacing: 0) {
                GridRow {
                    Text("Name")
                    Color.red.frame(height: 10)
                }
            }, width: 200, height: 100)
        graph.update()
        // The text (4 characters of the test measurer's 8.5 points) takes what it needs, the colour the rest.
        #expect(frame(of: "Grid", in: graph)?.width == 200)
        #expect(cell(0, in: graph) == CGRect(x: 44, y: 6, width: 156, height: 10))
    }

    @Test func rowsShareTheHeightOfferedAsAVStackDoes() {
        let graph = makeGraph(
            Grid(horizontalSpacing: 0, verticalSpacing: 10) {
                GridRow {
                    Color.red.frame(height: 30)
                    Color.red.frame(height: 10)
                }
                GridRow {
                    Color.red
                    Color.red.frame(height: 20)
                }
                Color.red
            }, width: 200, height: 200)
        graph.update()
        // 180 to share: the fixed row takes its 30, the two flexible ones 75 each.
        #expect(frame(of: "Grid", in: graph) == CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(cell(0, in: graph) == CGRect(x: 0, y: 0, width: 100, height: 30))
        #expect(cell(1, in: graph) == CGRect(x: 100, y: 10, width: 100, height: 10), "centred in its row")
        #expect(cell(2, in: graph) == CGRect(x: 0, y: 40, width: 100, height: 75), "fills its cell")
        #expect(cell(3, in: graph) == CGRect(x: 100, y: 67.5, width: 100, height: 20))
        #expect(cell(4, in: graph) == CGRect(x: 0, y: 125, width: 200, height: 75), "the row across the grid")
    }

    @Test func aBaselineAlignmentPutsTheCellsGuidesOnOneLine() {
        let graph = makeGraph(
            Grid(alignment: .leadingFirstTextBaseline, horizontalSpacing: 0, verticalSpacing: 0) {
                GridRow {
                    Color.red.frame(width: 10, height: 30).alignmentGuide(.firstTextBaseline) { _ in 20 }
                    Color.red.frame(width: 10, height: 10).alignmentGuide(.firstTextBaseline) { _ in 8 }
                    Color.red.frame(width: 10, height: 10)
                    Color.red.frame(width: 10, height: 20).alignmentGuide(.firstTextBaseline) { _ in 2 }
                }
                GridRow(alignment: .top) {
                    Color.red.frame(width: 10, height: 5)
                    Color.red.frame(width: 10, height: 10)
                }
            }, width: 300, height: 300)
        graph.update()
        // The guides at 20, 8, 10 (the bottom, for a view without text) and 2 line up 20 down: the cells go 0,
        // 12, 10 and 18 down, and the last one ends 38 down, so the row is 38 tall.
        #expect(frame(of: "Grid", in: graph)?.size == CGSize(width: 40, height: 48))
        #expect(cell(0, in: graph) == CGRect(x: 0, y: 0, width: 10, height: 30))
        #expect(cell(1, in: graph) == CGRect(x: 10, y: 12, width: 10, height: 10))
        #expect(cell(2, in: graph) == CGRect(x: 20, y: 10, width: 10, height: 10))
        #expect(cell(3, in: graph) == CGRect(x: 30, y: 18, width: 10, height: 20))
        #expect(cell(4, in: graph) == CGRect(x: 0, y: 38, width: 10, height: 5), "the row's own alignment")
    }

    @Test func spacingThatIsNotALengthIsLoggedAndTheSystemsIsUsed() {
        withCapturedInvalidValueLog { log in
            let graph = makeGraph(
                Grid(horizontalSpacing: .nan, verticalSpacing: -.infinity) {
                    GridRow {
                        Color.red.frame(width: 10, height: 10)
                        Color.red.frame(width: 10, height: 10)
                    }
                    GridRow { Color.red.frame(width: 10, height: 10).gridCellColumns(-4) }
                }, width: 100, height: 100)
            graph.update()
            graph.update()
            #expect(frame(of: "Grid", in: graph)?.size == CGSize(width: 28, height: 28))
            #expect(
                log.lines == [
                    "Grid: horizontalSpacing nan is not a length; ignored",
                    "Grid: verticalSpacing -inf is not a length; ignored",
                ])
        }
    }
}
