import CPixman

/// The damage of recent frames, so a reused buffer can be brought up to date instead of repainted whole.
///
/// A buffer of age N holds the frame drawn N frames ago (1 = the previous frame, 0 = unknown contents).
/// To present frame F in it, the pixels that changed in frames F−N+1 … F must be redrawn: the current
/// frame's damage plus the N−1 recorded ones before it. Alternatively (`catchUp`), those older changes can
/// be copied from the newest buffer, leaving only the current damage to render.
public struct DamageHistory: Sendable {
    /// Newest first.
    private var recent: [PixelRegion] = []
    /// How many frames are remembered; older buffers are treated as unknown.
    public let capacity: Int

    /// Creates an empty history remembering `capacity` frames.
    public init(capacity: Int = 4) { self.capacity = max(1, capacity) }

    /// Records the damage of a frame just drawn.
    public mutating func record(_ damage: PixelRegion) {
        recent.insert(damage, at: 0)
        if recent.count > capacity { recent.removeLast() }
    }

    /// What changed in the frames a buffer of `bufferAge` missed before the current one (the union of the
    /// last `bufferAge − 1` recorded damages), or nil when its contents are unknown or too old.
    public func missedDamage(bufferAge: Int) -> PixelRegion? {
        guard bufferAge >= 1, bufferAge - 1 <= recent.count else { return nil }
        guard bufferAge > 1 else { return PixelRegion() }
        // The newest damage itself, shared (copied only if another is added): a buffer of age 2 needs no new region.
        var r = recent[0]
        for d in recent[1..<(bufferAge - 1)] { r.formUnion(d) }
        return r
    }

    /// The region to render into a buffer of `bufferAge` for a frame whose own damage is `frameDamage`:
    /// everything (`fullFrame`) when the buffer is unknown, else frame damage ∪ missed damage.
    public func repaintRegion(frameDamage: PixelRegion, bufferAge: Int, fullFrame: PixelBox) -> PixelRegion {
        guard let missed = missedDamage(bufferAge: bufferAge) else { return PixelRegion(fullFrame) }
        return frameDamage.union(missed)
    }

    /// Brings `target` (of `bufferAge`) up to the previous frame by copying from `previous` (the buffer
    /// holding it) whatever the target missed, except `frameDamage`, which the caller renders next.
    /// Unknown buffers get the whole previous frame copied.
    public func catchUp(_ target: RasterCanvas, bufferAge: Int, previous: RasterCanvas, frameDamage: PixelRegion) {
        let full = PixelBox(
            x: 0, y: 0, width: min(target.width, previous.width), height: min(target.height, previous.height))
        var copy = bufferAge == 1 ? PixelRegion() : (missedDamage(bufferAge: bufferAge) ?? PixelRegion(full))
        copy.formIntersection(full)
        copy.subtract(frameDamage)
        guard !copy.isEmpty else { return }
        target.copyPixels(in: copy, from: previous)
    }
}

extension RasterCanvas {
    /// Copies the pixels of `region` (device pixels) from another canvas, replacing what is here.
    public func copyPixels(in region: PixelRegion, from source: RasterCanvas) {
        for b in region.intersection(PixelRegion(PixelBox(x: 0, y: 0, width: width, height: height))).boxes {
            guard b.x1 <= source.width, b.y1 <= source.height else { continue }
            pixman_image_composite32(
                PIXMAN_OP_SRC, source.image, nil, image, Int32(b.x0), Int32(b.y0), 0, 0,
                Int32(b.x0), Int32(b.y0), Int32(b.width), Int32(b.height))
        }
    }
}
