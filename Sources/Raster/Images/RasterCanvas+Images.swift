import CPixman
import Foundation

extension RasterCanvas {
    /// Draws `image` into `rect` (user coordinates), bilinear-filtered.
    ///
    /// When the destination lands on whole device pixels under a scale/translate transform, a copy scaled to
    /// that pixel size is cached on the image and blitted; otherwise the image is sampled through a pixman
    /// transform, with anti-aliased edges.
    public func draw(_ image: RasterImage, in rect: CGRect, fit: ImageFit = .stretch, opacity: Double = 1) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, opacity > 0 else { return }
        let iw = Double(image.width)
        let ih = Double(image.height)
        var dest = r
        switch fit {
        case .stretch: break
        case .aspectFit, .aspectFill:
            let s =
                fit == .aspectFit
                ? min(Double(r.width) / iw, Double(r.height) / ih) : max(Double(r.width) / iw, Double(r.height) / ih)
            let w = iw * s
            let h = ih * s
            dest = CGRect(x: Double(r.midX) - w / 2, y: Double(r.midY) - h / 2, width: w, height: h)
        }
        let visible = fit == .aspectFill ? dest.intersection(r) : dest
        let t = state.transform
        if t.isAxisAligned, t.a > 0, t.d > 0 {
            let d = t.apply(dest)
            let v = t.apply(visible)
            let edges = [
                Double(d.minX), Double(d.minY), Double(d.maxX), Double(d.maxY), Double(v.minX), Double(v.minY),
                Double(v.maxX), Double(v.maxY),
            ]
            if edges.allSatisfy({ abs($0 - $0.rounded()) < 1e-9 && abs($0) < 1e6 }),
                let scaled = image.scaled(toWidth: Int(d.width.rounded()), height: Int(d.height.rounded()))
            {
                let box = PixelBox(
                    x0: Int(edges[4].rounded()), y0: Int(edges[5].rounded()), x1: Int(edges[6].rounded()),
                    y1: Int(edges[7].rounded())
                )
                .intersection(clipBox)
                guard !box.isEmpty else { return }
                let src = scaled.makePixmanImage()
                defer { pixman_image_unref(src) }
                var fade: CoverageMask?
                if opacity < 1 {
                    let m = CoverageMask(box: box, zeroed: false, pool: scratch.buffers)
                    m.bytes.update(repeating: coverageByte(opacity), count: m.stride * box.height)
                    fade = m
                }
                composite(
                    source: src, mask: fade, box: box, sourceOrigin: (Int(edges[0].rounded()), Int(edges[1].rounded())))
                return
            }
        }
        if opacity < 1 {
            withLayer(opacity: opacity) { $0.fill(.rect(visible), with: .image(image, rect: dest)) }
        } else {
            fill(.rect(visible), with: .image(image, rect: dest))
        }
    }
}
