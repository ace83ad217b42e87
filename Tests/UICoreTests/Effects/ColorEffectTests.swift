import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor final class EffectKnobs {
    var radius: CGFloat = 0
    var saturation = 1.0
}

/// Colour and blur effects become layers with exact numbers; they animate; bad numbers draw nothing.
@MainActor
@Suite(.serialized) struct ColorEffectTests {
    @Test func effectsWrapTheirContentInLayers() {
        let graph = makeGraph(
            Color.red.frame(width: 10, height: 10).grayscale(1).blur(radius: 3), width: 10, height: 10)
        #expect(
            graph.update(at: 0).description == """
                layer blur 3
                  layer colorMatrix [0.213 0.715 0.072 0 0 0.213 0.715 0.072 0 0 0.213 0.715 0.072 0 0 0 0 0 1 0]
                    fill rect [0,0 10x10] rgb(255,59,48)
                """)
        let opaque = makeGraph(
            Color.red.frame(width: 10, height: 10).blur(radius: 2, opaque: true), width: 10, height: 10)
        #expect(
            opaque.update(at: 0).description == """
                layer clip [0,0 10x10]
                  layer blur 2 opaque
                    fill rect [0,0 10x10] rgb(255,59,48)
                """)
        // Identity effects add nothing.
        let none = makeGraph(
            Color.red.frame(width: 10, height: 10).saturation(1).brightness(0).blur(radius: 0), width: 10, height: 10)
        #expect(none.update(at: 0).description == "fill rect [0,0 10x10] rgb(255,59,48)")
    }

    @Test func matricesFollowTheFilterDefinitions() {
        #expect(ColorMatrix.colorInvert().rows == [-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0])
        #expect(
            ColorMatrix.brightness(0.25).rows == [1, 0, 0, 0, 0.25, 0, 1, 0, 0, 0.25, 0, 0, 1, 0, 0.25, 0, 0, 0, 1, 0])
        #expect(ColorMatrix.contrast(2).rows == [2, 0, 0, 0, -0.5, 0, 2, 0, 0, -0.5, 0, 0, 2, 0, -0.5, 0, 0, 0, 1, 0])
        // A full turn of hue is the identity (within float rounding).
        let turn = ColorMatrix.hueRotation(.degrees(360)).rows
        #expect(zip(turn, ColorMatrix().rows).allSatisfy { abs($0 - $1) < 1e-5 })
        // Luminance to alpha: white becomes opaque black.
        let l = ColorMatrix.luminanceToAlpha
        #expect(abs(l.a1 + l.a2 + l.a3 - 1) < 1e-4 && l.r1 == 0 && l.a4 == 0)
    }

    @Test func blurRadiusAndSaturationAnimate() {
        struct V: View {
            let knobs: EffectKnobs
            var body: some View {
                Color.red.frame(width: 10, height: 10).saturation(knobs.saturation).blur(radius: knobs.radius)
            }
        }
        let knobs = EffectKnobs()
        let graph = makeGraph(V(knobs: knobs), width: 10, height: 10)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) {
            knobs.radius = 10
            knobs.saturation = 0
        }
        graph.update(at: 0)
        graph.update(at: 0.5)
        guard case .layer(let blur)? = graph.displayList.items.first, case .blur(let radius, _) = blur.effect,
            case .layer(let colour)? = blur.items.first, case .colorMatrix(let m) = colour.effect
        else {
            Issue.record("\(graph.displayList)")
            return
        }
        #expect(radius == 5)
        // Halfway between the identity and grey: saturation 0.5's matrix.
        #expect(zip(m.rows, ColorMatrix.saturation(0.5).rows).allSatisfy { abs($0 - $1) < 1e-6 }, "\(m)")
        graph.update(at: 1)
        #expect(!graph.isAnimating)
    }

    @Test func nonFiniteEffectsDrawNothingForThatViewAndLogOnce() {
        withCapturedInvalidValueLog { log in
            let graph = makeGraph(
                VStack(spacing: 0) {
                    Color.red.frame(width: 10, height: 10).blur(radius: .nan)
                    Color.green.frame(width: 10, height: 10).saturation(.infinity)
                    Color.blue.frame(width: 10, height: 10).blur(radius: .nan)
                    Color.black.frame(width: 10, height: 10)
                }, width: 10, height: 40)
            graph.update(at: 0)
            #expect(graph.displayList.description == "fill rect [0,30 10x10] rgb(0,0,0)", "\(graph.displayList)")
            graph.update(at: 1)
            #expect(log.lines.count == 2, "one line per kind of effect: \(log.lines)")
        }
    }

    @Test func materialsPaintAsTheirBlurAndTintAndRepaintWhatIsBelowThem() {
        let graph = makeGraph(
            ZStack {
                Color.blue
                Text("behind").frame(width: 40, height: 20)
            }
            .frame(width: 100, height: 100)
            .overlay(alignment: .topLeading) { Rectangle().fill(.regularMaterial).frame(width: 50, height: 50) },
            width: 100, height: 100)
        graph.update(at: 0)
        guard case .fill(let fill)? = graph.displayList.items.last,
            case .material(let radius, let saturation, let tint) = fill.paint
        else {
            Issue.record("\(graph.displayList)")
            return
        }
        #expect(radius == 16 && saturation == 1.6 && tint.opacity == 0.65)
    }

    @Test func aChangeWithinAMaterialsBlurReachRepaintsTheWholeMaterial() {
        func square(_ x: CGFloat, _ y: CGFloat) -> DisplayItem {
            .fill(
                FillOperation(
                    path: Path(CGRect(x: x, y: y, width: 2, height: 2)), primitive: nil,
                    paint: .color(RGBA(red: 1, green: 0, blue: 0)), eoFill: false, antialiased: true))
        }
        // Blur radius 2 reaches 3 × 2 + 2 = 8 points around the material's 20-point square.
        let material = DisplayItem.fill(
            FillOperation(
                path: Path(CGRect(x: 0, y: 0, width: 20, height: 20)), primitive: nil,
                paint: .material(blurRadius: 2, saturation: 1, tint: RGBA(red: 0, green: 0, blue: 0, opacity: 0)),
                eoFill: false, antialiased: true))
        let before = DisplayList(items: [square(90, 90), square(25, 25), material])
        // Far away: only the moved square.
        let far = DisplayList(items: [square(92, 92), square(25, 25), material]).damage(since: before)
        #expect(far == [CGRect(x: 90, y: 90, width: 4, height: 4)], "\(far)")
        // Within reach (outside the material itself): the material and its reach are repainted.
        let near = DisplayList(items: [square(90, 90), square(26, 25), material]).damage(since: before)
        #expect(near == [CGRect(x: -8, y: -8, width: 36, height: 36)], "\(near)")
    }
}
