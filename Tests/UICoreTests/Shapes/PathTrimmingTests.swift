import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class Progress {
    var value: CGFloat = 0
}

/// Points of a path's elements, for exact comparisons.
private func endPoints(_ path: Path) -> [CGPoint] {
    var points: [CGPoint] = []
    path.forEach { element in
        switch element {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): points.append(p)
        case .closeSubpath: break
        }
    }
    return points
}

private func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-6) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@MainActor
@Suite struct PathTrimmingTests {
    @Test func trimmingASquareCutsItsSidesByLength() {
        // Perimeter 400: 0.125…0.625 runs from the middle of the top side to the middle of the bottom side.
        let square = Path(CGRect(x: 0, y: 0, width: 100, height: 100))
        let trimmed = square.trimmedPath(from: 0.125, to: 0.625)
        #expect(
            endPoints(trimmed) == [
                CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 50, y: 100),
            ])
        // The closing side counts: the last eighth runs up the left side.
        let closing = square.trimmedPath(from: 0.875, to: 1)
        #expect(endPoints(closing) == [CGPoint(x: 0, y: 50), CGPoint(x: 0, y: 0)])
    }

    @Test func fractionsAreClampedAndEmptyRangesAreEmpty() {
        let line = Path {
            $0.move(to: .zero)
            $0.addLine(to: CGPoint(x: 10, y: 0))
        }
        #expect(line.trimmedPath(from: -1, to: 2) == line)
        #expect(line.trimmedPath(from: 0.5, to: 0.5).isEmpty)
        #expect(line.trimmedPath(from: 0.8, to: 0.2).isEmpty)
        #expect(endPoints(line.trimmedPath(from: 0.2, to: 0.7)) == [CGPoint(x: 2, y: 0), CGPoint(x: 7, y: 0)])
    }

    @Test func circleTrimsStartAtThreeOClockAndGoClockwiseKeepingCurves() {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        let quarter = circle.trimmedPath(from: 0, to: 0.25)
        var curves = 0
        quarter.forEach { if case .curve = $0 { curves += 1 } }
        #expect(curves == 1, "a quarter of the circle is its first cubic arc, kept as a curve")
        let points = endPoints(quarter)
        #expect(near(points[0], CGPoint(x: 100, y: 50), 1e-3) && near(points[1], CGPoint(x: 50, y: 100), 1e-3))
        // Half of the first arc ends at 45°, on the circle (within the arc approximation's error).
        let eighth = endPoints(circle.trimmedPath(from: 0, to: 0.125))
        let r = hypot(eighth[1].x - 50, eighth[1].y - 50)
        #expect(abs(r - 50) < 0.02 && abs(eighth[1].x - eighth[1].y) < 0.05, "\(eighth[1])")
    }

    @Test func separateSubpathsStaySeparate() {
        var two = Path()
        two.move(to: .zero)
        two.addLine(to: CGPoint(x: 10, y: 0))
        two.move(to: CGPoint(x: 0, y: 10))
        two.addLine(to: CGPoint(x: 10, y: 10))
        var moves = 0
        two.trimmedPath(from: 0.25, to: 0.75).forEach { if case .move = $0 { moves += 1 } }
        #expect(moves == 2)
        #expect(
            endPoints(two.trimmedPath(from: 0.25, to: 0.75)) == [
                CGPoint(x: 5, y: 0), CGPoint(x: 10, y: 0),
                CGPoint(x: 0, y: 10), CGPoint(x: 5, y: 10),
            ])
    }

    @Test func nanFractionsDrawNothingAndAreReportedOnce() {
        withCapturedInvalidValueLog { log in
            let line = Path {
                $0.move(to: .zero)
                $0.addLine(to: CGPoint(x: 10, y: 0))
            }
            #expect(line.trimmedPath(from: .nan, to: 1).isEmpty)
            #expect(line.trimmedPath(from: 0, to: .nan).isEmpty)
            #expect(log.lines.count == 1 && log.lines[0].contains("NaN"))
            // Infinities are clamped like any out-of-range fraction.
            #expect(line.trimmedPath(from: -.infinity, to: .infinity) == line)
        }
    }

    @Test func strokedPathCoversTheStrokeAndNothingElse() {
        let line = Path {
            $0.move(to: CGPoint(x: 10, y: 50))
            $0.addLine(to: CGPoint(x: 90, y: 50))
        }
        let butt = line.strokedPath(StrokeStyle(lineWidth: 10))
        #expect(butt.boundingRect == CGRect(x: 10, y: 45, width: 80, height: 10))
        #expect(butt.contains(CGPoint(x: 50, y: 46)) && !butt.contains(CGPoint(x: 50, y: 56)))
        let square = line.strokedPath(StrokeStyle(lineWidth: 10, lineCap: .square))
        #expect(square.boundingRect == CGRect(x: 5, y: 45, width: 90, height: 10))
        let round = line.strokedPath(StrokeStyle(lineWidth: 10, lineCap: .round))
        #expect(round.contains(CGPoint(x: 7, y: 50)) && !round.contains(CGPoint(x: 6, y: 46)))
        // A miter join on a right angle reaches the outer corner; a bevel cuts it off.
        let corner = Path {
            $0.move(to: CGPoint(x: 10, y: 10))
            $0.addLine(to: CGPoint(x: 50, y: 10))
            $0.addLine(to: CGPoint(x: 50, y: 50))
        }
        #expect(corner.strokedPath(StrokeStyle(lineWidth: 10, lineJoin: .miter)).contains(CGPoint(x: 54, y: 6)))
        #expect(!corner.strokedPath(StrokeStyle(lineWidth: 10, lineJoin: .bevel)).contains(CGPoint(x: 54, y: 6)))
        #expect(corner.strokedPath(StrokeStyle(lineWidth: 10, lineJoin: .round)).contains(CGPoint(x: 53, y: 7)))
        // Dashes: 10 on, 10 off from x = 10.
        let dashed = line.strokedPath(StrokeStyle(lineWidth: 4, dash: [10, 10]))
        #expect(
            dashed.contains(CGPoint(x: 15, y: 50)) && !dashed.contains(CGPoint(x: 25, y: 50))
                && dashed.contains(CGPoint(x: 35, y: 50)))
        // Nothing for a bad width or a non-finite point.
        #expect(line.strokedPath(StrokeStyle(lineWidth: .nan)).isEmpty)
        #expect(
            Path {
                $0.move(to: .zero)
                $0.addLine(to: CGPoint(x: CGFloat.infinity, y: 0))
            }.strokedPath(StrokeStyle()).isEmpty)
    }

    @Test func trimmedShapeAnimatesItsEnds() {
        struct Ring: View {
            let progress: Progress
            var body: some View {
                Circle().trim(from: 0, to: progress.value).stroke(Color.black, lineWidth: 4)
                    .frame(width: 100, height: 100)
                    .animation(.linear(duration: 1), value: progress.value)
            }
        }
        let progress = Progress()
        let graph = makeGraph(Ring(progress: progress), width: 100, height: 100)
        graph.update(at: 0)
        #expect(graph.displayList.items.isEmpty || strokeEnd(graph) == nil, "nothing drawn at 0")
        progress.value = 1
        graph.update(at: 0)
        graph.update(at: 0.5)
        // Halfway: the stroke runs from 3 o'clock clockwise to 9 o'clock.
        let half = strokeEnd(graph)
        #expect(half.map { near($0, CGPoint(x: 0, y: 50), 1e-3) } == true, "\(String(describing: half))")
        graph.update(at: 0.75)
        #expect(strokeEnd(graph).map { near($0, CGPoint(x: 50, y: 0), 1e-3) } == true)
        graph.update(at: 1)
        #expect(!graph.isAnimating)
    }

    private func strokeEnd(_ graph: ViewGraph) -> CGPoint? {
        guard case .stroke(let stroke)? = graph.displayList.items.first else { return nil }
        return stroke.path.currentPoint
    }
}
