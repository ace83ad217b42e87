import Foundation
import WaylandClient

/// How long input waits for the screen: from an input event's arrival to the commit of the frame that shows its
/// effect, and from that commit to the compositor's presentation of it (wp_presentation feedback), in ms.
/// Reported on the probe channel at the end of each interaction (a release, a lift) and every `reportInterval`
/// samples; the compositor is asked for presentation feedback while the HUD shows or the probe listens.
@MainActor
final class FrameLatency {
    /// Samples kept per figure (the percentiles are over these).
    static let capacity = 1000
    /// A probe line after this many input ▸ commit samples.
    static let reportInterval = 30

    private(set) var inputToCommit = LatencySamples(capacity: FrameLatency.capacity)
    private(set) var commitToPresented = LatencySamples(capacity: FrameLatency.capacity)
    /// The arrival of the earliest input no committed frame has shown yet (ms, monotonic clock).
    private var pendingInput: Double?
    /// The clock the compositor's presentation timestamps are in (`CLOCK_MONOTONIC` until it says otherwise).
    var presentationClock = clockid_t(CLOCK_MONOTONIC)

    /// Whether the waiting input ends an interaction (a release, a lift): its frame's commit reports the figures.
    private var pendingEndsInteraction = false

    /// An input event arrived: the next committed frame is the one that answers it.
    func inputArrived(at time: Double = FrameLatency.now, endsInteraction: Bool = false) {
        if pendingInput == nil { pendingInput = time }
        if endsInteraction { pendingEndsInteraction = true }
    }

    /// The frame drawn for the waiting input changed nothing on screen: no commit will answer it.
    func discardPendingInput() {
        pendingInput = nil
        pendingEndsInteraction = false
    }

    /// A frame was committed at `time`: it answers the input waiting, if any.
    func frameCommitted(at time: Double = FrameLatency.now) {
        guard let input = pendingInput else { return }
        let ends = pendingEndsInteraction
        discardPendingInput()
        inputToCommit.add(max(0, time - input))
        if Probe.isEnabled, ends || inputToCommit.count % Self.reportInterval == 0 { report() }
    }

    /// The commit's time on the presentation clock, to compare with the presentation timestamp later.
    func commitTimeOnPresentationClock() -> Double { Self.now(clock: presentationClock) }

    /// The compositor presented the frame committed at `committed` (ms) at `seconds`/`nanoseconds` of its clock.
    func framePresented(committed: Double, seconds: UInt64, nanoseconds: UInt32) {
        let presented = Double(seconds) * 1000 + Double(nanoseconds) / 1_000_000
        // A timestamp before the commit (a clock the compositor did not announce) says nothing.
        guard presented >= committed, presented - committed < 10_000 else { return }
        commitToPresented.add(presented - committed)
    }

    /// `hud latency input-commit p50=1.200 p99=3.400 n=30 commit-presented p50=8.100 p99=16.200 n=29`
    func report() {
        Probe.report(
            String(
                format: "hud latency input-commit p50=%.3f p99=%.3f n=%d commit-presented p50=%.3f p99=%.3f n=%d",
                inputToCommit.percentile(50), inputToCommit.percentile(99), inputToCommit.count,
                commitToPresented.percentile(50), commitToPresented.percentile(99), commitToPresented.count))
    }

    static var now: Double { now(clock: clockid_t(CLOCK_MONOTONIC)) }

    static func now(clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
    }
}

/// The most recent `capacity` samples of one latency, with their percentiles.
struct LatencySamples {
    let capacity: Int
    private var samples: [Double] = []
    private var next = 0
    /// Samples taken in all (the percentiles are over the last `capacity` of them).
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        samples.reserveCapacity(capacity)
    }

    mutating func add(_ sample: Double) {
        if samples.count < capacity {
            samples.append(sample)
        } else {
            samples[next] = sample
            next = (next + 1) % capacity
        }
        count += 1
    }

    /// The sample `percent` % of the kept ones are at or under (nearest rank); 0 with none.
    func percentile(_ percent: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
