import Foundation
import Testing

@testable import WaylandUI

/// Which resize handle lies under a point of a floating window's surface: a 400x300 window geometry
/// inside a 12-point margin (surface 424x324), corners reaching 24 points along each edge.
@Suite struct ResizeEdgesTests {
    func handle(_ x: CGFloat, _ y: CGFloat, margin: CGFloat = 12) -> ResizeEdges {
        ResizeEdges.handle(
            at: CGPoint(x: x, y: y), surfaceSize: CGSize(width: 400 + 2 * margin, height: 300 + 2 * margin),
            margin: margin, cornerLength: 24)
    }

    @Test func edgesAreInTheMarginBesideEachSide() {
        #expect(handle(200, 5) == .top)
        #expect(handle(200, 318) == .bottom)
        #expect(handle(5, 150) == .left)
        #expect(handle(418, 150) == .right)
    }

    @Test func cornersTakeTheDiagonalAndReachAlongTheEdges() {
        #expect(handle(3, 3) == [.top, .left])
        #expect(handle(420, 320) == [.bottom, .right])
        #expect(handle(30, 5) == [.top, .left], "beside the top edge, within 24 points of the corner")
        #expect(handle(5, 300) == [.bottom, .left], "beside the left edge, near the bottom corner")
        #expect(handle(418, 20) == [.top, .right])
        #expect(handle(50, 5) == .top, "farther along: the edge only")
    }

    @Test func noHandleInsideTheWindowOrWithoutAMargin() {
        #expect(handle(12, 12).isEmpty, "the window's own corner pixel belongs to the window")
        #expect(handle(200, 150).isEmpty)
        #expect(handle(-1, 150).isEmpty, "outside the surface")
        #expect(handle(2, 2, margin: 0).isEmpty, "maximized, tiled and fullscreen windows have no handles")
    }

    @Test func namesCursorsAndProtocolEdgesAgree() {
        let bottomRight: ResizeEdges = [.bottom, .right]
        #expect(bottomRight.name == "bottom_right")
        #expect(bottomRight.cursorShape == .resizeBottomRight)
        #expect(bottomRight.xdgEdge == .bottomRight)
        #expect(
            ResizeEdges.top.name == "top" && ResizeEdges.top.xdgEdge == .top
                && ResizeEdges.top.cursorShape == .resizeTop)
    }
}
