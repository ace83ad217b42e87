import Foundation
import Testing

@testable import Raster

/// A host draws every frame into a new canvas over that frame's buffer: with one workspace, the large layer and
/// mask buffers of one frame serve the next, instead of being allocated anew each frame.
@Suite struct WorkspaceTests {
    /// One animation frame: a faded, shadowed card whose position changes.
    func drawFrame(into pixels: UnsafeMutableRawPointer, frame: Int, workspace: RasterWorkspace?) throws -> RasterCanvas
    {
        let canvas = try RasterCanvas(pixels: pixels, width: 400, height: 300, stride: 1600, workspace: workspace)
        canvas.clear(.white)
        canvas.withLayer(
            opacity: 0.8,
            shadow: LayerShadow(
                color: PaintColor(rgb8: 0, 0, 0, alpha: 0.5), radius: 8, offset: CGSize(width: 0, height: 4))
        ) { layer in
            layer.fill(
                .rect(CGRect(x: 40 + Double(frame), y: 40, width: 240, height: 180)),
                with: .color(PaintColor(rgb8: 0x33, 0x66, 0xCC)))
        }
        return canvas
    }

    @Test func framesSharingAWorkspaceReuseItsBuffers() throws {
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: 1600 * 300, alignment: 64)
        defer { pixels.deallocate() }
        let workspace = RasterWorkspace()
        _ = try drawFrame(into: pixels, frame: 0, workspace: workspace)
        let afterFirst = workspace.scratch.buffers.freshAllocations
        #expect(afterFirst > 0, "a faded, shadowed layer needs large buffers")
        for frame in 1...30 { _ = try drawFrame(into: pixels, frame: frame, workspace: workspace) }
        #expect(workspace.scratch.buffers.freshAllocations == afterFirst, "later frames allocated anew")
    }

    @Test func aSharedWorkspaceDrawsWhatAFreshOneDraws() throws {
        let shared = UnsafeMutableRawPointer.allocate(byteCount: 1600 * 300, alignment: 64)
        let fresh = UnsafeMutableRawPointer.allocate(byteCount: 1600 * 300, alignment: 64)
        defer {
            shared.deallocate()
            fresh.deallocate()
        }
        let workspace = RasterWorkspace()
        for frame in 0..<5 {
            _ = try drawFrame(into: shared, frame: frame * 3, workspace: workspace)
            _ = try drawFrame(into: fresh, frame: frame * 3, workspace: nil)
            #expect(memcmp(shared, fresh, 1600 * 300) == 0, "frame \(frame)")
        }
    }
}
