import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// Ten 100-point rows, numbered, in a vertical scroll view.
private struct Rows: View {
    var taps: TapLog? = nil
    var body: some View {
        ScrollView {
            ForEach(0..<10) { row in
                Color(white: Double(row) / 10).frame(width: 100, height: 100)
                    .onTapGesture { taps?.rows.append(row) }
            }
        }
    }
}

@MainActor private final class TapLog { var rows: [Int] = [] }

@MainActor
@Suite struct ScrollViewTests {
    func scrollNode(_ graph: ViewGraph) -> ScrollNode? { allNodes(graph).compactMap { $0 as? ScrollNode }.first }

    @Test func takesTheSpaceOfferedAndLaysOutItsContentFromTheTop() {
        let graph = makeGraph(Rows(), width: 300, height: 250)
        graph.update()
        #expect(approx(frame(of: "ScrollView", in: graph), CGRect(x: 0, y: 0, width: 300, height: 250)))
        // The implicit VStack spaces the rows by 8; content narrower than the view is centred across it.
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 0), CGRect(x: 100, y: 0, width: 100, height: 100)))
        #expect(
            approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 100, y: 108, width: 100, height: 100)))
        // The content is clipped to the view.
        guard case .layer(let layer) = graph.displayList.items.first, case .clip(let path, _) = layer.effect else {
            Issue.record("no clip layer: \(graph.displayList)")
            return
        }
        #expect(path.boundingRect == CGRect(x: 0, y: 0, width: 300, height: 250))
    }

    @Test func wheelScrollingMovesTheContentAndStopsAtTheEnds() {
        let graph = makeGraph(Rows(), width: 300, height: 250)
        graph.update()
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        gestures.handle(.scroll(CGPoint(x: 150, y: 100), delta: CGSize(width: 0, height: 120), time: 0))
        #expect(graph.needsUpdate)
        graph.update()
        #expect(frame(of: "Rectangle", in: graph)?.minY == -120)
        // Content is 10·100 + 9·8 = 1072 high: the offset stops at 1072 − 250 = 822.
        gestures.handle(.scroll(CGPoint(x: 150, y: 100), delta: CGSize(width: 0, height: 5000), time: 10))
        graph.update()
        #expect(scrollNode(graph)?.offset == CGPoint(x: 0, y: 822))
        #expect(frame(of: "Rectangle", in: graph, occurrence: 9)?.maxY == 250)
        gestures.handle(.scroll(CGPoint(x: 150, y: 100), delta: CGSize(width: 0, height: -9000), time: 20))
        graph.update()
        #expect(scrollNode(graph)?.offset == .zero)
        // Horizontal scrolling does nothing to a vertical scroll view.
        gestures.handle(.scroll(CGPoint(x: 150, y: 100), delta: CGSize(width: 40, height: 0), time: 30))
        graph.update()
        #expect(frame(of: "Rectangle", in: graph)?.minX == 100)
    }

    @Test func scrollingReLaysOutOnlyTheScrollView() {
        let graph = makeGraph(
            VStack(spacing: 0) {
                Text("Title")
                Rows()
            }, width: 300, height: 300)
        graph.update()
        let textFrame = frame(of: "Text", in: graph)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        gestures.handle(.scroll(CGPoint(x: 150, y: 200), delta: CGSize(width: 0, height: 30), time: 0))
        graph.update()
        #expect(frame(of: "Text", in: graph) == textFrame)
        // Damage is the scroll view's area, not the title's.
        #expect(graph.damage.allSatisfy { $0.minY >= textFrame!.maxY - 1 }, "\(graph.damage)")
    }

    @Test func nestedScrollViewsPassOnWhatTheyCannotTake() {
        let graph = makeGraph(
            ScrollView {
                ScrollView(.horizontal) {
                    Color.red.frame(width: 600, height: 100)
                }
                .frame(height: 100)
                Color.blue.frame(width: 100, height: 800)
            }, width: 300, height: 400)
        graph.update()
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        // Over the inner, horizontal one: horizontal goes to it, vertical to the outer one.
        gestures.handle(.scroll(CGPoint(x: 150, y: 50), delta: CGSize(width: 70, height: 40), time: 0))
        graph.update()
        let offsets = allNodes(graph).compactMap { ($0 as? ScrollNode)?.offset }
        #expect(offsets == [CGPoint(x: 0, y: 40), CGPoint(x: 70, y: 0)], "\(offsets)")
    }

    @Test func aFingerDragScrollsAndAMouseDragDoesNot() {
        let taps = TapLog()
        let graph = makeGraph(Rows(taps: taps), width: 300, height: 250)
        graph.update()
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        gestures.handle(.pointerDown(CGPoint(x: 150, y: 200), time: 0))
        gestures.handle(.pointerMove(CGPoint(x: 150, y: 100), time: 20))
        gestures.handle(.pointerUp(CGPoint(x: 150, y: 100), time: 40))
        graph.update()
        #expect(scrollNode(graph)?.offset == .zero)

        gestures.handle(.touchDown(1, CGPoint(x: 150, y: 200), time: 100))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 150), time: 120))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 60), time: 140))
        graph.update()
        #expect(scrollNode(graph)?.offset == CGPoint(x: 0, y: 140))
        gestures.handle(.touchUp(1, CGPoint(x: 150, y: 60), time: 160))
        graph.update()
        #expect(taps.rows.isEmpty, "a drag is not a tap: \(taps.rows)")
        // A second drag continues from where the first left the content.
        gestures.handle(.touchDown(2, CGPoint(x: 150, y: 200), time: 200))
        gestures.handle(.touchMove(2, CGPoint(x: 150, y: 180), time: 220))
        graph.update()
        #expect(scrollNode(graph)?.offset == CGPoint(x: 0, y: 160))
        gestures.handle(.touchUp(2, CGPoint(x: 150, y: 180), time: 240))
    }

    @Test func tapsReachTheRowUnderTheFingerWhereverScrolled() {
        let taps = TapLog()
        let graph = makeGraph(Rows(taps: taps), width: 300, height: 250)
        graph.update()
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        gestures.handle(.scroll(CGPoint(x: 150, y: 100), delta: CGSize(width: 0, height: 216), time: 0))
        graph.update()
        // Row 2 starts at 216: at the view's top now.
        gestures.handle(.touchDown(1, CGPoint(x: 150, y: 10), time: 100))
        gestures.handle(.touchUp(1, CGPoint(x: 150, y: 12), time: 150))
        gestures.handle(.pointerDown(CGPoint(x: 150, y: 120), time: 400))
        gestures.handle(.pointerUp(CGPoint(x: 150, y: 120), time: 450))
        #expect(taps.rows == [2, 3])
    }

    @Test func contentScrolledOutOfViewIsNotHit() {
        let graph = makeGraph(
            VStack(spacing: 0) {
                Rows().frame(height: 150)
                Color.green.frame(height: 100)
            }, width: 300, height: 250)
        graph.update()
        // Row 1 lies at 108…208 in the content, below the 150-point view: the green below is hit there.
        let hit = graph.hitTestTree.hitTest(CGPoint(x: 150, y: 180))
        #expect(hit?.chain.contains { $0.name == "ScrollView" } == false, "\(graph.hitTestTree.description)")
    }

    @Test func aFlickCoastsThenStops() {
        let graph = makeGraph(Rows(), width: 300, height: 250)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        // Up 40 points every 10 ms at the end: 4000 points per second when the finger lifts.
        gestures.handle(.touchDown(1, CGPoint(x: 150, y: 200), time: 0))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 160), time: 20))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 120), time: 30))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 80), time: 40))
        gestures.handle(.touchUp(1, CGPoint(x: 150, y: 80), time: 40))
        _ = graph.update(at: 0.1)
        let lifted = scrollNode(graph)!.offset.y
        #expect(lifted == 120)
        #expect(graph.isAnimating, "the content coasts")
        _ = graph.update(at: 0.2)
        let coasting = scrollNode(graph)!.offset.y
        // v·τ·(1 − e^(−0.1/τ)) with τ ≈ 0.4995 s: 4000 × 0.0906 ≈ 362 points further.
        #expect(abs(coasting - lifted - 362.5) < 1, "\(coasting - lifted)")
        // It runs into the end (822) and stops there.
        var time = 0.2
        while graph.isAnimating && time < 5 {
            time += 1.0 / 60
            _ = graph.update(at: time)
        }
        #expect(!graph.isAnimating && time < 5)
        #expect(scrollNode(graph)!.offset.y == 822)
    }

    /// A lift has no position of its own: one 9 ms after the last move keeps the movement's speed (the finger was
    /// still moving between reports); one 100 ms after it is a finger that had stopped, and nothing coasts.
    @Test(arguments: [(9.0, true), (100.0, false)])
    func aLiftSoonAfterTheLastMoveFlingsAtItsSpeed(liftDelay: Double, coasts: Bool) {
        let graph = makeGraph(Rows(), width: 300, height: 250)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        gestures.handle(.touchDown(1, CGPoint(x: 150, y: 200), time: 0))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 160), time: 20))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 120), time: 30))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 80), time: 40))
        gestures.handle(.touchUp(1, CGPoint(x: 150, y: 80), time: 40 + liftDelay))
        _ = graph.update(at: 0.2)
        let lifted = scrollNode(graph)!.offset.y
        #expect(lifted == 120)
        #expect(graph.isAnimating == coasts)
        guard coasts else { return }
        _ = graph.update(at: 0.3)
        // 4000 points per second, as when the lift comes with the last move: ≈ 362 points in the first 0.1 s.
        #expect(abs(scrollNode(graph)!.offset.y - lifted - 362.5) < 1, "\(scrollNode(graph)!.offset.y - lifted)")
    }

    @Test func aTouchStopsAFling() {
        let graph = makeGraph(Rows(), width: 300, height: 250)
        _ = graph.update(at: 0)
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        gestures.handle(.touchDown(1, CGPoint(x: 150, y: 200), time: 0))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 190), time: 20))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 170), time: 40))
        gestures.handle(.touchUp(1, CGPoint(x: 150, y: 170), time: 40))
        _ = graph.update(at: 0.1)
        _ = graph.update(at: 0.15)
        #expect(graph.isAnimating)
        let before = scrollNode(graph)!.offset.y
        gestures.handle(.touchDown(2, CGPoint(x: 150, y: 100), time: 200))
        gestures.handle(.touchMove(2, CGPoint(x: 150, y: 89), time: 220))
        _ = graph.update(at: 0.3)
        _ = graph.update(at: 0.4)
        #expect(!graph.isAnimating)
        #expect(scrollNode(graph)!.offset.y == before + 11, "the new drag moves from where the fling was caught")
    }

    @Test func aShortScrollOverATappableRowIsNotATap() {
        let taps = TapLog()
        let graph = makeGraph(Rows(taps: taps), width: 300, height: 250)
        graph.update()
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        // 30 points: within a tap's 45-point tolerance, but past the scroll view's 10.
        gestures.handle(.touchDown(1, CGPoint(x: 150, y: 200), time: 0))
        gestures.handle(.touchMove(1, CGPoint(x: 150, y: 170), time: 100))
        gestures.handle(.touchUp(1, CGPoint(x: 150, y: 170), time: 200))
        graph.update()
        #expect(taps.rows.isEmpty)
        #expect(scrollNode(graph)?.offset == CGPoint(x: 0, y: 30))
    }
}
