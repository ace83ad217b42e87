import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// Records values seen during layout (GeometryReader closures run during placement).
@MainActor final class Recorder<Value> { var values: [Value] = [] }

/// A custom layout for the `Layout` protocol tests: stacks subviews diagonally, each at its ideal size.
struct DiagonalLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.reduce(CGSize.zero) { total, subview in
            let size = subview.sizeThatFits(.unspecified)
            return CGSize(width: total.width + size.width, height: total.height + size.height)
        }
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        var point = bounds.origin
        for subview in subviews {
            let size = subview.sizeThatFits(.unspecified)
            subview.place(at: point, proposal: .unspecified)
            point.x += size.width
            point.y += size.height
        }
    }
}

@MainActor
@Suite struct ContainerTests {
    @Test func geometryReaderTakesProposalAndPlacesContentTopLeading() {
        let sizes = Recorder<CGSize>()
        let graph = makeGraph(
            GeometryReader { proxy in
                let _ = sizes.values.append(proxy.size)
                Color.red.frame(width: proxy.size.width / 2, height: 10)
            }, width: 300, height: 200)
        graph.update()
        #expect(sizes.values.last == CGSize(width: 300, height: 200))
        #expect(approx(frame(of: "GeometryReader", in: graph), CGRect(x: 0, y: 0, width: 300, height: 200)))
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 0, y: 0, width: 150, height: 10)))
    }

    @Test func geometryReaderWithUnspecifiedProposalIsZero() {
        let graph = makeGraph(GeometryReader { _ in Color.red }.fixedSize(), width: 300, height: 200)
        graph.update()
        #expect(frame(of: "GeometryReader", in: graph)?.size == .zero)
    }

    @Test func geometryProxyFramesInGlobalLocalAndNamedSpaces() {
        let frames = Recorder<[CGRect]>()
        let graph = makeGraph(
            VStack(spacing: 0) {
                Color.red.frame(height: 50)
                GeometryReader { proxy in
                    let _ = frames.values.append([
                        proxy.frame(in: .local), proxy.frame(in: .global), proxy.frame(in: .named("outer")),
                    ])
                    Color.green
                }
                .padding(10)
            }
            .coordinateSpace(name: "outer")
            .padding(.top, 20), width: 200, height: 200)
        graph.update()
        let last = frames.values.last!
        #expect(last[0] == CGRect(x: 0, y: 0, width: 180, height: 110))
        #expect(last[1] == CGRect(x: 10, y: 80, width: 180, height: 110))
        #expect(last[2] == CGRect(x: 10, y: 60, width: 180, height: 110))
    }

    @Test func geometryProxySafeAreaInsets() {
        let insets = Recorder<EdgeInsets>()
        let graph = makeGraph(
            GeometryReader { proxy in
                let _ = insets.values.append(proxy.safeAreaInsets)
                Color.red
            }.ignoresSafeArea(), width: 200, height: 200)
        graph.safeAreaInsets = EdgeInsets(top: 24, leading: 0, bottom: 0, trailing: 0)
        graph.update()
        #expect(insets.values.last == EdgeInsets(top: 24, leading: 0, bottom: 0, trailing: 0))
    }

    @Test func backgroundIsProposedThePrimarySizeAndDoesNotChangeIt() {
        let graph = makeGraph(Text("hello").background(Color.red), width: 300, height: 100)
        graph.update()
        let text = frame(of: "Text", in: graph)!
        #expect(approx(frame(of: "background", in: graph), text))
        #expect(approx(frame(of: "Rectangle", in: graph), text))
        // The background is drawn first.
        guard case .fill = graph.displayList.items.first, case .text = graph.displayList.items.last else {
            Issue.record("background not behind: \(graph.displayList)")
            return
        }
    }

    @Test func overlayAlignmentAndOrder() {
        let graph = makeGraph(
            Color.red.frame(width: 100, height: 100)
                .overlay(alignment: .bottomTrailing) { Color.green.frame(width: 10, height: 10) }, width: 100,
            height: 100)
        graph.update()
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 90, y: 90, width: 10, height: 10)))
        guard case .fill(let last) = graph.displayList.items.last else {
            Issue.record("no overlay")
            return
        }
        #expect(last.primitive == .rect(CGRect(x: 90, y: 90, width: 10, height: 10)))
    }

    @Test func secondaryLargerThanPrimaryKeepsPrimarySize() {
        let graph = makeGraph(
            HStack(spacing: 0) {
                Color.red.frame(width: 20, height: 20).background { Color.green.frame(width: 60, height: 60) }
                Color.blue.frame(width: 20, height: 20)
            }, width: 200, height: 200)
        graph.update()
        #expect(frame(of: "HStack", in: graph)?.width == 40)
        // The background (after the primary in the helper's order) is centred on the 20×20 primary at (80, 90).
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 60, y: 70, width: 60, height: 60)))
    }

    @Test func maskWithTopLeadingAlignment() {
        let graph = makeGraph(
            Color.blue.frame(width: 200, height: 100)
                .mask(alignment: .topLeading) { Circle().frame(width: 40, height: 40) }, width: 200, height: 100)
        graph.update()
        guard case .layer(let layer) = graph.displayList.items.first, case .mask(let mask) = layer.effect,
            case .fill(let maskFill) = mask.first
        else {
            Issue.record("no mask layer: \(graph.displayList)")
            return
        }
        #expect(maskFill.primitive == .ellipse(CGRect(x: 0, y: 0, width: 40, height: 40)))
        #expect(layer.items.count == 1)
    }

    @Test func customLayoutPlacesSubviews() {
        let graph = makeGraph(
            DiagonalLayout {
                Color.red.frame(width: 10, height: 20)
                Color.green.frame(width: 30, height: 5)
            }, width: 100, height: 100)
        graph.update()
        // 40 × 25 centred: origin (30, 37.5).
        #expect(approx(frame(of: "Layout<DiagonalLayout>", in: graph), CGRect(x: 30, y: 37.5, width: 40, height: 25)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 40, y: 57.5, width: 30, height: 5)))
    }

    @Test func stackLayoutsMatchStacks() {
        let viaLayout = makeGraph(
            HStackLayout(spacing: 4) {
                Text("abc")
                Color.red
            }, width: 300, height: 100)
        viaLayout.update()
        let viaStack = makeGraph(
            HStack(spacing: 4) {
                Text("abc")
                Color.red
            }, width: 300, height: 100)
        viaStack.update()
        #expect(viaLayout.displayList == viaStack.displayList)
    }

    @Test func clipShapeClipsDrawing() {
        let graph = makeGraph(Color.red.frame(width: 50, height: 50).clipShape(Circle()), width: 50, height: 50)
        graph.update()
        guard case .layer(let layer) = graph.displayList.items.first, case .clip(let path, _) = layer.effect else {
            Issue.record("no clip")
            return
        }
        #expect(approx(path.boundingRect, CGRect(x: 0, y: 0, width: 50, height: 50), 0.001))
    }

    @Test func textWrapsToProposedWidth() {
        let graph = makeGraph(Text("aaaa bbbb cccc").frame(width: 90), width: 300, height: 300)
        graph.update()
        // 10 characters of 8.5 per 90 points: "aaaa bbbb" / "cccc".
        #expect(frame(of: "Text", in: graph)?.size == CGSize(width: 76.5, height: 44))
    }

    @Test func textTruncatesToAvailableHeight() {
        let graph = makeGraph(Text("aaaa bbbb cccc").frame(width: 40, height: 30), width: 300, height: 300)
        graph.update()
        // Three lines would need 66: only one line (22) fits in 30.
        #expect(frame(of: "Text", in: graph)?.height == 22)
    }
}
