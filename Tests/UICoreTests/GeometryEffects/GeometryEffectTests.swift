import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor final class FlipKnob {
    var angle = 0.0
    var shift: CGFloat = 0
}

/// A custom geometry effect: a skew that animates.
private struct Skew: GeometryEffect {
    var amount: CGFloat
    var animatableData: CGFloat {
        get { amount }
        set { amount = newValue }
    }
    func effectValue(size: CGSize) -> ProjectionTransform {
        ProjectionTransform(CGAffineTransform(a: 1, b: 0, c: amount, d: 1, tx: 0, ty: 0))
    }
}

private func near(_ a: CGPoint?, _ b: CGPoint, _ tolerance: CGFloat = 1e-6) -> Bool {
    guard let a else { return false }
    return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@MainActor
@Suite(.serialized) struct GeometryEffectTests {
    let size = CGSize(width: 100, height: 60)

    @Test func rotation3DMatricesMapCornersAsExpected() {
        let none = _Rotation3DEffect(angle: .zero, axis: (0, 1, 0), anchor: .center, anchorZ: 0, perspective: 1)
            .effectValue(size: size)
        #expect(none.isIdentity)
        // Half a turn about the vertical axis mirrors the view left to right (flat again: no perspective left).
        let half = _Rotation3DEffect(angle: .degrees(180), axis: (0, 1, 0), anchor: .center, anchorZ: 0, perspective: 1)
            .effectValue(size: size)
        #expect(near(CGPoint(x: 0, y: 0).applying(half), CGPoint(x: 100, y: 0), 1e-9))
        #expect(near(CGPoint(x: 100, y: 60).applying(half), CGPoint(x: 0, y: 60), 1e-9))
        // A quarter turn: edge-on, every point on the centre line.
        let quarter = _Rotation3DEffect(
            angle: .degrees(90), axis: (0, 1, 0), anchor: .center, anchorZ: 0, perspective: 1
        ).effectValue(size: size)
        #expect(abs(CGPoint(x: 0, y: 10).applying(quarter)!.x - 50) < 1e-9)
        // 60° with perspective: the edge coming towards the viewer grows, the other shrinks (distance 100 = max side).
        let tilt = _Rotation3DEffect(angle: .degrees(60), axis: (0, 1, 0), anchor: .center, anchorZ: 0, perspective: 1)
            .effectValue(size: size)
        let left = CGPoint(x: 0, y: 0).applying(tilt)!
        let right = CGPoint(x: 100, y: 0).applying(tilt)!
        // x offset −50 rotates to (−25, z ∓ 43.3); w = 1 − z/100.
        let z = 50 * sin(Double.pi / 3)
        let expectedLeft = CGPoint(x: 50 - 25 / (1 - z / 100), y: 30 - 30 / (1 - z / 100))
        let expectedRight = CGPoint(x: 50 + 25 / (1 + z / 100), y: 30 - 30 / (1 + z / 100))
        #expect(near(left, expectedLeft, 1e-6) && near(right, expectedRight, 1e-6), "\(left) \(right)")
        // Without perspective, only the width shrinks.
        let flat = _Rotation3DEffect(angle: .degrees(60), axis: (0, 1, 0), anchor: .center, anchorZ: 0, perspective: 0)
            .effectValue(size: size)
        #expect(flat.isAffine && near(CGPoint(x: 0, y: 0).applying(flat), CGPoint(x: 25, y: 0), 1e-9))
    }

    @Test func rotation3DDrawsThroughAProjectionAndAnimatesItsAngle() {
        struct Card: View {
            let knob: FlipKnob
            var body: some View {
                Color.blue.frame(width: 100, height: 60)
                    .rotation3DEffect(.degrees(knob.angle), axis: (x: 0, y: 1, z: 0))
            }
        }
        let knob = FlipKnob()
        let graph = makeGraph(Card(knob: knob), width: 100, height: 60)
        graph.update(at: 0)
        #expect(graph.displayList.description == "fill rect [0,0 100x60] rgb(0,122,255)")
        withAnimation(.linear(duration: 1)) { knob.angle = 180 }
        graph.update(at: 0)
        graph.update(at: 0.25)
        guard case .layer(let layer)? = graph.displayList.items.first, case .projection(let m) = layer.effect else {
            Issue.record("\(graph.displayList)")
            return
        }
        // A quarter of the way: 45°.
        let expected = _Rotation3DEffect(
            angle: .degrees(45), axis: (0, 1, 0), anchor: .center, anchorZ: 0, perspective: 1
        ).effectValue(size: size)
        #expect(zip(m.rows, expected.rows).allSatisfy { abs($0 - $1) < 1e-9 }, "\(m)")
        graph.update(at: 1)
        #expect(!graph.isAnimating)
    }

    @Test func customGeometryEffectsAreAffineTransformsThatAnimateAndHitTest() {
        struct V: View {
            let knob: FlipKnob
            var body: some View {
                Color.red.frame(width: 20, height: 20).modifier(Skew(amount: knob.shift))
            }
        }
        let knob = FlipKnob()
        let graph = makeGraph(V(knob: knob), width: 20, height: 20)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { knob.shift = 1 }
        graph.update(at: 0)
        graph.update(at: 0.5)
        guard case .layer(let layer)? = graph.displayList.items.first, case .transform(let t) = layer.effect else {
            Issue.record("\(graph.displayList)")
            return
        }
        #expect(t == CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
    }

    @Test func animationModifierAnimatesAGeometryEffectAsWithAnimationDoes() {
        struct V: View {
            let knob: FlipKnob
            var body: some View {
                Color.red.frame(width: 20, height: 20).modifier(Skew(amount: knob.shift))
                    .animation(.linear(duration: 1), value: knob.shift)
            }
        }
        let knob = FlipKnob()
        let graph = makeGraph(V(knob: knob), width: 20, height: 20)
        graph.update(at: 0)
        knob.shift = 1
        graph.update(at: 0)
        graph.update(at: 0.25)
        guard case .layer(let layer)? = graph.displayList.items.first, case .transform(let t) = layer.effect else {
            Issue.record("\(graph.displayList)")
            return
        }
        #expect(t == CGAffineTransform(a: 1, b: 0, c: 0.25, d: 1, tx: 0, ty: 0))
        graph.update(at: 1)
        #expect(!graph.isAnimating)
    }

    @Test func projectionInverseAndConcatenation() {
        var m = _Rotation3DEffect(angle: .degrees(30), axis: (1, 1, 0), anchor: .center, anchorZ: 0, perspective: 1)
            .effectValue(size: size)
        let p = CGPoint(x: 12, y: 34)
        let round = p.applying(m)!.applying(m.inverted())
        #expect(near(round, p, 1e-9))
        #expect(
            m.concatenating(m.inverted()).rows.enumerated().allSatisfy {
                abs($0.element - ([0, 4, 8].contains($0.offset) ? 1 : 0)) < 1e-9
            })
        var singular = ProjectionTransform()
        singular.m11 = 0
        singular.m21 = 0
        let inverted = singular.invert()
        #expect(!inverted && singular.m11 == 0)
        let invertible = m.invert()
        #expect(invertible)
    }

    @Test func nonFiniteGeometryEffectDrawsNothingAndLogsOnce() {
        withCapturedInvalidValueLog { log in
            let graph = makeGraph(
                VStack(spacing: 0) {
                    Color.red.frame(width: 10, height: 10).rotation3DEffect(.degrees(.nan), axis: (0, 1, 0))
                    Color.blue.frame(width: 10, height: 10).modifier(Skew(amount: .infinity))
                    Color.black.frame(width: 10, height: 10)
                }, width: 10, height: 30)
            graph.update(at: 0)
            #expect(graph.displayList.description == "fill rect [0,20 10x10] rgb(0,0,0)", "\(graph.displayList)")
            #expect(log.lines.count == 1)
        }
    }
}
