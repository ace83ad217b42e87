import Foundation

/// Geometry of a `GeometryReader` for its content closure.
public struct GeometryProxy {
    /// The reader's size.
    public let size: CGSize
    /// How far the unsafe areas reach into the reader's frame on each edge.
    public let safeAreaInsets: EdgeInsets
    package let frameInWindow: CGRect
    package let namedSpaces: [AnyHashable: CGRect]

    /// The reader's frame in `coordinateSpace`.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .local: return CGRect(origin: .zero, size: size)
        case .global: return frameInWindow
        case .named(let name):
            guard let space = namedSpaces[name] else { return frameInWindow }
            return frameInWindow.offsetBy(dx: -space.minX, dy: -space.minY)
        }
    }
    /// The reader's frame in a named coordinate space.
    public func frame(in space: NamedCoordinateSpace) -> CGRect { frame(in: .named(space.name)) }
    /// The bounds of a named coordinate space in the reader's own coordinates.
    public func bounds(of coordinateSpace: NamedCoordinateSpace) -> CGRect? {
        namedSpaces[coordinateSpace.name].map { $0.offsetBy(dx: -frameInWindow.minX, dy: -frameInWindow.minY) }
    }
}

/// A container whose content is built from its own size: it takes the whole proposal
/// (0 where unspecified) and places its content at its top-leading corner.
public struct GeometryReader<Content: View>: View {
    package let content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(GeometryReaderNode.self) {
            GeometryReaderNode(graph: builder.graph, environment: builder.environment)
        }
        node.environment = builder.environment
        node.setContent { proxy, childBuilder in makeNodes(view.content(proxy), into: childBuilder) }
    }
}

/// The node of a `GeometryReader`: builds its content during placement, when its geometry is known,
/// and again whenever that geometry or state read by the content closure changes.
@MainActor
package final class GeometryReaderNode: ViewNode, StateReader {
    private var makeContent: ((GeometryProxy, _ViewNodeBuilder) -> Void)?
    private var contentIsDirty = true
    private var lastProxyKey: [CGFloat] = []

    package func setContent(_ make: @escaping (GeometryProxy, _ViewNodeBuilder) -> Void) {
        makeContent = make
        // A new closure may capture new values: rebuild at the next placement.
        contentIsDirty = true
        invalidate()
    }

    package func stateDidChange() {
        guard !isRemoved else { return }
        contentIsDirty = true
        invalidate()
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: .zero)
    }

    package override func placeContent(in context: PlacementContext) {
        let frame = CGRect(origin: context.origin, size: size)
        let safe = context.safeArea
        let insets = EdgeInsets(
            top: max(0, min(size.height, safe.minY - frame.minY)),
            leading: max(0, min(size.width, safe.minX - frame.minX)),
            bottom: max(0, min(size.height, frame.maxY - safe.maxY)),
            trailing: max(0, min(size.width, frame.maxX - safe.maxX)))
        let proxy = GeometryProxy(
            size: size, safeAreaInsets: insets, frameInWindow: frame, namedSpaces: context.namedSpaces)
        let key = [
            frame.minX, frame.minY, frame.width, frame.height, insets.top, insets.leading, insets.bottom,
            insets.trailing,
        ]
        if contentIsDirty || key != lastProxyKey, let makeContent {
            contentIsDirty = false
            lastProxyKey = key
            graph.withPlacementBarrier(self) {
                ObservationBridge.track(self) {
                    graph.withReader(self) {
                        graph.rebuildChildren(of: self, environment: environment) { makeContent(proxy, $0) }
                    }
                }
            }
        }
        let proposal = ProposedViewSize(size)
        for child in layoutChildren { child.place(at: .zero, proposal: proposal, in: context) }
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }
    package override var debugName: String { "GeometryReader" }
}
