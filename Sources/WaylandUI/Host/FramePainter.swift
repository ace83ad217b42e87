import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

/// Turns the view graph's next display list into pixels of one buffer, repainting only what changed
/// since the frame the buffer holds (its age), and says which pixels it touched.
@MainActor
package final class FramePainter {
    let graph: ViewGraph
    let renderer: DisplayListRenderer
    /// Draws the gesture inspector over the content when it is on.
    let overlay: GestureSystem?
    private var history = DamageHistory()
    /// Layer and mask buffers, reused by every frame's canvas.
    let workspace = RasterWorkspace()
    private var overlayWasDrawn = false
    /// What the last committed frame showed: damage is measured against it, whoever else updated the graph.
    private var paintedList = DisplayList(items: [])
    /// The graph's number of the list last painted, and whether items were drawn over it (then the graph's
    /// damage, measured without them, does not say what changed on screen).
    private var painted = (number: -1, hadOverlays: true)
    private var lastSize: (width: Int, height: Int)?
    /// More items over the content (the frame-time HUD), repainted where they change.
    var extraOverlay: ((CGSize) -> [DisplayItem])?
    /// Milliseconds the last `paint` spent laying out (updating the graph) and rendering.
    private(set) var lastTimings = (layout: 0.0, render: 0.0)

    package init(graph: ViewGraph, renderer: DisplayListRenderer, overlay: GestureSystem? = nil) {
        self.graph = graph
        self.renderer = renderer
        self.overlay = overlay
        renderer.images.onDecoded = { [weak self] source in self?.imageDidDecode(source) }
    }

    /// An image decoded in the background is ready: its views lay out again (a failed one shows its placeholder)
    /// and the next frame, which the graph asks for, repaints everything (the display list may not have changed,
    /// while the pixels it draws did).
    private func imageDidDecode(_ source: ImageSource) {
        lastSize = nil
        graph.imageDidDecode(source)
    }

    /// The inspector was switched: the next frame repaints everything.
    func overlayChanged() {
        lastSize = nil
    }

    /// Lays out at `size` points, renders into `pixels` (`width` x `height` device pixels, `scale` per
    /// point) and returns the repainted region.
    package func paint(
        size: CGSize, scale: Double, pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
        bufferAge: Int
    ) -> PixelRegion {
        graph.size = size
        if graph.environment.displayScale != scale { graph.environment.displayScale = scale }
        renderer.images.scale = scale
        let started = ProcessInfo.processInfo.systemUptime
        var list = graph.update()
        let laidOut = ProcessInfo.processInfo.systemUptime
        lastTimings = ((laidOut - started) * 1000, 0)
        // Images this layout showed for the first time, within the budget, are drawn in this frame: wait for their
        // decodes (started by the layout, in parallel).
        if renderer.images.settle() {
            LaunchPhases.imagesWaited((ProcessInfo.processInfo.systemUptime - laidOut) * 1000)
        }
        // The inspector changes with every event: while it shows, every frame is repainted whole.
        let overlayItems = overlay?.inspectorOverlay() ?? []
        if !overlayItems.isEmpty || overlayWasDrawn { lastSize = nil }
        overlayWasDrawn = !overlayItems.isEmpty
        // Appending nothing would still copy the items the graph shares with `list`.
        if !overlayItems.isEmpty { list.items += overlayItems }
        let extraItems = extraOverlay?(size) ?? []
        if !extraItems.isEmpty { list.items += extraItems }
        let hasOverlays = !overlayItems.isEmpty || !extraItems.isEmpty
        // The graph compared its list with the one before: when that is the one painted, its damage is this
        // frame's (the comparison is made once per frame).
        let graphDamage =
            !hasOverlays && !painted.hadOverlays && graph.displayListNumber == painted.number + 1
            ? graph.damage : nil
        painted = (graph.displayListNumber, hasOverlays)
        let full = PixelBox(x: 0, y: 0, width: width, height: height)
        var frameDamage = PixelRegion()
        if lastSize.map({ $0 != (width, height) }) ?? true {
            history = DamageHistory()  // a new size: older buffers hold nothing useful
            frameDamage = PixelRegion(full)
        } else {
            for rect in graphDamage ?? list.damage(since: paintedList) {
                frameDamage.formUnion(Self.pixelBox(rect, scale: scale))
            }
            frameDamage.formIntersection(full)
        }
        lastSize = (width, height)
        // Nothing changed: the window commits nothing, so this frame must not enter the history either
        // (buffer ages count committed frames only).
        // (Unchanged, the list counts as painted: it draws what the buffer shows.)
        paintedList = list
        if frameDamage.isEmpty { return PixelRegion() }
        let region = history.repaintRegion(frameDamage: frameDamage, bufferAge: bufferAge, fullFrame: full)
        if !region.isEmpty,
            let canvas = try? RasterCanvas(
                pixels: pixels, width: width, height: height, stride: stride, scale: scale,
                workspace: workspace)
        {
            let renderStart = ProcessInfo.processInfo.systemUptime
            renderer.render(list, into: canvas, region: region)
            lastTimings.render = (ProcessInfo.processInfo.systemUptime - renderStart) * 1000
        }
        history.record(frameDamage)
        return region
    }

    /// The device pixels a rectangle in points may touch, with a pixel of margin for anti-aliasing.
    static func pixelBox(_ rect: CGRect, scale: Double) -> PixelBox {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
            return PixelBox(
                x0: Int(Int32.min / 2), y0: Int(Int32.min / 2), x1: Int(Int32.max / 2), y1: Int(Int32.max / 2))
        }
        let clamp = { (value: Double) in Int(max(-1e9, min(1e9, value))) }
        return PixelBox(
            x0: clamp((rect.minX * scale).rounded(.down)) - 1, y0: clamp((rect.minY * scale).rounded(.down)) - 1,
            x1: clamp((rect.maxX * scale).rounded(.up)) + 1, y1: clamp((rect.maxY * scale).rounded(.up)) + 1)
    }
}

/// Turns the many frame requests of one main-queue turn into one `display` at its end: state is announced
/// before it changes (objectWillChange), and one event may write many times. `display` learns whether any of the
/// requests answered input (such a frame need not wait for the compositor's frame callback).
@MainActor
final class CoalescedFrameRequest {
    private var isPending = false
    private var answersInput = false
    private let display: @MainActor (_ answeringInput: Bool) -> Void

    init(display: @escaping @MainActor (_ answeringInput: Bool) -> Void) { self.display = display }

    func request(answeringInput: Bool = false) {
        answersInput = answersInput || answeringInput
        guard !isPending else { return }
        isPending = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                let answeringInput = self.answersInput
                self.isPending = false
                self.answersInput = false
                self.display(answeringInput)
            }
        }
    }
}
