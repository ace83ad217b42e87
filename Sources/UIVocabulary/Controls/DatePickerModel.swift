import Foundation
@_spi(Engine) import UICore

/// What every date picker look works from: the selection kept within the range, read in the environment's
/// calendar, locale and time zone, and the moves a look can make (choose a day, step a day or month, set the time).
@MainActor
package struct DatePickerModel {
    package let selection: Binding<Date>
    package let lowerBound: Date?
    package let upperBound: Date?
    package let components: DatePickerComponents
    /// The environment's calendar with its locale and time zone.
    package let calendar: Calendar

    /// Dates further than this from 2001 (about 31 700 years) are treated as not a date: the calendar's
    /// arithmetic is not defined for them.
    package static let largestInterval: TimeInterval = 1e12

    package init(
        selection: Binding<Date>, range: DatePickerRange, components: DatePickerComponents,
        calendar: Calendar, locale: Locale, timeZone: TimeZone
    ) {
        self.selection = selection
        var lower = range.lower.flatMap { Self.isUsable($0) ? $0 : nil }
        var upper = range.upper.flatMap { Self.isUsable($0) ? $0 : nil }
        if range.lower != lower || range.upper != upper {
            ListDiagnostics.report("DatePicker: a bound of the range is not a date; that side is left open")
        }
        if let low = lower, let high = upper, low > high {
            ListDiagnostics.report(
                "DatePicker: the range's lower bound \(low) is after its upper bound \(high); swapped")
            (lower, upper) = (high, low)
        }
        lowerBound = lower
        upperBound = upper
        self.components = components.isEmpty ? [.date] : components
        var calendar = calendar
        calendar.locale = locale
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    package static func isUsable(_ date: Date) -> Bool {
        let interval = date.timeIntervalSinceReferenceDate
        return interval.isFinite && abs(interval) <= largestInterval
    }

    package var showsDate: Bool { components.contains(.date) }
    package var showsTime: Bool { components.contains(.hourAndMinute) || components.contains(.hourMinuteAndSecond) }

    /// The date shown: the selection within the range (a selection that is not a date shows the range's lower
    /// bound, else its upper one, else the reference date, and is said once).
    package var date: Date {
        let value = selection.wrappedValue
        guard Self.isUsable(value) else {
            ListDiagnostics.report("DatePicker: the selection \(value.timeIntervalSinceReferenceDate) is not a date")
            return lowerBound ?? upperBound ?? Date(timeIntervalSinceReferenceDate: 0)
        }
        return clamp(value)
    }

    package func clamp(_ date: Date) -> Date {
        var date = date
        if let lowerBound, date < lowerBound { date = lowerBound }
        if let upperBound, date > upperBound { date = upperBound }
        return date
    }

    /// Sets the selection to `date` within the range (nothing is written when it does not change).
    package func set(_ date: Date) {
        let next = clamp(date)
        if next != selection.wrappedValue { selection.wrappedValue = next }
    }

    // MARK: Days

    /// The start of the day `date` falls in.
    package func day(_ date: Date) -> Date { calendar.startOfDay(for: date) }

    /// Whether any moment of the day starting at `day` is in the range.
    package func isSelectable(day: Date) -> Bool {
        let end = calendar.date(byAdding: .day, value: 1, to: day) ?? day
        if let lowerBound, end <= lowerBound { return false }
        if let upperBound, day > upperBound { return false }
        return true
    }

    /// Selects the day starting at `day`, keeping the selection's time of day.
    package func choose(day: Date) {
        let time = calendar.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
        var parts = calendar.dateComponents([.era, .year, .month, .day], from: day)
        parts.hour = time.hour
        parts.minute = time.minute
        parts.second = time.second
        parts.nanosecond = time.nanosecond
        if let chosen = calendar.date(from: parts) { set(chosen) }
    }

    /// Moves the selection by `value` of `unit` (days, weeks, months), kept in the range.
    package func move(_ unit: Calendar.Component, by value: Int) {
        if let moved = calendar.date(byAdding: unit, value: value, to: date) { set(moved) }
    }

    /// The first day of the month `date` falls in.
    package func month(_ date: Date) -> Date {
        calendar.date(from: calendar.dateComponents([.era, .year, .month], from: date)) ?? day(date)
    }

    /// The 42 days of a month's grid (six weeks), starting on the calendar's first weekday on or before the 1st.
    package func gridDays(of month: Date) -> [Date] {
        let first = self.month(month)
        let weekday = calendar.component(.weekday, from: first)
        let lead = (weekday - calendar.firstWeekday + 7) % 7
        let start = calendar.date(byAdding: .day, value: -lead, to: first) ?? first
        return (0..<42).map { calendar.date(byAdding: .day, value: $0, to: start) ?? start }
    }

    /// The weekday names over the grid's columns, from the calendar's first weekday.
    package var weekdaySymbols: [String] {
        let symbols = calendar.shortStandaloneWeekdaySymbols
        guard symbols.count == 7 else { return symbols }
        return (0..<7).map { symbols[(calendar.firstWeekday - 1 + $0) % 7] }
    }

    package func isSameMonth(_ a: Date, _ b: Date) -> Bool { calendar.isDate(a, equalTo: b, toGranularity: .month) }
    package func isSameDay(_ a: Date, _ b: Date) -> Bool { calendar.isDate(a, inSameDayAs: b) }

    // MARK: Time

    package var hour: Int { calendar.component(.hour, from: date) }
    package var minute: Int { calendar.component(.minute, from: date) }

    /// Whether the locale writes times with AM and PM.
    package var usesTwelveHours: Bool {
        (DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: calendar.locale) ?? "").contains("a")
    }

    /// Sets the time of day of the selection, keeping its day.
    package func setTime(hour: Int, minute: Int) {
        let hour = ((hour % 24) + 24) % 24
        let minute = ((minute % 60) + 60) % 60
        if let moved = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: date) { set(moved) }
    }

    // MARK: Text

    package func formatter(_ template: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.locale = calendar.locale
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }

    /// The selected day as the locale writes it in medium length ("Dec 1, 2026").
    package var dateText: String { formatter("yMMMd").string(from: date) }
    /// The selected time as the locale writes it ("9:41 AM", "09:41").
    package var timeText: String {
        formatter(components.contains(.hourMinuteAndSecond) ? "jms" : "jm").string(from: date)
    }
    /// A month's title: its standalone name and year ("December 2026").
    package func monthTitle(_ month: Date) -> String { formatter("LLLLy").string(from: month) }
}

/// The bounds a date picker was given (either side may be open).
package struct DatePickerRange {
    package var lower: Date?
    package var upper: Date?
    package static let unbounded = DatePickerRange(lower: nil, upper: nil)
}
