import Foundation

/// A dynamic property that gives the view holding it a namespace of its own, kept as long as the view is.
@propertyWrapper
public struct Namespace: DynamicProperty, Sendable {
    /// A namespace's identity.
    public struct ID: Hashable, Sendable {
        package let value: Int
    }

    package let storage: NamespaceStorage

    public init() { storage = NamespaceStorage() }

    /// The namespace of the view holding this property.
    public var wrappedValue: Namespace.ID { storage.resolved.id }
}

/// A namespace's identity; the one a view installs first is kept for the view's lifetime.
package final class NamespaceStorage: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counter = 0

    package let id: Namespace.ID
    /// The persistent storage this one stands in for (the view's first), once installed.
    private var persistent: NamespaceStorage?

    package init() {
        Self.lock.lock()
        Self.counter += 1
        id = Namespace.ID(value: Self.counter)
        Self.lock.unlock()
    }

    package var resolved: NamespaceStorage { persistent ?? self }

    /// Forwards to `storage` (not to itself: the view value installed again at its place holds the persistent
    /// storage, and a storage forwarding to itself would keep itself alive).
    @MainActor package func forward(to storage: NamespaceStorage) {
        if storage !== self { persistent = storage }
    }
}

extension Namespace: GraphInstallable {
    package func install(slot: inout AnyObject?, context: InstallContext) {
        if let persistent = slot as? NamespaceStorage {
            storage.forward(to: persistent)
        } else {
            slot = storage
        }
    }
}

/// The geometry a `matchedGeometryEffect` copies from its source.
@frozen public struct MatchedGeometryProperties: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The view's position, in window coordinates.
    public static let position = MatchedGeometryProperties(rawValue: 1 << 0)
    /// The view's size, in local coordinates.
    public static let size = MatchedGeometryProperties(rawValue: 1 << 1)
    /// Both the position and the size.
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

extension View {
    /// Groups this view with the others of the same `id` in `namespace`: the one that `isSource` gives its
    /// geometry (`properties`, its position taken at `anchor`) to the others. When a source is inserted in the
    /// transaction that removes another of the same `id`, its frame animates from the removed one's, which
    /// moves to the inserted one's while it leaves.
    public func matchedGeometryEffect<ID: Hashable>(
        id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame,
        anchor: UnitPoint = .center, isSource: Bool = true
    ) -> some View {
        let key = MatchedGeometryKey(namespace: namespace, id: AnyHashable(id))
        return wrapped(in: MatchedGeometryNode.init) {
            $0.configure(key: key, properties: properties, anchor: anchor, isSource: isSource)
        }
    }
}

package struct MatchedGeometryKey: Hashable {
    package let namespace: Namespace.ID
    package let id: AnyHashable
}

/// The views of each matched-geometry group in a graph, and the frames they share.
@MainActor
package final class MatchedGeometryRegistry {
    private var groups: [MatchedGeometryKey: [ObjectIdentifier: MatchedGeometryNode]] = [:]
    /// The frame (window points) of a source that left the graph, and the update it left in: a source inserted
    /// in that update starts from it.
    private var departed: [MatchedGeometryKey: (frame: CGRect, update: Int)] = [:]

    package func register(_ node: MatchedGeometryNode, key: MatchedGeometryKey) {
        groups[key, default: [:]][ObjectIdentifier(node)] = node
    }

    package func unregister(_ node: MatchedGeometryNode, key: MatchedGeometryKey, update: Int) {
        groups[key]?.removeValue(forKey: ObjectIdentifier(node))
        if groups[key]?.isEmpty == true { groups.removeValue(forKey: key) }
        if node.isSource, let frame = node.presentedFrame { departed[key] = (frame, update) }
    }

    /// The source of the group: the staying one, else one that is leaving.
    package func source(for key: MatchedGeometryKey) -> MatchedGeometryNode? {
        guard let members = groups[key]?.values else { return nil }
        let sources = members.filter { $0.isSource && !$0.isRemoved }
        return sources.first { !$0.isLeaving } ?? sources.first
    }

    /// The frame a source inserted now starts from: a leaving source's, or one that left in this update.
    package func startFrame(for node: MatchedGeometryNode, key: MatchedGeometryKey, update: Int) -> CGRect? {
        if let leaving = groups[key]?.values.first(where: { $0 !== node && $0.isSource && $0.isLeaving }),
            let frame = leaving.presentedFrame
        {
            return frame
        }
        if let gone = departed[key], gone.update == update { return gone.frame }
        return nil
    }

    /// The frame of the staying source of the group, other than `node`.
    package func stayingSourceFrame(for key: MatchedGeometryKey, other node: MatchedGeometryNode) -> CGRect? {
        groups[key]?.values.first { $0 !== node && $0.isSource && !$0.isLeaving && !$0.isRemoved }?.layoutFrame
    }

    /// After a layout pass: marks the members placed with a frame that has changed since (their source was
    /// placed after them); returns whether any must be placed again.
    package func invalidateStaleMembers() -> Bool {
        var stale = false
        for members in groups.values {
            for node in members.values where !node.isRemoved && node.isStale {
                node.invalidatePlacementOnly()
                stale = true
            }
        }
        return stale
    }

    package var isEmpty: Bool { groups.isEmpty }
}

