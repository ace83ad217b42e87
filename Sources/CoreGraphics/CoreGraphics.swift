// CoreGraphics: the geometry types SwiftUI code uses with `import CoreGraphics`. Foundation on Linux
// already has CGFloat, CGPoint, CGSize and CGRect (re-exported here); this module adds what it lacks.
@_exported import Foundation

/// A two-dimensional vector (a `dx`, `dy` pair), as in CoreGraphics.
public struct CGVector: Hashable, Codable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat
    public init() { (dx, dy) = (0, 0) }
    public init(dx: CGFloat, dy: CGFloat) { (self.dx, self.dy) = (dx, dy) }
    public init(dx: Double, dy: Double) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }
    public init(dx: Int, dy: Int) { (self.dx, self.dy) = (CGFloat(dx), CGFloat(dy)) }
    public static var zero: CGVector { CGVector() }
    public var description: String { "(\(dx), \(dy))" }
}

/// How the ends of stroked lines are drawn.
public enum CGLineCap: Int32, Hashable, Sendable { case butt, round, square }
/// How the joins of stroked lines are drawn.
public enum CGLineJoin: Int32, Hashable, Sendable { case miter, round, bevel }
