import Foundation
import Testing

@_spi(Engine) @testable import UICore

/// Sizes and positions SwiftUI gives frames, padding and their combinations.
@MainActor
@Suite struct FrameAndPaddingTests {
    @Test func circleInWideProposalIsACentredDisc() {
        let graph = makeGraph(Circle(), width: 300, height: 100)
        graph.update()
        // The shape takes the whole proposal; the circle is the largest square centred in it.
        #expect(approx(frame(of: "Circle", in: graph), CGRect(x: 0, y: 0, width: 300, height: 100)))
        guard case .fill(let fill) = graph.displayList.items.first else {
            Issue.record("no fill")
            return
        }
        #expect(fill.primitive == .ellipse(CGRect(x: 100, y: 0, width: 100, height: 100)))
        #expect(approx(fill.path.boundingRect, CGRect(x: 100, y: 0, width: 100, height: 100), 0.001))
    }

    @Test func fixedFrameReplacesProposalAndCentresChild() {
        let graph = makeGraph(Color.red.frame(width: 100, height: 50), width: 300, height: 300)
        graph.update()
        #expect(approx(frame(of: "frame", in: graph), CGRect(x: 100, y: 125, width: 100, height: 50)))
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 100, y: 125, width: 100, height: 50)))
    }

    @Test func fixedFrameWithOneDimensionTakesTheChildsOther() {
        // Text "hello" in body: 5 × 8.5 = 42.5 wide, 22 high.
        let graph = makeGraph(Text("hello").frame(width: 200), width: 300, height: 300)
        graph.update()
        #expect(approx(frame(of: "frame", in: graph), CGRect(x: 50, y: 139, width: 200, height: 22)))
        #expect(approx(frame(of: "Text", in: graph), CGRect(x: 128.75, y: 139, width: 42.5, height: 22)))
    }

    @Test func frameAlignmentPlacesChildAtCorner() {
        let graph = makeGraph(
            Color.red.frame(width: 20, height: 20).frame(width: 100, height: 100, alignment: .bottomTrailing),
            width: 100, height: 100)
        graph.update()
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 80, y: 80, width: 20, height: 20)))
    }

    @Test func infiniteMaxFrameTakesWholeProposal() {
        let graph = makeGraph(Text("hi").frame(maxWidth: .infinity, maxHeight: .infinity), width: 400, height: 800)
        graph.update()
        #expect(approx(frame(of: "flexFrame", in: graph), CGRect(x: 0, y: 0, width: 400, height: 800)))
        // The text (17 wide, 22 high) is centred in it.
        #expect(approx(frame(of: "Text", in: graph), CGRect(x: 191.5, y: 389, width: 17, height: 22)))
    }

    @Test func flexibleFrameClampsToLimits() {
        // min only: at least 100, but not the whole proposal.
        let minOnly = makeGraph(Text("hi").frame(minWidth: 100), width: 300, height: 100)
        minOnly.update()
        #expect(frame(of: "flexFrame", in: minOnly)?.width == 100)
        // max 200 with a 300 proposal: 200; min 50 max 200 with a 150 proposal: 150.
        let maxOnly = makeGraph(Text("hi").frame(maxWidth: 200), width: 300, height: 100)
        maxOnly.update()
        #expect(frame(of: "flexFrame", in: maxOnly)?.width == 200)
        let both = makeGraph(Text("hi").frame(minWidth: 50, maxWidth: 200), width: 150, height: 100)
        both.update()
        #expect(frame(of: "flexFrame", in: both)?.width == 150)
        // A child bigger than max overflows; the frame stays at max.
        let big = makeGraph(Color.red.frame(width: 250, height: 10).frame(maxWidth: 100), width: 300, height: 100)
        big.update()
        #expect(frame(of: "flexFrame", in: big)?.width == 100)
        #expect(approx(frame(of: "Rectangle", in: big), CGRect(x: 25, y: 45, width: 250, height: 10)))
    }

    @Test func idealSizeIsUsedForUnspecifiedProposal() {
        let graph = makeGraph(Color.red.frame(idealWidth: 120, idealHeight: 30).fixedSize(), width: 300, height: 300)
        graph.update()
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 90, y: 135, width: 120, height: 30)))
    }

    @Test func defaultPaddingIsSixteenOnEveryEdge() {
        let graph = makeGraph(Color.red.padding(), width: 200, height: 100)
        graph.update()
        #expect(approx(frame(of: "padding", in: graph), CGRect(x: 0, y: 0, width: 200, height: 100)))
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 16, y: 16, width: 168, height: 68)))
    }

    @Test func paddingOnChosenEdges() {
        let graph = makeGraph(Color.red.padding(.leading, 30).padding(.top, 10), width: 200, height: 100)
        graph.update()
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 30, y: 10, width: 170, height: 90)))
    }

    @Test func negativePaddingDrawsBeyondEveryEdge() {
        // padding(-h): the child is proposed the size grown by 2h and placed at (-h, -h).
        let h: CGFloat = 800
        let graph = makeGraph(Color.blue.padding(-h), width: 400, height: 800)
        graph.update()
        #expect(approx(frame(of: "padding", in: graph), CGRect(x: 0, y: 0, width: 400, height: 800)))
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: -800, y: -800, width: 2000, height: 2400)))
    }

    @Test func positionTakesWholeProposalAndCentresChildAtPoint() {
        let graph = makeGraph(Circle().frame(width: 50, height: 50).position(x: 10, y: 20), width: 300, height: 200)
        graph.update()
        #expect(approx(frame(of: "position", in: graph), CGRect(x: 0, y: 0, width: 300, height: 200)))
        #expect(approx(frame(of: "Circle", in: graph), CGRect(x: -15, y: -5, width: 50, height: 50)))
    }

    @Test func positionProposesItsFullSizeToTheChild() {
        // Seed 002's mask: position outside frame would give the circle the whole proposal.
        let graph = makeGraph(Circle().position(x: 100, y: 100), width: 600, height: 400)
        graph.update()
        #expect(approx(frame(of: "Circle", in: graph), CGRect(x: -200, y: -100, width: 600, height: 400)))
    }

    @Test func offsetMovesDrawingButNotLayout() {
        let graph = makeGraph(
            HStack(spacing: 0) {
                Color.red.frame(width: 50, height: 50).offset(x: 10, y: 5)
                Color.green.frame(width: 50, height: 50)
            }, width: 200, height: 100)
        graph.update()
        #expect(approx(frame(of: "offset", in: graph), CGRect(x: 50, y: 25, width: 50, height: 50)))
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 60, y: 30, width: 50, height: 50)))
        #expect(approx(frame(of: "Rectangle", in: graph, occurrence: 1), CGRect(x: 100, y: 25, width: 50, height: 50)))
    }

    @Test func fixedSizeGivesIdealSize() {
        let text = "one two three four five six"
        let wrapped = makeGraph(Text(text).frame(width: 100), width: 300, height: 300)
        wrapped.update()
        // 27 characters × 8.5 = 229.5 ideal; at 100 wide (11 characters a line) it wraps to
        // "one two" / "three four" / "five six": 3 lines of 22.
        #expect(frame(of: "Text", in: wrapped)?.height == 66)
        let fixed = makeGraph(Text(text).fixedSize().frame(width: 100), width: 300, height: 300)
        fixed.update()
        #expect(approx(frame(of: "Text", in: fixed), CGRect(x: 35.25, y: 139, width: 229.5, height: 22)))
    }

    @Test func aspectRatioFitAndFill() {
        let fit = makeGraph(Color.red.aspectRatio(2, contentMode: .fit), width: 300, height: 100)
        fit.update()
        #expect(approx(frame(of: "Rectangle", in: fit), CGRect(x: 50, y: 0, width: 200, height: 100)))
        let fill = makeGraph(Color.red.aspectRatio(2, contentMode: .fill), width: 300, height: 100)
        fill.update()
        #expect(approx(frame(of: "Rectangle", in: fill), CGRect(x: 0, y: -25, width: 300, height: 150)))
    }

    @Test func resizableImageStretchesAndScaledToFitKeepsRatio() {
        let stretched = makeGraph(Image("Landscape").resizable(), width: 600, height: 400)
        stretched.update()
        #expect(approx(frame(of: "ImageNode", in: stretched), CGRect(x: 0, y: 0, width: 600, height: 400)))
        let natural = makeGraph(Image("Landscape"), width: 600, height: 400)
        natural.update()
        #expect(approx(frame(of: "ImageNode", in: natural), CGRect(x: -300, y: -200, width: 1200, height: 800)))
        let fitted = makeGraph(Image("Landscape").resizable().scaledToFit(), width: 600, height: 600)
        fitted.update()
        #expect(approx(frame(of: "ImageNode", in: fitted), CGRect(x: 0, y: 100, width: 600, height: 400)))
        let filled = makeGraph(Image("Landscape").resizable().scaledToFill(), width: 600, height: 600)
        filled.update()
        #expect(approx(frame(of: "ImageNode", in: filled), CGRect(x: -150, y: 0, width: 900, height: 600)))
    }

    @Test func ignoresSafeAreaExtendsToWindowEdges() {
        let plain = makeGraph(Color.red, width: 300, height: 300)
        plain.safeAreaInsets = EdgeInsets(top: 20, leading: 0, bottom: 10, trailing: 0)
        plain.update()
        #expect(approx(frame(of: "Rectangle", in: plain), CGRect(x: 0, y: 20, width: 300, height: 270)))
        let ignoring = makeGraph(Color.red.ignoresSafeArea(), width: 300, height: 300)
        ignoring.safeAreaInsets = EdgeInsets(top: 20, leading: 0, bottom: 10, trailing: 0)
        ignoring.update()
        #expect(approx(frame(of: "Rectangle", in: ignoring), CGRect(x: 0, y: 0, width: 300, height: 300)))
        let topOnly = makeGraph(Color.red.ignoresSafeArea(edges: .top), width: 300, height: 300)
        topOnly.safeAreaInsets = EdgeInsets(top: 20, leading: 0, bottom: 10, trailing: 0)
        topOnly.update()
        #expect(approx(frame(of: "Rectangle", in: topOnly), CGRect(x: 0, y: 0, width: 300, height: 290)))
    }

    @Test func rootIsCentredInWindow() {
        let graph = makeGraph(Color.red.frame(width: 10, height: 20), width: 100, height: 100)
        graph.update()
        #expect(approx(frame(of: "Rectangle", in: graph), CGRect(x: 45, y: 40, width: 10, height: 20)))
    }
}
