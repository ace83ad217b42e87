import CoreGraphics
import Foundation
@_spi(Engine) import UICore

/// A view drawn by a closure with a `GraphicsContext` (immediate-mode drawing: charts, clocks, particles).
/// It takes the space it is offered. Views in `symbols`, each tagged, can be drawn as many times as needed
/// with `context.resolveSymbol(id:)`.
public struct Canvas<Symbols: View>: View {
    public var symbols: Symbols
    public var renderer: (inout GraphicsContext, CGSize) -> Void
    /// Accepted: drawing happens with the rest of the window.
    public var isOpaque: Bool
    public var colorMode: ColorRenderingMode
    public var rendersAsynchronously: Bool

    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void, @ViewBuilder symbols: () -> Symbols
    ) {
        self.symbols = symbols()
        self.renderer = renderer
        isOpaque = opaque
        self.colorMode = colorMode
        self.rendersAsynchronously = rendersAsynchronously
    }

    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(CanvasNode.self) { CanvasNode(graph: builder.graph, environment: builder.environment) }
        node.environment = builder.environment
        node.setRenderer(view.renderer)
        let symbols = view.symbols
        builder.graph.rebuildChildren(of: node, environment: builder.environment) { makeNodes(symbols, into: $0) }
    }
}

extension Canvas where Symbols == EmptyView {
    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) {
        self.init(
            opaque: opaque, colorMode: colorMode, rendersAsynchronously: rendersAsynchronously, renderer: renderer
        ) { EmptyView() }
    }
}

/// The node of a `Canvas`: its children are the symbol views (laid out, drawn only through the context); the
/// renderer closure runs when the canvas is drawn, and again when state it reads changes.
@MainActor
package final class CanvasNode: ViewNode, StateReader {
    private var renderer: ((inout GraphicsContext, CGSize) -> Void)?

    package func setRenderer(_ renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {
        self.renderer = renderer
        // A new closure may capture new values.
        invalidateRender()
    }

    package func stateDidChange() {
        guard !isRemoved else { return }
        invalidateRender()
        graph.setNeedsUpdate()
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    package override func placeContent(in context: PlacementContext) {
        let proposal = ProposedViewSize(size)
        for child in layoutChildren { child.place(at: .zero, proposal: proposal, in: context) }
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        guard let renderer else { return }
        let services = makeServices()
        var context = GraphicsContext(recorder: GraphicsContext.Recorder(services: services), origin: origin)
        let size = self.size
        ObservationBridge.track(self) {
            graph.withReader(self) { renderer(&context, size) }
        }
        output.items.append(contentsOf: context.recorder.items)
        output.hits.append(
            HitTestNode(identity: identity, frame: CGRect(origin: origin, size: size), shape: nil, name: "Canvas"))
    }

    /// The graph's text measurer, image sizes and symbol views, for contexts that are not main-actor isolated
    /// (the renderer closure runs here, on the main thread).
    private func makeServices() -> CanvasServices {
        let symbolNodes = layoutChildren
        let environment = self.environment
        let measurer = graph.textMeasurer
        let images = graph.imageSizeProvider
        return CanvasServices(
            environment: environment, size: size,
            measure: { string, font, width in
                assumingMainActor { measurer.measure(string, font: font, maxWidth: width, lineLimit: nil) }
            },
            resolveText: { text in
                assumingMainActor { (text.content, text.resolvedFont(in: environment), text.color) }
            },
            resolveImage: { image in
                assumingMainActor {
                    let symbol = image.symbolName.map { SymbolImage(systemName: $0, environment: environment) }
                    let size =
                        symbol.map { CGSize(width: $0.side, height: $0.side) } ?? images.size(of: image.source) ?? .zero
                    let isTemplate = symbol != nil || image.renderingMode == .template
                    let items = symbol.map { symbol in
                        { (rect: CGRect, paint: Paint) in assumingMainActor { symbol.items(in: rect, paint: paint) } }
                    }
                    return GraphicsContext.ResolvedImage(
                        source: image.source, interpolation: image.interpolation, symbolItems: items,
                        size: size, baseline: symbol?.baseline ?? size.height,
                        shading: isTemplate ? .foreground : nil)
                }
            },
            symbol: { id in
                assumingMainActor {
                    guard let node = symbolNodes.first(where: { $0.tag == id }) else { return nil }
                    var rendered = RenderOutput()
                    node.render(at: .zero, into: &rendered)
                    return GraphicsContext.ResolvedSymbol(size: node.size, items: rendered.items)
                }
            })
    }

    package override var debugName: String { "Canvas" }
}
