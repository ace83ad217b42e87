import Foundation

/// Flexible space along the axis of the stack containing it.
public struct Spacer: View {
    /// The minimum length (`nil`: the system spacing, 8 points).
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Spacer, into builder: _ViewNodeBuilder) {
        let node = builder.node(SpacerNode.self) { SpacerNode(graph: builder.graph, environment: builder.environment) }
        if node.minLength != view.minLength {
            node.minLength = view.minLength
            node.invalidate()
        }
    }
}

/// A thin line separating content: horizontal in a VStack (or outside stacks), vertical in an HStack.
public struct Divider: View {
    public init() {}
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Divider, into builder: _ViewNodeBuilder) {
        let node = builder.node(DividerNode.self) {
            DividerNode(graph: builder.graph, environment: builder.environment)
        }
        node.environment = builder.environment
    }
}

/// The node of a `Spacer`.
@MainActor
package final class SpacerNode: ViewNode {
    // A leaf: no children to ask for traits or guides.
    package override var layoutPriority: Double { 0 }
    package override var zIndex: Double { 0 }
    package override var cachesRendering: Bool { false }
    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }

    package var minLength: CGFloat?
    private var stackAxis: Axis?
    package static let defaultMinLength: CGFloat = 8

    package override var isSpacer: Bool { true }
    package override func setStackAxis(_ axis: Axis?) {
        if axis != stackAxis {
            stackAxis = axis
            invalidate()
        }
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let minimum = minLength ?? SpacerNode.defaultMinLength
        switch stackAxis {
        case .horizontal?: return CGSize(width: max(minimum, proposal.width ?? minimum), height: 0)
        case .vertical?: return CGSize(width: 0, height: max(minimum, proposal.height ?? minimum))
        case nil:
            return CGSize(
                width: max(minimum, proposal.width ?? minimum), height: max(minimum, proposal.height ?? minimum))
        }
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {}
}

/// The node of a `Divider`: 1 point thick, the separator colour.
@MainActor
package final class DividerNode: ViewNode {
    // A leaf: no children to ask for traits or guides.
    package override var layoutPriority: Double { 0 }
    package override var zIndex: Double { 0 }
    package override var cachesRendering: Bool { false }
    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }

    private var stackAxis: Axis?
    package override func setStackAxis(_ axis: Axis?) {
        if axis != stackAxis {
            stackAxis = axis
            invalidate()
        }
    }
    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        if stackAxis == .horizontal { return CGSize(width: 1, height: proposal.height ?? 10) }
        return CGSize(width: proposal.width ?? 10, height: 1)
    }
    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        let rect = CGRect(origin: origin, size: size)
        let color =
            environment.colorScheme == .dark
            ? RGBA(red: 84 / 255, green: 84 / 255, blue: 88 / 255, opacity: 0.6)
            : RGBA(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.29)
        output.items.append(
            .fill(
                FillOperation(
                    path: Path(rect), primitive: .rect(rect), paint: .color(color), eoFill: false, antialiased: true)))
        output.hits.append(HitTestNode(identity: identity, frame: rect, shape: nil, name: "Divider"))
    }
}
