import Foundation

/// How a canvas or a drawing group blends colours (accepted; colours are blended in sRGB).
public enum ColorRenderingMode: Hashable, Sendable { case nonLinear, linear, extendedLinear }
