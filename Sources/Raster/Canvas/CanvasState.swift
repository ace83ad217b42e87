/// The part of a canvas's state that `save()`/`restore()` cover.
struct CanvasState {
    var transform = Transform2D.identity
    /// Pixel clip in root-device coordinates (damage), nil for none.
    var clipRegion: PixelRegion?
    /// Anti-aliased clip coverage; immutable once set (a new clip makes a new mask).
    var clipMask: CoverageMask?
}
