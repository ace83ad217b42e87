import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// A triangle pointing up, for the custom `Shape` tests.
private struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
        }
    }
}

@MainActor
@Suite struct PathTests {
    @Test func ellipseContainsAndBounds() {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(circle.boundingRect == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(circle.contains(CGPoint(x: 50, y: 50)))
        #expect(circle.contains(CGPoint(x: 99, y: 50)))
        #expect(!circle.contains(CGPoint(x: 95, y: 95)))
    }

    @Test func arcEndsWhereItShould() {
        var path = Path()
        path.addArc(
            center: CGPoint(x: 50, y: 50), radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false
        )
        // Angles grow clockwise on screen (y down): 90° is straight below the centre.
        #expect(abs(path.currentPoint!.x - 50) < 1e-9 && abs(path.currentPoint!.y - 60) < 1e-9)
        var half = Path()
        half.move(to: CGPoint(x: 60, y: 50))
        half.addArc(
            center: CGPoint(x: 50, y: 50), radius: 10, startAngle: .zero, endAngle: .degrees(180), clockwise: true)
        // Going the other way round passes through the top.
        #expect(half.boundingRect.minY < 41 && half.boundingRect.maxY <= 50.0001)
    }

    @Test func quadAndCubicCurvesAndEvenOdd() {
        var ring = Path()
        ring.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
        #expect(ring.contains(CGPoint(x: 50, y: 50)))
        #expect(!ring.contains(CGPoint(x: 50, y: 50), eoFill: true))
        #expect(ring.contains(CGPoint(x: 10, y: 50), eoFill: true))
        var curve = Path()
        curve.move(to: .zero)
        curve.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        curve.addCurve(to: CGPoint(x: 20, y: 0), control1: CGPoint(x: 12, y: -5), control2: CGPoint(x: 18, y: -5))
        curve.closeSubpath()
        #expect(curve.boundingRect == CGRect(x: 0, y: -5, width: 20, height: 15))
        #expect(curve.contains(CGPoint(x: 5, y: 3)))
    }

    @Test func customShapeDrawsAndHitTestsByItsPath() {
        let graph = makeGraph(
            Triangle().fill(Color.red).frame(width: 100, height: 100).onTapGesture {}, width: 100, height: 100)
        graph.update()
        guard case .fill(let fill) = graph.displayList.items.first else {
            Issue.record("no fill")
            return
        }
        #expect(fill.primitive == nil)
        #expect(fill.path.boundingRect == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 50, y: 90)) != nil)
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 5, y: 5)) == nil)
    }

    @Test func pathAsAViewIsDrawnAsIs() {
        let graph = makeGraph(Path(CGRect(x: 5, y: 5, width: 10, height: 10)).fill(Color.blue), width: 100, height: 100)
        graph.update()
        guard case .fill(let fill) = graph.displayList.items.first else {
            Issue.record("no fill")
            return
        }
        // The path view takes the whole proposal; its path stays in the view's coordinates.
        #expect(fill.path.boundingRect == CGRect(x: 5, y: 5, width: 10, height: 10))
    }

    @Test func shapeTransformsApplyInsideTheFrame() {
        let graph = makeGraph(Rectangle().offset(x: 10, y: 0).frame(width: 20, height: 20), width: 20, height: 20)
        graph.update()
        guard case .fill(let fill) = graph.displayList.items.first else {
            Issue.record("no fill")
            return
        }
        #expect(fill.path.boundingRect == CGRect(x: 10, y: 0, width: 20, height: 20))
    }

    @Test func affineTransformInverse() {
        let t = CGAffineTransform(rotationAngle: 0.7).concatenating(CGAffineTransform(translationX: 3, y: -2)).scaledBy(
            x: 2, y: 3)
        let p = CGPoint(x: 5, y: 7).applying(t).applying(t.inverted())
        #expect(abs(p.x - 5) < 1e-9 && abs(p.y - 7) < 1e-9)
    }
}

/// Every fill in a display list, layers included, in drawing order.
@MainActor
private func allFills(_ items: [DisplayItem]) -> [FillOperation] {
    items.flatMap { item -> [FillOperation] in
        switch item {
        case .fill(let fill): [fill]
        case .layer(let layer): allFills(layer.items)
        default: []
        }
    }
}

/// Shapes draw in their own coordinate space, as in SwiftUI: a `Path` used as a view, and a shape that
/// assumes a zero origin, land where the view is placed.
@MainActor
@Suite struct ShapeCoordinateSpaceTests {
    @Test func pathViewIsDrawnAtItsViewsPosition() {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 50, height: 20)
            Path { $0.addRect(CGRect(x: 2, y: 3, width: 10, height: 10)) }.frame(width: 20, height: 20)
        }
        let graph = makeGraph(view, width: 200, height: 100)
        graph.update()
        let fills = allFills(graph.displayList.items)
        // The HStack (70x20) is centred in 200x100: it starts at (65, 40); the path's view at (115, 40).
        #expect(fills.last?.path.boundingRect == CGRect(x: 117, y: 43, width: 10, height: 10))
    }

    @Test func customShapeGetsAZeroOriginRect() {
        struct Corner: Shape {
            func path(in rect: CGRect) -> Path {
                Path(CGRect(x: 0, y: 0, width: rect.width / 2, height: rect.height / 2))
            }
        }
        let graph = makeGraph(Corner().frame(width: 40, height: 40), width: 100, height: 100)
        graph.update()
        guard let fill = allFills(graph.displayList.items).first else {
            Issue.record("no fill: \(graph.displayList)")
            return
        }
        #expect(fill.path.boundingRect == CGRect(x: 30, y: 30, width: 20, height: 20))
    }
}
