import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Dates in UTC on the Gregorian calendar, for exact expectations.
enum TestDates {
    static let utc = TimeZone(identifier: "UTC")!
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }
    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }
    /// `date` written as "2026-12-01 09:41" in UTC.
    static func text(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }
}

/// A date picker at the top of the window over a date starting at 1 December 2026, 09:41 UTC, in `style`, in
/// the locale `localeID`; each change goes to `log` as "2026-12-15 09:41".
struct DateScene<Style: DatePickerStyle>: View {
    let log: CallLog
    let style: Style
    var localeID = "en_US"
    var range: ClosedRange<Date>? = nil
    var components: DatePickerComponents = [.date]
    @State var date: Date
    init(
        log: CallLog, style: Style, localeID: String = "en_US", range: ClosedRange<Date>? = nil,
        components: DatePickerComponents = [.date], start: Date = TestDates.date(2026, 12, 1, 9, 41)
    ) {
        self.log = log
        self.style = style
        self.localeID = localeID
        self.range = range
        self.components = components
        _date = State(initialValue: start)
    }
    var body: some View {
        VStack(alignment: .leading) {
            if let range {
                DatePicker("Due", selection: $date, in: range, displayedComponents: components)
            } else {
                DatePicker("Due", selection: $date, displayedComponents: components)
            }
            Spacer()
        }
        .datePickerStyle(style)
        .environment(\.locale, Locale(identifier: localeID))
        .environment(\.calendar, Calendar(identifier: .gregorian))
        .environment(\.timeZone, TestDates.utc)
        .onChange(of: date) { _, new in log(TestDates.text(new)) }
    }
}

/// DatePicker: the month grid from the locale's first weekday, days chosen by click and keys within the range,
/// the compact popover, the field's stepper, the wheel's columns, and bad ranges and dates.
@MainActor
@Suite struct DatePickerTests {
    func tapText(_ h: GestureHarness, _ text: String, at t: Double, occurrence: Int = 0) {
        guard let rect = frame(of: "Text(\"\(text)\")", in: h.graph, occurrence: occurrence) else {
            Issue.record("no text \(text)")
            return
        }
        h.down(rect.midX, rect.midY, at: t)
        h.up(rect.midX, rect.midY, at: t + 30)
    }

    func model(localeID: String, range: DatePickerRange = .unbounded) -> DatePickerModel {
        DatePickerModel(
            selection: .constant(TestDates.date(2026, 12, 1, 9, 41)), range: range, components: [.date],
            calendar: Calendar(identifier: .gregorian), locale: Locale(identifier: localeID), timeZone: TestDates.utc)
    }

    @Test func theGridStartsOnTheLocalesFirstWeekdayWithItsNames() {
        let american = model(localeID: "en_US")
        let days = american.gridDays(of: TestDates.date(2026, 12, 1))
        #expect(days.count == 42)
        #expect(TestDates.text(days[0]) == "2026-11-29 00:00", "1 December 2026 is a Tuesday; weeks start on Sunday")
        #expect(TestDates.text(days[41]) == "2027-01-09 00:00")
        #expect(american.weekdaySymbols == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        #expect(american.monthTitle(days[10]) == "December 2026")
        let german = model(localeID: "de_DE")
        #expect(TestDates.text(german.gridDays(of: TestDates.date(2026, 12, 1))[0]) == "2026-11-30 00:00")
        #expect(german.weekdaySymbols.first == "Mo")
        #expect(german.monthTitle(TestDates.date(2026, 12, 1)) == "Dezember 2026")
        #expect(german.dateText == "1. Dez. 2026")
        #expect(american.dateText == "Dec 1, 2026")
    }

    @Test func aClickedDayIsChosenKeepingTheTimeOfDay() {
        let log = CallLog()
        let h = GestureHarness(
            DateScene(log: log, style: .graphical, components: [.date, .hourAndMinute]), width: 400, height: 500)
        #expect(frame(of: "Text(\"December 2026\")", in: h.graph) != nil)
        tapText(h, "15", at: 0)
        #expect(log.entries == ["2026-12-15 09:41"])
        // A day of the next month shown in the last week moves the selection and the month.
        tapText(h, "9", at: 100, occurrence: 1)
        #expect(log.entries.last == "2027-01-09 09:41")
        #expect(frame(of: "Text(\"January 2027\")", in: h.graph) != nil)
    }

