import CoreGraphics
import Foundation
@_spi(Engine) import UICore

/// What a `Canvas` draws with: fills, strokes, text, images and symbols, each drawn through the context's
/// current transform, opacity, blend mode, clip and filters (which apply to every later operation on its own).
///
/// A context is a value: copies (and the contexts of `drawLayer`) keep their own state but draw into the same
/// canvas.
public struct GraphicsContext {
    /// Where drawing operations go: the display items of the canvas or of a layer being drawn.
    package final class Recorder {
        package var items: [DisplayItem] = []
        package let services: CanvasServices
        package init(services: CanvasServices) { self.services = services }
    }

    package let recorder: Recorder
    /// Canvas points ▸ window points (the canvas's origin included).
    private var deviceTransform: CGAffineTransform
    private let canvasOrigin: CGPoint
    /// Clips and masks in window points, outermost first.
    private var clips: [LayerEffect] = []
    private var filters: [LayerEffect] = []

    /// The opacity of later drawing operations (multiplied with the colours' own).
    public var opacity: Double = 1
    /// How later drawing operations composite.
    public var blendMode: BlendMode = .normal
    /// The environment of the canvas.
    public var environment: EnvironmentValues { recorder.services.environment }

    package init(recorder: Recorder, origin: CGPoint) {
        self.recorder = recorder
        canvasOrigin = origin
        deviceTransform = CGAffineTransform(translationX: origin.x, y: origin.y)
    }

    // MARK: Transform

