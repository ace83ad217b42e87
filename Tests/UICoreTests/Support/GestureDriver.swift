import Foundation

@_spi(Engine) @testable import UICore

/// Drives the callbacks of attached gestures the way the gesture system does, in SwiftUI's
/// order for one event (onChanged, then the @GestureState write-back; at the end the reset, then onEnded).
/// It does not recognise anything: tests say which phase happened.
@MainActor
enum GestureDriver {
    static func dragValue(start: CGPoint, location: CGPoint, time: Date = Date()) -> DragGesture.Value {
        DragGesture.Value(time: time, location: location, startLocation: start, velocity: .zero)
    }

    /// The gestures attached on the chain under `point`.
    static func gestures(at point: CGPoint, in graph: ViewGraph) -> [AttachedGesture] {
        graph.hitTestTree.hitTest(point)?.gestures ?? []
    }
}
