import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// ProgressView: a bar filled to the fraction (clamped, bad values said once), labels above and below, a spinner
/// that turns with the frames; DisclosureGroup: a click or key flips it with an animated chevron, and the
/// content shows while expanded; OutlineGroup nests groups.
@MainActor
@Suite struct ProgressAndDisclosureTests {
    static let blue = "rgb(53,132,228)"

    @Test func aBarIsFilledToTheFractionWithItsLabels() throws {
        let h = GestureHarness(
            VStack {
                ProgressView(value: 30, total: 120) {
                    Text("Downloading")
                } currentValueLabel: {
                    Text("25%")
                }
                Spacer()
            }, width: 200, height: 200)
        let label = try #require(frame(of: "Text(\"Downloading\")", in: h.graph))
        let value = try #require(frame(of: "Text(\"25%\")", in: h.graph))
        #expect(label.minY == 0)
        // The track (6 tall, the whole width) 6 below the label, filled to a quarter; the value below it.
        let trackY = label.maxY + 6
        #expect(h.display.contains("fill roundedRect [0,\(Int(trackY)) 200x6] r3 rgb(217,217,217)"), "\(h.display)")
        #expect(h.display.contains("fill roundedRect [0,\(Int(trackY)) 50x6] r3 \(Self.blue)"), "\(h.display)")
        #expect(value.minY == trackY + 6 + 6)
    }

    @Test func valuesOutOfRangeAreClampedAndSaidOnce() {
        var said: [String] = []
        let saved = ListDiagnostics.log
        ListDiagnostics.log = { said.append($0) }
        defer { ListDiagnostics.log = saved }
        #expect(progressFraction(3.0, total: 2.0) == 1)
        #expect(progressFraction(3.0, total: 2.0) == 1)
        #expect(progressFraction(Double.nan, total: 1) == 0)
        #expect(progressFraction(1.0, total: 0) == 0)
        #expect(progressFraction(-1.0, total: 1) == 0)
        #expect(progressFraction(Float(0.5), total: 2) == 0.25)
        #expect(progressFraction(Double?.none, total: 1) == nil)
        #expect(said.count == 4, "once per distinct case: \(said)")
        let h = GestureHarness(ProgressView(value: 5.0, total: 2.0).frame(width: 100), width: 100, height: 50)
        #expect(h.display.contains("fill roundedRect [0,22 100x6] r3 \(Self.blue)"), "complete: \(h.display)")
    }

    /// The angle of the first rotation in the display list (a layer transform [a, b, c, d, tx, ty]), in degrees.
    static func spinnerAngle(_ display: String) -> Double? {
        guard let start = display.range(of: "layer transform [") else { return nil }
        let numbers = display[start.upperBound...].prefix { $0 != "]" }.split(separator: ",").compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.count == 6 else { return nil }
        return atan2(numbers[1], numbers[0]) * 180 / .pi
    }

    @Test func aSpinnerTurnsOnceASecondWithTheFrames() throws {
        let h = GestureHarness(ProgressView(), width: 100, height: 100)
        #expect(h.graph.isAnimating, "a spinner asks for frames while it is shown")
        let first = try #require(Self.spinnerAngle(h.display), "\(h.display)")
        h.advance(to: 250)
        let quarter = try #require(Self.spinnerAngle(h.display))
        let turned = (quarter - first + 360).truncatingRemainder(dividingBy: 360)
        #expect(abs(turned - 90) < 0.5, "a quarter second: a quarter turn (\(first) → \(quarter))")
        // Without a spinner in the window, nothing asks for frames.
        let bar = GestureHarness(ProgressView(value: 0.5), width: 100, height: 100)
        #expect(!bar.graph.isAnimating)
    }

    struct Disclosure: View {
        let log: CallLog
        @State var expanded = false
        var body: some View {
            VStack {
                DisclosureGroup("Advanced", isExpanded: $expanded) {
                    Text("Proxy")
                }
                Spacer()
            }
            .onChange(of: expanded) { _, new in log("\(new)") }
        }
    }

    static func chevronAngle(_ display: String) -> Double? { spinnerAngle(display) }

    @Test func aClickExpandsWithATurningChevronAndKeysFlipIt() throws {
        let log = CallLog()
        let h = GestureHarness(Disclosure(log: log), width: 300, height: 200)
        #expect(frame(of: "Text(\"Proxy\")", in: h.graph) == nil)
        h.down(100, 14, at: 0)
        h.up(at: 30)
        #expect(log.entries == ["true"])
        h.advance(to: 130)
        let midway = Self.chevronAngle(h.display) ?? 0
        #expect(midway > 0 && midway < 90, "the chevron turns over 0.2 s: \(midway)")
        h.advance(to: 1000)
        let end = try #require(Self.chevronAngle(h.display), "\(h.display)")
        #expect(abs(end - 90) < 1e-9, "\(h.display)")
        let proxy = try #require(frame(of: "Text(\"Proxy\")", in: h.graph))
        #expect(proxy.minX == 16 && proxy.minY == 28 + 6, "indented below the label: \(proxy)")
        h.key(.leftArrow)
        #expect(log.entries == ["true", "false"])
        h.key(.space, characters: " ")
        #expect(log.entries == ["true", "false", "true"])
    }

    struct Node: Identifiable {
        let id: String
        var children: [Node]?
    }

    @Test func anOutlineNestsDisclosureGroupsForElementsWithChildren() throws {
        let tree = [
            Node(id: "Documents", children: [Node(id: "Letter"), Node(id: "Taxes", children: [])]), Node(id: "Notes"),
        ]
        let h = GestureHarness(
            VStack {
                OutlineGroup(tree, children: \.children) { Text($0.id) }
                Spacer()
            }, width: 300, height: 300)
        #expect(frame(of: "Text(\"Documents\")", in: h.graph) != nil)
        #expect(frame(of: "Text(\"Notes\")", in: h.graph) != nil)
        #expect(frame(of: "Text(\"Letter\")", in: h.graph) == nil, "collapsed at first")
        let documents = try #require(frame(of: "Text(\"Documents\")", in: h.graph))
        h.down(150, documents.midY, at: 0)
        h.up(at: 30)
        h.advance(to: 1000)
        let letter = try #require(frame(of: "Text(\"Letter\")", in: h.graph))
        #expect(letter.minX == 16)
        #expect(frame(of: "Text(\"Taxes\")", in: h.graph) != nil)
    }
}
