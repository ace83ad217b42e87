import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Gauge (where the value lands in each style, bad values), ControlGroup (linked buttons that act, a menu style)
/// and GroupBox (the label above the content inside the card).
@MainActor
@Suite struct GaugeAndGroupTests {
    @Test func theFractionIsTheValuesPlaceInTheBoundsAndBadValuesAreSaidOnce() {
        var said: [String] = []
        let saved = ListDiagnostics.log
        ListDiagnostics.log = { said.append($0) }
        defer { ListDiagnostics.log = saved }
        #expect(gaugeFraction(0.25, in: 0...1) == 0.25)
        #expect(gaugeFraction(Float(75), in: 50...150) == 0.25)
        #expect(said.isEmpty)
        for _ in 0..<2 {
            #expect(gaugeFraction(Double.nan, in: 0...1) == 0)
            #expect(gaugeFraction(150.0, in: 0...100) == 1)
            #expect(gaugeFraction(-5.0, in: 0...100) == 0)
            #expect(gaugeFraction(1.0, in: 1...1) == 0)
        }
        #expect(said.count == 4, "\(said)")
    }

    @Test func theCapacityBarIsFilledToTheValue() {
        let graph = makeGraph(
            VStack {
                Gauge(value: 30, in: 0...120) {
                    Text("Storage")
                } currentValueLabel: {
                    Text("30 GB")
                } minimumValueLabel: {
                    Text("0")
                } maximumValueLabel: {
                    Text("120")
                }
                Spacer()
            }, width: 300, height: 200)
        graph.update()
        let display = graph.displayList.description
        // The track spans the 300 points, its fill a quarter of it, 6 points tall, under the label row.
        let label = frame(of: "Text(\"Storage\")", in: graph)!
        let barY = label.maxY + 6
        #expect(display.contains("[0,\(Int(barY)) 300x6]"), "\(display)")
        #expect(display.contains("[0,\(Int(barY)) 75x6]"), "\(display)")
        let current = frame(of: "Text(\"30 GB\")", in: graph)!
        #expect(current.maxX == 300)
        let maximum = frame(of: "Text(\"120\")", in: graph)!
        #expect(maximum.maxX == 300 && maximum.minY >= barY + 6)
        #expect(frame(of: "Text(\"0\")", in: graph)!.minX == 0)
    }

    @Test func theRingsAre58PointsWithTheCurrentValueInside() {
        for style in [AnyGaugeTestStyle.circular, .circularCapacity] {
            let graph = makeGraph(
                VStack {
                    style.apply(
                        Gauge(value: 0.5) {
                            Text("Speed")
                        } currentValueLabel: {
                            Text("50")
                        })
                    Spacer()
                }, width: 200, height: 200)
            graph.update()
            let value = frame(of: "Text(\"50\")", in: graph)!
            // Centred in a 58-point ring centred at the top of the 200-point window.
            #expect(abs(value.midX - 100) < 0.01 && abs(value.midY - 29) < 0.01, "\(value)")
            #expect(frame(of: "Text(\"Speed\")", in: graph) == nil, "the current value stands for the label")
        }
    }

    @Test func linkedButtonsSitSideBySideAndAct() {
        let log = CallLog()
        let h = GestureHarness(
            VStack {
                ControlGroup {
                    Button("Back") { log("back") }
                    Button("Forward") { log("forward") }
                }
                Spacer()
            }.frame(width: 300, alignment: .leading), width: 300, height: 100)
        let back = frame(of: "Text(\"Back\")", in: h.graph)!
        let forward = frame(of: "Text(\"Forward\")", in: h.graph)!
        // 12 points of padding either side of each label, a 1-point hairline between the buttons.
        #expect(abs(forward.minX - (back.maxX + 12 + 1 + 12)) < 0.01, "\(back) \(forward)")
        #expect(abs(back.midY - forward.midY) < 0.01)
        h.down(forward.midX, forward.midY, at: 0)
        h.up(forward.midX, forward.midY, at: 30)
        h.down(back.midX, back.midY, at: 100)
        h.up(back.midX, back.midY, at: 130)
        #expect(log.entries == ["forward", "back"])
    }

    @Test func aMenuStyledGroupShowsItsControlsInAMenu() throws {
        let log = CallLog()
        let h = PopupHarness(
            VStack {
                ControlGroup("Edit") {
                    Button("Cut") { log("cut") }
                    Button("Copy") { log("copy") }
                }
                .controlGroupStyle(.menu)
                Spacer()
            })
        #expect(h.textFrame("Cut") == nil)
        let edit = try #require(h.textFrame("Edit"))
        h.click(edit.midX, edit.midY, at: 0)
        #expect(h.popups.count == 1)
        h.choose("Copy", at: 200)
        #expect(log.entries == ["copy"])
    }

    @Test func aGroupBoxPutsItsLabelAboveItsContentInsideThePadding() {
        let graph = makeGraph(
            VStack {
                GroupBox("Account") { Text("Signed in") }
                GroupBox { Text("No title") }
                Spacer()
            }, width: 300, height: 300)
        graph.update()
        let title = frame(of: "Text(\"Account\")", in: graph)!
        let content = frame(of: "Text(\"Signed in\")", in: graph)!
        #expect(title.minX == 12 && title.minY == 12)
        #expect(content.minX == 12 && abs(content.minY - (title.maxY + 8)) < 0.01)
        let second = frame(of: "Text(\"No title\")", in: graph)!
        let firstBoxBottom = content.maxY + 12
        // The next box (VStack spacing 8) starts with its content 12 points in: no label, no space for one.
        #expect(abs(second.minY - (firstBoxBottom + 8 + 12)) < 0.01, "\(second)")
    }
}

/// The circular gauge styles, to run one test over both.
enum AnyGaugeTestStyle {
    case circular, circularCapacity
    @MainActor @ViewBuilder func apply<V: View>(_ view: V) -> some View {
        switch self {
        case .circular: view.gaugeStyle(.accessoryCircular)
        case .circularCapacity: view.gaugeStyle(.accessoryCircularCapacity)
        }
    }
}