/// The node of `matchedGeometryEffect`: places its content in the frame it shares with its group.
@MainActor
package final class MatchedGeometryNode: ViewNode, AnimatingNode {
    private var matchKey: MatchedGeometryKey?
    package private(set) var properties = MatchedGeometryProperties.frame
    package private(set) var anchor = UnitPoint.center
    package private(set) var isSource = true
    /// The frame layout gave this view (window points), once placed.
    package private(set) var layoutFrame: CGRect?
    /// A source's frame (window points) as it moves: to its layout frame, or, while it leaves, to the staying
    /// source's.
    private var frameAnimation = AnimatedVector()
    /// The frame the content was last placed in (window points; `nil`: its own layout).
    private var appliedFrame: CGRect?

    package func configure(
        key newKey: MatchedGeometryKey, properties: MatchedGeometryProperties, anchor: UnitPoint, isSource: Bool
    ) {
        if newKey != matchKey {
            if let key = matchKey { graph.matchedGeometry.unregister(self, key: key, update: graph.updateCount) }
            graph.matchedGeometry.register(self, key: newKey)
            matchKey = newKey
            invalidate()
        }
        if properties != self.properties || anchor != self.anchor || isSource != self.isSource {
            self.properties = properties
            self.anchor = anchor
            self.isSource = isSource
            invalidate()
        }
    }

    /// Whether this view is leaving (a removal transition runs on it or on the element around it).
    package var isLeaving: Bool {
        var node: ViewNode? = self
        while let current = node {
            if current.transitionState?.isRemoval == true { return true }
            node = current.parent
        }
        return false
    }

    /// A source's frame as drawn now (window points).
    package var presentedFrame: CGRect? {
        guard frameAnimation.isAnimating else { return layoutFrame }
        let v = frameAnimation.presented(at: graph.animations.time)
        return CGRect(x: v[0], y: v[1], width: max(0, v[2]), height: max(0, v[3]))
    }

    /// The frame a source moves to: its own, or while it leaves, the staying source's.
    private var sourceTarget: CGRect? {
        guard let key = matchKey, let own = layoutFrame else { return layoutFrame }
        return isLeaving ? (graph.matchedGeometry.stayingSourceFrame(for: key, other: self) ?? own) : own
    }

    /// The frame to place the content in: a source's presented frame, a follower's source's.
    private var sharedFrame: CGRect? {
        guard let key = matchKey else { return nil }
        if isSource { return frameAnimation.isAnimating ? presentedFrame : nil }
        guard let source = graph.matchedGeometry.source(for: key), source !== self else { return nil }
        return source.presentedFrame
    }

    /// Whether what this view was placed with is out of date (its source moved after it was placed).
    package var isStale: Bool {
        if isSource, let target = sourceTarget, target.animationVector != frameAnimation.target { return true }
        return sharedFrame != appliedFrame
    }

    package override func placeContent(in context: PlacementContext) {
        let own = CGRect(origin: context.origin, size: size)
        let isFirstPlacement = layoutFrame == nil
        layoutFrame = own
        if isSource, let key = matchKey, let target = sourceTarget {
            var animation = animationForChange
            if isFirstPlacement, !isLeaving {
                // A hero: the inserted source starts where the removed one is.
                if let start = graph.matchedGeometry.startFrame(for: self, key: key, update: graph.updateCount) {
                    _ = frameAnimation.set(start.animationVector, animation: nil, at: graph.animations.time)
                } else {
                    animation = nil
                }
            }
            if frameAnimation.set(target.animationVector, animation: animation, at: graph.animations.time) {
                graph.animations.register(self)
            }
        }
        let shared = sharedFrame
        appliedFrame = shared
        guard let shared, shared.origin.x.isFinite, shared.origin.y.isFinite else {
            return super.placeContent(in: context)
        }
        let proposal = properties.contains(.size) ? ProposedViewSize(shared.size) : (placedProposal ?? .init(size))
        let anchorFrame = properties.contains(.position) ? shared : own
        let anchorPoint = CGPoint(
            x: anchorFrame.minX + anchor.x * anchorFrame.width, y: anchorFrame.minY + anchor.y * anchorFrame.height)
        for child in layoutChildren {
            let childSize = child.sizeThatFits(proposal)
            let origin = CGPoint(
                x: anchorPoint.x - anchor.x * childSize.width - context.origin.x,
                y: anchorPoint.y - anchor.y * childSize.height - context.origin.y)
            child.place(at: origin, proposal: proposal, in: context)
        }
    }

    package func invalidateForAnimationFrame() { invalidatePlacementOnly() }
    package func finishAnimations(at time: Double) -> Bool { frameAnimation.finishIfComplete(at: time) }

    package override func willRemove() {
        if let key = matchKey { graph.matchedGeometry.unregister(self, key: key, update: graph.updateCount) }
        super.willRemove()
    }

    package override var debugName: String { "matchedGeometryEffect" }
}
