import CPixman
import Foundation

/// A drawing surface (named apart from SwiftUI's `Canvas` view) over premultiplied ARGB32 pixels (`PIXMAN_a8r8g8b8`: BGRA bytes on little-endian), either
/// caller memory (a wl_shm buffer) or memory it owns. A pixman image wraps the pixels; nothing is copied.
///
/// State (transform, clip) is saved and restored as a stack. User coordinates are points; the initial
/// transform scales them by `scale` to device pixels. Not thread-safe; holds C pointers, so not `Sendable`.
public final class RasterCanvas {
    /// Size in device pixels.
    public let width: Int, height: Int
    /// Bytes per row.
    public let stride: Int
    /// Device pixels per point (the buffer scale).
    public let scale: Double
    /// The pixel memory.
    public let pixels: UnsafeMutableRawPointer
    /// Where pixel (0, 0) lies in root-device coordinates. Non-zero only for layers, which draw with the
    /// root's geometry and shift at the very end, so a layer renders exactly the pixels the root would.
    let origin: (x: Int, y: Int)
    let image: OpaquePointer
    private let ownsMemory: Bool
    private let ownedSize: Int
    var state = CanvasState()
    private var savedStates: [CanvasState] = []
    /// Scratch shared by a root canvas and its layers.
    let scratch: RasterScratch

    /// A canvas over caller memory, which must stay valid and `stride * height` bytes large while the canvas
    /// lives. `stride` is in bytes, at least `width * 4`, a multiple of 4.
    /// `workspace`: working memory kept between frames (see `RasterWorkspace`); a fresh one when nil.
    public init(
        pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double = 1,
        workspace: RasterWorkspace? = nil
    ) throws {
        guard width > 0, height > 0, stride >= width * 4, stride % 4 == 0, width < 1 << 15, height < 1 << 15 else {
            throw RasterError.invalidDimensions(width: width, height: height, stride: stride)
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
        self.pixels = pixels
        ownsMemory = false
        ownedSize = 0
        origin = (0, 0)
        scratch = workspace?.scratch ?? RasterScratch()
        swap(&savedStates, &scratch.spareSavedStates)
        scratch.shadows.beginFrame()
        scratch.localShadows.beginFrame()
        image = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height),
            pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        state.transform = .scale(x: scale, y: scale)
    }

    /// A canvas over its own zeroed (transparent) memory.
    public convenience init(width: Int, height: Int, scale: Double = 1) throws {
        try self.init(ownedWidth: width, height: height, scale: scale, origin: (0, 0), scratch: RasterScratch())
    }

