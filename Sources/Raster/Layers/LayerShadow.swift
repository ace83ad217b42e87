import Foundation

/// A drop shadow under a layer: its alpha, blurred, tinted and offset.
///
/// `radius` follows SwiftUI's `shadow(radius:)`. We map it to a Gaussian standard deviation of
/// `radius / 2` (the CSS/Core Animation convention of a blur radius being about twice sigma), so the visible
/// fringe extends about `radius` points beyond the shape.
public struct LayerShadow: Equatable, Sendable {
    /// Shadow colour; its alpha scales the shadow.
    public var color: PaintColor
    /// SwiftUI's shadow radius in points (Gaussian sigma = radius / 2).
    public var radius: Double
    /// Displacement of the shadow in points.
    public var offset: CGSize

    /// Creates a shadow; the default colour is SwiftUI's (black at 33 % opacity).
    public init(
        color: PaintColor = PaintColor(red: 0, green: 0, blue: 0, alpha: 0.33), radius: Double, offset: CGSize = .zero
    ) {
        self.color = color
        self.radius = radius
        self.offset = offset
    }

    /// The Gaussian sigma in points.
    public var sigma: Double { max(0, radius) / 2 }
}
