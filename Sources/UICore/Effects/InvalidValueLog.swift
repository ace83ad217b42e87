import Foundation
import Synchronization

/// Reports values that cannot be drawn (NaN or infinite numbers in effects, keyframes, Canvas paths): the item
/// is left out and one line is written per kind of problem, so a value broken every frame does not flood stderr.
package enum InvalidValueLog {
    private static let reported = Mutex<Set<String>>([])
    /// Where the lines go (tests replace it).
    nonisolated(unsafe) package static var sink: (String) -> Void = {
        FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8))
    }

    /// Writes `message` the first time `key` is reported; returns whether it was written.
    @discardableResult
    package static func report(_ key: String, _ message: @autoclosure () -> String) -> Bool {
        let isNew = reported.withLock { $0.insert(key).inserted }
        if isNew { sink(message()) }
        return isNew
    }

    /// Forgets what was reported (tests).
    package static func reset() { reported.withLock { $0.removeAll() } }
}

extension Path {
    /// Whether every point of the path is finite (a path with NaN or infinite points draws nothing).
    package var hasOnlyFinitePoints: Bool {
        func ok(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                if !ok(p) { return false }
            case .quadCurve(let p, let c):
                if !ok(p) || !ok(c) { return false }
            case .curve(let p, let c1, let c2):
                if !ok(p) || !ok(c1) || !ok(c2) { return false }
            case .closeSubpath:
                break
            }
        }
        return true
    }
}
