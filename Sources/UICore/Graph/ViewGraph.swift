import Foundation

/// The host-facing view graph: owns the node tree for one root view, and on `update()` re-evaluates
/// invalid bodies, lays out at `size`, and produces the display list, its damage and the hit-test tree.
///
/// All state writes between two updates (one input event, one timer tick) are coalesced: the graph asks
/// its host for one update through `onNeedsUpdate`. That update applies the writes in the order they were
/// made, one transaction at a time: bodies re-evaluate after each transaction's writes, with its animation.
@MainActor
@_spi(Engine) public final class ViewGraph {
    /// The window size in points.
    package var size: CGSize { didSet { if size != oldValue { setNeedsUpdate() } } }
    /// Insets of the window's unsafe edges (zero for a normal Wayland window).
    package var safeAreaInsets = EdgeInsets() {
        didSet {
            if safeAreaInsets != oldValue {
                rootNode.invalidateSubtree()
                setNeedsUpdate()
            }
        }
    }
    /// Measures text; Raster's in the app, a deterministic one in tests.
    package var textMeasurer: any TextMeasurer {
        didSet {
            rootNode.invalidateSubtree()
            setNeedsUpdate()
        }
    }
    /// Gives images' natural sizes; the host's image loader in the app.
    package var imageSizeProvider: any ImageSizeProvider {
        didSet {
            rootNode.invalidateSubtree()
            setNeedsUpdate()
        }
    }
    /// Called once after the first invalidation following an update: the host should schedule `update()`.
    package var onNeedsUpdate: (@MainActor () -> Void)?
    /// Whether something changed since the last update.
    package private(set) var needsUpdate = true

    /// The display list of the last update.
    package private(set) var displayList = DisplayList(items: [])
    /// Rectangles (window points) that differ between the last two display lists.
    package private(set) var damage: [CGRect] = []
    /// Counts the display lists made: `damage` is measured between lists `displayListNumber - 1` and
    /// `displayListNumber`, so a host that drew list `displayListNumber - 1` needs no comparison of its own.
    package private(set) var displayListNumber = 0
    /// The hit-test tree of the last update.
    package private(set) var hitTestTree = HitTestTree(roots: [])
    /// The subsystems and features following this graph (gestures, focus, hover, presentations…).
    private var features = GraphFeatureRegistry()

    /// Makes `subsystem` follow this graph's updates and removed nodes (it keeps the graph; the graph does not keep it).
    package func attach(_ subsystem: any GraphSubsystem) { features.attach(subsystem) }

    /// The attached subsystem of type `S`, if any.
    package func subsystem<S: GraphSubsystem>(_ type: S.Type) -> S? { features.subsystem(type) }

    /// This graph's feature of type `F`, made at the first request and kept as long as the graph.
    package func feature<F: GraphOwnedFeature>(_ type: F.Type) -> F { features.feature(type, of: self) }

    /// The features drawing over the root's content.
    package var rootOverlays: [any RootOverlayFeature] { features.rootOverlays }

    /// `node` (one a subsystem cares about: a gesture or focus target) leaves the graph in this update.
    package func nodeWillLeave(_ node: ViewNode) {
        features.forEach { $0.nodeWillLeave(node) }
    }

    /// The clock of animations: the host's frame times drive it through `update(at:)`.
    package let animations = AnimationDriver()
    /// The time `update()` uses when the host gives none (seconds; the system's uptime).
    package var animationClock: @MainActor () -> Double = { ProcessInfo.processInfo.systemUptime }
    /// The wall-clock date of a frame at `time` on the animation clock (tests pin it to a virtual clock).
    package var dateAtFrameTime: @MainActor (Double) -> Date = { time in
        Date(timeIntervalSinceNow: time - ProcessInfo.processInfo.systemUptime)
    }
    package func date(atFrameTime time: Double) -> Date { dateAtFrameTime(time) }
    /// Whether a property is animating: the host should keep running `update(at:)` on each frame callback
    /// (the graph also asks through `onNeedsUpdate` after each update); when false the host can stop.
    package var isAnimating: Bool { animations.isAnimating }

