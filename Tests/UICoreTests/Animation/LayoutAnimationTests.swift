import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class LayoutKnobs {
    var on = false
    var other = false
}

/// Frames that change through layout (stack positions, flexible frames, padding) animate from where they are
/// drawn to where the new layout puts them, as the change's transaction says; virtual clock, exact values.
@MainActor
@Suite struct LayoutAnimationTests {
    /// The rectangles of the solid fills drawn, in order, as "x,y wxh".
    private func fills(_ list: DisplayList) -> [String] {
        list.description.split(separator: "\n").compactMap { line -> String? in
            guard let open = line.range(of: "fill rect ["), let close = line[open.upperBound...].firstIndex(of: "]")
            else { return nil }
            return String(line[open.upperBound..<close])
        }
    }

    private struct InsertedSibling: View {
        let knobs: LayoutKnobs
        var body: some View {
            VStack(spacing: 0) {
                if knobs.on { Color.red.frame(width: 100, height: 100) }
                Color.blue.frame(width: 100, height: 100)
            }
        }
    }

    @Test func siblingMovesWhenAViewAppears() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(InsertedSibling(knobs: knobs), width: 300, height: 300)
        #expect(fills(graph.update(at: 0)) == ["100,100 100x100"])
        withAnimation(.linear(duration: 1)) { knobs.on = true }
        // The stack grows from its centre (y 100…200 to 50…250) and the old view slides down inside it (from 0 to
        // 100 in the stack); the new one fades in at its place in the moving stack.
        #expect(fills(graph.update(at: 10)).last == "100,100 100x100")
        #expect(fills(graph.update(at: 10.5)) == ["100,75 100x100", "100,125 100x100"])
        #expect(fills(graph.update(at: 10.75)).last == "100,137.5 100x100")
        #expect(graph.isAnimating)
        #expect(fills(graph.update(at: 11)) == ["100,50 100x100", "100,150 100x100"])
        #expect(!graph.isAnimating)
        // Hit testing follows what is drawn.
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 150, y: 240)) != nil)
    }

    @Test func withoutAnimationTheLayoutJumps() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(InsertedSibling(knobs: knobs), width: 300, height: 300)
        graph.update(at: 0)
        knobs.on = true
        #expect(fills(graph.update(at: 1)) == ["100,50 100x100", "100,150 100x100"])
        #expect(!graph.isAnimating)
    }

    private struct FlexibleWidth: View {
        let knobs: LayoutKnobs
        var body: some View {
            HStack(spacing: 0) {
                Color.red.frame(maxWidth: knobs.on ? 200 : 100).frame(height: 50)
                Color.blue.frame(width: 50, height: 50)
            }
        }
    }

    @Test func flexibleFrameWidthAndTheSiblingItPushes() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(FlexibleWidth(knobs: knobs), width: 400, height: 100)
        #expect(fills(graph.update(at: 0)) == ["125,25 100x50", "225,25 50x50"])
        withAnimation(.linear(duration: 2)) { knobs.on = true }
        #expect(fills(graph.update(at: 0)) == ["125,25 100x50", "225,25 50x50"])
        // Half way: the stack is centred at 75…325 by the end, 125…275 at the start.
        #expect(fills(graph.update(at: 1)) == ["100,25 150x50", "250,25 50x50"])
        #expect(fills(graph.update(at: 2)) == ["75,25 200x50", "275,25 50x50"])
        #expect(!graph.isAnimating)
    }

    private struct FixedWidth: View {
        let knobs: LayoutKnobs
        var body: some View {
            HStack(spacing: 0) {
                Color.red.frame(width: knobs.on ? 300 : 100, height: 50)
                Color.blue.frame(width: 50, height: 50)
            }
        }
    }

    @Test func fixedFrameWidthMovesItsSibling() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(FixedWidth(knobs: knobs), width: 400, height: 100)
        #expect(fills(graph.update(at: 0)) == ["125,25 100x50", "225,25 50x50"])
        withAnimation(.linear(duration: 1)) { knobs.on = true }
        graph.update(at: 0)
        #expect(fills(graph.update(at: 0.5)) == ["75,25 200x50", "275,25 50x50"])
        #expect(fills(graph.update(at: 1)) == ["25,25 300x50", "325,25 50x50"])
        #expect(!graph.isAnimating)
    }

    private struct Padded: View {
        let knobs: LayoutKnobs
        var body: some View {
            Color.blue.frame(width: 100, height: 100)
                .padding(knobs.on ? 40 : 10)
                .background(Color.gray)
        }
    }

    @Test func paddingChangeAnimatesTheBackgroundAndTheContent() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(Padded(knobs: knobs), width: 300, height: 300)
        #expect(fills(graph.update(at: 0)) == ["90,90 120x120", "100,100 100x100"])
        withAnimation(.easeInOut(duration: 2)) { knobs.on = true }
        graph.update(at: 5)
        // The curve's midpoint: half of the way from 120 to 180 wide.
        #expect(fills(graph.update(at: 6)) == ["75,75 150x150", "100,100 100x100"])
        #expect(fills(graph.update(at: 7)) == ["60,60 180x180", "100,100 100x100"])
    }

    private struct CentredFrameAndPadding: View {
        let knobs: LayoutKnobs
        var body: some View {
            VStack(spacing: 10) {
                Color.red.frame(width: knobs.on ? 170 : 90, height: 40)
                Color.green.frame(width: 40, height: 20).padding(knobs.on ? 20 : 0).background(Color.gray)
            }
        }
    }

    @Test func oneChangeToAFrameAndAPaddingKeepsTheCentringAnimated() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(CentredFrameAndPadding(knobs: knobs), width: 220, height: 140)
        // The stack is 90×70 at 65,35; the padded view is centred in it.
        #expect(fills(graph.update(at: 0)) == ["65,35 90x40", "90,85 40x20", "90,85 40x20"])
        withAnimation(.linear(duration: 1)) { knobs.on = true }
        graph.update(at: 0)
        // Half way, every frame is the midpoint of its old and new one: the stack at 45,25 130×90, the padded
        // view's background centred in it at 80,75 60×40, the content 10 inside that.
        #expect(fills(graph.update(at: 0.5)) == ["45,25 130x40", "80,75 60x40", "90,85 40x20"])
        #expect(fills(graph.update(at: 1)) == ["25,15 170x40", "70,65 80x60", "90,85 40x20"])
        #expect(!graph.isAnimating)
    }

    @Test func interruptionMidWayStartsFromTheDrawnFrame() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(FlexibleWidth(knobs: knobs), width: 400, height: 100)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { knobs.on = true }
        graph.update(at: 0)
        #expect(fills(graph.update(at: 0.5)) == ["100,25 150x50", "250,25 50x50"])
        // Back, half way: a timing curve runs beside the first one (their remainders add up), so the frames go
        // on from where they are drawn, without a jump.
        withAnimation(.linear(duration: 1)) { knobs.on = false }
        #expect(fills(graph.update(at: 0.5)) == ["100,25 150x50", "250,25 50x50"])
        // 1 s: the first is over (+100), the second half way (−50).
        #expect(fills(graph.update(at: 1)) == ["100,25 150x50", "250,25 50x50"])
        #expect(fills(graph.update(at: 1.25)) == ["112.5,25 125x50", "237.5,25 50x50"])
        #expect(fills(graph.update(at: 1.5)) == ["125,25 100x50", "225,25 50x50"])
        #expect(!graph.isAnimating)
    }

    @Test func springInterruptionKeepsTheDrawnFrame() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(InsertedSibling(knobs: knobs), width: 300, height: 300)
        graph.update(at: 0)
        withAnimation(.spring(response: 0.5, dampingFraction: 1)) { knobs.on = true }
        graph.update(at: 0)
        let before = fills(graph.update(at: 0.2)).last
        #expect(before != "100,100 100x100" && before != "100,150 100x100")
        withAnimation(.spring(response: 0.5, dampingFraction: 1)) { knobs.on = false }
        #expect(fills(graph.update(at: 0.2)).last == before)
        for step in 1...40 { graph.update(at: 0.2 + Double(step) * 0.05) }
        #expect(fills(graph.update(at: 3)) == ["100,100 100x100"])
        #expect(!graph.isAnimating)
    }

    private struct OptionalOverlay: View {
        let knobs: LayoutKnobs
        var body: some View {
            Color.blue.frame(width: 100, height: 100)
                .overlay(knobs.on ? Color.red.frame(width: 50, height: 50) : nil)
        }
    }

    @Test func contentAppearingInAnEmptyViewIsNotGrownFromAPoint() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(OptionalOverlay(knobs: knobs), width: 300, height: 300)
        #expect(fills(graph.update(at: 0)) == ["100,100 100x100"])
        withAnimation(.linear(duration: 1)) { knobs.on = true }
        graph.update(at: 0)
        // It fades in at its place.
        #expect(fills(graph.update(at: 0.5)) == ["100,100 100x100", "125,125 50x50"])
        #expect(graph.update(at: 0.5).description.contains("layer opacity 0.5"))
    }

    private struct NoAnimationInside: View {
        let knobs: LayoutKnobs
        var body: some View {
            InsertedSibling(knobs: knobs).animation(nil)
        }
    }

    @Test func animationNilStopsIt() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(NoAnimationInside(knobs: knobs), width: 300, height: 300)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { knobs.on = true }
        #expect(fills(graph.update(at: 0.5)) == ["100,50 100x100", "100,150 100x100"])
        #expect(!graph.isAnimating)
    }

    private struct ScopedAnimation: View {
        let knobs: LayoutKnobs
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Color.green.frame(width: 50, height: knobs.other ? 100 : 50)
                Color.red.frame(width: 50, height: 50)
                    .padding(.leading, knobs.on ? 100 : 0)
                    .animation(.linear(duration: 1), value: knobs.on)
            }
            .frame(width: 300, height: 300, alignment: .topLeading)
        }
    }

    @Test func animationValueIsScopedToItsContent() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(ScopedAnimation(knobs: knobs), width: 300, height: 300)
        #expect(fills(graph.update(at: 0)) == ["0,0 50x50", "0,50 50x50"])
        knobs.on = true
        #expect(fills(graph.update(at: 0)) == ["0,0 50x50", "0,50 50x50"])
        #expect(fills(graph.update(at: 0.5)) == ["0,0 50x50", "50,50 50x50"])
        #expect(fills(graph.update(at: 1)) == ["0,0 50x50", "100,50 50x50"])
        // A change the value does not cover jumps (the square moves down with the stack at once).
        knobs.other = true
        #expect(fills(graph.update(at: 2)) == ["0,0 50x100", "100,100 50x50"])
        #expect(!graph.isAnimating)
        // A transaction that disables implicit animations: the modifier is ignored.
        var transaction = Transaction()
        transaction.disablesAnimations = true
        withTransaction(transaction) { knobs.on = false }
        #expect(fills(graph.update(at: 3)) == ["0,0 50x100", "0,100 50x50"])
        #expect(!graph.isAnimating)
    }

    @Test func completionWaitsForTheLayoutAnimation() {
        let knobs = LayoutKnobs()
        let graph = makeGraph(FlexibleWidth(knobs: knobs), width: 400, height: 100)
        graph.update(at: 0)
        var finished = false
        withAnimation(.linear(duration: 1)) {
            knobs.on = true
        } completion: {
            finished = true
        }
        graph.update(at: 0)
        graph.update(at: 0.5)
        #expect(!finished && graph.isAnimating)
        graph.update(at: 1)
        #expect(finished && !graph.isAnimating)
    }
}
