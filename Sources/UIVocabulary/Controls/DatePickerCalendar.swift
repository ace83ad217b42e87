import Foundation
@_spi(Engine) import UICore

/// A month calendar as GNOME's: the month and year between arrows to the previous and next month, the weekday
/// names, and six weeks of day buttons starting on the calendar's first weekday; the chosen day on an accent
/// disc, other months' days dimmed, days outside the range faint and inert.
///
/// Focused, the arrow keys move the choice by a day (Left, Right) or a week (Up, Down), Page Up and Page Down
/// by a month, Home and End to the month's first and last day; Return or Space confirms (a popup closes).
package struct DatePickerMonthGrid: View {
    package let model: DatePickerModel
    /// Runs once a day is chosen by a click or confirmed by a key (a popup closes).
    package var onChoose: (@MainActor () -> Void)? = nil
    /// The month shown when it is not the selection's (after the arrows in the header moved it).
    @State private var shownMonth: Date? = nil
    @Environment(\.isEnabled) private var isEnabled

    package static let cellSize: CGFloat = 34

    package var body: some View {
        let model = self.model
        let selected = model.date
        let month = shownMonth.map(model.month) ?? model.month(selected)
        let days = model.gridDays(of: month)
        let symbols = model.weekdaySymbols
        let shown = $shownMonth
        let onChoose = self.onChoose
        let enabled = isEnabled
        VStack(spacing: 2) {
            HStack(spacing: 0) {
                monthArrow("chevron.left", to: model.calendar.date(byAdding: .month, value: -1, to: month))
                Spacer(minLength: 4)
                Text(verbatim: model.monthTitle(month)).fontWeight(.bold).lineLimit(1).layoutPriority(1)
                Spacer(minLength: 4)
                monthArrow("chevron.right", to: model.calendar.date(byAdding: .month, value: 1, to: month))
            }
            .padding(.bottom, 4)
            HStack(spacing: 0) {
                ForEach(0..<symbols.count, id: \.self) { column in
                    Text(verbatim: symbols[column]).font(.caption).foregroundStyle(.secondary).lineLimit(1)
                        .frame(width: Self.cellSize, height: 24)
                }
            }
            ForEach(0..<6, id: \.self) { week in
                HStack(spacing: 0) {
                    ForEach(0..<7, id: \.self) { column in
                        let day = days[week * 7 + column]
                        DatePickerDayCell(
                            number: model.calendar.component(.day, from: day),
                            isSelected: model.isSameDay(day, selected),
                            isInMonth: model.isSameMonth(day, month),
                            isSelectable: model.isSelectable(day: day)
                        ) {
                            model.choose(day: day)
                            shown.wrappedValue = nil
                            onChoose?()
                        }
                    }
                }
            }
        }
        .frame(width: Self.cellSize * 7)
        .focusable(enabled)
        .onKeyPress(phases: [.down, .repeat]) { press in
            guard enabled else { return .ignored }
            switch press.key {
            case .leftArrow: model.move(.day, by: -1)
            case .rightArrow: model.move(.day, by: 1)
            case .upArrow: model.move(.day, by: -7)
            case .downArrow: model.move(.day, by: 7)
            case .pageUp: model.move(.month, by: -1)
            case .pageDown: model.move(.month, by: 1)
            case .home: model.choose(day: model.month(selected))
            case .end:
                let next = model.calendar.date(byAdding: .month, value: 1, to: model.month(selected)) ?? selected
                model.choose(day: model.calendar.date(byAdding: .day, value: -1, to: next) ?? selected)
            case .return, .space:
                guard press.phase == .down else { return .handled }
                onChoose?()
                return .handled
            default: return .ignored
            }
            shown.wrappedValue = nil
            return .handled
        }
        .opacity(enabled ? 1 : 0.45)
    }

    /// A flat round button showing another month; dimmed when that month has no day in the range.
    private func monthArrow(_ symbol: String, to target: Date?) -> some View {
        let model = self.model
        let shown = $shownMonth
        let reachable =
            target.map { month in
                model.gridDays(of: month).contains { model.isSameMonth($0, month) && model.isSelectable(day: $0) }
            } ?? false
        return Button {
            if let target { shown.wrappedValue = target }
        } label: {
            Image(systemName: symbol).imageScale(.small).frame(width: 28, height: 28)
        }
        .buttonStyle(.plain)
        .disabled(!reachable)
    }
}

/// One day of the month grid.
package struct DatePickerDayCell: View {
    package let number: Int
    package let isSelected: Bool
    package let isInMonth: Bool
    package let isSelectable: Bool
    package let choose: @MainActor () -> Void

    package var body: some View {
        let choose = self.choose
        Text(verbatim: "\(number)")
            .fontWeight(isSelected ? .bold : nil)
            .foregroundStyle(isSelected ? Color.white : Color.primary)
            .opacity(isSelectable ? (isInMonth || isSelected ? 1 : 0.45) : 0.2)
            .frame(width: DatePickerMonthGrid.cellSize, height: DatePickerMonthGrid.cellSize)
            .background(Circle().fill(isSelected ? controlOnFill : Color.clear).padding(2))
            .contentShape(Rectangle())
            .gesture(
                ButtonPressGesture(onPressedChange: { _ in }, action: choose),
                including: isSelectable ? .all : .subviews)
    }
}

/// Hour and minute spinners (as GTK's vertical spin buttons: + above the value, − below), with an AM/PM button
/// where the locale writes twelve-hour times. Focused, Up and Down step the value.
package struct DatePickerTimeSpinners: View {
    package let model: DatePickerModel

    package var body: some View {
        let model = self.model
        let hour = model.hour
        let minute = model.minute
        let twelve = model.usesTwelveHours
        HStack(spacing: 6) {
            DatePickerSpinner(text: twelve ? "\(hour % 12 == 0 ? 12 : hour % 12)" : twoDigits(hour)) {
                model.setTime(hour: model.hour + $0, minute: model.minute)
            }
            Text(verbatim: ":").fontWeight(.bold)
            DatePickerSpinner(text: twoDigits(minute)) { model.setTime(hour: model.hour, minute: model.minute + $0) }
            if twelve {
                Button(hour < 12 ? model.calendar.amSymbol : model.calendar.pmSymbol) {
                    model.setTime(hour: model.hour + 12, minute: model.minute)
                }
            }
        }
    }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// One spinner: a + button, the value, a − button.
package struct DatePickerSpinner: View {
    package let text: String
    package let step: @MainActor (Int) -> Void
    @Environment(\.isEnabled) private var isEnabled

    package var body: some View {
        let step = self.step
        let model = StepperModel(onIncrement: { step(1) }, onDecrement: { step(-1) }, onEditingChanged: { _ in })
        VStack(spacing: 2) {
            StepperButton(symbol: "plus", isEnabled: isEnabled, model: model, direction: 1)
                .clipShape(RoundedRectangle(cornerRadius: 6))
            Text(verbatim: text).monospacedDigit().font(.title3).frame(minWidth: 34, minHeight: 30)
            StepperButton(symbol: "minus", isEnabled: isEnabled, model: model, direction: -1)
                .clipShape(RoundedRectangle(cornerRadius: 6))
        }
        .focusable(isEnabled)
        .onKeyPress(phases: [.down, .repeat]) { press in
            switch press.key {
            case .upArrow: step(1)
            case .downArrow: step(-1)
            default: return .ignored
            }
            return .handled
        }
    }
}
