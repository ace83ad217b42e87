/// Reusable working memory for rasterization, shared by a canvas and its layers.
final class RasterScratch {
    let paths = PathRasterizer()
    let masks = MaskCache()
    let layers = LayerCache()
    let buffers = BufferPool()
}
