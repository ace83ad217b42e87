import Foundation

extension Image {
    /// The symbol name of an `Image(systemName:)`.
    package var symbolName: String? {
        if case .system(let name) = source { return name }
        return nil
    }
    package var isSymbol: Bool { symbolName != nil }
}

/// A symbol image resolved in its environment: the outline for the name and variants, sized and weighted by the
/// font as SF Symbols are. The outline's 16-point box scales to `side`: the font's point size × 1.1 (a medium
/// SF Symbol is a little taller than the font's size) × the image scale; its centre sits at half the cap height
/// above the baseline, so symbols line up with the capitals of text beside them.
package struct SymbolImage: Hashable {
    package var outline: SymbolOutline
    /// The side of the square the symbol takes, in points.
    package var side: CGFloat
    /// The baseline's distance from the top, in points.
    package var baseline: CGFloat
    /// The width of the outline stroke drawn around the shapes to make them bolder, in box units.
    package var boldening: CGFloat

    /// The cap height of the UI font as a fraction of its point size (Inter's, close to SF Pro's 0.705).
    package static let capHeightRatio: CGFloat = 0.727
    /// How much bigger than the font's point size a medium symbol is.
    package static let sizeRatio: CGFloat = 1.1

    @MainActor
    package init(systemName name: String, environment: EnvironmentValues) {
        self.init(
            outline: SymbolCatalog.outline(systemName: name, variants: environment.symbolVariants)
                ?? SymbolCatalog.placeholder(forUnknown: name), environment: environment)
    }

    /// The unknown-symbol outline at the symbol size, for an image that cannot be found (already reported).
    @MainActor
    package init(placeholderIn environment: EnvironmentValues) {
        self.init(outline: SymbolCatalog.placeholderOutline, environment: environment)
    }

    @MainActor
    private init(outline: SymbolOutline, environment: EnvironmentValues) {
        self.outline = outline
        let font = environment.resolvedFont(nil)
        let size = font.size.isFinite && font.size > 0 ? font.size : 17
        side = (size * Self.sizeRatio * environment.imageScale.factor).rounded()
        baseline = side / 2 + size * Self.capHeightRatio / 2
        boldening = Self.boldening(for: font.weight)
    }

    /// Bootstrap Icons have one weight, about SF Symbols' light: heavier weights add an outline stroke (in box units).
    package static func boldening(for weight: Font.Weight) -> CGFloat {
        switch weight.value {
        case ..<350: return 0
        case ..<450: return 0.3
        case ..<550: return 0.5
        case ..<650: return 0.7
        case ..<750: return 0.9
        case ..<850: return 1.15
        default: return 1.4
        }
    }

    /// The display items drawing the symbol stretched over `frame` in `paint`.
    package func items(in frame: CGRect, paint: Paint) -> [DisplayItem] {
        let scaleX = frame.width / SymbolOutline.boxSize
        let scaleY = frame.height / SymbolOutline.boxSize
        guard scaleX.isFinite, scaleY.isFinite, scaleX > 0, scaleY > 0 else { return [] }
        let transform = CGAffineTransform(a: scaleX, b: 0, c: 0, d: scaleY, tx: frame.minX, ty: frame.minY)
        // A translucent colour is drawn opaque inside an opacity layer, so the strokes over the fills do not double it.
        var drawPaint = paint
        var opacity: Double?
        if boldening > 0, case .color(var color) = paint, color.opacity < 1 {
            opacity = color.opacity
            color.opacity = 1
            drawPaint = .color(color)
        }
        let lineWidth = boldening * min(scaleX, scaleY)
        var items: [DisplayItem] = []
        for shape in outline.shapes {
            let path = shape.path.applying(transform)
            items.append(
                .fill(
                    FillOperation(path: path, primitive: nil, paint: drawPaint, eoFill: shape.eoFill, antialiased: true)
                ))
            if lineWidth > 0 {
                items.append(
                    .stroke(
                        StrokeOperation(
                            path: path, primitive: nil, paint: drawPaint,
                            style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round),
                            antialiased: true)))
            }
        }
        if let opacity { return [.layer(DisplayLayer(effect: .opacity(opacity), items: items))] }
        return items
    }
}
