import Foundation

/// The node of `.gesture`/`.highPriorityGesture`/`.simultaneousGesture`: attaches the gesture to its
/// content in the hit-test tree, with the frame its `.local` coordinates are relative to.
@MainActor
package final class GestureNode: InputAttachmentNode {
    package var gesture: (any Gesture)?
    package var priority = AttachedGesture.Priority.normal
    package var mask = GestureMask.all

    package func configure(gesture: any Gesture, priority: AttachedGesture.Priority, mask: GestureMask) {
        self.gesture = gesture
        self.priority = priority
        self.mask = mask
        handlersChanged()
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        var inner = RenderOutput()
        renderChildren(layoutChildren, at: origin, into: &inner)
        output.appendItems(inner.items)
        let frame = CGRect(origin: origin, size: size)
        var gestures: [AttachedGesture] = []
        if let gesture {
            gestures.append(
                AttachedGesture(
                    gesture: gesture, priority: priority, mask: mask, owner: identity, index: 0,
                    frameInWindow: frame, namedSpaces: namedSpaces))
        }
        output.hits.append(
            HitTestNode(
                kind: .group, identity: identity, frame: frame, shape: nil, children: inner.hits,
                gestures: gestures, name: "gesture"))
    }
    package override func willRemove() {
        // The gesture system resets the @GestureState of gestures whose view disappeared.
        graph.nodeWillLeave(self)
        super.willRemove()
    }

    package override var debugName: String { "gesture(\(priority))" }
}

// (The gesture is made `any Gesture` before the configuring closure: a closure using `T` would capture its
// metadata, a context allocated on every evaluation of the body.)
extension View {
    /// Attaches `gesture` with lower precedence than the subviews' gestures.
    public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View {
        wrapped(in: GestureNode.init, with: (gesture as any Gesture, mask)) {
            $0.configure(gesture: $1.0, priority: .normal, mask: $1.1)
        }
    }
    /// Attaches `gesture` with precedence over the subviews' gestures.
    public func highPriorityGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View {
        wrapped(in: GestureNode.init, with: (gesture as any Gesture, mask)) {
            $0.configure(gesture: $1.0, priority: .high, mask: $1.1)
        }
    }
    /// Attaches `gesture` so it is recognised together with the other gestures.
    public func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View {
        wrapped(in: GestureNode.init, with: (gesture as any Gesture, mask)) {
            $0.configure(gesture: $1.0, priority: .simultaneous, mask: $1.1)
        }
    }
    /// Calls `action` after `count` taps.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        gesture(TapGesture(count: count).onEnded { action() })
    }
    /// Calls `action` with the tap's location in `coordinateSpace` after `count` taps.
    public func onTapGesture(
        count: Int = 1, coordinateSpace: CoordinateSpace = .local,
        perform action: @escaping (CGPoint) -> Void
    ) -> some View {
        gesture(SpatialTapGesture(count: count, coordinateSpace: coordinateSpace).onEnded { action($0.location) })
    }
    /// Calls `action` after a press held `minimumDuration` seconds within `maximumDistance` points, and
    /// `onPressingChanged` with true at the press and false when it is recognised, released or moved away.
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
        perform action: @escaping () -> Void,
        onPressingChanged: ((Bool) -> Void)? = nil
    ) -> some View {
        LongPressActionView(
            content: self, minimumDuration: minimumDuration, maximumDistance: maximumDistance,
            action: action, onPressingChanged: onPressingChanged)
    }
    /// The older spelling: `pressing` before `perform`.
    @available(*, deprecated, renamed: "onLongPressGesture(minimumDuration:maximumDistance:perform:onPressingChanged:)")
    @_disfavoredOverload
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
        pressing: ((Bool) -> Void)? = nil, perform action: @escaping () -> Void
    ) -> some View {
        onLongPressGesture(
            minimumDuration: minimumDuration, maximumDistance: maximumDistance, perform: action,
            onPressingChanged: pressing)
    }
}

/// `onLongPressGesture`: the press is a `@GestureState`, so it turns false however the gesture ends.
package struct LongPressActionView<Content: View>: View {
    package let content: Content
    package let minimumDuration: Double
    package let maximumDistance: CGFloat
    package let action: () -> Void
    package let onPressingChanged: ((Bool) -> Void)?
    @GestureState private var isPressing = false

    package var body: some View {
        content
            .gesture(
                LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance)
                    .updating($isPressing) { pressing, state, _ in state = pressing }
                    .onEnded { _ in action() }
            )
            .onChange(of: isPressing) { _, pressing in onPressingChanged?(pressing) }
    }
}

/// A node that attaches input handlers (gestures, hover, focus) to its content's hit-test group: it keeps the
/// named coordinate spaces visible where it is placed, and re-renders when its handlers change.
@MainActor
@_spi(Engine) open class InputAttachmentNode: ViewNode {
    /// Named coordinate spaces visible here, window points.
    package private(set) final var namedSpaces: [AnyHashable: CGRect] = [:]

    /// The handlers' closures capture this update's values: the hit-test tree must hold the new ones.
    package final func handlersChanged() {
        invalidateRender()
        graph.setNeedsUpdate()
    }

    @_spi(Engine) open override func placeContent(in context: PlacementContext) {
        namedSpaces = context.namedSpaces
        super.placeContent(in: context)
    }
}
