import CPixman
import Foundation

extension Canvas {
    /// Draws `content` into an offscreen layer, then composites it here: masked by the alpha of what `mask`
    /// draws (content IN mask; partial alpha scales content), with a drop shadow, and faded by `opacity`.
    ///
    /// The layer only spans the pixels that can reach the current clip (plus the blur reach when there is a
    /// shadow), and draws with this canvas's transform, so nested drawing code needs no change.
    public func withLayer(opacity: Double = 1, shadow: LayerShadow? = nil,
                          mask: (Canvas) throws -> Void,
                          content: (Canvas) throws -> Void) rethrows {
        try drawLayer(opacity: opacity, shadow: shadow, hasMask: true, mask: mask, content: content)
    }

    /// Draws `content` into an offscreen layer and composites it here with a drop shadow and `opacity`.
    public func withLayer(opacity: Double = 1, shadow: LayerShadow? = nil,
                          content: (Canvas) throws -> Void) rethrows {
        try drawLayer(opacity: opacity, shadow: shadow, hasMask: false, mask: { _ in }, content: content)
    }

    private func drawLayer(opacity: Double, shadow: LayerShadow?, hasMask: Bool,
                           mask: (Canvas) throws -> Void, content: (Canvas) throws -> Void) rethrows {
        let target = clipBox
        guard !target.isEmpty, opacity > 0 else { return }
        var box = target
        var shadowOffset = (dx: 0, dy: 0), sigma = 0.0
        if let shadow {
            let t = state.transform
            let ox = t.a * Double(shadow.offset.width) + t.c * Double(shadow.offset.height)
            let oy = t.b * Double(shadow.offset.width) + t.d * Double(shadow.offset.height)
            // Whole-pixel offsets keep shadow pixels independent of the damage region.
            shadowOffset = (Int(ox.rounded()), Int(oy.rounded()))
            sigma = shadow.sigma * t.meanScale
            let reach = BoxBlur.reach(sigma: sigma)
            box = target.union(target.offsetBy(-shadowOffset.dx, -shadowOffset.dy).outset(by: reach))
        }
        guard let layer = try? makeLayer(box: box) else { return }
        try content(layer)
        if hasMask, let maskLayer = try? makeLayer(box: box) {
            try mask(maskLayer)
            pixman_image_composite32(PIXMAN_OP_IN_REVERSE, maskLayer.image, nil, layer.image,
                                     0, 0, 0, 0, 0, 0, Int32(box.width), Int32(box.height))
        }
        if let shadow, shadow.color.alpha > 0 {
            let shifted = box.offsetBy(shadowOffset.dx, shadowOffset.dy)
            let alpha = CoverageMask(box: shifted)
            pixman_image_composite32(PIXMAN_OP_SRC, layer.image, nil, alpha.image, 0, 0, 0, 0, 0, 0,
                                     Int32(box.width), Int32(box.height))
            BoxBlur.blur(alpha, sigma: sigma)
            let area = shifted.intersection(target)
            if !area.isEmpty, let src = Paint.color(shadow.color.withAlphaMultiplied(by: min(1, opacity))).makeSource(transform: .identity) {
                let sub = area == shifted ? alpha : alpha.copy(area)
                composite(source: src, mask: sub, box: area)
                pixman_image_unref(src)
            }
        }
        let area = box.intersection(target)
        if opacity < 1 {
            let fade = CoverageMask(box: area)
            fade.bytes.update(repeating: coverageByte(opacity), count: fade.stride * area.height)
            composite(source: layer.image, mask: fade, box: area, sourceOrigin: (box.x0, box.y0))
        } else {
            composite(source: layer.image, mask: nil, box: area, sourceOrigin: (box.x0, box.y0))
        }
    }

    /// An owned canvas covering `box` (root coordinates) with this canvas's transform.
    func makeLayer(box: PixelBox) throws -> Canvas {
        let layer = try Canvas(ownedWidth: box.width, height: box.height, scale: scale, origin: (box.x0, box.y0), scratch: scratch)
        layer.state.transform = state.transform
        return layer
    }
}

extension CoverageMask {
    /// A copy of the part of this mask inside `sub` (which must lie inside `box`).
    func copy(_ sub: PixelBox) -> CoverageMask {
        let m = CoverageMask(box: sub)
        for y in sub.y0..<sub.y1 {
            m.row(y).update(from: row(y) + (sub.x0 - box.x0), count: sub.width)
        }
        return m
    }
}