    /// A canvas over pooled memory: zeroed (transparent), unless the caller writes every pixel itself.
    init(
        ownedWidth width: Int, height: Int, scale: Double, origin: (x: Int, y: Int), scratch: RasterScratch,
        zeroed: Bool = true
    ) throws {
        guard width > 0, height > 0, width < 1 << 15, height < 1 << 15 else {
            throw RasterError.invalidDimensions(width: width, height: height, stride: width * 4)
        }
        self.width = width
        self.height = height
        self.scale = scale
        stride = width * 4
        let buffer = scratch.buffers.take(stride * height)
        pixels = buffer.pointer
        ownedSize = buffer.size
        if zeroed { pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height) }
        ownsMemory = true
        self.origin = origin
        self.scratch = scratch
        swap(&savedStates, &scratch.spareSavedStates)
        image = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height),
            pixels.assumingMemoryBound(to: UInt32.self), Int32(stride))!
        state.transform = .scale(x: scale, y: scale)
    }

    deinit {
        pixman_image_unref(image)
        if ownsMemory { scratch.buffers.give(pixels, size: ownedSize) }
        savedStates.removeAll(keepingCapacity: true)
        if scratch.spareSavedStates.capacity < savedStates.capacity { swap(&savedStates, &scratch.spareSavedStates) }
    }

    // MARK: Pixels

    /// The premultiplied ARGB value of a device pixel.
    public func pixel(x: Int, y: Int) -> UInt32 {
        (pixels + y * stride).assumingMemoryBound(to: UInt32.self)[x]
    }

    /// This canvas's pixels in root-device coordinates.
    var deviceBounds: PixelBox { PixelBox(x: origin.x, y: origin.y, width: width, height: height) }

    // MARK: State

    /// The user → device transform (including the buffer scale).
    public var transform: Transform2D {
        get { state.transform }
        set { state.transform = newValue }
    }

    /// Pushes the current transform and clip.
    public func save() { savedStates.append(state) }

    /// Pops to the last saved transform and clip (no-op when nothing is saved).
    public func restore() {
        guard let s = savedStates.popLast() else { return }
        let regionChanged = s.clipRegion != state.clipRegion
        state = s
        if regionChanged { applyClipRegion() }
    }

    /// Runs `body` between `save()` and `restore()`.
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        save()
        defer { restore() }
        return try body()
    }

    /// Moves the user origin.
    public func translateBy(x: Double, y: Double) {
        state.transform = state.transform.concatenating(after: .translation(x: x, y: y))
    }
    /// Scales user space.
    public func scaleBy(x: Double, y: Double) {
        state.transform = state.transform.concatenating(after: .scale(x: x, y: y))
    }
    /// Rotates user space by `radians` (clockwise on screen).
    public func rotate(by radians: Double) {
        state.transform = state.transform.concatenating(after: .rotation(radians))
    }
    /// Applies `t` before the current transform.
    public func concatenate(_ t: Transform2D) { state.transform = state.transform.concatenating(after: t) }

    // MARK: Clip

    /// Restricts drawing to a set of device pixels (damage), intersected with the current clip.
    public func clip(to region: PixelRegion) {
        if let r = state.clipRegion { state.clipRegion = r.intersection(region) } else { state.clipRegion = region }
        applyClipRegion()
    }

    /// Restricts drawing to an anti-aliased shape (in user coordinates), intersected with the current clip.
    ///
    /// Like CoreGraphics, the clip applies to each later drawing operation. Where overlapping content must be
    /// clipped as one group (SwiftUI's `clipShape` on a stack), draw it in `withLayer(mask:content:)` with
    /// the shape as the mask: the edge pixels then blend once.
    public func clip(to shape: RasterShape) {
        // A rectangle on whole device pixels is an exact pixel clip: no coverage mask needed.
        if case .rect(let r) = shape, state.transform.isAxisAligned {
            let d = state.transform.apply(r.standardized)
            let edges = [Double(d.minX), Double(d.minY), Double(d.maxX), Double(d.maxY)]
            if edges.allSatisfy({ $0 == $0.rounded() && abs($0) < 1e6 }) {
                clip(
                    to: PixelRegion(
                        PixelBox(x0: Int(edges[0]), y0: Int(edges[1]), x1: Int(edges[2]), y1: Int(edges[3]))))
                return
            }
        }
        let box = coverageBox(of: shape)
        let mask: CoverageMask
        if box.isEmpty {
            mask = CoverageMask(box: PixelBox(x: clipBox.x0, y: clipBox.y0, width: 1, height: 1))
        } else {
            var m = coverage(of: shape, box: box)
            if let old = state.clipMask {
                if m.isShared { m = m.duplicate(pool: scratch.buffers) }
                m.intersect(with: old)
            }
            mask = m
        }
        state.clipMask = mask
    }

    /// The device pixels (root coordinates) drawing can still reach.
    var clipBox: PixelBox {
        var b = deviceBounds
        if let r = state.clipRegion { b = b.intersection(r.extents) }
        if let m = state.clipMask { b = b.intersection(m.box) }
        return b
    }

    /// Whether drawing inside `rect` (user coordinates) grown by `margin` can reach a pixel the clip lets through:
    /// callers skip costly preparation (text layout) for what lies outside the repainted region.
    public func mayDraw(in rect: CGRect, margin: Double) -> Bool {
        let device = state.transform.apply(rect.insetBy(dx: -margin, dy: -margin))
        let box = PixelBox.covering(minX: device.minX, minY: device.minY, maxX: device.maxX, maxY: device.maxY)
        return !box.intersection(clipBox).isEmpty
    }

    /// The current clip region and mask bounds, in device pixels (for callers sizing work).
    public var deviceClipBounds: PixelBox { clipBox }

    func applyClipRegion() {
        if let r = state.clipRegion {
            // The canvas's pixels in the region's coordinates, then moved to the canvas's: one new region.
            var local = r.intersection(PixelBox(x: origin.x, y: origin.y, width: width, height: height))
            local.translate(dx: -origin.x, dy: -origin.y)
            pixman_image_set_clip_region32(image, local.storage.region)
        } else {
            pixman_image_set_clip_region32(image, nil)
        }
    }
}
