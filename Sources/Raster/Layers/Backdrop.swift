import CPixman
import Foundation

extension RasterCanvas {
    /// Fills `shape` with what this canvas already shows around it, blurred (Gaussian `blurSigma`, user units),
    /// mapped through `colorMatrix` (20 numbers on unpremultiplied components, row by row), then covered by
    /// `tint`: a material. When the blur is wide it runs on an image an eighth (down to half) the size,
    /// averaged down in blocks, which its smoothness hides, and is scaled back up bilinearly. The tint is laid
    /// over the small image before it is scaled up (scaling is linear, so inside the shape the result is the
    /// same). Where the shape covers whole pixels and the result is opaque, the scaled rows are written
    /// straight into the canvas, each clip rectangle's: one pass over the shape's pixels at full resolution.
    public func fillBackdrop(_ shape: RasterShape, blurSigma: Double, colorMatrix: [Float]?, tint: PaintColor) {
        let box = coverageBox(of: shape)
        let t = state.transform
        guard !box.isEmpty, blurSigma.isFinite, t.isFinite else { return }
        let sigma = min(200, max(0, blurSigma) * t.meanScale)
        let factor = sigma >= 16 ? 8 : sigma >= 8 ? 4 : sigma >= 3 ? 2 : 1
        let reach = BoxBlur.reach(sigma: sigma / Double(factor)) * factor
        // The backdrop extends past the canvas's edges as its edge pixels (the downscale repeats them), so the
        // blur lets no transparency in there: over opaque content the material stays opaque to the edge.
        // Its blocks lie on a grid of `factor` pixels from the device origin, so a repaint of part of the
        // material (a clip, a damaged area) gives the same pixels there as a repaint of all of it.
        func snapped(_ v: Int, up: Bool) -> Int {
            let down = v >= 0 ? v / factor * factor : -((-v + factor - 1) / factor * factor)
            return up && down < v ? down + factor : down
        }
        let reached = box.outset(by: reach + factor)
        let source = PixelBox(
            x0: snapped(reached.x0, up: false), y0: snapped(reached.y0, up: false),
            x1: snapped(reached.x1, up: true), y1: snapped(reached.y1, up: true))
        let smallWidth = (source.width + factor - 1) / factor
        let smallHeight = (source.height + factor - 1) / factor
        guard
            let small = try? RasterCanvas(
                ownedWidth: smallWidth, height: smallHeight, scale: 1, origin: (0, 0), scratch: scratch,
                zeroed: false)
        else { return }
        BackdropScaling.downscale(self, from: (source.x0, source.y0), factor: factor, into: small)
        RasterCanvas.blurPixels(of: small, sigma: sigma / Double(factor))
        if let colorMatrix, colorMatrix.count == 20, colorMatrix.allSatisfy(\.isFinite) {
            RasterCanvas.applyColorMatrix(colorMatrix, to: small)
        }
        if tint.alpha > 0 {
            var color = tint.pixmanPremultiplied
            var all = pixman_rectangle16_t(x: 0, y: 0, width: UInt16(smallWidth), height: UInt16(smallHeight))
            pixman_image_fill_rectangles(PIXMAN_OP_OVER, small.image, &color, 1, &all)
        }
        let covered = fullyCoveredPixels(shape).map { $0.intersection(box) == box } ?? false
        if covered, state.clipMask == nil,
            BackdropScaling.isOpaque(small, readFor: box, origin: (source.x0, source.y0), factor: factor)
        {
            // Opaque over anything is a copy: each clip rectangle's part of a scaled row goes straight in.
            let boxes = state.clipRegion.map { $0.boxes.map { $0.intersection(box) }.filter { !$0.isEmpty } } ?? [box]
            for part in boxes {
                BackdropScaling.upscale(small, origin: (source.x0, source.y0), factor: factor, box: part) { y in
                    (pixels + (y - origin.y) * stride).assumingMemoryBound(to: UInt32.self) + (part.x0 - origin.x)
                }
            }
            return
        }
        guard
            let scaled = try? RasterCanvas(
                ownedWidth: box.width, height: box.height, scale: 1, origin: (0, 0), scratch: scratch,
                zeroed: false)
        else { return }
        BackdropScaling.upscale(small, origin: (source.x0, source.y0), factor: factor, box: box) { y in
            (scaled.pixels + (y - box.y0) * scaled.stride).assumingMemoryBound(to: UInt32.self)
        }
        composite(
            source: scaled.image, mask: covered ? nil : coverage(of: shape, box: box), box: box,
            sourceOrigin: (box.x0, box.y0))
    }
}
