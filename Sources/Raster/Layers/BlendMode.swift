import CPixman

/// How a layer is composited onto what is already drawn: pixman's PDF blend modes and Porter-Duff operators.
/// Colours blend in premultiplied sRGB, as pixman (and Core Graphics' default) do.
public enum RasterBlendMode: Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
        difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut,
        plusLighter

    var pixmanOperator: pixman_op_t {
        switch self {
        case .normal: PIXMAN_OP_OVER
        case .multiply: PIXMAN_OP_MULTIPLY
        case .screen: PIXMAN_OP_SCREEN
        case .overlay: PIXMAN_OP_OVERLAY
        case .darken: PIXMAN_OP_DARKEN
        case .lighten: PIXMAN_OP_LIGHTEN
        case .colorDodge: PIXMAN_OP_COLOR_DODGE
        case .colorBurn: PIXMAN_OP_COLOR_BURN
        case .softLight: PIXMAN_OP_SOFT_LIGHT
        case .hardLight: PIXMAN_OP_HARD_LIGHT
        case .difference: PIXMAN_OP_DIFFERENCE
        case .exclusion: PIXMAN_OP_EXCLUSION
        case .hue: PIXMAN_OP_HSL_HUE
        case .saturation: PIXMAN_OP_HSL_SATURATION
        case .color: PIXMAN_OP_HSL_COLOR
        case .luminosity: PIXMAN_OP_HSL_LUMINOSITY
        case .sourceAtop: PIXMAN_OP_ATOP
        case .destinationOver: PIXMAN_OP_OVER_REVERSE
        case .destinationOut: PIXMAN_OP_OUT_REVERSE
        case .plusLighter: PIXMAN_OP_ADD
        }
    }
}
