/// Reusable working memory for rasterization, shared by a canvas and its layers.
final class RasterScratch {
    let paths = PathRasterizer()
    let masks = MaskCache()
    let layers = LayerCache()
    let shadows = ShadowBlurCache()
    let localShadows = LocalShadowCache()
    let buffers = BufferPool()
    /// An emptied saved-state stack a canvas gave back, for the next canvas (a frame's canvas then allocates none).
    var spareSavedStates: [CanvasState] = []
}

/// Working memory a window's canvases share frame after frame: the pool of large layer and mask buffers, and the
/// caches of masks and rendered layers. A host draws each frame into a new canvas over that frame's buffer; giving
/// each the same workspace reuses those buffers instead of allocating and freeing megabytes per frame, which
/// fragmented the heap (RSS grew tenfold over ten minutes of animation with little of it in use).
public final class RasterWorkspace {
    let scratch = RasterScratch()
    public init() {}

    /// The bytes of the layer and mask buffers kept between frames.
    package var pooledBytes: Int { scratch.buffers.pooledBytes }
}