    @Test func keysMoveByDayWeekAndMonth() {
        let log = CallLog()
        let h = GestureHarness(DateScene(log: log, style: .graphical), width: 400, height: 500)
        for key in [KeyEquivalent.rightArrow, .downArrow, .pageDown, .home, .end, .leftArrow, .upArrow, .pageUp] {
            h.key(key)
        }
        #expect(
            log.entries == [
                "2026-12-02 09:41", "2026-12-09 09:41", "2027-01-09 09:41", "2027-01-01 09:41", "2027-01-31 09:41",
                "2027-01-30 09:41", "2027-01-23 09:41", "2026-12-23 09:41",
            ])
    }

    @Test func theHeaderArrowsShowOtherMonthsWithoutChoosing() {
        let log = CallLog()
        let h = GestureHarness(DateScene(log: log, style: .graphical), width: 400, height: 500)
        let header = frame(of: "Text(\"December 2026\")", in: h.graph)!
        // The next-month arrow is at the grid's trailing end (7 cells of 34 points, centred on the title).
        let right = header.midX + 7 * 34 / 2 - 14
        h.down(right, header.midY, at: 0)
        h.up(right, header.midY, at: 30)
        #expect(frame(of: "Text(\"January 2027\")", in: h.graph) != nil)
        #expect(log.entries.isEmpty)
        tapText(h, "20", at: 100)
        #expect(log.entries == ["2027-01-20 09:41"])
    }

    @Test func daysOutsideTheRangeCannotBeChosen() {
        let log = CallLog()
        let range = TestDates.date(2026, 12, 10)...TestDates.date(2026, 12, 20, 12)
        let h = GestureHarness(
            DateScene(log: log, style: .graphical, range: range, start: TestDates.date(2026, 12, 12, 9, 41)),
            width: 400, height: 500)
        tapText(h, "5", at: 0)
        tapText(h, "25", at: 100)
        #expect(log.entries.isEmpty)
        tapText(h, "20", at: 200)
        #expect(log.entries == ["2026-12-20 09:41"])
        h.key(.rightArrow)
        #expect(log.entries.last == "2026-12-20 12:00", "one day on is past the end: the end")
        // The previous month has no day in the range: its arrow does nothing.
        let header = frame(of: "Text(\"December 2026\")", in: h.graph)!
        let left = header.midX - 7 * 34 / 2 + 14
        h.down(left, header.midY, at: 300)
        h.up(left, header.midY, at: 330)
        #expect(frame(of: "Text(\"December 2026\")", in: h.graph) != nil)
    }

    @Test func aReversedRangeIsSwappedAndABadDateShowsTheBoundBothSaidOnce() {
        var said: [String] = []
        let saved = ListDiagnostics.log
        ListDiagnostics.log = { said.append($0) }
        defer { ListDiagnostics.log = saved }
        // A `ClosedRange` made with unchecked bounds (release builds do not check them) arrives reversed.
        let reversed = model(
            localeID: "en_US",
            range: DatePickerRange(lower: TestDates.date(2026, 12, 20), upper: TestDates.date(2026, 12, 10)))
        #expect(
            reversed.lowerBound == TestDates.date(2026, 12, 10) && reversed.upperBound == TestDates.date(2026, 12, 20))
        #expect(TestDates.text(reversed.date) == "2026-12-10 00:00", "the selection (1 December) is kept in the range")
        #expect(
            reversed.isSelectable(day: TestDates.date(2026, 12, 15))
                && !reversed.isSelectable(day: TestDates.date(2026, 12, 21)))
        let log = CallLog()
        let bad = GestureHarness(
            DateScene(
                log: log, style: .compact, range: TestDates.date(2026, 3, 2)...TestDates.date(2026, 4, 1),
                start: Date(timeIntervalSinceReferenceDate: .nan)), width: 400, height: 100)
        #expect(frame(of: "Text(\"Mar 2, 2026\")", in: bad.graph) != nil)
        let huge = model(
            localeID: "en_US",
            range: DatePickerRange(lower: Date(timeIntervalSinceReferenceDate: .infinity), upper: nil))
        #expect(huge.lowerBound == nil)
        #expect(said.count == 3, "\(said)")
    }

    @Test func theCompactButtonOpensTheCalendarInAPopupAndADayClosesIt() throws {
        let log = CallLog()
        let h = PopupHarness(
            DateScene(log: log, style: .compact, components: [.date, .hourAndMinute]), width: 400, height: 400)
        let button = try #require(h.textFrame("Dec 1, 2026"))
        #expect(h.textFrame("9:41\u{202F}AM") != nil, "the time button beside it")
        h.click(button.midX, button.midY, at: 0)
        let popup = try #require(h.popups.first)
        #expect(h.textFrame("December 2026", in: popup) != nil)
        h.choose("24", at: 200)
        #expect(log.entries == ["2026-12-24 09:41"])
        #expect(h.popups.isEmpty)
        #expect(h.textFrame("Dec 24, 2026") != nil)
        // The keyboard: the calendar has focus in its popup; arrows move, Return closes.
        let again = try #require(h.textFrame("Dec 24, 2026"))
        h.click(again.midX, again.midY, at: 400)
        h.key(.rightArrow)
        h.key(.downArrow)
        #expect(log.entries.suffix(2) == ["2026-12-25 09:41", "2027-01-01 09:41"], "\(log.entries)")
        #expect(h.popups.count == 1)
        h.key(.return)
        #expect(h.popups.isEmpty)
    }

    @Test func theTimeButtonOpensSpinnersThatStepHoursAndMinutes() throws {
        let log = CallLog()
        let h = PopupHarness(
            DateScene(log: log, style: .compact, localeID: "de_DE", components: [.hourAndMinute]), width: 400,
            height: 400)
        let button = try #require(h.textFrame("09:41"))
        #expect(h.textFrame("1. Dez. 2026") == nil, "no date shown")
        h.click(button.midX, button.midY, at: 0)
        let popup = try #require(h.popups.first)
        let hour = try #require(h.textFrame("09", in: popup))
        // The + button is above the value (30 points tall, 2 apart), the - button below.
        h.click(hour.midX, hour.minY - 17, at: 100)
        h.click(hour.midX, hour.minY - 17, at: 200)
        let minute = try #require(h.textFrame("41", in: popup))
        h.click(minute.midX, minute.maxY + 17, at: 300)
        #expect(log.entries == ["2026-12-01 10:41", "2026-12-01 11:41", "2026-12-01 11:40"], "\(log.entries)")
        #expect(h.textFrame("11", in: h.popups.first) != nil, "the popup shows the new hour")
    }

    @Test func theFieldStepsADayAndTheWheelMovesEachPart() {
        let log = CallLog()
        let field = GestureHarness(DateScene(log: log, style: .field), width: 400, height: 100)
        #expect(frame(of: "Text(\"Dec 1, 2026\")", in: field.graph) != nil)
        // The + button is the last 34 points of the row.
        field.down(383, 15, at: 0)
        field.up(383, 15, at: 30)
        field.key(.downArrow)
        field.key(.downArrow)
        #expect(log.entries == ["2026-12-02 09:41", "2026-12-01 09:41", "2026-11-30 09:41"])

        let wheelLog = CallLog()
        let wheel = GestureHarness(DateScene(log: wheelLog, style: .wheel, localeID: "de_DE"), width: 400, height: 300)
        // German order: day, month, year; each column shows two values either side of the chosen one.
        let day = frame(of: "Text(\"1\")", in: wheel.graph)!
        let month = frame(of: "Text(\"Dezember\")", in: wheel.graph)!
        let year = frame(of: "Text(\"2026\")", in: wheel.graph)!
        #expect(day.minX < month.minX && month.minX < year.minX)
        #expect(
            frame(of: "Text(\"Oktober\")", in: wheel.graph) != nil
                && frame(of: "Text(\"Februar\")", in: wheel.graph) != nil)
        tapText(wheel, "3", at: 0)
        tapText(wheel, "Januar", at: 100)
        tapText(wheel, "2025", at: 200)
        #expect(
            wheelLog.entries == ["2026-12-03 09:41", "2027-01-03 09:41", "2025-01-03 09:41"], "\(wheelLog.entries)")
        let american = GestureHarness(DateScene(log: CallLog(), style: .wheel), width: 400, height: 300)
        let usMonth = frame(of: "Text(\"December\")", in: american.graph)!
        let usDay = frame(of: "Text(\"1\")", in: american.graph)!
        #expect(usMonth.minX < usDay.minX, "American order: month, day, year")
    }
}
