import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Placement as `xdg_positioner` defines it (what the offscreen presenter does, and what compositors do with our
/// positioners): below the anchor by default; flipped, slid or shrunk where it would leave the bounds.
@Suite struct PopupPositioningTests {
    let bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
    let menuBelow = PopupPositioning(
        anchorRect: CGRect(x: 20, y: 40, width: 100, height: 30), anchor: .bottomLeft, gravity: .bottomRight)

    @Test func menuGoesBelowTheAnchorAlignedToItsLeadingEdge() {
        #expect(
            menuBelow.frame(size: CGSize(width: 150, height: 120), within: bounds)
                == CGRect(x: 20, y: 70, width: 150, height: 120))
    }

    @Test func centredGravityCentresOnTheAnchorPoint() {
        let popover = PopupPositioning(
            anchorRect: CGRect(x: 100, y: 40, width: 60, height: 20), anchor: .bottom, gravity: .bottom)
        #expect(
            popover.frame(size: CGSize(width: 100, height: 50), within: bounds)
                == CGRect(x: 80, y: 60, width: 100, height: 50))
    }

    @Test func overflowingTheBottomFlipsAboveTheAnchor() {
        var positioning = menuBelow
        positioning.anchorRect.origin.y = 200
        // Below: 230…350 leaves the bounds; above: 80…200 fits.
        #expect(
            positioning.frame(size: CGSize(width: 150, height: 120), within: bounds)
                == CGRect(x: 20, y: 80, width: 150, height: 120))
    }

    @Test func overflowingTheRightSlidesBack() {
        var positioning = menuBelow
        positioning.anchorRect.origin.x = 330
        // 330…480 overflows; flipped (x 280…430, its right edge on the anchor's left… still overflows): slide to 250.
        #expect(
            positioning.frame(size: CGSize(width: 150, height: 100), within: bounds)
                == CGRect(x: 250, y: 70, width: 150, height: 100))
    }

    @Test func submenuAtTheRightEdgeFlipsToTheLeft() {
        let submenu = PopupPositioning(
            anchorRect: CGRect(x: 200, y: 50, width: 160, height: 28), anchor: .topRight, gravity: .bottomRight)
        #expect(
            submenu.frame(size: CGSize(width: 120, height: 80), within: bounds)
                == CGRect(x: 80, y: 50, width: 120, height: 80))
    }

    @Test func tooTallForEitherSideSlidesThenShrinks() {
        let positioning = PopupPositioning(
            anchorRect: CGRect(x: 20, y: 140, width: 100, height: 20), anchor: .bottomLeft, gravity: .bottomRight)
        // Fits neither below (160…560) nor above (−240…140): slid up to the top, then cut to the bounds' height.
        #expect(
            positioning.frame(size: CGSize(width: 100, height: 400), within: bounds)
                == CGRect(x: 20, y: 0, width: 100, height: 300))
        var noResize = positioning
        noResize.adjustment = [.flipY]
        #expect(
            noResize.frame(size: CGSize(width: 100, height: 400), within: bounds)
                == CGRect(x: 20, y: 160, width: 100, height: 400),
            "without slide or resize it stays where the gravity put it")
    }
}
