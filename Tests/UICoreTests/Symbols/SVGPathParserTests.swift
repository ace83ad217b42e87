import Foundation
import Testing

@_spi(Engine) @testable import UICore

@Suite struct SVGPathParserTests {
    func points(_ path: Path) -> [CGPoint] {
        var result: [CGPoint] = []
        path.forEach { element in
            switch element {
            case .move(let p), .line(let p): result.append(p)
            case .quadCurve(let p, _), .curve(let p, _, _): result.append(p)
            case .closeSubpath: break
            }
        }
        return result
    }

    @Test func tightlyWrittenNumbersSplitWhereTheNextOneStarts() throws {
        // "-.5.5" is two numbers, "1-1" too, and a moveto's further pairs are linetos.
        let path = try SVGPathParser.parse("M1-1l-.5.5.25.25H3V4h1v1e0z")
        #expect(
            points(path) == [
                CGPoint(x: 1, y: -1), CGPoint(x: 0.5, y: -0.5), CGPoint(x: 0.75, y: -0.25),
                CGPoint(x: 3, y: -0.25), CGPoint(x: 3, y: 4), CGPoint(x: 4, y: 4), CGPoint(x: 4, y: 5),
            ])
        #expect(path.elements.last == .closeSubpath)
    }

    @Test func relativeCommandsFollowTheCurrentPointAndCloseReturnsToTheSubpathStart() throws {
        let path = try SVGPathParser.parse("m2 2 4 0zm1 1h1")
        // After z the current point is the subpath's start (2,2), so "m1 1" moves to (3,3).
        #expect(points(path) == [CGPoint(x: 2, y: 2), CGPoint(x: 6, y: 2), CGPoint(x: 3, y: 3), CGPoint(x: 4, y: 3)])
    }

    @Test func smoothCurvesReflectThePreviousControlPoint() throws {
        let path = try SVGPathParser.parse("M0 0C1 0 2 1 2 2S3 4 4 4Q5 4 5 5T6 6")
        let controls = path.elements.compactMap { element -> CGPoint? in
            switch element {
            case .curve(_, let c1, _): return c1
            case .quadCurve(_, let c): return c
            default: return nil
            }
        }
        #expect(controls == [CGPoint(x: 1, y: 0), CGPoint(x: 2, y: 3), CGPoint(x: 5, y: 4), CGPoint(x: 5, y: 6)])
    }

    @Test func arcsBecomeCurvesOnTheCircle() throws {
        // A half circle of radius 5 from (0,5) to (10,5) through the top (sweep 1 = clockwise on screen).
        let path = try SVGPathParser.parse("M0 5A5 5 0 0 1 10 5")
        let curves = path.elements.filter { if case .curve = $0 { return true } else { return false } }
        #expect(curves.count == 2)  // two quarter turns
        #expect(points(path).last == CGPoint(x: 10, y: 5))
        let middle = points(path)[1]
        #expect(abs(middle.x - 5) < 1e-9 && abs(middle.y - 0) < 1e-9, "\(middle)")
        // Flags written without separators ("a1 1 0 011 1"), and radii too small are scaled up to reach the end.
        let compact = try SVGPathParser.parse("M0 0a1 1 0 011 1a.1.1 0 1 0 4 0")
        #expect(points(compact).last.map { abs($0.x - 5) < 1e-9 && abs($0.y - 1) < 1e-9 } == true)
        let bounds = compact.boundingRect
        #expect(bounds.maxY > 2.9, "the too-small arc became a half circle of radius 2: \(bounds)")
    }

    @Test func garbageIsAnErrorNamingWhereItIs() {
        #expect(throws: SVGPathParser.ParseError.self) { try SVGPathParser.parse("M0 0 L 1 x") }
        #expect(throws: SVGPathParser.ParseError.self) { try SVGPathParser.parse("5 5") }
        #expect(throws: SVGPathParser.ParseError.self) { try SVGPathParser.parse("M0 0 A1 1 0 2 0 3 3") }
        do {
            _ = try SVGPathParser.parse("M0 0 L 1 x")
        } catch {
            #expect("\(error)".contains("at 9"), "\(error)")
        }
    }

    @Test func nonFiniteNumbersAreRejected() {
        #expect(throws: SVGPathParser.ParseError.self) { try SVGPathParser.parse("M0 0L1e999 0") }
    }
}
