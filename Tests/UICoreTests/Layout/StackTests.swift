import Foundation
import Testing

@_spi(Engine) @testable import UICore

@MainActor
@Suite struct StackTests {
    @Test func hstackGivesRigidChildrenTheirSizeAndFlexibleOnesTheRest() {
        // "abc" = 25.5 wide; default spacing 8; the colour takes the remaining 300 - 25.5 - 8.
        let graph = makeGraph(
            HStack {
                Text("abc")
                Color.red
            }, width: 300, height: 100)
        graph.update()
        #expect(approx(frame(of: "Text", in: graph), CGRect(x: 0, y: 39, width: 25.5, height: 22)))
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 33.5, y: 0, width: 266.5, height: 100)))
    }

    @Test func flexibleChildrenShareEqually() {
        let graph = makeGraph(
            HStack(spacing: 10) {
                Color.red
                Color.green
                Color.blue
            }, width: 320, height: 50)
        graph.update()
        for index in 0..<3 {
            #expect(
                approx(
                    frame(of: "Rectangle", in: graph, occurrence: index),
                    CGRect(x: CGFloat(index) * 110, y: 0, width: 100, height: 50)))
        }
    }

    @Test func leastFlexibleChildIsSizedFirst() {
        // A 50-wide frame cannot flex; the two colours split what is left (0 spacing).
        let graph = makeGraph(
            HStack(spacing: 0) {
                Color.red
                Color.green.frame(width: 50)
                Color.blue
            }, width: 250, height: 50)
        graph.update()
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 0), CGRect(x: 0, y: 0, width: 100, height: 50)))
        #expect(approx(frame(of: "frame", in: graph), CGRect(x: 100, y: 0, width: 50, height: 50)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 2), CGRect(x: 150, y: 0, width: 100, height: 50)))
    }

    @Test func layoutPriorityWinsSpace() {
        // Two long texts in 200 points: the prioritised one gets its ideal width (25 chars × 8.5 = 212.5 is
        // more than available, so it gets all but the other's minimum).
        let graph = makeGraph(
            HStack(spacing: 0) {
                Text("aaaa aaaa")
                Text("bbbb bbbb").layoutPriority(1)
            }, width: 120, height: 200)
        graph.update()
        // "bbbb bbbb" ideal 76.5 fits after reserving "aaaa"'s minimum; "aaaa aaaa" gets 43.5 and wraps.
        #expect(frame(of: "Text(\"bbbb", in: graph)?.width == 76.5)
        #expect(frame(of: "Text(\"aaaa", in: graph)?.width == 34)
        #expect(frame(of: "Text(\"aaaa", in: graph)?.height == 44)
    }

    @Test func spacerPushesViewsApartWithoutSpacing() {
        let graph = makeGraph(
            HStack {
                Text("a")
                Spacer()
                Text("b")
            }, width: 200, height: 50)
        graph.update()
        #expect(approx(frame(of: "Text(\"a", in: graph), CGRect(x: 0, y: 14, width: 8.5, height: 22)))
        #expect(approx(frame(of: "Text(\"b", in: graph), CGRect(x: 191.5, y: 14, width: 8.5, height: 22)))
        // The spacer fills the gap and has no height.
        #expect(approx(frame(of: "SpacerNode", in: graph), CGRect(x: 8.5, y: 25, width: 183, height: 0)))
    }

    @Test func vstackAlignmentAndSpacing() {
        let graph = makeGraph(
            VStack(alignment: .leading, spacing: 4) {
                Color.red.frame(width: 100, height: 10)
                Color.green.frame(width: 50, height: 10)
            }, width: 300, height: 300)
        graph.update()
        // The stack is 100 × 24, centred in the window.
        #expect(approx(frame(of: "VStack", in: graph), CGRect(x: 100, y: 138, width: 100, height: 24)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 100, y: 152, width: 50, height: 10)))
    }

    @Test func hstackDefaultSpacingIsEight() {
        let graph = makeGraph(
            HStack {
                Color.red.frame(width: 10, height: 10)
                Color.green.frame(width: 10, height: 10)
            }, width: 100, height: 100)
        graph.update()
        #expect(frame(of: "HStack", in: graph)?.width == 28)
    }

    @Test func zstackAlignsChildrenAndSpansTheirUnion() {
        let graph = makeGraph(
            ZStack(alignment: .topLeading) {
                Color.red.frame(width: 100, height: 50)
                Color.green.frame(width: 30, height: 80)
            }, width: 200, height: 200)
        graph.update()
        #expect(approx(frame(of: "ZStack", in: graph), CGRect(x: 50, y: 60, width: 100, height: 80)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 50, y: 60, width: 30, height: 80)))
    }

    @Test func alignmentGuideShiftsAView() {
        let graph = makeGraph(
            VStack(alignment: .leading, spacing: 0) {
                Color.red.frame(width: 40, height: 10)
                Color.green.frame(width: 40, height: 10).alignmentGuide(.leading) { _ in -20 }
            }, width: 200, height: 200)
        graph.update()
        // Leading guides line up: the second view's guide is 20 left of its edge, so it sits 20 to the right.
        #expect(frame(of: "VStack", in: graph)?.width == 60)
        let first = frame(of: "Rectangle", in: graph, occurrence: 0)!
        let second = frame(of: "Rectangle", in: graph, occurrence: 1)!
        #expect(second.minX - first.minX == 20)
    }

    @Test func firstTextBaselineAlignment() {
        let graph = makeGraph(
            HStack(alignment: .firstTextBaseline) {
                Text("big").font(.largeTitle)
                Text("small").font(.caption)
            }, width: 300, height: 200)
        graph.update()
        let big = frame(of: "Text(\"big", in: graph)!
        let small = frame(of: "Text(\"small", in: graph)!
        // Baseline = (lineHeight + 0.8 size) / 2 in the fake measurer: 34.1 for largeTitle, 12.8 for caption.
        #expect(abs((big.minY + 34.1) - (small.minY + 12.8)) < 0.001)
    }

    @Test func dividerIsAOnePointLineAcrossTheStack() {
        let graph = makeGraph(
            VStack(spacing: 0) {
                Color.red.frame(height: 10)
                Divider()
                Color.green.frame(height: 10)
            }, width: 100, height: 100)
        graph.update()
        // The stack is 21 high, centred from y 39.5; the divider follows the first 10-point view.
        #expect(approx(frame(of: "DividerNode", in: graph), CGRect(x: 0, y: 49.5, width: 100, height: 1)))
    }

    @Test func forEachBuildsOneViewPerElement() {
        let graph = makeGraph(
            HStack(spacing: 0) { ForEach(0..<4) { _ in Color.red.frame(width: 10, height: 10) } }, width: 100,
            height: 100)
        graph.update()
        #expect(frame(of: "HStack", in: graph)?.width == 40)
    }

    @Test func groupAndCompositeChildrenAreFlattenedIntoTheStack() {
        struct Pair: View {
            var body: some View {
                Color.red.frame(width: 10, height: 10)
                Color.green.frame(width: 10, height: 10)
            }
        }
        let graph = makeGraph(
            HStack(spacing: 0) {
                Pair()
                Group { Color.blue.frame(width: 10, height: 10) }
            }, width: 100, height: 100)
        graph.update()
        #expect(frame(of: "HStack", in: graph)?.width == 30)
    }
}

