import Foundation
import Testing

@_spi(Engine) @testable import UICore

// `HStack { … }` and `HStackLayout() { … }` (and V, Z) are one container in SwiftUI: the same content must get
// the same frame for every view, whichever spelling builds it. Texts measure 8.5 points per character, 22 high.

/// Content exercising what stacks decide: fixed and flexible children, spacers, priorities and text that wraps.
private struct Mixed: View {
    var body: some View {
        Color.red.frame(width: 40, height: 30)
        Spacer(minLength: 12)
        Text("priority text wraps").layoutPriority(1)
        Color.green.frame(minWidth: 10, maxWidth: 60, minHeight: 5, maxHeight: 50)
        Text("plain text that also wraps")
        Color.blue
    }
}

/// Every laid-out node's name and window frame, depth first.
@MainActor private func frames(_ graph: ViewGraph) -> [String] {
    var lines: [String] = []
    func visit(_ node: ViewNode, _ origin: CGPoint) {
        for child in node.layoutChildren {
            let childOrigin = origin + child.position
            // Containers by role (an `AnyLayout` is named for the erasure), every other view by name.
            lines.append(
                "\(child is LayoutContainerNode || child is StackLayoutNode || child is GridNode ? "container" : child.debugName) \(CGRect(origin: childOrigin, size: child.size))"
            )
            visit(child, childOrigin)
        }
    }
    visit(graph.rootNode, .zero)
    return lines
}

@MainActor private func sameFrames<A: View, B: View>(
    _ a: A, _ b: B, width: CGFloat, height: CGFloat,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let first = makeGraph(a, width: width, height: height)
    let second = makeGraph(b, width: width, height: height)
    first.update()
    second.update()
    let left = frames(first)
    let right = frames(second)
    #expect(left.count > 3, sourceLocation: sourceLocation)
    #expect(left == right, sourceLocation: sourceLocation)
    #expect(first.displayList == second.displayList, sourceLocation: sourceLocation)
}

@MainActor
@Suite struct StackLayoutEquivalenceTests {
    /// Wide, narrow (the texts wrap and priorities decide) and unconstrained along the stack's axis.
    nonisolated static let sizes: [(CGFloat, CGFloat)] = [(600, 200), (180, 120), (90, 400)]

    @Test(arguments: sizes) func hstackIsHStackLayout(width: CGFloat, height: CGFloat) {
        sameFrames(HStack { Mixed() }, HStackLayout { Mixed() }, width: width, height: height)
        sameFrames(HStack { Mixed() }, AnyLayout(HStackLayout()) { Mixed() }, width: width, height: height)
        sameFrames(
            VStack(spacing: 2) { Mixed() }, AnyLayout(VStackLayout(spacing: 2)) { Mixed() }, width: width,
            height: height)
        sameFrames(ZStack { Mixed() }, AnyLayout(ZStackLayout()) { Mixed() }, width: width, height: height)
        sameFrames(
            HStack(alignment: .top, spacing: 3) { Mixed() }, HStackLayout(alignment: .top, spacing: 3) { Mixed() },
            width: width, height: height)
        sameFrames(
            HStack(alignment: .firstTextBaseline, spacing: 0) { Mixed() },
            HStackLayout(alignment: .firstTextBaseline, spacing: 0) { Mixed() }, width: width, height: height)
    }

    @Test(arguments: sizes) func vstackIsVStackLayout(width: CGFloat, height: CGFloat) {
        sameFrames(VStack { Mixed() }, VStackLayout { Mixed() }, width: height, height: width)
        sameFrames(
            VStack(alignment: .leading, spacing: 5) { Mixed() },
            VStackLayout(alignment: .leading, spacing: 5) { Mixed() },
            width: height, height: width)
        sameFrames(
            VStack(alignment: .trailing, spacing: 0) { Mixed() },
            VStackLayout(alignment: .trailing, spacing: 0) { Mixed() },
            width: height, height: width)
    }

    @Test(arguments: sizes) func zstackIsZStackLayout(width: CGFloat, height: CGFloat) {
        sameFrames(ZStack { Mixed() }, ZStackLayout { Mixed() }, width: width, height: height)
        sameFrames(
            ZStack(alignment: .bottomTrailing) { Mixed() }, ZStackLayout(alignment: .bottomTrailing) { Mixed() },
            width: width, height: height)
        sameFrames(
            ZStack(alignment: .topLeading) {
                Color.red
                Text("hello").layoutPriority(1)
            },
            ZStackLayout(alignment: .topLeading) {
                Color.red
                Text("hello").layoutPriority(1)
            }, width: width, height: height)
    }

    /// SwiftUI's ZStack sizes its highest-priority children first and offers the others that size: the layout
    /// spelling does the same (it used to offer the window to everything, measuring 300×200 instead of 50×50).
    @Test func zstackLayoutHonoursLayoutPriority() {
        let graph = makeGraph(
            ZStackLayout {
                Color.red
                Color.blue.frame(width: 50, height: 50).layoutPriority(1)
            }, width: 300, height: 200)
        graph.update()
        #expect(approx(frame(of: "ZStack", in: graph), CGRect(x: 125, y: 75, width: 50, height: 50)))
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 125, y: 75, width: 50, height: 50)))
    }

    /// Nested stacks in both spellings, with the baseline passing through the inner stack.
    @Test func nestedStacksMatch() {
        sameFrames(
            HStack(alignment: .firstTextBaseline) {
                VStack {
                    Text("a")
                    Text("bb").font(.title)
                }
                Text("c")
            },
            HStackLayout(alignment: .firstTextBaseline) {
                VStackLayout {
                    Text("a")
                    Text("bb").font(.title)
                }
                Text("c")
            },
            width: 300, height: 200)
    }

    /// Apple, `GridLayout`: "This layout container behaves like a `Grid`, but conforms to the `Layout` protocol so
    /// you can use it in the conditional layouts that you construct with `AnyLayout`." Its initializer is
    /// `init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil)`.
    @Test(arguments: sizes) func gridIsGridLayout(width: CGFloat, height: CGFloat) {
        @ViewBuilder func cells() -> some View {
            GridRow {
                Color.red.frame(width: 40, height: 20)
                Text("a cell that wraps")
                Color.blue.frame(minWidth: 10, maxWidth: 80, minHeight: 5, maxHeight: 30)
            }
            GridRow(alignment: .top) {
                Color.green.frame(width: 50, height: 10).gridCellColumns(2)
                Text("c").gridColumnAlignment(.trailing)
            }
            Color.gray.frame(height: 4).gridCellUnsizedAxes(.horizontal)
        }
        sameFrames(Grid { cells() }, AnyLayout(GridLayout()) { cells() }, width: width, height: height)
        sameFrames(
            Grid(alignment: .topLeading, horizontalSpacing: 3, verticalSpacing: 7) { cells() },
            AnyLayout(GridLayout(alignment: .topLeading, horizontalSpacing: 3, verticalSpacing: 7)) { cells() },
            width: width, height: height)
    }
}
