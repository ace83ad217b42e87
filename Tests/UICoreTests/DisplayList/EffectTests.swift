import Foundation
import Testing

@_spi(Engine) @testable import UICore

@MainActor
@Suite struct EffectTests {
    private func onlyLayer(_ graph: ViewGraph) -> DisplayLayer? {
        guard graph.displayList.items.count == 1, case .layer(let layer) = graph.displayList.items[0] else {
            return nil
        }
        return layer
    }

    @Test func opacityWrapsContentInALayer() {
        let graph = makeGraph(Color.red.frame(width: 10, height: 10).opacity(0.5), width: 10, height: 10)
        graph.update()
        #expect(onlyLayer(graph)?.effect == .opacity(0.5))
        // Full opacity adds no layer.
        let opaque = makeGraph(Rectangle().opacity(1).frame(width: 10, height: 10), width: 10, height: 10)
        opaque.update()
        #expect(onlyLayer(opaque) == nil)
    }

    @Test func shadowDefaultsToThirtyThreePercentBlack() {
        let graph = makeGraph(Circle().frame(width: 10, height: 10).shadow(radius: 8), width: 10, height: 10)
        graph.update()
        guard case .shadow(let color, let radius, let offset)? = onlyLayer(graph)?.effect else {
            Issue.record("no shadow")
            return
        }
        #expect(radius == 8 && offset == .zero)
        #expect(color.red == 0 && color.green == 0 && color.blue == 0 && abs(color.opacity - 0.33) < 1e-9)
        let offsetShadow = makeGraph(
            Color.red.frame(width: 10, height: 10).shadow(color: .blue, radius: 2, x: 3, y: 4), width: 10, height: 10)
        offsetShadow.update()
        #expect(
            onlyLayer(offsetShadow)?.effect
                == .shadow(
                    color: RGBA(red: 0, green: 122 / 255, blue: 1), radius: 2, offset: CGSize(width: 3, height: 4)))
    }

    @Test func rotationIsATransformAroundTheAnchor() {
        let graph = makeGraph(
            Color.red.frame(width: 20, height: 10).rotationEffect(.degrees(90)), width: 100, height: 100)
        graph.update()
        guard case .transform(let t)? = onlyLayer(graph)?.effect else {
            Issue.record("no transform")
            return
        }
        // The centre (50, 50) is fixed; the top-left corner (40, 45) maps to (55, 40).
        let centre = CGPoint(x: 50, y: 50).applying(t)
        let corner = CGPoint(x: 40, y: 45).applying(t)
        #expect(abs(centre.x - 50) < 1e-9 && abs(centre.y - 50) < 1e-9)
        #expect(abs(corner.x - 55) < 1e-9 && abs(corner.y - 40) < 1e-9)
    }

    @Test func scaleEffectWithTopLeadingAnchor() {
        let graph = makeGraph(
            Color.red.frame(width: 20, height: 10).scaleEffect(2, anchor: .topLeading), width: 100, height: 100)
        graph.update()
        guard case .transform(let t)? = onlyLayer(graph)?.effect else {
            Issue.record("no transform")
            return
        }
        #expect(CGPoint(x: 40, y: 45).applying(t) == CGPoint(x: 40, y: 45))
        #expect(CGPoint(x: 60, y: 55).applying(t) == CGPoint(x: 80, y: 65))
    }

    @Test func blendModesAndCompositingGroup() {
        let multiply = makeGraph(Color.red.blendMode(.multiply), width: 10, height: 10)
        multiply.update()
        #expect(onlyLayer(multiply)?.effect == .blend(.multiply))
        let normal = makeGraph(Color.red.blendMode(.normal), width: 10, height: 10)
        normal.update()
        #expect(onlyLayer(normal) == nil)
        let group = makeGraph(Color.red.compositingGroup(), width: 10, height: 10)
        group.update()
        #expect(onlyLayer(group)?.effect == .compositingGroup)
    }

    @Test func clippedUsesTheFrame() {
        let graph = makeGraph(
            Color.red.frame(width: 50, height: 50).frame(width: 20, height: 20).clipped(), width: 100, height: 100)
        graph.update()
        guard case .clip(let path, _)? = onlyLayer(graph)?.effect else {
            Issue.record("no clip")
            return
        }
        #expect(path.boundingRect == CGRect(x: 40, y: 40, width: 20, height: 20))
    }

    @Test func strokeIsCentredAndStrokeBorderIsInset() {
        let stroke = makeGraph(
            Circle().stroke(Color.white, lineWidth: 2).frame(width: 100, height: 100), width: 100, height: 100)
        stroke.update()
        guard case .stroke(let op) = stroke.displayList.items.first else {
            Issue.record("no stroke")
            return
        }
        #expect(op.primitive == .ellipse(CGRect(x: 0, y: 0, width: 100, height: 100)))
        #expect(op.style.lineWidth == 2)
        let border = makeGraph(
            Circle().strokeBorder(Color.white, lineWidth: 4).frame(width: 100, height: 100), width: 100, height: 100)
        border.update()
        guard case .stroke(let inset) = border.displayList.items.first else {
            Issue.record("no stroke")
            return
        }
        #expect(inset.primitive == .ellipse(CGRect(x: 2, y: 2, width: 96, height: 96)))
    }

    @Test func roundedRectangleAndCapsulePrimitives() {
        let rounded = makeGraph(
            RoundedRectangle(cornerRadius: 12).frame(width: 100, height: 50), width: 100, height: 50)
        rounded.update()
        guard case .fill(let r) = rounded.displayList.items.first else {
            Issue.record("no fill")
            return
        }
        #expect(
            r.primitive
                == .roundedRect(
                    CGRect(x: 0, y: 0, width: 100, height: 50), cornerSize: CGSize(width: 12, height: 12),
                    style: .continuous))
        let capsule = makeGraph(Capsule().frame(width: 100, height: 40), width: 100, height: 40)
        capsule.update()
        guard case .fill(let c) = capsule.displayList.items.first else {
            Issue.record("no fill")
            return
        }
        #expect(
            c.primitive
                == .roundedRect(
                    CGRect(x: 0, y: 0, width: 100, height: 40), cornerSize: CGSize(width: 20, height: 20),
                    style: .circular))
    }

    @Test func gradientsResolveToWindowPoints() {
        let graph = makeGraph(
            Rectangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)).frame(
                width: 100, height: 50), width: 200, height: 50)
        graph.update()
        guard case .fill(let op) = graph.displayList.items.first,
            case .linearGradient(let stops, let start, let end) = op.paint
        else {
            Issue.record("no gradient")
            return
        }
        #expect(start == CGPoint(x: 100, y: 0) && end == CGPoint(x: 100, y: 50))
        #expect(stops.map(\.location) == [0, 1])
        let radial = makeGraph(
            RadialGradient(colors: [.white, .black], center: .center, startRadius: 0, endRadius: 30), width: 60,
            height: 60)
        radial.update()
        guard case .fill(let r) = radial.displayList.items.first,
            case .radialGradient(_, let center, _, let endRadius) = r.paint
        else {
            Issue.record("no radial")
            return
        }
        #expect(center == CGPoint(x: 30, y: 30) && endRadius == 30)
        let angular = makeGraph(AngularGradient(colors: [.red, .green], center: .center), width: 60, height: 60)
        angular.update()
        guard case .fill(let a) = angular.displayList.items.first,
            case .angularGradient(_, _, let startAngle, let endAngle) = a.paint
        else {
            Issue.record("no angular")
            return
        }
        #expect(startAngle.degrees == 0 && endAngle.degrees == 360)
    }

    @Test func namedColoursHaveApplesValues() {
        func rgb(_ c: Color, _ scheme: ColorScheme = .light) -> [Int] {
            var env = EnvironmentValues()
            env.colorScheme = scheme
            let r = c.resolve(in: env)
            return [r.red, r.green, r.blue].map { Int(($0 * 255).rounded()) }
        }
        #expect(rgb(.blue) == [0, 122, 255])
        #expect(rgb(.blue, .dark) == [10, 132, 255])
        #expect(rgb(.red) == [255, 59, 48])
        #expect(rgb(.green) == [52, 199, 89])
        #expect(rgb(.orange) == [255, 149, 0])
        #expect(rgb(.white) == [255, 255, 255])
        #expect(Color.clear.resolve(in: EnvironmentValues()).opacity == 0)
        #expect(Color.secondary.resolve(in: EnvironmentValues()).opacity == 0.6)
        #expect(rgb(Color(red: 0.5, green: 0.25, blue: 1)) == [128, 64, 255])
    }

    @Test func imageDrawsIntoItsFrame() {
        let graph = makeGraph(Image("Landscape").resizable().frame(width: 300, height: 100), width: 300, height: 100)
        graph.update()
        guard case .image(let op) = graph.displayList.items.first else {
            Issue.record("no image")
            return
        }
        #expect(
            op.source == .resource("Landscape") && op.frame == CGRect(x: 0, y: 0, width: 300, height: 100)
                && op.resizingMode == .stretch)
        #expect(Image("/tmp/a.png").source == .file("/tmp/a.png"))
    }
}

@MainActor
@Suite struct ShapeShorthandTests {
    @Test func borderAndShapeShorthands() {
        let graph = makeGraph(
            Color.red.frame(width: 40, height: 20).border(Color.blue, width: 2).clipShape(.rect(cornerRadius: 4)),
            width: 40, height: 20)
        graph.update()
        #expect(
            graph.displayList.description == """
                layer clip [0,0 40x20]
                  fill rect [0,0 40x20] rgb(255,59,48)
                  stroke rect [1,1 38x18] rgb(0,122,255) width 2
                """)
        let circle = makeGraph(Color.red.clipShape(.circle), width: 30, height: 10)
        circle.update()
        #expect(circle.displayList.description.hasPrefix("layer clip [10,0 10x10]"))
    }
}