    /// Canvas coordinates ▸ the canvas's original coordinates.
    public var transform: CGAffineTransform {
        get { deviceTransform.concatenating(CGAffineTransform(translationX: -canvasOrigin.x, y: -canvasOrigin.y)) }
        set {
            deviceTransform = newValue.concatenating(CGAffineTransform(translationX: canvasOrigin.x, y: canvasOrigin.y))
        }
    }
    public mutating func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    public mutating func rotate(by angle: Angle) {
        concatenate(CGAffineTransform(rotationAngle: CGFloat(angle.radians)))
    }
    /// Applies `matrix` before the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) {
        deviceTransform = matrix.concatenating(deviceTransform)
    }

    // MARK: Clipping

    /// Later drawing shows only inside `path` (or outside it, with `.inverse`).
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        guard path.hasOnlyFinitePoints else {
            InvalidValueLog.report("canvas-clip", "Canvas: clip(to:) with a non-finite point; the clip is empty")
            clips.append(.clip(Path(), eoFill: false))
            return
        }
        let device = path.applying(deviceTransform)
        if options.contains(.inverse) {
            var outside = Path(Self.everywhere)
            outside.addPath(device)
            clips.append(.clip(outside, eoFill: true))
        } else {
            clips.append(.clip(device, eoFill: style.isEOFilled))
        }
    }

    /// Later drawing shows only where `content` draws (by its alpha, times `opacity`).
    public mutating func clipToLayer(
        opacity: Double = 1, options: ClipOptions = ClipOptions(),
        content: (inout GraphicsContext) throws -> Void
    ) rethrows {
        var layer = sublayerContext()
        try content(&layer)
        var mask = layer.recorder.items
        if opacity < 1 { mask = [.layer(DisplayLayer(effect: .opacity(max(0, opacity)), items: mask))] }
        if options.contains(.inverse) {
            mask = [.layer(DisplayLayer(effect: .blend(.destinationOut), items: mask))]
            mask.insert(
                .fill(
                    FillOperation(
                        path: Path(Self.everywhere), primitive: .rect(Self.everywhere),
                        paint: .color(RGBA(red: 0, green: 0, blue: 0)),
                        eoFill: false, antialiased: false)), at: 0)
            mask = [.layer(DisplayLayer(effect: .compositingGroup, items: mask))]
        }
        clips.append(.mask(mask))
    }

    /// The region clips can reach, in window points: far beyond any window, small enough for the rasterizer.
    private static let everywhere = CGRect(x: -16384, y: -16384, width: 32768, height: 32768)

    /// An approximation of the clip's bounding rectangle, in canvas coordinates.
    public var clipBoundingRect: CGRect {
        var bounds = CGRect(origin: .zero, size: recorder.services.size).applying(
            CGAffineTransform(translationX: canvasOrigin.x, y: canvasOrigin.y))
        for clip in clips {
            if case .clip(let path, false) = clip { bounds = bounds.intersection(path.boundingRect) }
        }
        return bounds.applying(deviceTransform.inverted())
    }

    // MARK: Filters

    /// Applies `filter` to each later drawing operation.
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        guard filter.isFinite else {
            InvalidValueLog.report("canvas-filter", "Canvas: a filter with a NaN or infinite value is left out")
            return
        }
        filters.append(filter.layerEffect)
    }

    // MARK: Layers

    /// Draws `content` into a new layer, then composites the layer as one image with this context's opacity,
    /// blend mode, filters and clip.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = sublayerContext()
        try content(&layer)
        emit(.layer(DisplayLayer(effect: .compositingGroup, items: layer.recorder.items)))
    }

    /// A context drawing into a new list with this one's transform and nothing else of its state.
    private func sublayerContext() -> GraphicsContext {
        var context = GraphicsContext(recorder: Recorder(services: recorder.services), origin: canvasOrigin)
        context.deviceTransform = deviceTransform
        return context
    }

    // MARK: Shapes

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        guard checkedPath(path) else { return }
        let paint = shading.paint(in: path.boundingRect, environment: environment)
        if let offset = translationOnly {
            emit(
                .fill(
                    FillOperation(
                        path: path.offsetBy(dx: offset.x, dy: offset.y), primitive: nil,
                        paint: paint.offsetBy(dx: offset.x, dy: offset.y),
                        eoFill: style.isEOFilled, antialiased: style.isAntialiased)))
        } else {
            emit(
                transformed(
                    .fill(
                        FillOperation(
                            path: path, primitive: nil, paint: paint, eoFill: style.isEOFilled,
                            antialiased: style.isAntialiased))))
        }
    }

    /// Strokes `path` with `shading` and `style`.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard checkedPath(path) else { return }
        guard style.lineWidth.isFinite, style.miterLimit.isFinite, style.dashPhase.isFinite,
            style.dash.allSatisfy(\.isFinite)
        else {
            InvalidValueLog.report("canvas-stroke", "Canvas: a stroke style with a NaN or infinite value draws nothing")
            return
        }
        let paint = shading.paint(in: path.boundingRect, environment: environment)
        if let offset = translationOnly {
            emit(
                .stroke(
                    StrokeOperation(
                        path: path.offsetBy(dx: offset.x, dy: offset.y), primitive: nil,
                        paint: paint.offsetBy(dx: offset.x, dy: offset.y), style: style, antialiased: true)))
        } else {
            emit(
                transformed(
                    .stroke(StrokeOperation(path: path, primitive: nil, paint: paint, style: style, antialiased: true)))
            )
        }
    }

    /// Strokes `path` with `shading`, `lineWidth` wide.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    // MARK: Text, images and symbols

    /// Text with the canvas's environment applied, ready to measure and draw.
    public func resolve(_ text: Text) -> ResolvedText {
        let (content, font, color) = recorder.services.resolveText(text)
        let shading: Shading = color.map { .color($0) } ?? .foreground
        return ResolvedText(content: content, font: font, services: recorder.services, shading: shading)
    }

    /// An image with the canvas's environment applied, ready to measure and draw.
    public func resolve(_ image: Image) -> ResolvedImage {
        recorder.services.resolveImage(image)
    }

    /// The view of the canvas's `symbols` tagged `id`, if there is one.
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
        recorder.services.symbol(AnyHashable(id))
    }

    /// The rect of `size` whose `anchor` lies at `point`.
    private static func rect(of size: CGSize, placing anchor: UnitPoint, at point: CGPoint) -> CGRect {
        CGRect(
            x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height, width: size.width,
            height: size.height)
    }

    /// Draws text so that its `anchor` lies at `point`.
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(
            text,
            in: Self.rect(
                of: text.measure(in: CGSize(width: CGFloat.infinity, height: .infinity)), placing: anchor, at: point))
    }

    /// Draws text inside `rect`, wrapping at its width.
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        guard Self.isFinite(rect) else { return reportBadRect() }
        let paint = text.shading.paint(in: rect, environment: environment)
        let lines = max(1, Int((rect.height + 0.001) / text.font.lineHeight))
        let operation = TextOperation(
            string: text.content, font: text.font, paint: paint, frame: rect, alignment: .leading, lineLimit: lines)
        if let offset = translationOnly {
            var moved = operation
            moved.frame = rect.offsetBy(dx: offset.x, dy: offset.y)
            moved.paint = paint.offsetBy(dx: offset.x, dy: offset.y)
            emit(.text(moved))
        } else {
            emit(transformed(.text(operation)))
        }
    }

    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(text), at: point, anchor: anchor)
    }
    public func draw(_ text: Text, in rect: CGRect) { draw(resolve(text), in: rect) }

    /// Draws an image at its size so that its `anchor` lies at `point`.
    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(image, in: Self.rect(of: image.size, placing: anchor, at: point))
    }

    /// Draws an image stretched into `rect`.
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        guard Self.isFinite(rect) else { return reportBadRect() }
        let tint = image.shading?.paint(in: rect, environment: environment)
        var items: [DisplayItem]
        if let symbolItems = image.symbolItems {
            items = symbolItems(rect, tint ?? .color(RGBA(red: 0, green: 0, blue: 0)))
        } else {
            items = [
                .image(
                    ImageOperation(
                        source: image.source, frame: rect, resizingMode: .stretch,
                        interpolation: image.interpolation, tint: tint))
            ]
        }
        if image.symbolItems == nil, let offset = translationOnly, case .image(var operation) = items[0] {
            operation.frame = rect.offsetBy(dx: offset.x, dy: offset.y)
            operation.tint = tint?.offsetBy(dx: offset.x, dy: offset.y)
            items = [.image(operation)]
            emit(items[0])
            return
        }
        emit(.layer(DisplayLayer(effect: .transform(deviceTransform), items: items)))
    }

    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(resolve(image), at: point, anchor: anchor)
    }
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        draw(resolve(image), in: rect, style: style)
    }

    /// Draws a symbol at its size so that its `anchor` lies at `point`.
    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(symbol, in: Self.rect(of: symbol.size, placing: anchor, at: point))
    }

    /// Draws a symbol scaled into `rect`.
    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {
        guard Self.isFinite(rect) else { return reportBadRect() }
        guard symbol.size.width > 0, symbol.size.height > 0 else { return }
        // The symbol's items are drawn at its own origin (0, 0): scale and move them into `rect`.
        let placement = CGAffineTransform(scaleX: rect.width / symbol.size.width, y: rect.height / symbol.size.height)
            .concatenating(CGAffineTransform(translationX: rect.minX, y: rect.minY))
        emit(.layer(DisplayLayer(effect: .transform(placement.concatenating(deviceTransform)), items: symbol.items)))
    }

    // MARK: Recording

    /// The translation of the transform when it is one (so items can be moved instead of wrapped).
    private var translationOnly: CGPoint? {
        let t = deviceTransform
        return t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1 ? CGPoint(x: t.tx, y: t.ty) : nil
    }

    private func transformed(_ item: DisplayItem) -> DisplayItem {
        .layer(DisplayLayer(effect: .transform(deviceTransform), items: [item]))
    }

    private func checkedPath(_ path: Path) -> Bool {
        guard path.hasOnlyFinitePoints, Self.isFinite(deviceTransform) else {
            InvalidValueLog.report(
                "canvas-path", "Canvas: a path or transform with a NaN or infinite value draws nothing")
            return false
        }
        return true
    }

    private func reportBadRect() {
        InvalidValueLog.report("canvas-rect", "Canvas: a rectangle with a NaN or infinite value draws nothing")
    }

    private static func isFinite(_ rect: CGRect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
    }
    private static func isFinite(_ t: CGAffineTransform) -> Bool {
        [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite)
    }

    /// Appends one drawing operation, wrapped in this context's filters, opacity, blend mode and clips.
    private func emit(_ item: DisplayItem) {
        guard Self.isFinite(deviceTransform) else {
            InvalidValueLog.report(
                "canvas-path", "Canvas: a path or transform with a NaN or infinite value draws nothing")
            return
        }
        var wrapped = item
        for filter in filters { wrapped = .layer(DisplayLayer(effect: filter, items: [wrapped])) }
        if !opacity.isFinite {
            InvalidValueLog.report("canvas-opacity", "Canvas: a NaN or infinite opacity draws nothing")
            return
        }
        if opacity < 1 {
            guard opacity > 0 else { return }
            wrapped = .layer(DisplayLayer(effect: .opacity(opacity), items: [wrapped]))
        }
        if blendMode != .normal {
            wrapped = .layer(DisplayLayer(effect: .blend(blendMode.viewBlendMode), items: [wrapped]))
        }
        for clip in clips.reversed() { wrapped = .layer(DisplayLayer(effect: clip, items: [wrapped])) }
        recorder.items.append(wrapped)
    }
}

