import CPixman
import Foundation

extension RasterCanvas {
    /// Fills `shape` with what this canvas already shows around it, blurred (Gaussian `blurSigma`, user units),
    /// mapped through `colorMatrix` (20 numbers on unpremultiplied components, row by row), then covered by
    /// `tint`: a material. The blur runs at a quarter (or half) resolution when it is wide, which its
    /// smoothness hides, and is scaled back up bilinearly. The tint is laid over the small image before it is
    /// scaled up (scaling is linear, so inside the shape the result is the same) and the shape's coverage is
    /// left out where it is full: one pass over the shape's pixels at full resolution.
    public func fillBackdrop(_ shape: RasterShape, blurSigma: Double, colorMatrix: [Float]?, tint: PaintColor) {
        let box = coverageBox(of: shape)
        let t = state.transform
        guard !box.isEmpty, blurSigma.isFinite, t.isFinite else { return }
        let sigma = min(200, max(0, blurSigma) * t.meanScale)
        let factor = sigma >= 8 ? 4 : sigma >= 3 ? 2 : 1
        let reach = BoxBlur.reach(sigma: sigma / Double(factor)) * factor
        let source = box.outset(by: reach + factor).intersection(deviceBounds)
        guard !source.isEmpty else { return }
        let smallWidth = (source.width + factor - 1) / factor
        let smallHeight = (source.height + factor - 1) / factor
        guard
            let small = try? RasterCanvas(
                ownedWidth: smallWidth, height: smallHeight, scale: 1, origin: (0, 0), scratch: scratch)
        else { return }
        // Downscale: small pixel (x, y) samples the source at (source.x0 + k·(x + ½), …), bilinearly.
        let backdrop = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height),
            pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        defer { pixman_image_unref(backdrop) }
        let k = Double(factor)
        var down = pixmanTransform(
            Transform2D(a: k, b: 0, c: 0, d: k, tx: Double(source.x0 - origin.x), ty: Double(source.y0 - origin.y)))
        pixman_image_set_transform(backdrop, &down)
        pixman_image_set_filter(backdrop, factor == 1 ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(backdrop, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(
            PIXMAN_OP_SRC, backdrop, nil, small.image, 0, 0, 0, 0, 0, 0, Int32(smallWidth), Int32(smallHeight))
        RasterCanvas.blurPixels(of: small, sigma: sigma / k)
        if let colorMatrix, colorMatrix.count == 20, colorMatrix.allSatisfy(\.isFinite) {
            RasterCanvas.applyColorMatrix(colorMatrix, to: small)
        }
        if tint.alpha > 0 {
            var color = tint.pixmanPremultiplied
            var all = pixman_rectangle16_t(x: 0, y: 0, width: UInt16(smallWidth), height: UInt16(smallHeight))
            pixman_image_fill_rectangles(PIXMAN_OP_OVER, small.image, &color, 1, &all)
        }
        // Upscale: root pixel r samples the small image at ((r + ½ − source.x0) / k), bilinearly.
        var up = pixmanTransform(
            Transform2D(a: 1 / k, b: 0, c: 0, d: 1 / k, tx: -Double(source.x0) / k, ty: -Double(source.y0) / k))
        pixman_image_set_transform(small.image, &up)
        pixman_image_set_filter(small.image, factor == 1 ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(small.image, PIXMAN_REPEAT_PAD)
        if let inner = fullyCoveredPixels(shape), inner.intersection(box) == box {
            composite(source: small.image, mask: nil, box: box, op: PIXMAN_OP_OVER)
        } else {
            composite(source: small.image, mask: coverage(of: shape, box: box), box: box, op: PIXMAN_OP_OVER)
        }
    }
}
