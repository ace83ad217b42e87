import Foundation
import Testing

@_spi(Engine) @testable import UICore

@MainActor
@Suite struct MinimumScaleFactorTests {
    func textOperation<V: View>(_ view: V) -> TextOperation? {
        let graph = makeGraph(view, width: 300, height: 300)
        graph.update()
        func find(_ items: [DisplayItem]) -> TextOperation? {
            for item in items {
                if case .text(let t) = item { return t }
                if case .layer(let l) = item, let t = find(l.items) { return t }
            }
            return nil
        }
        return find(graph.displayList.items)
    }

    @Test func aLineThatDoesNotFitShrinksInFivePercentStepsToTheLargestThatFits() throws {
        // 11 characters at 17 points are 93.5 points wide (the test measurer); 50 points need 50 % (46.75).
        let shrunk = try #require(
            textOperation(Text("Hello world").lineLimit(1).minimumScaleFactor(0.4).frame(width: 50)))
        #expect(shrunk.font.size == 8.5 && abs(shrunk.frame.width - 46.75) < 0.01, "\(shrunk.font) \(shrunk.frame)")
        // No further than the factor allows: then it is truncated at that size.
        let limited = try #require(
            textOperation(Text("Hello world").lineLimit(1).minimumScaleFactor(0.8).frame(width: 50)))
        #expect(abs(limited.font.size - 13.6) < 0.001 && limited.frame.width <= 50)
        // Text that fits keeps its size.
        let fitting = try #require(textOperation(Text("Hi").lineLimit(1).minimumScaleFactor(0.5).frame(width: 50)))
        #expect(fitting.font.size == 17)
    }

    @Test func wrappedTextShrinksWhenItsLinesDoNotFitTheHeight() throws {
        // Two lines of 22 points do not fit 30 points of height; at 65 % (lines of 14.3) they do.
        let op = try #require(textOperation(Text("Hello world").minimumScaleFactor(0.3).frame(width: 60, height: 30)))
        #expect(op.font.size < 17 && op.font.lineHeight * 2 <= 30.001, "\(op.font)")
    }

    @Test func aFactorThatIsNotANumberLeavesTheSize() throws {
        let op = try #require(textOperation(Text("Hello world").lineLimit(1).minimumScaleFactor(.nan).frame(width: 50)))
        #expect(op.font.size == 17)
    }
}

@MainActor
@Suite struct MonospacedDigitFontTests {
    @Test func theTextTheViewAndTheFontAskForTabularDigits() {
        #expect(Text("12").monospacedDigit().resolvedFont(in: EnvironmentValues()).monospacedDigits)
        #expect(Font.body.monospacedDigit().resolve().monospacedDigits && !Font.body.resolve().monospacedDigits)
        var environment = EnvironmentValues()
        environment[MonospacedDigitKey.self] = true
        #expect(Text("12").resolvedFont(in: environment).monospacedDigits)
        // The monospacedDigit modifier keeps the font the environment gives.
        environment.font = .title
        #expect(Text("12").monospacedDigit().resolvedFont(in: environment).size == 28)
    }
}