extension GraphicsContext {
    /// Text resolved in a canvas's environment.
    public struct ResolvedText {
        package let content: String
        package let font: Font.Resolved
        package let services: CanvasServices
        /// The colour or pattern the text is drawn in.
        public var shading: Shading

        private func measured(_ size: CGSize) -> TextMeasurement {
            services.measure(content, font, size.width.isFinite ? size.width : nil)
        }
        /// The text's size when wrapped to fit `size`'s width.
        public func measure(in size: CGSize) -> CGSize { measured(size).size }
        /// The distance from the top to the first line's baseline.
        public func firstBaseline(in size: CGSize) -> CGFloat { measured(size).firstBaseline }
        /// The distance from the top to the last line's baseline.
        public func lastBaseline(in size: CGSize) -> CGFloat { measured(size).lastBaseline }
    }

    /// An image resolved in a canvas's environment.
    public struct ResolvedImage {
        package let source: ImageSource
        package let interpolation: Image.Interpolation
        /// For a symbol: its outline's items stretched over a frame, in a paint.
        package let symbolItems: ((CGRect, Paint) -> [DisplayItem])?
        /// The image's size in points.
        public let size: CGSize
        /// The distance from the top to the image's baseline.
        public let baseline: CGFloat
        /// The colour of a template image or symbol (`nil` for an image drawn in its own colours).
        public var shading: Shading?
    }

