import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class ShapeKnobs {
    var red = false
    var inset: CGFloat = 0
}

/// A custom shape whose inset animates (its `animatableData`).
private struct InsetRect: Shape {
    var inset: CGFloat
    var animatableData: CGFloat {
        get { inset }
        set { inset = newValue }
    }
    func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: inset, dy: inset)) }
}

/// Two values at once through `AnimatablePair`.
private struct Bar: Shape {
    var width: Double
    var height: Double
    var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
    func path(in rect: CGRect) -> Path { Path(CGRect(x: rect.minX, y: rect.minY, width: width, height: height)) }
}

@MainActor
@Suite struct AnimatableShapeTests {
    @Test func colourViewsAndFillsAnimateInRGB() {
        struct V: View {
            let knobs: ShapeKnobs
            var body: some View {
                (knobs.red ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 1)).frame(
                    width: 10, height: 10)
            }
        }
        let knobs = ShapeKnobs()
        let graph = makeGraph(V(knobs: knobs), width: 10, height: 10)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { knobs.red = true }
        #expect(graph.update(at: 0).description == "fill rect [0,0 10x10] rgb(0,0,255)")
        #expect(graph.update(at: 0.5).description == "fill rect [0,0 10x10] rgb(128,0,128)")
        #expect(graph.update(at: 1).description == "fill rect [0,0 10x10] rgb(255,0,0)" && !graph.isAnimating)
    }

    @Test func customShapeAnimatesItsAnimatableData() {
        struct V: View {
            let knobs: ShapeKnobs
            var body: some View {
                InsetRect(inset: knobs.inset).fill(Color.black).frame(width: 100, height: 100)
                    .animation(.linear(duration: 2), value: knobs.inset)
            }
        }
        let knobs = ShapeKnobs()
        let graph = makeGraph(V(knobs: knobs), width: 100, height: 100)
        graph.update(at: 0)
        knobs.inset = 40
        graph.update(at: 1)
        #expect(graph.isAnimating)
        #expect(graph.update(at: 2).description.contains("[20,20 60x60]"))
        #expect(graph.update(at: 3).description.contains("[40,40 20x20]") && !graph.isAnimating)
    }

    @Test func animatablePairInterpolatesBothAndSpringsKeepVelocity() {
        var value = AnimatedValue(AnimatablePair(0.0, 0.0))
        _ = value.set(AnimatablePair(100.0, 50.0), animation: .linear(duration: 1), at: 0)
        #expect(value.presented(at: 0.5) == AnimatablePair(50.0, 25.0))
        // Spring retargeting keeps value and velocity.
        var spring = AnimatedValue(0.0)
        _ = spring.set(10, animation: .spring(response: 0.4, dampingFraction: 0.6), at: 0)
        let (x, v) = (spring.presented(at: 0.1), spring.velocity(at: 0.1))
        _ = spring.set(-10, animation: .spring(response: 0.4, dampingFraction: 0.6), at: 0.1)
        #expect(abs(spring.presented(at: 0.1) - x) < 1e-9 && abs(spring.velocity(at: 0.1) - v) < 1e-9)
        #expect(abs(spring.presented(at: 10) + 10) < 1e-3)
        // Bar through a graph: both dimensions move.
        struct V: View {
            let knobs: ShapeKnobs
            var body: some View {
                Bar(width: 10 + knobs.inset, height: 10 + 2 * knobs.inset).frame(width: 100, height: 100)
            }
        }
        let knobs = ShapeKnobs()
        let graph = makeGraph(V(knobs: knobs), width: 100, height: 100)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { knobs.inset = 20 }
        graph.update(at: 0)
        #expect(graph.update(at: 0.5).description.contains("[0,0 20x30]"))
    }
}

@MainActor
@Suite struct BuiltInShapeAnimationTests {
    @Test func roundedRectangleCornerAnimates() {
        struct V: View {
            let knobs: ShapeKnobs
            var body: some View { RoundedRectangle(cornerRadius: knobs.inset).frame(width: 100, height: 100) }
        }
        let knobs = ShapeKnobs()
        let graph = makeGraph(V(knobs: knobs), width: 100, height: 100)
        graph.update(at: 0)
        let start = graph.displayList.description
        withAnimation(.linear(duration: 1)) { knobs.inset = 20 }
        graph.update(at: 0)
        #expect(graph.displayList.description == start)
        let mid = graph.update(at: 0.5).description
        #expect(mid != start && graph.isAnimating)
        withAnimation(nil) { knobs.inset = 10 }
        #expect(graph.update(at: 0.6).description == mid && !graph.isAnimating)  // 10 is the midpoint: snapped there
    }
}
