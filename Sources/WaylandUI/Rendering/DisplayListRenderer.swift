import Foundation
import Raster
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

/// Draws UICore's display list with Raster: the one place where views become pixels.
///
/// Items are in window points; the canvas's transform already maps points to device pixels.
@MainActor
package final class DisplayListRenderer {
    package let text: TextSystem
    package let images: ImageStore
    /// The window background, drawn under everything (SwiftUI's system background).
    var background = PaintColor.white

    package init(text: TextSystem, images: ImageStore) {
        self.text = text
        self.images = images
    }

    /// Repaints `region` (device pixels) of `canvas` with `list`; everything outside it is left alone.
    func render(_ list: DisplayList, into canvas: RasterCanvas, region: PixelRegion) {
        canvas.withSavedState {
            canvas.clip(to: region)
            canvas.clear(background)
            draw(list.items, in: canvas)
        }
    }

    func draw(_ items: [DisplayItem], in canvas: RasterCanvas) {
        for item in items { draw(item, in: canvas) }
    }

    private func draw(_ item: DisplayItem, in canvas: RasterCanvas) {
        switch item {
        case .fill(let fill):
            let shape = Self.shape(of: fill)
            if case .material(let radius, let saturation, let tint) = fill.paint {
                canvas.fillBackdrop(
                    shape, blurSigma: Double(radius),
                    colorMatrix: saturation == 1 ? nil : ColorMatrix.saturation(saturation).rows,
                    tint: Self.color(tint))
            } else {
                canvas.fill(shape, with: Self.paint(fill.paint))
            }
        case .stroke(let stroke):
            canvas.stroke(
                Self.shape(stroke.path, primitive: stroke.primitive, eoFill: false),
                style: Self.strokeStyle(stroke.style),
                with: Self.paint(stroke.paint))
        case .text(let operation):
            draw(operation, in: canvas)
        case .image(let operation):
            draw(operation, in: canvas)
        case .layer(let layer):
            draw(layer, in: canvas)
        }
    }

    private func draw(_ operation: TextOperation, in canvas: RasterCanvas) {
        // Outside the repainted region (glyphs may overhang their frame by about a font size): no layout.
        guard canvas.mayDraw(in: operation.frame, margin: Double(operation.font.size)) else { return }
        do {
            let layout = try text.layout(
                operation.string, font: operation.font, width: operation.frame.width, alignment: operation.alignment)
            canvas.withSavedState {
                if operation.lineLimit != nil { canvas.clip(to: .rect(operation.frame)) }  // lines past the limit
                canvas.draw(layout, at: operation.frame.origin, with: Self.paint(operation.paint))
                for decoration in operation.decorations {
                    draw(decoration, of: layout, at: operation.frame.origin, in: canvas)
                }
            }
        } catch {
            text.reportOnce(error)
        }
    }

    /// An underline or strikethrough along each line's glyphs, as thick as the font says.
    private func draw(_ decoration: TextDecoration, of layout: TextLayout, at origin: CGPoint, in canvas: RasterCanvas)
    {
        let thickness = layout.decorationThickness
        let shift = decoration.position == .underline ? layout.underlineOffset : -layout.strikethroughOffset
        let paint = Self.paint(decoration.paint)
        for span in layout.lineSpans where span.width > 0 {
            let x = Double(origin.x) + span.x
            let y = Double(origin.y) + span.baseline + shift
            if decoration.dashes.isEmpty {
                canvas.fill(
                    .rect(CGRect(x: x, y: y - thickness / 2, width: span.width, height: thickness)), with: paint)
            } else {
                var line = RasterPath()
                line.move(to: CGPoint(x: x, y: y))
                line.addLine(to: CGPoint(x: x + span.width, y: y))
                let dash = decoration.dashes.map { Double($0) * thickness }
                canvas.stroke(
                    .path(line, .nonZero), style: RasterStrokeStyle(lineWidth: thickness, dash: dash), with: paint)
            }
        }
    }

    private func draw(_ operation: ImageOperation, in canvas: RasterCanvas) {
        guard operation.frame.width > 0, operation.frame.height > 0 else { return }
        guard let image = images.image(for: operation.source) else {
            // Still decoding: nothing yet (a frame is asked for when it is done).
            if !images.isDecoding(operation.source) { drawPlaceholder(in: operation.frame, canvas: canvas) }
            return
        }
        if let tint = operation.tint {
            // A template image: its alpha, painted in the tint.
            canvas.withLayer(bounds: operation.frame, mask: { $0.draw(image, in: operation.frame) }) {
                $0.fill(.rect(operation.frame), with: Self.paint(tint))
            }
        } else {
            canvas.draw(image, in: operation.frame)
        }
    }

    /// A missing image: a light grey box with a cross, so the layout stays visible.
    private func drawPlaceholder(in frame: CGRect, canvas: RasterCanvas) {
        canvas.fill(.rect(frame), with: .color(PaintColor(rgb8: 0xE5, 0xE5, 0xEA)))
        var cross = RasterPath()
        cross.move(to: CGPoint(x: frame.minX, y: frame.minY))
        cross.addLine(to: CGPoint(x: frame.maxX, y: frame.maxY))
        cross.move(to: CGPoint(x: frame.maxX, y: frame.minY))
        cross.addLine(to: CGPoint(x: frame.minX, y: frame.maxY))
        canvas.stroke(
            .path(cross, .nonZero), style: RasterStrokeStyle(lineWidth: 1),
            with: .color(PaintColor(rgb8: 0xAE, 0xAE, 0xB2)))
    }

    private func draw(_ layer: DisplayLayer, in canvas: RasterCanvas) {
        let bounds = DisplayList(items: layer.items).bounds
        switch layer.effect {
        case .opacity(let opacity):
            canvas.withLayer(opacity: opacity, bounds: Self.finite(bounds)) { draw(layer.items, in: $0) }
        case .clip(let path, let eoFill):
            draw(layer.items, maskedBy: Self.clipShape(path, eoFill: eoFill), bounds: bounds, in: canvas)
        case .mask(let maskItems):
            // Content seen through nothing (a mask faded out, as a scope or spotlight is while idle) is not drawn:
            // masking it would draw it whole into one window-sized layer and the mask into another.
            if Self.drawsNothing(maskItems) { return }
            if let shape = Self.opaqueShape(of: maskItems) {
                draw(layer.items, maskedBy: shape, bounds: bounds, in: canvas)
            } else {
                // Content outside the mask's bounds is masked away: the content and mask layers need cover only
                // where both draw (a small mask over a full-window image: layers of the mask's size).
                let visible = bounds.intersection(DisplayList(items: maskItems).bounds)
                guard !visible.isNull else { return }
                canvas.withLayer(bounds: Self.finite(visible), mask: { draw(maskItems, in: $0) }) {
                    draw(layer.items, in: $0)
                }
            }
        case .shadow(let color, let radius, let offset):
            // UICore's radius is the Gaussian's sigma; Raster's LayerShadow takes twice that.
            let shadow = LayerShadow(color: Self.color(color), radius: 2 * Double(radius), offset: offset)
            if let finite = Self.finite(bounds),
                let key = LocalContentKey.items(layer.items, relativeTo: finite.origin)
            {
                // The items relative to their place name the content, so a layer that only moves or turns keeps
                // its blurred shadow (see Raster).
                canvas.withLayer(shadow: shadow, bounds: finite, contentKey: key, keyOrigin: finite.origin) {
                    draw(layer.items, in: $0)
                }
            } else {
                canvas.withLayer(shadow: shadow, bounds: Self.finite(bounds)) { draw(layer.items, in: $0) }
            }
        case .transform(let transform):
            canvas.withSavedState {
                canvas.concatenate(
                    Transform2D(
                        a: transform.a, b: transform.b, c: transform.c, d: transform.d,
                        tx: transform.tx, ty: transform.ty))
                draw(layer.items, in: canvas)
            }
        case .blend(let mode):
            canvas.withLayer(bounds: Self.finite(bounds), blendMode: Self.blendMode(mode)) { draw(layer.items, in: $0) }
        case .compositingGroup:
            canvas.withLayer(bounds: Self.finite(bounds)) { draw(layer.items, in: $0) }
        case .blur(let radius, let opaque):
            canvas.withLayer(filter: .blur(sigma: Double(radius), opaque: opaque), bounds: Self.finite(bounds)) {
                draw(layer.items, in: $0)
            }
        case .colorMatrix(let matrix):
            canvas.withLayer(filter: .colorMatrix(matrix.rows), bounds: Self.finite(bounds)) {
                draw(layer.items, in: $0)
            }
        case .projection(let matrix):
            guard let bounds = Self.finite(bounds) else { return }
            canvas.withLayer(projection: matrix.rows.map(Double.init), bounds: bounds) { draw(layer.items, in: $0) }
        }
    }

    /// Draws `items` masked by the coverage of `shape`, as one group (SwiftUI masks and clips the composited
    /// subtree): the shape's anti-aliased coverage is the canvas clip that the group's layer is composited
    /// through, so only the shape's pixels are drawn, with the analytic coverage of discs and rounded rectangles.
    /// A single drawing item is its own group: it is drawn straight through the clip, without a layer.
    private func draw(_ items: [DisplayItem], maskedBy shape: RasterShape, bounds: CGRect, in canvas: RasterCanvas) {
        canvas.withSavedState {
            canvas.clip(to: shape)
            if items.count == 1, Self.drawsOnce(items[0]) {
                draw(items[0], in: canvas)
            } else {
                canvas.withLayer(bounds: Self.finite(bounds)) { draw(items, in: $0) }
            }
        }
    }

    /// Whether `items` leave every pixel untouched: nothing, fills of a clear colour, groups faded to 0, or effects
    /// of such (a colour matrix can make pixels from nothing, so it counts as drawing).
    static func drawsNothing(_ items: [DisplayItem]) -> Bool {
        items.allSatisfy { item in
            switch item {
            case .fill(let fill):
                if case .color(let color) = fill.paint { return color.opacity <= 0 }
                return false
            case .layer(let layer):
                switch layer.effect {
                case .opacity(let opacity) where opacity <= 0: return true
                case .colorMatrix: return false
                default: return drawsNothing(layer.items)
                }
            case .stroke, .text, .image: return false
            }
        }
    }

    /// The shape of a mask that is one opaque fill (a mask uses only alpha, so its colour does not matter).
    static func opaqueShape(of mask: [DisplayItem]) -> RasterShape? {
        guard mask.count == 1, case .fill(let fill) = mask[0], case .color(let color) = fill.paint,
            color.opacity >= 1
        else { return nil }
        return shape(of: fill)
    }

    /// A clip path that is a rectangle, a rounded rectangle or an ellipse as `Path` builds them (clipped frames,
    /// `clipShape(Circle())`, `clipShape(RoundedRectangle(…))`) gets the analytic coverage of that shape.
    static func clipShape(_ path: UICore.Path, eoFill: Bool) -> RasterShape {
        if let rect = rectangle(outlinedBy: path) { return .rect(rect) }
        let general = shape(path, primitive: nil, eoFill: eoFill)
        let r = path.boundingRect
        guard !r.isNull, r.width.isFinite, r.height.isFinite else { return general }
        var count = 0
        path.forEach { _ in count += 1 }
        switch count {
        case 6 where path == UICore.Path(ellipseIn: r): return .ellipse(r)
        case 10:
            var corner = CGSize.zero
            var index = 0
            path.forEach { element in
                if index == 0, case .move(let to) = element { corner.width = to.x - r.minX }
                if index == 2, case .curve(let to, _, _) = element { corner.height = to.y - r.minY }
                index += 1
            }
            guard path == UICore.Path(roundedRect: r, cornerSize: corner) else { return general }
            return .roundedRect(r, cornerWidth: Double(corner.width), cornerHeight: Double(corner.height))
        default: return general
        }
    }

    /// The rectangle `path` outlines, if it is one closed outline along the sides of a rectangle, from any corner
    /// in either direction (`Path(rect)`, and a window's outline with square corners, which starts at its bottom
    /// left): drawn and clipped with exact coverage instead of being scan-converted.
    private static func rectangle(outlinedBy path: UICore.Path) -> CGRect? {
        var points: [CGPoint] = []
        var isOutline = true
        path.forEach { element in
            guard isOutline else { return }
            switch element {
            case .move(let to): if points.isEmpty { points.append(to) } else { isOutline = false }
            case .line(let to): points.append(to)
            case .closeSubpath: break
            case .quadCurve, .curve: isOutline = false
            }
            if points.count > 5 { isOutline = false }
        }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard isOutline, points.count == 4, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        let r = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        let corners = [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY),
            CGPoint(x: r.minX, y: r.maxY),
        ]
        guard corners.allSatisfy(points.contains) else { return nil }
        let alongSides = points.indices.allSatisfy { i in
            let a = points[i]
            let b = points[(i + 1) % 4]
            return a.x == b.x || a.y == b.y
        }
        return alongSides ? r : nil
    }

    /// Items whose pixels are composited once each, so a clip gives what masking them as a group gives.
    private static func drawsOnce(_ item: DisplayItem) -> Bool {
        switch item {
        case .fill(let fill):
            if case .material = fill.paint { return false }  // the backdrop and the tint: two layers
            return true
        case .image(let image): return image.tint == nil
        case .stroke, .text, .layer: return false
        }
    }

    // MARK: - Conversions

    static func blendMode(_ mode: UICore.BlendMode) -> RasterBlendMode {
        switch mode {
        case .normal: .normal
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .colorDodge: .colorDodge
        case .colorBurn: .colorBurn
        case .softLight: .softLight
        case .hardLight: .hardLight
        case .difference: .difference
        case .exclusion: .exclusion
        case .hue: .hue
        case .saturation: .saturation
        case .color: .color
        case .luminosity: .luminosity
        case .sourceAtop: .sourceAtop
        case .destinationOver: .destinationOver
        case .destinationOut: .destinationOut
        case .plusLighter: .plusLighter
        case .plusDarker: .darken  // pixman has no plus-darker; darken is its nearest neighbour
        }
    }

    private static func finite(_ rect: CGRect) -> CGRect? {
        rect.isNull || rect.isInfinite || !rect.width.isFinite || !rect.height.isFinite ? nil : rect
    }

    /// A fill's shape; a path that outlines a rectangle (a custom shape's) fills as that rectangle. (Strokes keep
    /// their path: its joins are drawn as they are written.)
    static func shape(of fill: FillOperation) -> RasterShape {
        let primitive = fill.primitive ?? rectangle(outlinedBy: fill.path).map { .rect($0) }
        return shape(fill.path, primitive: primitive, eoFill: fill.eoFill)
    }

    static func shape(_ path: UICore.Path, primitive: PrimitiveShape?, eoFill: Bool) -> RasterShape {
        switch primitive {
        case .rect(let rect)?:
            return .rect(rect)
        case .ellipse(let rect)?:
            return .ellipse(rect)
        case .roundedRect(let rect, let corner, _)?:
            return .roundedRect(rect, cornerWidth: Double(corner.width), cornerHeight: Double(corner.height))
        case nil:
            var raster = RasterPath()
            path.forEach { element in
                switch element {
                case .move(let to): raster.move(to: to)
                case .line(let to): raster.addLine(to: to)
                case .quadCurve(let to, let control): raster.addQuadCurve(to: to, control: control)
                case .curve(let to, let control1, let control2):
                    raster.addCurve(to: to, control1: control1, control2: control2)
                case .closeSubpath: raster.closeSubpath()
                }
            }
            return .path(raster, eoFill ? .evenOdd : .nonZero)
        }
    }

    static func color(_ color: RGBA) -> PaintColor {
        PaintColor(red: color.red, green: color.green, blue: color.blue, alpha: color.opacity)
    }

    static func paint(_ paint: UICore.Paint) -> Raster.Paint {
        func stops(_ stops: [UICore.GradientStop], scale: Double = 1) -> [Raster.GradientStop] {
            stops.map { Raster.GradientStop(color: color($0.color), location: $0.location * scale) }
        }
        switch paint {
        case .color(let rgba):
            return .color(color(rgba))
        case .linearGradient(let list, let start, let end):
            return .linearGradient(stops(list), start: start, end: end)
        case .radialGradient(let list, let center, let startRadius, let endRadius):
            return .radialGradient(
                stops(list), center: center, startRadius: Double(startRadius), endRadius: Double(endRadius))
        case .ellipticalGradient(let list, let center, let size, let f0, let f1):
            return .ellipticalGradient(
                stops(list), center: center, startRadius: Double(f0), endRadius: Double(f1),
                scaleX: Double(size.width), scaleY: Double(size.height))
        case .material(_, _, let tint):
            // A material stroke or text: its tint (only fills show the blurred backdrop).
            return .color(color(tint))
        case .angularGradient(let list, let center, let startAngle, let endAngle):
            // Raster sweeps a full turn from the start: locations are rescaled to the swept fraction.
            let sweep = (endAngle.radians - startAngle.radians) / (2 * .pi)
            return .angularGradient(stops(list, scale: sweep), center: center, startAngle: startAngle.radians)
        }
    }

    static func strokeStyle(_ style: StrokeStyle) -> RasterStrokeStyle {
        let cap: LineCap =
            switch style.lineCap {
            case .butt: .butt
            case .round: .round
            case .square: .square
            }
        let join: LineJoin =
            switch style.lineJoin {
            case .miter: .miter
            case .round: .round
            case .bevel: .bevel
            }
        return RasterStrokeStyle(
            lineWidth: Double(style.lineWidth), lineCap: cap, lineJoin: join, miterLimit: Double(style.miterLimit),
            dash: style.dash.map(Double.init), dashPhase: Double(style.dashPhase))
    }
}