    /// A view of a canvas's `symbols`, rendered.
    public struct ResolvedSymbol {
        /// The symbol's size.
        public let size: CGSize
        /// The symbol's display items with its top-leading corner at (0, 0).
        package let items: [DisplayItem]
    }
}

/// What a canvas's contexts need from the graph: measuring text, resolving text and images, rendering symbols.
/// A canvas draws on the main thread; these closures are made there and run there.
package final class CanvasServices {
    package let environment: EnvironmentValues
    package let size: CGSize
    package let measure: (String, Font.Resolved, CGFloat?) -> TextMeasurement
    package let resolveText: (Text) -> (content: String, font: Font.Resolved, color: Color?)
    package let resolveImage: (Image) -> GraphicsContext.ResolvedImage
    package let symbol: (AnyHashable) -> GraphicsContext.ResolvedSymbol?

    package init(
        environment: EnvironmentValues, size: CGSize,
        measure: @escaping (String, Font.Resolved, CGFloat?) -> TextMeasurement,
        resolveText: @escaping (Text) -> (content: String, font: Font.Resolved, color: Color?),
        resolveImage: @escaping (Image) -> GraphicsContext.ResolvedImage,
        symbol: @escaping (AnyHashable) -> GraphicsContext.ResolvedSymbol?
    ) {
        self.environment = environment
        self.size = size
        self.measure = measure
        self.resolveText = resolveText
        self.resolveImage = resolveImage
        self.symbol = symbol
    }
}