@MainActor
@Suite struct BaselineTests {
    @Test func baselinesPassThroughStacksAndPadding() {
        let graph = makeGraph(
            HStack(alignment: .lastTextBaseline, spacing: 0) {
                VStack(spacing: 0) {
                    Text("one")
                    Text("two")
                }
                Text("x").font(.largeTitle).padding(.top, 4)
            }, width: 300, height: 300)
        graph.update()
        let two = frame(of: "Text(\"two", in: graph)!
        let x = frame(of: "Text(\"x", in: graph)!
        // Baseline = (line height + 0.8 size) / 2: body 17.8, largeTitle 34.1; the last lines share it.
        #expect(abs((two.minY + 17.8) - (x.minY + 34.1)) < 0.001)
        // Asked again after placement, the answer is the same.
        #expect(
            graph.rootNode.layoutChildren[0].explicitAlignment(
                VerticalAlignment.lastTextBaseline.key,
                size: frame(of: "HStack", in: graph)!.size) != nil)
    }
}

@MainActor
@Suite struct ZStackPriorityTests {
    @Test func highestPriorityChildSizesTheZStack() {
        // The text (priority 1) is sized first; the colour is offered the text's size, not the window.
        let graph = makeGraph(
            ZStack {
                Color.red
                Text("hello").layoutPriority(1)
            }, width: 300, height: 300)
        graph.update()
        #expect(approx(frame(of: "ZStack", in: graph), CGRect(x: 128.75, y: 139, width: 42.5, height: 22)))
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 128.75, y: 139, width: 42.5, height: 22)))
    }

    /// A ZStack of greedy views is as flexible as one (its size for an infinite proposal is infinite, not NaN):
    /// in an HStack it takes what the rigid texts leave.
    @Test func zstackOfGreedyViewsIsGreedyInAStack() {
        let graph = makeGraph(
            HStack {
                Text("abc")
                ZStack {
                    Color.red
                    Color.blue
                }.frame(height: 28)
                Text("d")
            }, width: 300, height: 100)
        graph.update()
        // 300 − 25.5 − 8.5 − 2 × 8 spacing.
        #expect(
            approx(frame(of: "ZStack", in: graph), CGRect(x: 33.5, y: 36, width: 250, height: 28)),
            "\(String(describing: frame(of: "ZStack", in: graph)))")
    }
}

