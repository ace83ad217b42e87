/// A flattened sub-path: straight segments between consecutive points.
struct Polyline {
    var points: [Vec2] = []
    var closed = false
}
