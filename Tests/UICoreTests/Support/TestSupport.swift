import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// A graph for `view` in a window of `width`×`height`, with the deterministic text measurer
/// (advance = half the font size per character) and a Landscape image of 1200×800.
@MainActor
func makeGraph<V: View>(_ view: V, width: CGFloat, height: CGFloat) -> ViewGraph {
    ViewGraph(
        root: view, size: CGSize(width: width, height: height), textMeasurer: ApproximateTextMeasurer(),
        imageSizeProvider: FixedImageSizes([.resource("Landscape"): CGSize(width: 1200, height: 800)]))
}

/// Every node in the graph, depth first.
@MainActor
func allNodes(_ graph: ViewGraph) -> [ViewNode] {
    var result: [ViewNode] = []
    func visit(_ node: ViewNode) {
        result.append(node)
        node.children.forEach(visit)
    }
    visit(graph.rootNode)
    return result
}

/// The window frame of the first laid-out node whose debug name starts with `prefix`.
@MainActor
func frame(of prefix: String, in graph: ViewGraph, occurrence: Int = 0) -> CGRect? {
    var found: [CGRect] = []
    func visit(_ node: ViewNode, _ origin: CGPoint) {
        for child in node.layoutChildren + node.children.filter({ node.isSecondary($0) }) {
            let childOrigin = origin + child.position
            if child.debugName.hasPrefix(prefix) { found.append(CGRect(origin: childOrigin, size: child.size)) }
            visit(child, childOrigin)
        }
    }
    visit(graph.rootNode, .zero)
    return occurrence < found.count ? found[occurrence] : nil
}

func approx(_ a: CGRect?, _ b: CGRect, _ tolerance: CGFloat = 0.01) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// The lines `InvalidValueLog` writes during `withCapturedInvalidValueLog` (from any thread: tests running beside
/// this one may report too).
final class CapturedInvalidValueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var captured: [String] = []
    var lines: [String] { lock.withLock { captured } }
    func append(_ line: String) { lock.withLock { captured.append(line) } }
}

/// Runs `body` with `InvalidValueLog`'s lines collected in `log.lines` instead of written to standard error, every
/// message new again (as in a fresh process); afterwards the previous sink is back and the messages forgotten.
@MainActor func withCapturedInvalidValueLog<Result>(
    _ body: (_ log: CapturedInvalidValueLog) throws -> Result
) rethrows -> Result {
    let log = CapturedInvalidValueLog()
    let previous = InvalidValueLog.sink
    InvalidValueLog.reset()
    InvalidValueLog.sink = { log.append($0) }
    defer {
        InvalidValueLog.sink = previous
        InvalidValueLog.reset()
    }
    return try body(log)
}

/// A weak reference, to check that something was released.
struct Weak<T: AnyObject> {
    weak var value: T?
    init(_ value: T) { self.value = value }
}

/// The text runs of the graph's display list, in drawing order (inside layers too).
@MainActor
func textOperations(_ graph: ViewGraph) -> [TextOperation] {
    var result: [TextOperation] = []
    func visit(_ items: [DisplayItem]) {
        for item in items {
            switch item {
            case .text(let op): result.append(op)
            case .layer(let layer): visit(layer.items)
            default: break
            }
        }
    }
    visit(graph.displayList.items)
    return result
}
