import Foundation

extension View {
    /// A frame of fixed `width` and/or `height` (unspecified dimensions take the child's), with the
    /// child aligned inside it.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        wrapped(in: AnimatedFrameNode.init, with: (width, height, alignment)) { node, frame in
            node.setSize(width: frame.0, height: frame.1)
            node.alignment = frame.2
        }
    }

    /// A flexible frame: the child is offered the proposal clamped to the limits; the frame's size is the
    /// proposal clamped to the limits (missing limits default to the child's size).
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View {
        let limits = FlexFrameNode.Limits(
            minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth,
            minHeight: minHeight, idealHeight: idealHeight, maxHeight: maxHeight)
        return wrapped(in: FlexFrameNode.init) { node in
            assign(limits, to: \.limits, of: node)
            assign(alignment, to: \.alignment, of: node)
        }
    }

    /// Pads the edges by `insets`.
    public func padding(_ insets: EdgeInsets) -> some View {
        wrapped(in: PaddingNode.init, with: insets) { assign($1, to: \.insets, of: $0) }
    }
    /// Pads `edges` by `length` (the system padding, 16 points, when `nil`).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        padding(EdgeInsets(edges, length ?? 16))
    }
    /// Pads every edge by `length` (negative values let the content extend beyond the frame).
    public func padding(_ length: CGFloat) -> some View { padding(.all, length) }

    /// Centres the view at `position` in its parent's coordinate space; takes the whole proposal.
    public func position(_ position: CGPoint) -> some View {
        wrapped(in: AnimatedPositionNode.init, with: position) { $0.setPoint($1) }
    }
    /// Centres the view at (x, y).
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { position(CGPoint(x: x, y: y)) }

    /// Draws the view shifted by `offset`, without changing layout.
    public func offset(_ offset: CGSize) -> some View {
        wrapped(in: AnimatedOffsetNode.init, with: offset) { $0.setOffset($1) }
    }
    /// Draws the view shifted by (x, y), without changing layout.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { offset(CGSize(width: x, height: y)) }

    /// Fixes the view at its ideal size in both dimensions.
    public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }
    /// Fixes the view at its ideal size in the chosen dimensions.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        wrapped(in: FixedSizeNode.init) { node in
            assign(horizontal, to: \.horizontal, of: node)
            assign(vertical, to: \.vertical, of: node)
        }
    }

    /// Constrains the view to an aspect ratio (width / height; `nil`: its ideal size's).
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        wrapped(in: AspectRatioNode.init) { node in
            assign(aspectRatio, to: \.ratio, of: node)
            assign(contentMode, to: \.contentMode, of: node)
        }
    }
    /// Constrains the view to the aspect ratio of `aspectRatio`.
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        self.aspectRatio(
            aspectRatio.height == 0 ? nil : aspectRatio.width / aspectRatio.height, contentMode: contentMode)
    }
    /// Scales the view to fit its parent, keeping its aspect ratio.
    public func scaledToFit() -> some View { aspectRatio(nil, contentMode: .fit) }
    /// Scales the view to fill its parent, keeping its aspect ratio.
    public func scaledToFill() -> some View { aspectRatio(nil, contentMode: .fill) }

    /// Extends the view into the unsafe area on `edges`.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        wrapped(in: IgnoresSafeAreaNode.init, with: edges) { assign($1, to: \.edges, of: $0) }
    }
    /// Extends the view into the unsafe area on `edges` (older name).
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { ignoresSafeArea(.all, edges: edges) }

    /// Overrides the value of a horizontal alignment guide.
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat)
        -> some View
    {
        wrapped(in: AlignmentGuideNode.init) { node in
            node.guideKey = g.key
            node.compute = computeValue
            node.invalidate()
        }
    }
    /// Overrides the value of a vertical alignment guide.
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View
    {
        wrapped(in: AlignmentGuideNode.init) { node in
            node.guideKey = g.key
            node.compute = computeValue
            node.invalidate()
        }
    }

    /// Sets the priority with which a stack gives this view space (higher first; default 0).
    public func layoutPriority(_ value: Double) -> some View {
        wrapped(in: TraitNode.init) { assign(value, to: \.priority, of: $0) }
    }
    /// Sets the drawing order among siblings (higher in front; default 0).
    public func zIndex(_ value: Double) -> some View {
        wrapped(in: TraitNode.init) { assign(value, to: \.index, of: $0) }
    }

    /// Names this view's coordinate space.
    public func coordinateSpace<T: Hashable>(name: T) -> some View {
        wrapped(in: CoordinateSpaceNode.init) { assign(AnyHashable(name), to: \.name, of: $0) }
    }
    /// Names this view's coordinate space.
    public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View {
        wrapped(in: CoordinateSpaceNode.init) { assign(name.name, to: \.name, of: $0) }
    }
}

/// Which kinds of safe area a view ignores.
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// A coordinate space: the view's own, the window's, or one named with `coordinateSpace(name:)`.
public enum CoordinateSpace: Hashable {
    case global
    case local
    case named(AnyHashable)
}

/// A named coordinate space (iOS 17 spelling: `.coordinateSpace(.named("x"))`).
public struct NamedCoordinateSpace: Hashable {
    package let name: AnyHashable
    public static func named<N: Hashable & Sendable>(_ name: N) -> NamedCoordinateSpace {
        NamedCoordinateSpace(name: AnyHashable(name))
    }
}

extension CoordinateSpace {
    /// Whether this is the window's coordinate space.
    public var isGlobal: Bool { self == .global }
    /// Whether this is the view's own coordinate space.
    public var isLocal: Bool { self == .local }
}
