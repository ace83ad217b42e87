import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore

@Observable @MainActor private final class Counter {
    var value = 0
    var big = false
}

/// A text's content changing inside an animated transaction: cross-fades, numeric rolls and interpolation,
/// sampled on the virtual clock (the approximate measurer: a character is half the font size wide; 20 pt lines
/// are 24 high).
@MainActor
@Suite struct ContentTransitionTests {
    /// One drawn run of text: its string, frame, the opacity it is drawn with, and font size.
    struct Drawn: Equatable, CustomStringConvertible {
        var string: String
        var frame: CGRect
        var opacity: Double
        var size: CGFloat
        var description: String { "\(string) \(fmt(frame)) ×\(opacity) \(size)pt" }
    }

    static func texts(_ items: [DisplayItem], opacity: Double = 1) -> [Drawn] {
        items.flatMap { item -> [Drawn] in
            switch item {
            case .text(let op):
                // Opacities to 1e-9: a linear curve's progress is not exact in binary at every time.
                let rounded = (opacity * 1e9).rounded() / 1e9
                return [Drawn(string: op.string, frame: op.frame, opacity: rounded, size: op.font.size)]
            case .layer(let layer):
                if case .opacity(let o) = layer.effect { return texts(layer.items, opacity: opacity * o) }
                return texts(layer.items, opacity: opacity)
            default: return []
            }
        }
    }

    private static func paints(_ items: [DisplayItem]) -> [Paint] {
        items.flatMap { item -> [Paint] in
            switch item {
            case .text(let op): return [op.paint]
            case .layer(let layer): return paints(layer.items)
            default: return []
            }
        }
    }

    private struct Number: View {
        let counter: Counter
        let transition: ContentTransition?
        var body: some View {
            let text = Text("\(counter.value)").font(.system(size: 20))
            if let transition {
                text.contentTransition(transition)
            } else {
                text
            }
        }
    }

    private func run(_ transition: ContentTransition?, from: Int, to: Int) -> (ViewGraph, Counter) {
        run(from: from, to: to, at: 10) { Number(counter: $0, transition: transition) }
    }

    /// Shows `view` at `from` (drawn at 0), then counts to `to` in a one-second linear animation starting at
    /// `start` (its first frame drawn then).
    private func run<V: View>(from: Int, to: Int, at start: Double, _ view: (Counter) -> V) -> (ViewGraph, Counter) {
        let counter = Counter()
        counter.value = from
        let graph = makeGraph(view(counter), width: 200, height: 100)
        graph.update(at: 0)
        count(counter, to: to, in: graph, at: start)
        return (graph, counter)
    }

    /// Sets the counter to `value` in a one-second linear animation and draws its first frame at `start`.
    private func count(_ counter: Counter, to value: Int, in graph: ViewGraph, at start: Double) {
        withAnimation(.linear(duration: 1)) { counter.value = value }
        graph.update(at: start)
    }

    private func text(_ s: String, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ opacity: Double = 1) -> Drawn {
        Drawn(string: s, frame: CGRect(x: x, y: y, width: w, height: 24), opacity: opacity, size: 20)
    }

