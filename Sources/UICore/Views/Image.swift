import Foundation

/// Where an image's pixels come from. The host loads them; UICore only needs the natural size.
package enum ImageSource: Hashable, Sendable, CustomStringConvertible {
    /// A named image of the app (`Image("Landscape")`): an image set of its asset catalogs, else a file in its
    /// resources; `bundle` is a bundle's folder (`nil`: the app's own).
    case resource(String, bundle: String? = nil)
    /// A file path (`Image("/usr/share/pixmaps/x.png")`: names containing a slash are paths).
    case file(String)
    /// A named symbol (`Image(systemName:)`).
    case system(String)
    package var description: String {
        switch self {
        case .resource(let n, nil): return "resource:\(n)"
        case .resource(let n, let bundle?): return "resource:\(n) in \(bundle)"
        case .file(let p): return "file:\(p)"
        case .system(let n): return "system:\(n)"
        }
    }
}

/// Supplies images' natural sizes in points (the host's image loader in the app).
@MainActor
package protocol ImageSizeProvider: AnyObject {
    /// The natural size of `source`, or `nil` if it cannot be loaded (it then lays out as 0×0).
    func size(of source: ImageSource) -> CGSize?
    /// Whether `source` asks to be drawn as a template (an asset catalog's `template-rendering-intent`).
    func isTemplate(_ source: ImageSource) -> Bool
    /// Whether `source` is still being decoded (its size is its header's; nothing is drawn yet).
    func isDecoding(_ source: ImageSource) -> Bool
}

extension ImageSizeProvider {
    package func isTemplate(_ source: ImageSource) -> Bool { false }
    package func isDecoding(_ source: ImageSource) -> Bool { false }
}

/// Knows no images: every image is missing. The default until a host supplies its loader.
@MainActor
package final class NoImageSizes: ImageSizeProvider {
    package init() {}
    package func size(of source: ImageSource) -> CGSize? { nil }
}

/// A fixed table of image sizes (tests, or a host that preloads its resources).
@MainActor
package final class FixedImageSizes: ImageSizeProvider {
    package var sizes: [ImageSource: CGSize]
    package init(_ sizes: [ImageSource: CGSize]) { self.sizes = sizes }
    package func size(of source: ImageSource) -> CGSize? { sizes[source] }
}

/// An image: its natural size unless made resizable.
public struct Image: View, Hashable {
    /// How a resizable image fills its frame.
    public enum ResizingMode: Hashable, Sendable { case tile, stretch }
    /// Sampling quality when scaled.
    public enum Interpolation: Hashable, Sendable { case none, low, medium, high }
    /// Whether the image's colours are kept or replaced by the foreground style.
    public enum TemplateRenderingMode: Hashable, Sendable { case original, template }

    package let source: ImageSource
    package var resizingMode: ResizingMode?
    package var capInsets = EdgeInsets()
    package var interpolation: Interpolation = .high
    package var renderingMode: TemplateRenderingMode?
    package var symbolRenderingMode: SymbolRenderingMode?

    /// An image set of the app's asset catalog (or of `bundle`'s), else a resource file; a name containing a
    /// slash that is no image set (`"Icons/Star"` in a namespaced group is one) is a file path.
    public init(_ name: String, bundle: Bundle? = nil) {
        // A Character, not a String: Foundation's substring search allocates on every body evaluation.
        source = name.contains("/" as Character) ? .file(name) : .resource(name, bundle: bundle?.bundleURL.path)
    }
    /// A named image ignored by accessibility.
    public init(decorative name: String, bundle: Bundle? = nil) { self.init(name, bundle: bundle) }
    /// A symbol image.
    public init(systemName: String) {
        source = .system(systemName)
        renderingMode = .template
    }

    /// This image scaled to its frame.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var i = self
        i.resizingMode = resizingMode
        i.capInsets = capInsets
        return i
    }
    /// This image sampled with `interpolation`.
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var i = self
        i.interpolation = interpolation
        return i
    }
    /// This image drawn in its own colours or as a template in the foreground style.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image {
        var i = self
        i.renderingMode = renderingMode
        return i
    }
    /// This image with or without anti-aliasing (kept for source compatibility).
    public func antialiased(_ isAntialiased: Bool) -> Image { self }

    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Image, into builder: _ViewNodeBuilder) {
        let node = builder.node(ImageNode.self) { ImageNode(graph: builder.graph, environment: builder.environment) }
        node.update(image: view, environment: builder.environment)
    }
}

/// The node of an `Image`.
@MainActor
package final class ImageNode: ViewNode {
    // A leaf: no children to ask for traits or guides.
    package override var layoutPriority: Double { 0 }
    package override var zIndex: Double { 0 }
    package override var cachesRendering: Bool { false }

    private var image: Image?
    private var tint: Paint?
    /// A symbol image's outline, size and weight (`nil` for other images).
    private var symbol: SymbolImage?

    /// The image's decode ended: it draws now, or (when decoding failed) its placeholder does.
    package func imageDidDecode(_ source: ImageSource) {
        guard let image, image.source == source else { return }
        update(image: image, environment: environment)
        invalidate()
    }

    package func update(image: Image, environment: EnvironmentValues) {
        var newSymbol = image.symbolName.map { SymbolImage(systemName: $0, environment: environment) }
        // A missing image draws as an unknown symbol does (its loader reported it), so the gap is visible.
        if newSymbol == nil, graph.imageSizeProvider.size(of: image.source) == nil {
            newSymbol = SymbolImage(placeholderIn: environment)
        }
        // Symbols are always templates: their outlines have no colours of their own.
        let isTemplate =
            newSymbol != nil || image.renderingMode == .template
            || (image.renderingMode == nil && graph.imageSizeProvider.isTemplate(image.source))
        let newTint =
            isTemplate
            ? (environment.foregroundStyle ?? AnyShapeStyle(ForegroundStyle()))._paint(
                in: CGRect(x: 0, y: 0, width: 1, height: 1), environment: environment)
            : nil
        let changed = image != self.image || newTint != tint || newSymbol != symbol
        self.image = image
        tint = newTint
        symbol = newSymbol
        self.environment = environment
        if changed { invalidate() }
    }

    package var naturalSize: CGSize {
        if let symbol { return CGSize(width: symbol.side, height: symbol.side) }
        return image.flatMap { graph.imageSizeProvider.size(of: $0.source) } ?? .zero
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let natural = naturalSize
        guard image?.resizingMode != nil else { return natural }
        return CGSize(width: proposal.width ?? natural.width, height: proposal.height ?? natural.height)
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        // A symbol sits on the text baseline as a glyph does (a resizable one, as any image, on its bottom).
        guard let symbol, image?.resizingMode == nil,
            key.id == BuiltInGuide.firstBaseline || key.id == BuiltInGuide.lastBaseline
        else { return nil }
        return symbol.baseline
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        guard let image else { return }
        let frame = CGRect(origin: origin, size: size)
        if let symbol {
            output.items.append(
                contentsOf: symbol.items(in: frame, paint: tint ?? .color(RGBA(red: 0, green: 0, blue: 0))))
            output.hits.append(HitTestNode(identity: identity, frame: frame, shape: nil, name: "Image"))
            return
        }
        output.items.append(
            .image(
                ImageOperation(
                    source: image.source, frame: frame, resizingMode: image.resizingMode ?? .stretch,
                    interpolation: image.interpolation, tint: tint)))
        output.hits.append(HitTestNode(identity: identity, frame: frame, shape: nil, name: "Image"))
    }
}