    /// The matched-geometry groups of this graph's views.
    package private(set) lazy var matchedGeometry = MatchedGeometryRegistry()

    /// How many views set preferences (the window's preferences are read only when some do).
    package var preferenceWriterCount = 0

    /// The transaction of the writes the last update applied.
    package private(set) var lastTransaction = Transaction()

    package private(set) var rootNode: RootNode!
    /// The colour scheme the window's views are drawn in (after `preferredColorScheme`): what the window
    /// background follows.
    package var effectiveColorScheme: ColorScheme { rootNode.effectiveColorScheme }
    /// Writes and invalidated readers waiting for the next update, grouped by transaction in order.
    private var pendingBatches: [WriteBatch] = []
    /// Finished node builders, for `rebuildChildren` to reuse.
    private var spareBuilders: [_ViewNodeBuilder] = []
    /// Readers to re-evaluate in the transaction being applied.
    private var pendingEvaluation: [any StateReader & ViewNode] = []
    /// Whether this graph is applying a transaction's writes (their readers re-evaluate at once).
    private var isApplyingBatch = false
    /// Whether some graph is applying writes: state reads see the values applied so far.
    package nonisolated(unsafe) static var isApplyingWrites = false
    private var identityCounter = 0
    /// How many built-in modifiers were copied into closures to be kept past the build applying them (those on
    /// custom views and in lists); modifiers on views the build makes at once are borrowed and copy nothing.
    package var elementModifierCopies = 0
    /// How many layout-and-render passes ran (tests check coalescing with it).
    package private(set) var updateCount = 0
    /// The transactions of this update's layout changes, by stamp (`nil`: an animation frame's, never animated).
    package var layoutChangeTransactions: [Int: Transaction?] = [:]

    /// Creates the graph for `root` in a window of `size`.
    package init<Root: View>(
        root: Root, size: CGSize = .zero, environment: EnvironmentValues = EnvironmentValues(),
        textMeasurer: any TextMeasurer = ApproximateTextMeasurer(),
        imageSizeProvider: any ImageSizeProvider = NoImageSizes()
    ) {
        self.size = size
        self.textMeasurer = textMeasurer
        self.imageSizeProvider = imageSizeProvider
        rootNode = RootNode(graph: self, environment: environment)
        rootNode.setRoot(root)
    }

    /// Replaces the root view (its state is kept where the structure matches).
    package func setRoot<Root: View>(_ root: Root) {
        rootNode.setRoot(root)
        setNeedsUpdate()
    }

    /// Drops every cached size and rendering (fonts or image sizes changed outside the graph's knowledge).
    package func invalidateLayout() {
        rootNode.invalidateSubtree()
        setNeedsUpdate()
    }

    /// The environment the root view sees (colour scheme, display scale…).
    package var environment: EnvironmentValues {
        get { rootNode.baseEnvironment }
        set {
            rootNode.baseEnvironment = newValue
            rootNode.setNeedsRebuild()
            setNeedsUpdate()
        }
    }

    package func nextIdentity() -> ViewIdentity {
        identityCounter += 1
        return ViewIdentity(serial: identityCounter)
    }

    /// The host decoded `source` in the background (or failed to): the views showing it lay out and draw again.
    package func imageDidDecode(_ source: ImageSource) {
        var nodes: [ViewNode] = [rootNode]
        while let node = nodes.popLast() {
            (node as? ImageNode)?.imageDidDecode(source)
            nodes.append(contentsOf: node.children)
        }
        setNeedsUpdate()
    }

    package func setNeedsUpdate() {
        guard !needsUpdate else { return }
        needsUpdate = true
        onNeedsUpdate?()
    }

    /// Queues `node` for re-evaluation with the current transaction.
    package func scheduleEvaluation(_ node: any StateReader & ViewNode) {
        if isApplyingBatch {
            pendingEvaluation.append(node)
            return
        }
        appendToBatch { $0.readers.append(node) }
    }

