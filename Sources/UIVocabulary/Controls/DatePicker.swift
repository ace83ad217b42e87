import Foundation
@_spi(Engine) import UICore

/// The parts of a date a date picker shows and edits.
public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The hour and minute.
    public static let hourAndMinute = DatePickerComponents(rawValue: 1 << 2)
    /// The hour, minute and second.
    public static let hourMinuteAndSecond = DatePickerComponents(rawValue: 1 << 3)
    /// The day, month and year.
    public static let date = DatePickerComponents(rawValue: 1 << 4)
}

/// A control for choosing a date, a time of day, or both.
///
/// Drawn as GNOME's: `.compact` (= `.automatic`) is a button showing the date that opens a month calendar in
/// a popup (and one showing the time that opens hour and minute spinners); `.graphical` shows the month
/// calendar inline; `.field` and `.stepperField` a field with linked − and + buttons stepping a day; `.wheel`
/// columns of months, days and years. Weekday names, month names, the first day of the week and the order of
/// the fields come from the environment's `calendar` and `locale`, times from its `timeZone`. Days outside the
/// range are dimmed and cannot be chosen.
public struct DatePicker<Label: View>: View {
    /// The parts of a date a picker shows.
    public typealias Components = DatePickerComponents

    package let selection: Binding<Date>
    package let range: DatePickerRange
    package let components: DatePickerComponents
    package let label: Label
    @Environment(\.datePickerStyleKind) private var style
    @Environment(\.calendar) private var calendar
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone

    package init(selection: Binding<Date>, range: DatePickerRange, components: DatePickerComponents, label: Label) {
        self.selection = selection
        self.range = range
        self.components = components
        self.label = label
    }

    public var body: some View {
        let model = DatePickerModel(
            selection: selection, range: range, components: components, calendar: calendar, locale: locale,
            timeZone: timeZone)
        switch style {
        case .compact: DatePickerCompactLook(model: model, label: label)
        case .graphical: DatePickerGraphicalLook(model: model, label: label)
        case .field: DatePickerFieldLook(model: model, label: label)
        case .wheel: DatePickerWheelLook(model: model, label: label)
        }
    }
}

extension DatePicker {
    /// A picker of any date, labelled by `label`.
    public init(
        selection: Binding<Date>, displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date],
        @ViewBuilder label: () -> Label
    ) {
        self.init(selection: selection, range: .unbounded, components: displayedComponents, label: label())
    }
    /// A picker of a date within `range`, labelled by `label`.
    public init(
        selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(
            selection: selection, range: DatePickerRange(lower: range.lowerBound, upper: range.upperBound),
            components: displayedComponents, label: label())
    }
    /// A picker of a date on or after `range`'s start, labelled by `label`.
    public init(
        selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(
            selection: selection, range: DatePickerRange(lower: range.lowerBound, upper: nil),
            components: displayedComponents, label: label())
    }
    /// A picker of a date on or before `range`'s end, labelled by `label`.
    public init(
        selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(
            selection: selection, range: DatePickerRange(lower: nil, upper: range.upperBound),
            components: displayedComponents, label: label())
    }
}

extension DatePicker where Label == Text {
    /// A picker of any date titled with the text of `titleKey`.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }
    /// A picker of a date within `range` titled with the text of `titleKey`.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }
    /// A picker of a date on or after `range`'s start titled with the text of `titleKey`.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }
    /// A picker of a date on or before `range`'s end titled with the text of `titleKey`.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }
    /// A picker of any date titled `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(title) }
    }
    /// A picker of a date within `range` titled `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }
    /// A picker of a date on or after `range`'s start titled `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }
    /// A picker of a date on or before `range`'s end titled `title`.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePicker<Label>.Components = [.hourAndMinute, .date]
    ) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }
}

// MARK: Styles

/// How a date picker looks and is used.
public protocol DatePickerStyle {
    /// Which of the built-in looks this is.
    @_spi(Engine) var _kind: _DatePickerStyleKind { get }
}

/// The built-in date picker looks.
@_spi(Engine) public enum _DatePickerStyleKind: Hashable, Sendable {
    case compact, graphical, field, wheel
}

/// The platform's default: compact.
public struct DefaultDatePickerStyle: DatePickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _DatePickerStyleKind { .compact }
}
/// Buttons showing the date and time that open a calendar or time spinners in a popup.
public struct CompactDatePickerStyle: DatePickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _DatePickerStyleKind { .compact }
}
/// A month calendar shown inline (with the time below it).
public struct GraphicalDatePickerStyle: DatePickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _DatePickerStyleKind { .graphical }
}
/// Columns of months, days and years (and hours and minutes), the chosen row of each on a band.
public struct WheelDatePickerStyle: DatePickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _DatePickerStyleKind { .wheel }
}
/// A field showing the date, with linked buttons stepping it by a day.
public struct FieldDatePickerStyle: DatePickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _DatePickerStyleKind { .field }
}
/// A field showing the date with a stepper beside it (drawn as `.field`).
public struct StepperFieldDatePickerStyle: DatePickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _DatePickerStyleKind { .field }
}

extension DatePickerStyle where Self == DefaultDatePickerStyle {
    public static var automatic: DefaultDatePickerStyle { DefaultDatePickerStyle() }
}
extension DatePickerStyle where Self == CompactDatePickerStyle {
    public static var compact: CompactDatePickerStyle { CompactDatePickerStyle() }
}
extension DatePickerStyle where Self == GraphicalDatePickerStyle {
    public static var graphical: GraphicalDatePickerStyle { GraphicalDatePickerStyle() }
}
extension DatePickerStyle where Self == WheelDatePickerStyle {
    public static var wheel: WheelDatePickerStyle { WheelDatePickerStyle() }
}
extension DatePickerStyle where Self == FieldDatePickerStyle {
    public static var field: FieldDatePickerStyle { FieldDatePickerStyle() }
}
extension DatePickerStyle where Self == StepperFieldDatePickerStyle {
    public static var stepperField: StepperFieldDatePickerStyle { StepperFieldDatePickerStyle() }
}

package struct DatePickerStyleKey: EnvironmentKey { package static var defaultValue: _DatePickerStyleKind { .compact } }

extension EnvironmentValues {
    package var datePickerStyleKind: _DatePickerStyleKind {
        get { self[DatePickerStyleKey.self] }
        set { self[DatePickerStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of the date pickers in this view.
    public func datePickerStyle<S: DatePickerStyle>(_ style: S) -> some View {
        environment(\.datePickerStyleKind, style._kind)
    }
}
