import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class GradientKnobs {
    var on = false
}

/// Gradients used as shape styles animate their stop colours, stop locations and geometry inside an animated
/// transaction (virtual clock, exact values at the midpoint).
@MainActor
@Suite struct GradientAnimationTests {
    private static let red = Color(red: 1, green: 0, blue: 0)
    private static let blue = Color(red: 0, green: 0, blue: 1)
    private static let green = Color(red: 0, green: 1, blue: 0)
    private static let white = Color(red: 1, green: 1, blue: 1)

    private struct Styled<S: ShapeStyle>: View {
        let knobs: GradientKnobs
        let style: (Bool) -> S
        var body: some View { Rectangle().fill(style(knobs.on)).frame(width: 100, height: 100) }
    }

    /// The paints of the fills drawn at 0 (before), 0.5 and 1 s of a one-second linear animation.
    private func paints<S: ShapeStyle>(_ style: @escaping (Bool) -> S) -> [Paint] {
        paints(size: 100) { Styled(knobs: $0, style: style) }
    }

    /// The paints of the first fill `view` draws at 0, 0.5 and 1 s of a one-second linear animation that turns
    /// its knob on, in a square window of `size`.
    private func paints<V: View>(size: CGFloat, of view: (GradientKnobs) -> V) -> [Paint] {
        let knobs = GradientKnobs()
        let graph = makeGraph(view(knobs), width: size, height: size)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { knobs.on = true }
        return [0, 0.5, 1].map { time in
            guard case .fill(let op)? = graph.update(at: time).items.first else { return .color(.clear) }
            return op.paint
        }
    }

    private static func stop(_ r: Double, _ g: Double, _ b: Double, at location: Double) -> GradientStop {
        GradientStop(color: RGBA(red: r, green: g, blue: b), location: location)
    }

    /// A linear gradient paint of two opaque stops, each (r, g, b, location), from `start` to `end`.
    private static func linear(
        _ first: (Double, Double, Double, at: Double), _ second: (Double, Double, Double, at: Double),
        from start: CGPoint, to end: CGPoint
    ) -> Paint {
        .linearGradient(
            stops: [stop(first.0, first.1, first.2, at: first.at), stop(second.0, second.1, second.2, at: second.at)],
            start: start, end: end)
    }

    @Test func linearGradientColoursAndPointsInterpolate() {
        let result = paints { on in
            on
                ? LinearGradient(colors: [Self.green, Self.white], startPoint: .top, endPoint: .bottom)
                : LinearGradient(colors: [Self.red, Self.blue], startPoint: .leading, endPoint: .trailing)
        }
        #expect(
            result[1]
                == Self.linear(
                    (0.5, 0.5, 0, at: 0), (0.5, 0.5, 1, at: 1), from: .init(x: 25, y: 25), to: .init(x: 75, y: 75)))
        #expect(
            result[2]
                == Self.linear((0, 1, 0, at: 0), (1, 1, 1, at: 1), from: .init(x: 50, y: 0), to: .init(x: 50, y: 100)))
    }

    @Test func stopLocationsInterpolate() {
        let result = paints { on in
            LinearGradient(
                stops: [
                    .init(color: Self.red, location: on ? 0.5 : 0.25), .init(color: Self.blue, location: on ? 1 : 0.5),
                ],
                startPoint: .leading, endPoint: .trailing)
        }
        #expect(
            result[1]
                == Self.linear(
                    (1, 0, 0, at: 0.375), (0, 0, 1, at: 0.75), from: .init(x: 0, y: 50), to: .init(x: 100, y: 50)))
    }

    @Test func radialGradientCentreAndRadiiInterpolate() {
        let result = paints { on in
            RadialGradient(
                colors: [Self.red, on ? Self.white : Self.blue], center: on ? .topLeading : .center,
                startRadius: on ? 30 : 10, endRadius: on ? 70 : 50)
        }
        #expect(
            result[1]
                == .radialGradient(
                    stops: [Self.stop(1, 0, 0, at: 0), Self.stop(0.5, 0.5, 1, at: 1)], center: CGPoint(x: 25, y: 25),
                    startRadius: 20, endRadius: 60))
    }

    @Test func angularAndEllipticalGradientsInterpolate() {
        let angular = paints { on in
            AngularGradient(
                colors: [Self.red, Self.blue], center: .center, startAngle: .zero,
                endAngle: on ? .radians(2) : .radians(4))
        }
        #expect(
            angular[1]
                == .angularGradient(
                    stops: [Self.stop(1, 0, 0, at: 0), Self.stop(0, 0, 1, at: 1)], center: CGPoint(x: 50, y: 50),
                    startAngle: .zero, endAngle: .radians(3)))
        let elliptical = paints { on in
            EllipticalGradient(
                colors: [Self.red, Self.blue], center: on ? .bottomTrailing : .center, endRadiusFraction: on ? 1 : 0.5)
        }
        #expect(
            elliptical[1]
                == .ellipticalGradient(
                    stops: [Self.stop(1, 0, 0, at: 0), Self.stop(0, 0, 1, at: 1)], center: CGPoint(x: 75, y: 75),
                    size: CGSize(width: 100, height: 100), startRadiusFraction: 0, endRadiusFraction: 0.75))
    }

    /// A different number of stops, or another kind of paint, has nothing to move between: it shows at once.
    @Test func otherChangesOfPaintShowAtOnce() {
        let stops = paints { on in
            LinearGradient(
                colors: on ? [Self.red, Self.green, Self.blue] : [Self.red, Self.blue], startPoint: .leading,
                endPoint: .trailing)
        }
        #expect(stops[1] == stops[2])
        let kind = paints { on in
            on
                ? AnyShapeStyle(Self.red)
                : AnyShapeStyle(
                    LinearGradient(colors: [Self.red, Self.blue], startPoint: .leading, endPoint: .trailing))
        }
        #expect(kind[1] == .color(RGBA(red: 1, green: 0, blue: 0)))
    }

    /// A gradient drawn as a view (not through a shape's fill) animates too.
    @Test func gradientViewsAnimate() {
        struct V: View {
            let knobs: GradientKnobs
            var body: some View {
                LinearGradient(
                    colors: [
                        knobs.on ? Color(red: 1, green: 1, blue: 1) : Color(red: 0, green: 0, blue: 0),
                        Color(red: 0, green: 0, blue: 0),
                    ], startPoint: .top, endPoint: .bottom
                )
                .frame(width: 10, height: 10)
            }
        }
        let result = paints(size: 10) { V(knobs: $0) }
        #expect(
            result[1]
                == Self.linear(
                    (0.5, 0.5, 0.5, at: 0), (0, 0, 0, at: 1), from: .init(x: 5, y: 0), to: .init(x: 5, y: 10)))
        #expect(
            result[2]
                == Self.linear((1, 1, 1, at: 0), (0, 0, 0, at: 1), from: .init(x: 5, y: 0), to: .init(x: 5, y: 10)))
    }
}