    /// Queues a state write (the target holds the value), applied at the next update in the current transaction.
    package func enqueueWrite(_ target: QueuedWriteTarget) {
        appendToBatch { $0.writes.append(target) }
    }

    /// The emptied arrays of an applied batch, for the next one (a drag frame's write then allocates nothing).
    private var spareBatchWrites: [QueuedWriteTarget] = []
    private var spareBatchReaders: [any StateReader & ViewNode] = []

    private func appendToBatch(_ add: (inout WriteBatch) -> Void) {
        let current = Transaction.current
        if pendingBatches.last?.transaction != current {
            current.animationCompletions?.wasEnqueued = true
            var batch = WriteBatch(transaction: current)
            swap(&batch.writes, &spareBatchWrites)
            swap(&batch.readers, &spareBatchReaders)
            pendingBatches.append(batch)
        }
        add(&pendingBatches[pendingBatches.count - 1])
        setNeedsUpdate()
    }

    /// Runs `body` with `reader` recorded as the reader of any state it reads.
    package func withReader<R>(_ reader: any StateReader, _ body: () -> R) -> R {
        let previous = ViewGraph.currentReader
        ViewGraph.currentReader = reader
        defer { ViewGraph.currentReader = previous }
        return body()
    }

    /// A geometry reader rebuilding its content during placement (invalidations stop there).
    package private(set) var placementBarrier: ViewNode?

    package func withPlacementBarrier(_ node: ViewNode, _ body: () -> Void) {
        let previous = placementBarrier
        placementBarrier = node
        defer { placementBarrier = previous }
        body()
    }

    /// The node whose body or content closure is being evaluated (state reads register it as a reader).
    package nonisolated(unsafe) static var currentReader: (any StateReader)?

    /// Rebuilds `node`'s children with `content`, matching previous children by identity.
    /// `elementModifiers` wrap each element built (those applied to a custom view, handed to its body).
    package func rebuildChildren(
        of node: ViewNode, environment: EnvironmentValues, elementModifiers: [ElementModifier] = [],
        _ content: (_ViewNodeBuilder) -> Void
    ) {
        // Builders are kept for reuse (one per nesting level), so that a rebuild allocates none.
        let builder: _ViewNodeBuilder
        if let spare = spareBuilders.popLast() {
            builder = spare
            builder.begin(parent: node, environment: environment, elementModifiers: elementModifiers)
        } else {
            builder = _ViewNodeBuilder(
                graph: self, parent: node, environment: environment, elementModifiers: elementModifiers)
        }
        content(builder)
        var (built, removed) = builder.finish()
        builder.clear()
        spareBuilders.append(builder)
        // Animated insertions and removals transition (Animation/Transition.swift); leaving views stay until theirs ends.
        if node.birthUpdate != updateCount {
            // New nodes were created in this update (no set of the previous children needed on this hot path).
            for child in built where child.birthUpdate == updateCount || child.transitionState?.isRemoval == true {
                child.beginInsertionTransitions()
            }
        }
        if !removed.isEmpty {
            removed.removeAll { gone in
                guard gone.beginRemovalTransitions(), let index = node.children.firstIndex(where: { $0 === gone })
                else { return false }
                built.insert(gone, at: min(index, built.count))
                return true
            }
        }
        for gone in removed { gone.willRemove() }
        let changed = built.count != node.children.count || zip(built, node.children).contains { $0 !== $1 }
        node.children = built
        if changed { node.invalidate() }
    }

    // MARK: Update

    /// Brings everything up to date: re-evaluates invalid bodies, lays out at `size`, renders.
    /// Returns the new display list; `damage` and `hitTestTree` are updated alongside.
    @discardableResult
    package func update() -> DisplayList { update(at: animationClock()) }

