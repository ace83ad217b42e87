/// A rectangle in buffer pixels, as `wl_surface.damage_buffer` takes it.
public struct PixelRect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension WlSurface {
    /// Attaches `buffer`, damages `damage`, asks for the next frame callback (which runs `frameDone`) and
    /// commits. Returns the callback, which the caller keeps until it fires.
    func commitFrame(_ buffer: ShmBuffer, damage: [PixelRect], frameDone: @escaping @MainActor () -> Void)
        -> WlCallback
    {
        attach(buffer: buffer.wlBuffer, x: 0, y: 0)
        for rect in damage {
            damageBuffer(x: Int32(rect.x), y: Int32(rect.y), width: Int32(rect.width), height: Int32(rect.height))
        }
        let callback = frame()
        callback.onEvent = { _ in frameDone() }
        commit()
        return callback
    }
}
