import Foundation
@_spi(Engine) import UICore

/// A view that shows a value within a range: a capacity bar (the default), a marker on a thin track, or a ring.
///
/// The look comes from `gaugeStyle`: `.automatic` and `.linearCapacity` a bar filled to the value with the
/// label above it and the bounds' labels below; `.accessoryLinear` a dot on a thin track between the bounds'
/// labels; `.accessoryLinearCapacity` a thin filled bar; `.accessoryCircular` an open ring with a dot and the
/// current value inside; `.accessoryCircularCapacity` a ring filled to the value around it. A value outside the
/// bounds shows at the nearer end; a value or bound that is not a number shows as the lowest, said once.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: View {
    package let fraction: Double
    package let label: Label
    package let currentValueLabel: CurrentValueLabel?
    package let minimumValueLabel: BoundsLabel?
    package let maximumValueLabel: BoundsLabel?
    @Environment(\.gaugeStyleKind) private var style

    package init(
        fraction: Double, label: Label, currentValueLabel: CurrentValueLabel?, minimumValueLabel: BoundsLabel?,
        maximumValueLabel: BoundsLabel?
    ) {
        self.fraction = fraction
        self.label = label
        self.currentValueLabel = currentValueLabel
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
    }

    public var body: some View {
        GaugeLook(
            kind: style, fraction: fraction, label: label, currentValueLabel: currentValueLabel,
            minimumValueLabel: minimumValueLabel, maximumValueLabel: maximumValueLabel)
    }
}

/// Where `value` lies between the bounds, 0…1; what is not a number, or outside, is said once.
@MainActor package func gaugeFraction<V: BinaryFloatingPoint>(_ value: V, in bounds: ClosedRange<V>) -> Double {
    let current = Double(value)
    let lower = Double(bounds.lowerBound)
    let upper = Double(bounds.upperBound)
    guard current.isFinite, lower.isFinite, upper.isFinite, upper > lower else {
        ListDiagnostics.report("Gauge: value \(current) in \(lower)...\(upper) is not a number; shown as the lowest")
        return 0
    }
    if current < lower || current > upper {
        ListDiagnostics.report("Gauge: value \(current) is outside \(lower)...\(upper); shown at the nearer end")
    }
    return min(max((current - lower) / (upper - lower), 0), 1)
}

extension Gauge {
    /// A gauge of `value` within `bounds`, with a label, current value, bounds and marked value labels.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel, @ViewBuilder minimumValueLabel: () -> BoundsLabel,
        @ViewBuilder maximumValueLabel: () -> BoundsLabel, @ViewBuilder markedValueLabels: () -> MarkedValueLabels
    ) {
        self.init(
            fraction: gaugeFraction(value, in: bounds), label: label(), currentValueLabel: currentValueLabel(),
            minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel())
    }
}

extension Gauge where BoundsLabel == EmptyView {
    /// A gauge of `value` within `bounds`, with a label, a current value label and marked value labels.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel, @ViewBuilder markedValueLabels: () -> MarkedValueLabels
    ) {
        self.init(
            fraction: gaugeFraction(value, in: bounds), label: label(), currentValueLabel: currentValueLabel(),
            minimumValueLabel: nil, maximumValueLabel: nil)
    }
}

extension Gauge where MarkedValueLabels == EmptyView {
    /// A gauge of `value` within `bounds`, with a label, a current value label and labels for the bounds.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel, @ViewBuilder minimumValueLabel: () -> BoundsLabel,
        @ViewBuilder maximumValueLabel: () -> BoundsLabel
    ) {
        self.init(
            fraction: gaugeFraction(value, in: bounds), label: label(), currentValueLabel: currentValueLabel(),
            minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel())
    }
}

extension Gauge where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    /// A gauge of `value` within `bounds`, with a label and a current value label.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(
            fraction: gaugeFraction(value, in: bounds), label: label(), currentValueLabel: currentValueLabel(),
            minimumValueLabel: nil, maximumValueLabel: nil)
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    /// A gauge of `value` within `bounds`, with a label.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label
    ) {
        self.init(
            fraction: gaugeFraction(value, in: bounds), label: label(), currentValueLabel: nil,
            minimumValueLabel: nil, maximumValueLabel: nil)
    }
}

// MARK: Styles

/// How a gauge looks.
public protocol GaugeStyle {
    /// Which of the built-in looks this is.
    @_spi(Engine) var _kind: _GaugeStyleKind { get }
}

/// The built-in gauge looks.
@_spi(Engine) public enum _GaugeStyleKind: Hashable, Sendable {
    case linearCapacity, accessoryLinear, accessoryLinearCapacity, accessoryCircular, accessoryCircularCapacity
}

/// The platform's default: a capacity bar.
public struct DefaultGaugeStyle: GaugeStyle {
    public init() {}
    @_spi(Engine) public var _kind: _GaugeStyleKind { .linearCapacity }
}
/// A bar filled to the value, the label above and the bounds' labels below.
public struct LinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
    @_spi(Engine) public var _kind: _GaugeStyleKind { .linearCapacity }
}
/// A dot at the value on a thin track between the bounds' labels.
public struct AccessoryLinearGaugeStyle: GaugeStyle {
    public init() {}
    @_spi(Engine) public var _kind: _GaugeStyleKind { .accessoryLinear }
}
/// A thin bar filled to the value.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
    @_spi(Engine) public var _kind: _GaugeStyleKind { .accessoryLinearCapacity }
}
/// An open ring with a dot at the value, the current value inside, the bounds' labels in the gap.
public struct AccessoryCircularGaugeStyle: GaugeStyle {
    public init() {}
    @_spi(Engine) public var _kind: _GaugeStyleKind { .accessoryCircular }
}
/// A ring filled to the value around the current value.
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
    public init() {}
    @_spi(Engine) public var _kind: _GaugeStyleKind { .accessoryCircularCapacity }
}

