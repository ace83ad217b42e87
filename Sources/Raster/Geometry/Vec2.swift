/// A point in device (or user) space, in doubles; the flattened form of paths.
struct Vec2: Equatable {
    var x: Double, y: Double
    @inline(__always) init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    @inline(__always) static func + (l: Vec2, r: Vec2) -> Vec2 { Vec2(l.x + r.x, l.y + r.y) }
    @inline(__always) static func - (l: Vec2, r: Vec2) -> Vec2 { Vec2(l.x - r.x, l.y - r.y) }
    @inline(__always) static func * (l: Vec2, s: Double) -> Vec2 { Vec2(l.x * s, l.y * s) }
    var length: Double { (x * x + y * y).squareRoot() }
    /// The vector turned a quarter towards +y (clockwise on screen).
    var perpendicular: Vec2 { Vec2(-y, x) }
    var normalized: Vec2 {
        let l = length
        return l > 0 ? Vec2(x / l, y / l) : Vec2(0, 0)
    }
    @inline(__always) func dot(_ o: Vec2) -> Double { x * o.x + y * o.y }
    @inline(__always) func cross(_ o: Vec2) -> Double { x * o.y - y * o.x }
}
