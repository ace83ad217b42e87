@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

extension CursorShape {
    /// The theme cursor showing `style` (`nil`: the arrow).
    init(_ style: PointerStyle?) {
        self =
            switch style?._cursorName {
            case "pointer": .pointingHand
            case "text": .text
            case "vertical-text": .verticalText
            case "grab": .grab
            case "grabbing": .grabbing
            case "crosshair": .crosshair
            case "zoom-in": .zoomIn
            case "zoom-out": .zoomOut
            case "col-resize": .columnResize
            case "row-resize": .rowResize
            case "n-resize": .resizeTop
            case "s-resize": .resizeBottom
            case "w-resize": .resizeLeft
            case "e-resize": .resizeRight
            case "nw-resize": .resizeTopLeft
            case "ne-resize": .resizeTopRight
            case "sw-resize": .resizeBottomLeft
            case "se-resize": .resizeBottomRight
            default: .arrow
            }
    }
}
