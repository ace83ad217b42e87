import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@MainActor
@Suite struct EverydayGestureTests {
    @Test func onTapGestureGivesTheLocationInTheChosenSpace() {
        let log = CallLog()
        let view = VStack(spacing: 0) {
            Color.blue.frame(width: 100, height: 50)
                .onTapGesture(count: 2, coordinateSpace: .global) { [log] location in
                    log("global \(location.x),\(location.y)")
                }
            Color.red.frame(width: 100, height: 50)
                .onTapGesture { [log] location in log("local \(location.x),\(location.y)") }
        }
        // The stack is 100×100 centred in 200×200: the blue row is at (50, 50), the red one at (50, 100).
        let harness = GestureHarness(view, width: 200, height: 200)
        harness.down(60, 110, at: 0)
        harness.up(60, 110, at: 50)
        harness.advance(to: 1000)
        #expect(log.entries == ["local 10.0,10.0"])
        harness.down(70, 80, at: 2000)
        harness.up(70, 80, at: 2050)
        harness.down(70, 80, at: 2100)
        harness.up(70, 80, at: 2150)
        #expect(log.entries == ["local 10.0,10.0", "global 70.0,80.0"])
    }

    @Test func longPressReportsPressingThenPerforms() {
        let log = CallLog()
        let view = Color.red.frame(width: 100, height: 100)
            .onLongPressGesture(minimumDuration: 0.5) { [log] in
                log("perform")
            } onPressingChanged: { [log] in
                log("pressing \($0)")
            }
        let harness = GestureHarness(view, width: 100, height: 100)
        harness.down(50, 50, at: 0)
        #expect(log.entries == ["pressing true"])
        harness.advance(to: 500)
        harness.up(50, 50, at: 700)
        #expect(log.entries == ["pressing true", "perform", "pressing false"])
    }

    @Test func aLongPressReleasedEarlyOrMovedAwayOnlyStopsPressing() {
        let log = CallLog()
        let view = Color.red.frame(width: 100, height: 100)
            .onLongPressGesture(
                minimumDuration: 1, maximumDistance: 5, perform: { [log] in log("perform") },
                onPressingChanged: { [log] in log("pressing \($0)") })
        let harness = GestureHarness(view, width: 100, height: 100)
        harness.down(50, 50, at: 0)
        harness.up(50, 50, at: 300)
        harness.down(50, 50, at: 2000)
        harness.move(58, 50, at: 2100)
        harness.advance(to: 4000)
        #expect(log.entries == ["pressing true", "pressing false", "pressing true", "pressing false"])
    }

    @available(*, deprecated, message: "tests the deprecated pressing: spelling")
    @Test func theOlderPressingSpellingStillWorks() {
        let log = CallLog()
        let view = Color.red.frame(width: 100, height: 100)
            .onLongPressGesture(minimumDuration: 0.2, pressing: { [log] in log("pressing \($0)") }) { [log] in
                log("perform")
            }
        let harness = GestureHarness(view, width: 100, height: 100)
        harness.down(50, 50, at: 0)
        harness.advance(to: 200)
        #expect(log.entries == ["pressing true", "perform", "pressing false"])
    }
}

@MainActor
@Suite struct AccessibilityModifierTests {
    @Test func modifiersKeepTheirValuesInTheViewTree() {
        var performed: [String] = []
        let view = VStack(spacing: 0) {
            Color.red.frame(width: 40, height: 20)
                .accessibilityLabel(Text("Volume"))
                .accessibilityValue("50 percent")
                .accessibilityHint("Adjusts the volume")
                .accessibilityIdentifier("volume-slider")
                .accessibilityAddTraits([.isButton, .isSelected])
                .accessibilityRemoveTraits(.isSelected)
                .accessibilityAction { performed.append("default") }
                .accessibilityAction(named: "Mute") { performed.append("mute") }
            Text("decoration").accessibilityHidden(true)
        }
        .accessibilityElement(children: .contain)
        .accessibilityLabel("Player")
        let graph = makeGraph(view, width: 100, height: 100)
        graph.update()
        let elements = graph.accessibilityElements
        #expect(elements.count == 1)
        let player = elements[0]
        #expect(player.properties.label == "Player" && player.properties.childBehavior == .contain)
        #expect(player.children.count == 2)
        let volume = player.children[0].properties
        #expect(volume.label == "Volume" && volume.value == "50 percent" && volume.hint == "Adjusts the volume")
        #expect(volume.identifier == "volume-slider")
        #expect(volume.traits == .isButton)
        #expect(volume.actions.map(\.name) == ["default", "Mute"])
        volume.actions.forEach { $0.perform() }
        #expect(performed == ["default", "mute"])
        #expect(player.children[1].properties.isHidden)
        // Frames in window points: the stack is 40×(20 + text) centred in the window.
        #expect(player.children[0].frame.size == CGSize(width: 40, height: 20))
        #expect(player.children[0].frame.minY == player.frame.minY)
    }

    @Test func traitsAreASetAlgebra() {
        var traits: AccessibilityTraits = [.isHeader]
        #expect(traits.insert(.isLink).inserted)
        #expect(!traits.insert(.isLink).inserted)
        #expect(traits.contains(.isHeader) && traits.contains(.isLink) && !traits.contains(.isButton))
        #expect(traits.remove(.isHeader) == .isHeader)
        #expect(traits == .isLink)
        #expect(traits.remove(.isButton) == nil)
    }
}