    /// `update()` for the frame at `time` (seconds on the host's clock): animations started now begin at
    /// `time`, and running ones are drawn as they are at `time`.
    @discardableResult
    package func update(at time: Double) -> DisplayList {
        animations.beginFrame(at: time)
        // Taken whole; the emptied array comes back below for the next frame's writes (its capacity kept).
        var batches: [WriteBatch] = []
        swap(&batches, &pendingBatches)
        let transaction = batches.last?.transaction ?? Transaction()
        lastTransaction = transaction
        Transaction.withCurrent(batches.first?.transaction ?? transaction) { rootNode.evaluateIfDirty() }
        isApplyingBatch = true
        ViewGraph.isApplyingWrites = true
        for batch in batches {
            Transaction.withCurrent(batch.transaction) {
                for write in batch.writes { write.applyNextQueuedWrite() }
                pendingEvaluation.append(contentsOf: batch.readers)
                evaluatePending()
            }
        }
        isApplyingBatch = false
        ViewGraph.isApplyingWrites = false
        Transaction.withCurrent(transaction) {
            evaluatePending()
            layoutAndRender()
            if rootNode.adoptPreferredColorScheme() {
                // A view asked for another colour scheme: the window is drawn in it from this very frame.
                rootNode.evaluateIfDirty()
                evaluatePending()
                layoutAndRender()
            }
        }
        animations.endFrame()
        layoutChangesDidApply()
        for batch in batches { batch.transaction.animationCompletions?.didApply(in: self) }
        if !batches.isEmpty {
            batches[0].writes.removeAll(keepingCapacity: true)
            batches[0].readers.removeAll(keepingCapacity: true)
            if spareBatchWrites.capacity == 0 { swap(&spareBatchWrites, &batches[0].writes) }
            if spareBatchReaders.capacity == 0 { swap(&spareBatchReaders, &batches[0].readers) }
        }
        batches.removeAll(keepingCapacity: true)
        if pendingBatches.isEmpty { pendingBatches = batches }
        // `needsUpdate` means changes are pending (a write now asks the host through `onNeedsUpdate`);
        // running animations are `isAnimating`.
        needsUpdate = !pendingBatches.isEmpty || !pendingEvaluation.isEmpty
        if animations.isAnimating { requestAnimationFrame() }
        updateCount += 1
        runDeferredActions()
        features.forEach { $0.graphDidUpdate() }
        return displayList
    }

    /// How many rounds of re-evaluation one transaction gets before the rest waits for the next update: a
    /// view that invalidates itself (or two that invalidate each other) whenever evaluated would hang the app.
    package static let evaluationRoundLimit = 100

    private func evaluatePending() {
        var rounds = 0
        // The views of the last rounds before the limit: those that keep invalidating each other.
        var lastRounds: Set<String> = []
        while !pendingEvaluation.isEmpty {
            if rounds == Self.evaluationRoundLimit {
                deferEvaluationLoop(naming: lastRounds)
                return
            }
            rounds += 1
            if rounds > Self.evaluationRoundLimit - 10 {
                for node in pendingEvaluation { lastRounds.insert(node.debugName) }
            }
            if pendingEvaluation.count == 1 {
                // The usual case (one view's state changed): nothing to order, nothing to copy.
                let node = pendingEvaluation[0]
                pendingEvaluation.removeAll(keepingCapacity: true)
                node.evaluateIfDirty()
                continue
            }
            // Shallow first: re-evaluating a parent may re-evaluate (or remove) a queued child.
            let batch = pendingEvaluation.sorted { $0.depth < $1.depth }
            pendingEvaluation.removeAll(keepingCapacity: true)
            for node in batch { node.evaluateIfDirty() }
        }
    }

    /// Views still invalidated after `evaluationRoundLimit` rounds never settle: they are named once on
    /// stderr and evaluated again at the next update, so input and drawing go on meanwhile.
    private func deferEvaluationLoop(naming views: Set<String>) {
        let looping = pendingEvaluation
        pendingEvaluation.removeAll()
        let names = views.union(looping.map(\.debugName)).sorted().joined(separator: ", ")
        InvalidValueLog.report(
            "evaluation-loop-\(names)",
            "views that never settle: \(names) invalidated again through \(Self.evaluationRoundLimit) rounds of "
                + "one update (a body keeps changing what it or another view depends on); their evaluation goes on "
                + "at the next update")
        for node in looping { appendToBatch { $0.readers.append(node) } }
    }