    @Test func opacityCrossFadesTheOldAndNewText() {
        let (graph, _) = run(.opacity, from: 5, to: 7)
        #expect(
            Self.texts(graph.update(at: 10.25).items) == [text("5", 95, 38, 10, 0.75), text("7", 95, 38, 10, 0.25)])
        #expect(Self.texts(graph.update(at: 10.5).items) == [text("5", 95, 38, 10, 0.5), text("7", 95, 38, 10, 0.5)])
        #expect(graph.isAnimating)
        #expect(Self.texts(graph.update(at: 11).items) == [text("7", 95, 38, 10)])
        #expect(!graph.isAnimating)
    }

    @Test func textCrossFadesByDefaultAndIdentityJumps() {
        let (fading, _) = run(nil, from: 5, to: 7)
        #expect(Self.texts(fading.update(at: 10.5).items) == [text("5", 95, 38, 10, 0.5), text("7", 95, 38, 10, 0.5)])
        let (jumping, _) = run(.identity, from: 5, to: 7)
        #expect(Self.texts(jumping.update(at: 10.5).items) == [text("7", 95, 38, 10)])
        #expect(!jumping.isAnimating)
    }

    @Test func withoutAnimationTheTextChangesAtOnce() {
        let counter = Counter()
        let graph = makeGraph(Number(counter: counter, transition: .opacity), width: 200, height: 100)
        graph.update(at: 0)
        counter.value = 3
        #expect(Self.texts(graph.update(at: 1).items) == [text("3", 95, 38, 10)])
        #expect(!graph.isAnimating)
    }

    /// 123 ▸ 124: "12" stays; the 3 moves up half a line (12 pt) and fades out, the 4 comes up from 12 pt below.
    @Test func numericTextRollsTheChangedDigitsUpWhenCountingUp() {
        let (graph, _) = run(.numericText(), from: 123, to: 124)
        #expect(
            Self.texts(graph.update(at: 10.5).items) == [
                text("12", 85, 38, 30), text("3", 105, 32, 30, 0.5), text("4", 105, 44, 30, 0.5),
            ])
        #expect(
            Self.texts(graph.update(at: 10.75).items) == [
                text("12", 85, 38, 30), text("3", 105, 29, 30, 0.25), text("4", 105, 41, 30, 0.75),
            ])
        #expect(Self.texts(graph.update(at: 11).items) == [text("124", 85, 38, 30)])
    }

    @Test func numericTextCountingDownRollsDown() {
        let (graph, _) = run(.numericText(countsDown: true), from: 124, to: 123)
        #expect(
            Self.texts(graph.update(at: 10.5).items) == [
                text("12", 85, 38, 30), text("4", 105, 44, 30, 0.5), text("3", 105, 32, 30, 0.5),
            ])
    }

    private struct Valued: View {
        let counter: Counter
        var body: some View {
            Text("\(counter.value)").font(.system(size: 20))
                .contentTransition(.numericText(value: Double(counter.value)))
        }
    }

    /// `.numericText(value:)` rolls down when the value shrinks and up when it grows.
    @Test func numericTextValueTakesItsDirectionFromTheValue() {
        let (graph, counter) = run(from: 124, to: 123, at: 0) { Valued(counter: $0) }
        #expect(
            Self.texts(graph.update(at: 0.5).items) == [
                text("12", 85, 38, 30), text("4", 105, 44, 30, 0.5), text("3", 105, 32, 30, 0.5),
            ])
        graph.update(at: 2)
        count(counter, to: 125, in: graph, at: 2)
        #expect(
            Self.texts(graph.update(at: 2.5).items) == [
                text("12", 85, 38, 30), text("3", 105, 32, 30, 0.5), text("5", 105, 44, 30, 0.5),
            ])
    }

    /// 9 ▸ 10 (the text widens from 10 to 20 and its frame animates with it): the units digit rolls from the 9's
    /// place to the 0's, the new tens digit rolls in at its place.
    @Test func numericTextPairsDigitsFromTheRight() {
        let (graph, _) = run(.numericText(), from: 9, to: 10)
        // Half-way the frame is at x 92.5 (the text keeps its new layout, 20 wide, in it); the 9 was at 0 in the
        // old text, the 0 ends at 10 in the new: both are at 5.
        #expect(
            Self.texts(graph.update(at: 10.5).items) == [
                text("9", 97.5, 32, 10, 0.5), text("0", 97.5, 44, 20, 0.5), text("1", 92.5, 44, 20, 0.5),
            ])
        #expect(Self.texts(graph.update(at: 11).items) == [text("10", 90, 38, 20)])
    }

    private struct Sized: View {
        let counter: Counter
        let label: String
        var body: some View {
            Text(label).font(.system(size: counter.big ? 40 : 20))
                .foregroundColor(counter.big ? Color(red: 0, green: 0, blue: 1) : Color(red: 1, green: 0, blue: 0))
                .contentTransition(.interpolate)
        }
    }

    /// `.interpolate` with the same string moves the font size and colour; the frame follows layout.
    @Test func interpolateMovesSizeAndColour() {
        let counter = Counter()
        let graph = makeGraph(Sized(counter: counter, label: "Hi"), width: 200, height: 100)
        graph.update(at: 0)
        withAnimation(.linear(duration: 1)) { counter.big = true }
        graph.update(at: 0)
        // The frame moves from 90,38 20x24 to 80,26 40x48; the text keeps its new layout at the moving origin.
        #expect(
            Self.texts(graph.update(at: 0.5).items) == [
                Drawn(string: "Hi", frame: CGRect(x: 85, y: 32, width: 40, height: 48), opacity: 1, size: 30)
            ])
        #expect(Self.paints(graph.update(at: 0.5).items) == [.color(RGBA(red: 0.5, green: 0, blue: 0.5))])
        #expect(Self.texts(graph.update(at: 1).items).map(\.size) == [40])
    }
}