extension GaugeStyle where Self == DefaultGaugeStyle {
    public static var automatic: DefaultGaugeStyle { DefaultGaugeStyle() }
}
extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryLinearGaugeStyle {
    public static var accessoryLinear: AccessoryLinearGaugeStyle { AccessoryLinearGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle {
        AccessoryLinearCapacityGaugeStyle()
    }
}
extension GaugeStyle where Self == AccessoryCircularGaugeStyle {
    public static var accessoryCircular: AccessoryCircularGaugeStyle { AccessoryCircularGaugeStyle() }
}
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle {
        AccessoryCircularCapacityGaugeStyle()
    }
}

package struct GaugeStyleKey: EnvironmentKey { package static var defaultValue: _GaugeStyleKind { .linearCapacity } }

extension EnvironmentValues {
    package var gaugeStyleKind: _GaugeStyleKind {
        get { self[GaugeStyleKey.self] }
        set { self[GaugeStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of the gauges in this view.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        environment(\.gaugeStyleKind, style._kind)
    }
}

// MARK: Looks

/// A gauge drawn in one of the built-in looks.
package struct GaugeLook<Label: View, CurrentValueLabel: View, BoundsLabel: View>: View {
    package let kind: _GaugeStyleKind
    package let fraction: Double
    package let label: Label
    package let currentValueLabel: CurrentValueLabel?
    package let minimumValueLabel: BoundsLabel?
    package let maximumValueLabel: BoundsLabel?
    @Environment(\.colorScheme) private var colorScheme

    package static var ringDiameter: CGFloat { 58 }
    package static var ringWidth: CGFloat { 6 }
    /// The open ring's sweep: three quarters of a turn, the gap at the bottom.
    package static var openSweep: Double { 0.75 }

    package var track: Color { colorScheme == .dark ? Color(white: 0.3) : Color(white: 0.85) }

    package var body: some View {
        switch kind {
        case .linearCapacity:
            VStack(alignment: .leading, spacing: 6) {
                HStack {
                    label
                    Spacer(minLength: 8)
                    currentValueLabel.foregroundStyle(.secondary)
                }
                bar(height: ProgressBar.height, marker: false)
                boundsRow.font(.footnote).foregroundStyle(.secondary)
            }
        case .accessoryLinear, .accessoryLinearCapacity:
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    label.foregroundStyle(.secondary)
                    Spacer(minLength: 8)
                    currentValueLabel
                }
                .font(.footnote)
                HStack(spacing: 6) {
                    minimumValueLabel.font(.footnote).foregroundStyle(.secondary)
                    bar(height: 4, marker: kind == .accessoryLinear)
                    maximumValueLabel.font(.footnote).foregroundStyle(.secondary)
                }
            }
        case .accessoryCircular, .accessoryCircularCapacity:
            ring(open: kind == .accessoryCircular)
        }
    }

    private var boundsRow: some View {
        HStack {
            minimumValueLabel
            Spacer(minLength: 8)
            maximumValueLabel
        }
    }

    /// A capsule track across the width offered, filled to the value or (`marker`) with a dot at it.
    private func bar(height: CGFloat, marker: Bool) -> some View {
        let fraction = self.fraction
        let track = self.track
        let dot = height + 4
        return GeometryReader { proxy in
            let width = proxy.size.width
            ZStack(alignment: .leading) {
                Capsule().fill(track).frame(height: height)
                if marker {
                    Circle().fill(controlOnFill)
                        .overlay(Circle().strokeBorder(Color.white, lineWidth: 1.5))
                        .frame(width: dot, height: dot)
                        .offset(x: (width - dot) * fraction)
                } else {
                    Capsule().fill(controlOnFill).frame(width: width * fraction, height: height)
                }
            }
            .frame(height: marker ? dot : height, alignment: .leading)
        }
        .frame(height: marker ? dot : height)
    }

    /// A ring 58 points across: open at the bottom with a dot at the value, or closed and filled to it.
    private func ring(open: Bool) -> some View {
        let sweep = open ? Self.openSweep : 1
        // The open ring starts at the lower left (135° clockwise from the right), the closed one at the top.
        let start: Angle = open ? .degrees(135) : .degrees(-90)
        let stroke = StrokeStyle(lineWidth: Self.ringWidth, lineCap: .round)
        let radius = (Self.ringDiameter - Self.ringWidth) / 2
        let angle = start.radians + 2 * .pi * sweep * fraction
        return ZStack {
            Circle().trim(from: 0, to: sweep).stroke(track, style: stroke).rotationEffect(start)
            if open {
                Circle().fill(Color.white)
                    .overlay(Circle().strokeBorder(controlOnFill, lineWidth: 2))
                    .frame(width: Self.ringWidth + 4, height: Self.ringWidth + 4)
                    .offset(x: radius * cos(angle), y: radius * sin(angle))
            } else {
                Circle().trim(from: 0, to: fraction).stroke(controlOnFill, style: stroke).rotationEffect(start)
            }
            VStack(spacing: 0) {
                if let currentValueLabel { currentValueLabel.font(.headline) } else { label.font(.footnote) }
            }
            .lineLimit(1)
            .minimumScaleFactor(0.5)
            .padding(Self.ringWidth + 2)
            if open {
                VStack {
                    Spacer()
                    HStack {
                        minimumValueLabel
                        Spacer(minLength: 0)
                        maximumValueLabel
                    }
                    .font(.system(size: 9))
                    .foregroundStyle(.secondary)
                    .padding(.horizontal, 6)
                }
            }
        }
        .frame(width: Self.ringDiameter, height: Self.ringDiameter)
    }
}
