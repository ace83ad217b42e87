import CoreGraphics
import Foundation

/// Recognises SwiftUI gestures from platform-free input for one `ViewGraph`, and arbitrates between them.
///
/// The host feeds it one Wayland `frame` of events at a time (`handle(frame:)`), and time (`advanceTime(to:)`)
/// when `nextDeadline` comes (a long press ends, a double-tap window closes) with no event. Every callback
/// and @GestureState write of one call lands between two `ViewGraph.update()`s, so they coalesce into one
/// update with one transaction.
///
/// **The arbitration rule.** Each pointer press, finger and touchpad pinch is a *sequence*. At its down point,
/// the enabled gestures on the hit-test chain join it (a gesture already running from an earlier finger takes
/// the new finger too). Among the sequence's gestures that are not `simultaneousGesture`s, rank is:
/// `highPriorityGesture`s first (ancestor before descendant), then `gesture`s (descendant before ancestor).
/// A gesture that becomes active makes every lower-ranked gesture it shares a sequence with fail (their
/// @GestureState resets, no onEnded); a lower-ranked gesture may be active while higher ones are still
/// possible, and is made to fail when one of them becomes active. A gesture that ends makes every gesture
/// it competes with fail, higher-ranked ones included. Only tap counts make an end wait: a gesture needing
/// fewer taps does not end while a higher-ranked one needing more is undecided (a single tap waits for the
/// double tap to fail). Simultaneous gestures never prevent and are never prevented. A touch cancel, or the
/// removal of a gesture's view, fails every affected gesture the same way. A button's press yields: any
/// competitor becoming active makes it fail, whatever its rank; a slider's drag claims: once active, it makes
/// higher-ranked competitors that are not yet active fail.
@MainActor
package final class GestureSystem: GraphSubsystem {
    package let graph: ViewGraph
    package let clock: any GestureClock
    /// Now, on the event timeline (ms): the latest event or `advanceTime(to:)` (0 before either).
    package private(set) var currentTime: Double
    /// Called with `nextDeadline` whenever it changes: the host (re)schedules its timer for it.
    package var onNextDeadlineChange: ((Double?) -> Void)?
    /// Life-cycle reports of attached gestures (tests, the inspector).
    package var observer: ((GestureLifecycleEvent) -> Void)?
    /// Whether the gesture inspector records and draws (`WAYLANDUI_GESTURE_INSPECTOR=1`, or the host's key).
    package var isInspectorEnabled = ProcessInfo.processInfo.environment["WAYLANDUI_GESTURE_INSPECTOR"] == "1" {
        didSet {
            guard isInspectorEnabled != oldValue else { return }
            inspectorSwitch.systemChanged()
            graph.setNeedsUpdate()  // the overlay appears or goes with the next frame
        }
    }
    /// The switch views reach through `\.gestureInspector`.
    private lazy var inspectorSwitch = GestureInspectorSwitch(system: self)
    private let inspector = GestureInspector()

    /// The inspector's overlay (window points), to draw over the content; empty while the inspector is off.
    package func inspectorOverlay() -> [DisplayItem] {
        guard isInspectorEnabled else { return [] }
        return inspector.overlay(live: liveGestures, now: currentTime)
    }

    private var sequences: [InputSequenceID: TrackedPoint] = [:]
    /// The sequences `clearFlags` rewrites: a buffer kept between steps.
    private var flaggedBuffer: [(InputSequenceID, TrackedPoint)] = []
    /// Sequences and events looked at to split frames and clear flags (tests: the work per event stays the same
    /// whatever the frame's size).
    package private(set) var bookkeepingVisits = 0
    private var sessions: [GestureSession] = []
    /// The sessions a step touched: a buffer kept between steps.
    private var touchedSessions: [GestureSession] = []
    private var nextSessionID = 0
    private var reportedDeadline: Double??
    private var attachmentsVersion = -1
    private var attachments: [GestureKey: AttachedGesture] = [:]
    /// The pointer is pressed but the press was not a primary one (its motion drives nothing).
    private var pointerLocation: CGPoint?

    /// A gesture system for `graph`; time and `Date`s come from `clock`.
    package init(graph: ViewGraph, clock: any GestureClock = MonotonicGestureClock()) {
        self.graph = graph
        self.clock = clock
        currentTime = 0
        graph.attach(self)
        graph.environment.gestureInspector = inspectorSwitch
    }

    /// When the system next needs `advanceTime(to:)` with no event (ms on the event timeline), if ever.
    package var nextDeadline: Double? { sessions.compactMap { $0.deadline }.min() }

    /// Pointers and fingers currently down (pinches included).
    package var activeSequences: [InputSequenceID] { Array(sequences.keys) }

    /// The attached gestures being recognised, for the inspector: what, where, its phase and its recognizers' phases.
    package var liveGestures: [LiveGestureInfo] { sessions.map { $0.info } }

    // MARK: Host entry points

    /// Handles one frame of events (one arbitration pass; a frame holding two events of the same pointer or
    /// finger, such as a down and its up, is split where the second one starts).
    package func handle(frame events: [InputEvent]) {
        // Non-finite times become "now"; non-finite locations "where it last was" (copied only when needed).
        let events = events.contains(where: \.isMalformed) ? events.map { $0.sanitized(now: currentTime) } : events
        // Split before an event whose sequence already has one in the batch (slices: no copies). The batch's
        // sequences are kept in a set, so a frame of 10⁵ touch-downs costs 10⁵ lookups, not a scan per event.
        var start = events.startIndex
        var batch = Set<InputSequenceID>()
        for index in events.indices {
            guard let id = events[index].sequenceID else { continue }
            bookkeepingVisits += 1
            if !batch.insert(id).inserted {
                runStep(events[start..<index])
                start = index
                batch.removeAll(keepingCapacity: true)
                batch.insert(id)
            }
        }
        if start < events.endIndex { runStep(events[start...]) }
        reportDeadline()
        if isInspectorEnabled { graph.setNeedsUpdate() }  // the overlay shows every event's effect
    }

    /// Handles a single event as its own frame.
    package func handle(_ event: InputEvent) { handle(frame: [event]) }

    /// Moves time forward to `milliseconds` (finite), ending long presses and closing tap windows whose deadline passed
    /// (each at its own deadline, in order).
    package func advanceTime(to milliseconds: Double) {
        guard milliseconds.isFinite else { return }
        fireDeadlines(upTo: milliseconds)
        currentTime = max(currentTime, milliseconds)
        reportDeadline()
        if isInspectorEnabled { graph.setNeedsUpdate() }
    }

    /// Moves time forward to the clock's now.
    package func advanceTimeToNow() { advanceTime(to: clock.milliseconds) }

    /// Cancels every gesture and forgets every pressed pointer and finger (`wl_touch.cancel`, a lost grab).
    package func cancelAll() {
        for session in sessions where session.isUnresolved { kill(session, reason: .cancelled) }
        deliverAll()
        sequences.removeAll()
        for session in sessions { session.live.removeAll() }
        removeFinishedSessions()
        reportDeadline()
    }

    // MARK: Steps

    private func fireDeadlines(upTo limit: Double) {
        while let due = nextDeadline, due <= limit {
            currentTime = max(currentTime, due)
            let dueSessions = sessions.filter { ($0.deadline ?? .infinity) <= due }
            clearFlags()
            step(updating: dueSessions)
            // A recognizer that did not move past its own deadline would stall time: it fails.
            let stalled = sessions.filter { ($0.deadline ?? .infinity) <= due }
            if !stalled.isEmpty {
                for session in stalled { kill(session, reason: .failed) }
                arbitrate()
                deliverAll()
                removeFinishedSessions()
            }
        }
    }

    /// No sequence has had an event or begun in the step about to run.
    private func clearFlags() {
        // Read, then written back whole: an in-place write through the dictionary's accessors allocates a
        // coroutine frame per access, and a write while iterating copies the table. One pass finds them all
        // (a search from the start for each would be quadratic after a frame of many touch-downs).
        var flagged = flaggedBuffer
        flaggedBuffer = []
        flagged.removeAll(keepingCapacity: true)
        for (id, point) in sequences {
            bookkeepingVisits += 1
            if point.hasEvent || point.began { flagged.append((id, point)) }
        }
        for (id, point) in flagged {
            var point = point
            point.hasEvent = false
            point.began = false
            sequences.updateValue(point, forKey: id)
        }
        flagged.removeAll(keepingCapacity: true)
        flaggedBuffer = flagged
    }

    private func runStep(_ events: ArraySlice<InputEvent>) {
        guard var time = events.first?.time else { return }
        for event in events.dropFirst() { time = max(time, event.time) }
        fireDeadlines(upTo: time)
        currentTime = max(currentTime, time)
        clearFlags()
        // The buffer kept between steps (emptied, its capacity kept); sessions are few, so a scan finds repeats.
        var touched = touchedSessions
        touchedSessions = []
        touched.removeAll(keepingCapacity: true)
        defer {
            touched.removeAll(keepingCapacity: true)
            touchedSessions = touched
        }
        func touch(_ id: InputSequenceID) {
            for session in sessions where session.live.contains(id) && !touched.contains(where: { $0 === session }) {
                touched.append(session)
            }
        }
        for event in events {
            switch event.kind {
            case .touchCancel:
                cancelAll()
                touched.removeAll(keepingCapacity: true)
            case .pointerDown(let button):
                pointerLocation = event.location ?? pointerLocation
                if button == .secondary, let location = event.location ?? pointerLocation {
                    secondaryClick(at: location)
                }
                guard button == .primary, let location = event.location ?? pointerLocation else { continue }
                begin(.pointer, kind: .pointer, at: location, time: event.time)
                touch(.pointer)
            case .touchDown(let id):
                guard let location = event.location else { continue }
                begin(.touch(id), kind: .touch, at: location, time: event.time)
                touch(.touch(id))
            case .pinchBegin:
                guard let location = event.location ?? pointerLocation else { continue }
                begin(.pinch, kind: .pinch, at: location, time: event.time)
                touch(.pinch)
            case .pointerMove:
                if let location = event.location { pointerLocation = location }
                move(.pointer, to: event.location, time: event.time)
                touch(.pointer)
            case .touchMove(let id):
                move(.touch(id), to: event.location, time: event.time)
                touch(.touch(id))
            case .pinchUpdate(let scale, let rotation):
                guard sequences[.pinch] != nil else { continue }
                move(.pinch, to: event.location, time: event.time)
                sequences[.pinch]?.pinchScale = scale
                sequences[.pinch]?.pinchRotation += rotation
                touch(.pinch)
            case .pointerUp(let button):
                if let location = event.location { pointerLocation = location }
                guard button == .primary else { continue }
                end(.pointer, at: event.location, time: event.time)
                touch(.pointer)
            case .touchUp(let id):
                end(.touch(id), at: event.location, time: event.time)
                touch(.touch(id))
            case .pinchEnd(let cancelled):
                if cancelled { sequences[.pinch]?.cancelled = true }
                end(.pinch, at: nil, time: event.time)
                touch(.pinch)
            case .scroll(let delta):
                if let location = event.location { pointerLocation = location }
                guard let location = event.location ?? pointerLocation else { continue }
                scroll(by: delta, at: location)
            }
        }
        step(updating: touched)
    }

    /// A right-button press runs the secondary-click action (`contextMenu`) of the innermost view under it that has one.
    private func secondaryClick(at location: CGPoint) {
        guard let chain = graph.hitTestTree.hitTest(location)?.chain else { return }
        for node in chain.reversed() {
            if let action = node.secondaryClick {
                action(location)
                return
            }
        }
    }

    /// Wheel and touchpad scrolling go to the innermost scroll view under the pointer; what it cannot take (at
    /// an edge, or along an axis it does not scroll) goes to the one around it.
    private func scroll(by delta: CGSize, at location: CGPoint) {
        guard let hit = graph.hitTestTree.hitTest(location) else { return }
        var remaining = delta
        for node in hit.chain.reversed() {
            guard let target = node.scrollTarget else { continue }
            remaining = target.scroll(by: remaining)
            if remaining == .zero { return }
        }
    }

    private func begin(_ id: InputSequenceID, kind: TrackedPoint.Kind, at location: CGPoint, time: Double) {
        if sequences[id] != nil {  // a repeated down: treat as motion
            move(id, to: location, time: time)
            return
        }
        var point = TrackedPoint(id: id, kind: kind, location: location, time: time)
        point.hasEvent = true
        point.began = true
        sequences[id] = point
        guard let hit = graph.hitTestTree.hitTest(location) else { return }
        // Where the window maps into each attachment's layout space (rotation/scale effects outside it).
        var layoutTransforms: [GestureKey: CGAffineTransform] = [:]
        var transform = CGAffineTransform.identity
        for node in hit.chain {
            if let t = node.pointTransform { transform = transform.concatenating(t) }
            for attached in node.gestures {
                layoutTransforms[GestureKey(owner: attached.owner, index: attached.index)] = transform
            }
        }
        // Participants, innermost first; each joins (or starts) its session.
        var joined: [GestureSession] = []
        for attached in hit.gestures {
            let key = GestureKey(owner: attached.owner, index: attached.index)
            let session: GestureSession
            if let existing = sessions.first(where: { $0.key == key && !($0.isOver && $0.live.isEmpty) }) {
                session = existing
            } else {
                nextSessionID += 1
                session = GestureSession(id: nextSessionID, attached: attached)
                let t = layoutTransforms[key] ?? .identity
                session.windowToLayout = t.isIdentity ? nil : t
                sessions.append(session)
                observer?(
                    GestureLifecycleEvent(
                        session: session.id, owner: attached.owner, gesture: session.debugName, kind: .began))
            }
            session.live.insert(id)
            joined.append(session)
        }
        // Rank: high priority, ancestor first; then default priority, descendant first. Simultaneous: unranked.
        let high = joined.filter { $0.priority == .high }.reversed()
        let normal = joined.filter { $0.priority == .normal }
        let ranked = Array(high) + normal
        for (i, higher) in ranked.enumerated() {
            for lower in ranked[(i + 1)...] where lower !== higher {
                higher.lower.insert(lower.id)
                lower.higher.insert(higher.id)
            }
        }
    }

    private func move(_ id: InputSequenceID, to location: CGPoint?, time: Double) {
        // Read, then written back whole (see `clearFlags`).
        guard var point = sequences[id] else { return }
        if let location { point.location = location }
        point.time = time
        point.hasEvent = true
        sequences.updateValue(point, forKey: id)
    }

    private func end(_ id: InputSequenceID, at location: CGPoint?, time: Double) {
        guard sequences[id] != nil else { return }
        move(id, to: location, time: time)
        sequences[id]?.ended = true
    }

    /// One recognition pass: advance `updating`, arbitrate, deliver the callbacks, forget what is over.
    private func step(updating targets: [GestureSession]) {
        refreshAttachmentsIfNeeded()
        for session in sessions where session.status == .running && targets.contains(where: { $0 === session }) {
            var step = makeStep(for: session)
            session.recognizer.advance(&step)
            finish(step, of: session)
            switch session.recognizer.phaseKind {
            case .failed:
                session.status = .failed
                report(session, .failed)
            case .ended:
                session.status = .endPending
            case .possible, .active:
                break
            }
        }
        let ended = Set(sequences.keys.filter { sequences[$0]?.ended == true })
        if !ended.isEmpty {
            for id in ended { sequences[id] = nil }
            for session in sessions { session.live.remove(ended) }
        }
        // A gesture left with nothing to wait for (no finger down, no deadline) cannot progress: it fails.
        for session in sessions
        where session.status == .running && session.live.isEmpty && session.recognizer.deadline == nil {
            kill(session, reason: .failed)
        }
        arbitrate()
        deliverAll()
        removeFinishedSessions()
    }

    /// Runs the queued callbacks, in session order (down order, innermost gesture first).
    private func deliverAll() {
        for session in sessions where !session.pending.isEmpty {
            var actions = session.pending
            session.pending = []
            for action in actions { action() }
            // The emptied buffer goes back for the next step's callbacks, unless a callback queued more.
            actions.removeAll(keepingCapacity: true)
            if session.pending.isEmpty { session.pending = actions }
        }
    }

    /// Active gestures make lower-ranked competitors fail; ended ones make every competitor fail; an end
    /// waits while a higher-ranked competitor needing more taps is undecided.
    private func arbitrate() {
        var changed = true
        while changed {
            changed = false
            for winner in sessions where winner.isWinning {
                // A button's press gives way to any competitor that becomes active (a drag or scroll around it).
                var losers =
                    winner.status == .ended
                    ? winner.lower.union(winner.higher)
                    : winner.lower.union(
                        winner.higher.filter { self.session($0)?.recognizer.yieldsToActiveCompetitors == true })
                // A slider that took its drag keeps it from a scroll view's finger pan still waiting to move.
                if winner.status != .ended && winner.recognizer.claimsSequenceWhenActive {
                    losers.formUnion(winner.higher.filter { self.session($0).map { !$0.isWinning } ?? false })
                }
                for loserID in losers {
                    guard let loser = session(loserID), loser.isUnresolved else { continue }
                    kill(loser, reason: .lostArbitration)
                    changed = true
                }
            }
            for session in sessions where session.status == .endPending {
                let higher = session.higher.compactMap { self.session($0) }
                let taps = session.recognizer.requiredTapCount
                let waits = higher.contains { other in
                    other.status == .endPending
                        || (other.status == .running && taps != nil && (other.recognizer.requiredTapCount ?? 0) > taps!)
                }
                if higher.contains(where: { $0.isWinning }) {
                    kill(session, reason: .lostArbitration)
                    changed = true
                } else if !waits {
                    session.status = .ended
                    session.pending = session.held + session.pending
                    session.held.removeAll()
                    report(session, .ended)
                    changed = true
                } else {
                    session.held += session.pending
                    session.pending.removeAll()
                }
            }
        }
    }

    /// Fails `session` from outside: its queued and held callbacks are dropped, its @GestureStates reset.
    private func kill(_ session: GestureSession, reason: GestureLifecycleEvent.Kind) {
        session.pending.removeAll()
        session.held.removeAll()
        var step = makeStep(for: session)
        session.recognizer.cancel(&step)
        finish(step, of: session)
        session.status = .failed
        report(session, reason)
    }

    private func removeFinishedSessions() {
        sessions.removeAll { $0.isOver && $0.status != .endPending && $0.live.isEmpty && $0.pending.isEmpty }
    }

    private func session(_ id: Int) -> GestureSession? { sessions.first { $0.id == id } }

    /// The step for `session`, in buffers the session keeps between steps (`finish` hands them back).
    private func makeStep(for session: GestureSession) -> GestureStep {
        let attached = session.attached
        var points = session.stepPoints
        session.stepPoints = []
        points.removeAll(keepingCapacity: true)
        for id in session.live {
            if let point = sequences[id] { points.append(point) }
        }
        var actions = session.stepActions
        session.stepActions = []
        actions.removeAll(keepingCapacity: true)
        return GestureStep(
            time: currentTime, points: points,
            coordinates: GestureCoordinates(
                frame: attached.frameInWindow, namedSpaces: attached.namedSpaces,
                windowToLayout: session.windowToLayout),
            clock: clock, actions: actions)
    }

    /// Queues the step's callbacks on `session` and keeps the step's buffers for the next one.
    private func finish(_ step: consuming GestureStep, of session: GestureSession) {
        if session.pending.isEmpty {
            session.stepActions = session.pending
            session.pending = step.actions
        } else {
            session.pending += step.actions
            session.stepActions = step.actions
        }
        session.stepPoints = step.points
    }

    private func report(_ session: GestureSession, _ kind: GestureLifecycleEvent.Kind) {
        if isInspectorEnabled { inspector.record(session.info, outcome: kind, at: currentTime) }
        observer?(
            GestureLifecycleEvent(session: session.id, owner: session.key.owner, gesture: session.debugName, kind: kind)
        )
    }

    private func reportDeadline() {
        let deadline = nextDeadline
        if reportedDeadline == nil || reportedDeadline! != deadline {
            reportedDeadline = .some(deadline)
            onNextDeadlineChange?(deadline)
        }
    }

    // MARK: Graph updates

    /// Views with attached gestures that left the graph in its last update (their gestures were cancelled
    /// and their `@GestureState` reset).
    package private(set) var removedGestureOwners: [ViewIdentity] = []
    private var removedGestureOwnersInProgress: [ViewIdentity] = []

    package func nodeWillLeave(_ node: ViewNode) {
        if node is GestureNode { removedGestureOwnersInProgress.append(node.identity) }
    }

    /// After each graph update: gestures whose view left are cancelled; the others take their view's newest
    /// gesture value (closures capture the view's latest state) and frame.
    package func graphDidUpdate() {
        removedGestureOwners = removedGestureOwnersInProgress
        removedGestureOwnersInProgress.removeAll()
        guard !sessions.isEmpty else { return }
        let removed = Set(removedGestureOwners)
        if !removed.isEmpty {
            for session in sessions where removed.contains(session.key.owner) && session.isUnresolved {
                kill(session, reason: .cancelled)
            }
            arbitrate()
            deliverAll()
            removeFinishedSessions()
        }
        refreshAttachmentsIfNeeded()
        reportDeadline()
    }

    private func refreshAttachmentsIfNeeded() {
        guard attachmentsVersion != graph.updateCount, !sessions.isEmpty else { return }
        attachmentsVersion = graph.updateCount
        attachments.removeAll(keepingCapacity: true)
        func visit(_ node: HitTestNode) {
            for attached in node.gestures {
                attachments[GestureKey(owner: attached.owner, index: attached.index)] = attached
            }
            node.children.forEach(visit)
        }
        graph.hitTestTree.roots.forEach(visit)
        for session in sessions {
            guard let attached = attachments[session.key] else { continue }
            session.attached = attached
            session.recognizer.refresh(attached.gesture)
        }
    }
}

extension InputEvent {
    /// Its time or its location is not finite.
    package var isMalformed: Bool {
        guard time.isFinite else { return true }
        if let location { return !(location.x.isFinite && location.y.isFinite) }
        return false
    }

    /// Non-finite time becomes `now`; a non-finite location none ("where it last was").
    package func sanitized(now: Double) -> InputEvent {
        var event = self
        if !event.time.isFinite { event.time = now }
        if let location = event.location, !(location.x.isFinite && location.y.isFinite) { event.location = nil }
        return event
    }

    /// The sequence the event belongs to (`nil` for a touch cancel).
    package var sequenceID: InputSequenceID? {
        switch kind {
        case .pointerDown, .pointerMove, .pointerUp: .pointer
        case .touchDown(let id), .touchMove(let id), .touchUp(let id): .touch(id)
        case .pinchBegin, .pinchUpdate, .pinchEnd: .pinch
        case .touchCancel, .scroll: nil
        }
    }
}