@MainActor
@Suite struct ModifierDistributionTests {
    @Test func modifiersOnGroupsAndForEachApplyToEachView() {
        let graph = makeGraph(
            VStack(spacing: 0) {
                Group {
                    Color.red.frame(width: 10, height: 10)
                    Color.green.frame(width: 10, height: 10)
                }
                .padding(5)
                ForEach(0..<2) { _ in Color.blue.frame(width: 10, height: 10) }
                    .background(Color.black)
            }, width: 100, height: 100)
        graph.update()
        // Two padded views (20 high each) and two plain ones: 60 in all.
        #expect(frame(of: "VStack", in: graph)?.height == 60)
        #expect(graph.layoutDescription.components(separatedBy: "padding").count - 1 == 2)
        #expect(graph.layoutDescription.components(separatedBy: "background").count - 1 == 2)
    }

    @Test func modifierOnAnOptionalDisappearsWithIt() {
        struct Maybe: View {
            let show: Bool
            var body: some View {
                VStack(spacing: 0) {
                    Color.red.frame(width: 10, height: 10)
                    (show ? Color.green.frame(width: 10, height: 10) : nil).padding(5)
                }
            }
        }
        let graph = makeGraph(Maybe(show: false), width: 100, height: 100)
        graph.update()
        #expect(frame(of: "VStack", in: graph)?.height == 10)
        graph.setRoot(Maybe(show: true))
        graph.update()
        #expect(frame(of: "VStack", in: graph)?.height == 30)
    }
}

@MainActor
@Suite struct ChainedDistributionTests {
    @Test func chainedModifiersOnAGroupApplyToEachView() {
        let graph = makeGraph(
            HStack(spacing: 0) {
                Group {
                    Color.red
                    Color.green
                }
                .padding(2)
                .frame(width: 30, height: 30)
            }, width: 200, height: 100)
        graph.update()
        #expect(frame(of: "HStack", in: graph)?.width == 60)
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 102, y: 37, width: 26, height: 26)))
    }
}