    private var animationFrameRequested = false

    /// While something animates, asks the host for the next frame once this update (and the host's drawing,
    /// during which it ignores requests) is over: `onNeedsUpdate` runs on the main queue's next turn.
    /// Hosts that poll `isAnimating` after drawing need nothing more; when nothing animates, nothing is asked.
    private func requestAnimationFrame() {
        guard onNeedsUpdate != nil, !animationFrameRequested else { return }
        animationFrameRequested = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.animationFrameRequested = false
                if self.needsUpdate || self.isAnimating { self.onNeedsUpdate?() }
            }
        }
    }

    private var deferredActions: [() -> Void] = []
    private var deferredDisappearActions: [() -> Void] = []

    /// Queues `action` (onAppear, onChange) to run once the current update is complete, where state writes
    /// are allowed; they schedule the next update.
    package func deferAction(_ action: @escaping () -> Void) {
        deferredActions.append(action)
    }

    /// Queues an `onDisappear` action: it runs after the update's other actions, so a view replacing
    /// another (a new `.id`) appears before the old one disappears, as in SwiftUI.
    package func deferDisappearAction(_ action: @escaping () -> Void) {
        deferredDisappearActions.append(action)
    }

    private func runDeferredActions() {
        while !deferredActions.isEmpty || !deferredDisappearActions.isEmpty {
            let actions = deferredActions + deferredDisappearActions
            deferredActions.removeAll()
            deferredDisappearActions.removeAll()
            for action in actions { action() }
        }
    }

    private func layoutAndRender() {
        let safeArea = CGRect(
            x: safeAreaInsets.leading, y: safeAreaInsets.top,
            width: max(0, size.width - safeAreaInsets.horizontal),
            height: max(0, size.height - safeAreaInsets.vertical))
        rootNode.layoutRoot(windowSize: size, safeArea: safeArea)
        // Views sharing geometry with a source placed after them are placed again (a couple of passes at most).
        var passes = 0
        while passes < 3, matchedGeometry.invalidateStaleMembers() {
            rootNode.layoutRoot(windowSize: size, safeArea: safeArea)
            passes += 1
        }
        var output = RenderOutput()
        rootNode.render(at: .zero, into: &output)
        let newList = DisplayList(items: output.items)
        newList.collectDamage(since: displayList, into: &damage)
        displayList = newList
        displayListNumber += 1
        hitTestTree = HitTestTree(roots: output.hits)
    }

    /// The laid-out tree as indented text: one line per node with its window frame (diagnostics, tests).
    package var layoutDescription: String {
        var lines: [String] = []
        func visit(_ node: ViewNode, origin: CGPoint, indent: String) {
            for child in node.children {
                if child.compositeEvaluationCount != nil {
                    // A custom view: its elements are laid out in its place.
                    lines.append("\(indent)\(child.debugName)")
                    visit(child, origin: origin, indent: indent + "  ")
                } else {
                    let childOrigin = origin + child.position
                    lines.append("\(indent)\(child.debugName) \(fmt(CGRect(origin: childOrigin, size: child.size)))")
                    visit(child, origin: childOrigin, indent: indent + "  ")
                }
            }
        }
        visit(rootNode, origin: .zero, indent: "")
        return lines.joined(separator: "\n")
    }

    /// Number of nodes in the graph (diagnostics).
    package var nodeCount: Int {
        func count(_ node: ViewNode) -> Int { 1 + node.children.reduce(0) { $0 + count($1) } }
        return count(rootNode)
    }
}

/// The writes and invalidated readers of one transaction, applied together.
private struct WriteBatch {
    let transaction: Transaction
    var writes: [QueuedWriteTarget] = []
    var readers: [any StateReader & ViewNode] = []
}
