import Foundation

/// The gesture inspector (beyond SwiftUI): an overlay that outlines every attached gesture being recognised,
/// coloured by phase (possible yellow, active green, ended blue, failed red), with its recognizer tree and,
/// once decided, whether it won or why it lost. Finished recognitions stay visible for `lingerMilliseconds`.
///
/// Turned on by `WAYLANDUI_GESTURE_INSPECTOR=1` in the environment, or by the host (a key) through
/// `GestureSystem.isInspectorEnabled`. The host draws `inspectorOverlay()` over the content and redraws after
/// each `handle(frame:)`/`advanceTime(to:)` while it is on.
@MainActor
package final class GestureInspector {
    package static let lingerMilliseconds = 1500.0
    package struct Finished {
        package var info: LiveGestureInfo
        package var outcome: GestureLifecycleEvent.Kind
        package var time: Double
    }
    package private(set) var finished: [Finished] = []

    package func record(_ info: LiveGestureInfo, outcome: GestureLifecycleEvent.Kind, at time: Double) {
        finished.append(Finished(info: info, outcome: outcome, time: time))
        if finished.count > 32 { finished.removeFirst(finished.count - 32) }
    }

    package func overlay(live: [LiveGestureInfo], now: Double) -> [DisplayItem] {
        finished.removeAll { now - $0.time > Self.lingerMilliseconds }
        var items: [DisplayItem] = []
        func label(_ outcome: GestureLifecycleEvent.Kind) -> String {
            switch outcome {
            case .ended: "won (ended)"
            case .lostArbitration: "lost arbitration"
            case .cancelled: "cancelled"
            case .failed: "failed"
            case .began: ""
            }
        }
        var outcomes: [Int: String] = [:]
        for done in finished { outcomes[done.info.session] = label(done.outcome) }
        let liveIDs = Set(live.map(\.session))
        var entries: [(LiveGestureInfo, String)] = live.map {
            ($0, outcomes[$0.session] ?? ($0.phase == .active ? "winning" : ""))
        }
        for done in finished where !liveIDs.contains(done.info.session) {
            entries.append((done.info, label(done.outcome)))
        }
        let font = Font.system(size: 10).resolve()
        for (index, (info, label)) in entries.enumerated() {
            let phase: GesturePhaseKind =
                switch label {
                case "lost arbitration", "cancelled", "failed": .failed
                case "won (ended)": .ended
                default: info.phase
                }
            let color = Self.color(phase)
            let inset = CGFloat(index % 4) * 3
            let rect = info.frame.insetBy(dx: inset, dy: inset)
            let winner = label.hasPrefix("won") || label == "winning"
            items.append(
                .stroke(
                    StrokeOperation(
                        path: Path(rect), primitive: .rect(rect), paint: .color(color),
                        style: StrokeStyle(lineWidth: winner ? 4 : 2), antialiased: true)))
            let text =
                (["\(info.gesture) [\(info.priority)] \(phase.rawValue)\(label.isEmpty ? "" : " — \(label)")"]
                + info.recognizers.map { "  " + $0 }).joined(separator: "\n")
            let lines = CGFloat(info.recognizers.count + 1)
            let textFrame = CGRect(
                x: rect.minX + 4, y: rect.minY + 4, width: max(rect.width - 8, 160), height: lines * font.lineHeight)
            items.append(
                .fill(
                    FillOperation(
                        path: Path(textFrame), primitive: .rect(textFrame),
                        paint: .color(RGBA(red: 0, green: 0, blue: 0, opacity: 0.6)), eoFill: false, antialiased: true))
            )
            items.append(
                .text(
                    TextOperation(
                        string: text, font: font, paint: .color(color), frame: textFrame,
                        alignment: .leading, lineLimit: nil)))
        }
        return items
    }

    package static func color(_ phase: GesturePhaseKind) -> RGBA {
        switch phase {
        case .possible: RGBA(red: 1, green: 0.8, blue: 0)
        case .active: RGBA(red: 0.1, green: 0.8, blue: 0.2)
        case .ended: RGBA(red: 0.2, green: 0.5, blue: 1)
        case .failed: RGBA(red: 1, green: 0.2, blue: 0.2)
        }
    }
}
