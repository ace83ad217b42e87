import Foundation
@_spi(Engine) import UICore

/// A view that shows the progress of a task: a bar filled to the fraction done (with a label above and the
/// current value below), or, while the amount done is unknown, a spinner.
///
/// The look comes from `progressViewStyle` (`.automatic`: a bar when the progress is known, a spinner when not).
/// A spinner turns only while it is drawn (its window's frames drive it). A value above the total is shown as
/// complete, a negative one as none, and a value or total that is not a number as none; those cases are said
/// once on standard error.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    package let fractionCompleted: Double?
    package let label: Label?
    package let currentValueLabel: CurrentValueLabel?
    @Environment(\.progressViewStyle) private var style

    package init(fractionCompleted: Double?, label: Label?, currentValueLabel: CurrentValueLabel?) {
        self.fractionCompleted = fractionCompleted
        self.label = label
        self.currentValueLabel = currentValueLabel
    }

    public var body: some View {
        let configuration = ProgressViewStyleConfiguration(
            fractionCompleted: fractionCompleted, label: label.map { .init($0) },
            currentValueLabel: currentValueLabel.map { .init($0) })
        (style ?? AnyProgressViewStyle(DefaultProgressViewStyle())).makeBody(configuration)
    }
}

/// The fraction `value` is of `total`, within 0…1; what is out of range is said once.
@MainActor package func progressFraction<V: BinaryFloatingPoint>(_ value: V?, total: V) -> Double? {
    guard let value else { return nil }
    let done = Double(value)
    let whole = Double(total)
    guard done.isFinite, whole.isFinite, whole > 0 else {
        ListDiagnostics.report("ProgressView: value \(done) of total \(whole) is not a number; shown as none")
        return 0
    }
    if done > whole {
        ListDiagnostics.report("ProgressView: value \(done) is above its total \(whole); shown as complete")
        return 1
    }
    if done < 0 {
        ListDiagnostics.report("ProgressView: value \(done) is below zero; shown as none")
        return 0
    }
    return done / whole
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// A spinner with a label.
    public init(@ViewBuilder label: () -> Label) {
        self.init(fractionCompleted: nil, label: label(), currentValueLabel: nil)
    }
    /// Progress of `value` out of `total` (`nil`: unknown), with a label.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(fractionCompleted: progressFraction(value, total: total), label: label(), currentValueLabel: nil)
    }
}

extension ProgressView {
    /// Progress of `value` out of `total` (`nil`: unknown), with a label and a label for the current value.
    public init<V: BinaryFloatingPoint>(
        value: V?, total: V = 1.0, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(
            fractionCompleted: progressFraction(value, total: total), label: label(),
            currentValueLabel: currentValueLabel())
    }
    /// A progress view drawn as a style draws it (inside a custom `ProgressViewStyle`).
    public init(_ configuration: ProgressViewStyleConfiguration)
    where
        Label == ProgressViewStyleConfiguration.Label,
        CurrentValueLabel == ProgressViewStyleConfiguration.CurrentValueLabel
    {
        self.init(
            fractionCompleted: configuration.fractionCompleted, label: configuration.label,
            currentValueLabel: configuration.currentValueLabel)
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// A spinner.
    public init() {
        self.init(fractionCompleted: nil, label: nil, currentValueLabel: nil)
    }
    /// Progress of `value` out of `total` (`nil`: unknown).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(fractionCompleted: progressFraction(value, total: total), label: nil, currentValueLabel: nil)
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// A spinner labelled with the text of `titleKey`.
    public init(_ titleKey: LocalizedStringKey) {
        self.init(fractionCompleted: nil, label: Text(titleKey), currentValueLabel: nil)
    }
    /// A spinner labelled with `title`.
    public init<S: StringProtocol>(_ title: S) {
        self.init(fractionCompleted: nil, label: Text(title), currentValueLabel: nil)
    }
    /// Progress of `value` out of `total`, labelled with the text of `titleKey`.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        self.init(
            fractionCompleted: progressFraction(value, total: total), label: Text(titleKey), currentValueLabel: nil)
    }
    /// Progress of `value` out of `total`, labelled with `title`.
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(fractionCompleted: progressFraction(value, total: total), label: Text(title), currentValueLabel: nil)
    }
}

// MARK: Styles

/// A look for progress views.
@MainActor @preconcurrency
public protocol ProgressViewStyle {
    /// The view a progress view becomes.
    associatedtype Body: View
    /// The properties of the progress view being styled.
    typealias Configuration = ProgressViewStyleConfiguration
    /// The progress view for `configuration`.
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// What a `ProgressViewStyle` builds from: the fraction done (`nil`: unknown) and the labels.
public struct ProgressViewStyleConfiguration {
    /// A progress view's label, type-erased.
    public struct Label: View {
        package let content: AnyView
        package init<V: View>(_ view: V) { content = AnyView(view) }
        public var body: some View { content }
    }
    /// A progress view's current-value label, type-erased.
    public struct CurrentValueLabel: View {
        package let content: AnyView
        package init<V: View>(_ view: V) { content = AnyView(view) }
        public var body: some View { content }
    }
    /// How much is done, 0…1 (`nil`: not known).
    public let fractionCompleted: Double?
    /// The label, if the progress view has one.
    public var label: ProgressViewStyleConfiguration.Label?
    /// The current-value label, if the progress view has one.
    public var currentValueLabel: ProgressViewStyleConfiguration.CurrentValueLabel?
}

/// A progress view style, type-erased (what the environment carries).
package struct AnyProgressViewStyle {
    package let makeBody: @MainActor (ProgressViewStyleConfiguration) -> AnyView
    @MainActor package init<S: ProgressViewStyle>(_ style: S) {
        makeBody = { AnyView(style.makeBody(configuration: $0)) }
    }
}

package struct ProgressViewStyleKey: EnvironmentKey { package static var defaultValue: AnyProgressViewStyle? { nil } }

extension EnvironmentValues {
    package var progressViewStyle: AnyProgressViewStyle? {
        get { self[ProgressViewStyleKey.self] }
        set { self[ProgressViewStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of the progress views in this view.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        environment(\.progressViewStyle, AnyProgressViewStyle(style))
    }
}

/// The platform's default: a bar when the progress is known, a spinner when it is not.
public struct DefaultProgressViewStyle: ProgressViewStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        if configuration.fractionCompleted == nil {
            CircularProgressViewStyle().makeBody(configuration: configuration)
        } else {
            LinearProgressViewStyle().makeBody(configuration: configuration)
        }
    }
}

/// A bar across the width offered, filled in the tint to the fraction done; the label above, the current
/// value below. Unknown progress: a short bar sliding along.
public struct LinearProgressViewStyle: ProgressViewStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 6) {
            configuration.label
            ProgressBar(fractionCompleted: configuration.fractionCompleted)
            configuration.currentValueLabel.font(.footnote).foregroundStyle(.secondary)
        }
    }
}

/// A spinner while the progress is unknown, else a ring filled to the fraction done; the label below.
public struct CircularProgressViewStyle: ProgressViewStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 6) {
            ProgressRing(fractionCompleted: configuration.fractionCompleted)
            configuration.label.foregroundStyle(.secondary)
        }
    }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}
extension ProgressViewStyle where Self == LinearProgressViewStyle {
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}
extension ProgressViewStyle where Self == CircularProgressViewStyle {
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

/// The track of a linear progress view, as GNOME's progress bars: 6 points tall, rounded.
package struct ProgressBar: View {
    package let fractionCompleted: Double?
    @Environment(\.colorScheme) private var colorScheme

    package static let height: CGFloat = 6
    /// How long an unknown-progress bar takes to cross the track, in seconds.
    package static let sweepPeriod: Double = 1.5

    package var body: some View {
        let track = colorScheme == .dark ? Color(white: 0.3) : Color(white: 0.85)
        let fraction = fractionCompleted
        GeometryReader { proxy in
            let width = proxy.size.width
            ZStack(alignment: .leading) {
                Capsule().fill(track)
                if let fraction {
                    Capsule().fill(controlOnFill).frame(width: width * fraction)
                } else {
                    TimelineView(.animation) { context in
                        let phase = progressPhase(context.date, period: Self.sweepPeriod)
                        Capsule().fill(controlOnFill).frame(width: width * 0.3)
                            .offset(x: (phase * 1.3 - 0.3) * width)
                    }
                }
            }
            .clipShape(Capsule())
        }
        .frame(height: Self.height)
    }
}

/// A spinner (an arc turning once a second) or a determinate ring, 20 points across.
package struct ProgressRing: View {
    package let fractionCompleted: Double?
    package static let diameter: CGFloat = 20
    package static let lineWidth: CGFloat = 2.5
    /// Seconds per turn of a spinner.
    package static let period: Double = 1

    package var body: some View {
        let stroke = StrokeStyle(lineWidth: Self.lineWidth, lineCap: .round)
        ZStack {
            Circle().stroke(Color(white: 0.5, opacity: 0.2), lineWidth: Self.lineWidth)
            if let fraction = fractionCompleted {
                Circle().trim(from: 0, to: fraction).stroke(controlOnFill, style: stroke)
                    .rotationEffect(.degrees(-90))
            } else {
                TimelineView(.animation) { context in
                    Circle().trim(from: 0, to: 0.3).stroke(Color(white: 0.45), style: stroke)
                        .rotationEffect(.degrees(360 * progressPhase(context.date, period: Self.period) - 90))
                }
            }
        }
        .frame(width: Self.diameter, height: Self.diameter)
        .padding(Self.lineWidth / 2)
    }
}

/// Where `date` falls in a cycle of `period` seconds, 0..<1.
package func progressPhase(_ date: Date, period: Double) -> Double {
    let phase = date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: period) / period
    return phase < 0 ? phase + 1 : phase
}
