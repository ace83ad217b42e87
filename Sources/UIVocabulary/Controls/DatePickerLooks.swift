import Foundation
@_spi(Engine) import UICore

/// `.compact`: the label, then a button showing the date that opens the month calendar in a popover, and one
/// showing the time that opens the spinners. Choosing a day closes the calendar.
package struct DatePickerCompactLook<Label: View>: View {
    package let model: DatePickerModel
    package let label: Label
    @State private var isCalendarOpen = false
    @State private var isClockOpen = false

    package var body: some View {
        let model = self.model
        let calendarOpen = $isCalendarOpen
        let clockOpen = $isClockOpen
        HStack {
            label.layoutPriority(1)
            Spacer(minLength: 8)
            if model.showsDate {
                Button {
                    calendarOpen.wrappedValue = true
                } label: {
                    Text(verbatim: model.dateText).lineLimit(1)
                }
                .popover(isPresented: calendarOpen) {
                    DatePickerMonthGrid(model: model) { calendarOpen.wrappedValue = false }
                }
            }
            if model.showsTime {
                Button {
                    clockOpen.wrappedValue = true
                } label: {
                    Text(verbatim: model.timeText).monospacedDigit().lineLimit(1)
                }
                .popover(isPresented: clockOpen) { DatePickerTimeSpinners(model: model) }
            }
        }
    }
}

/// `.graphical`: the month calendar inline, the time spinners below it (the label is not shown, as on iOS).
package struct DatePickerGraphicalLook<Label: View>: View {
    package let model: DatePickerModel
    package let label: Label

    package var body: some View {
        VStack(spacing: 12) {
            if model.showsDate { DatePickerMonthGrid(model: model) }
            if model.showsTime { DatePickerTimeSpinners(model: model) }
        }
    }
}

/// `.field`: the label, then a field showing the date and time with linked − and + buttons; they (and Up and
/// Down when focused) step a day, or a minute when only the time shows.
package struct DatePickerFieldLook<Label: View>: View {
    package let model: DatePickerModel
    package let label: Label
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var colorScheme

    package var body: some View {
        let model = self.model
        let unit: Calendar.Component = model.showsDate ? .day : .minute
        let text = [model.showsDate ? model.dateText : nil, model.showsTime ? model.timeText : nil]
            .compactMap { $0 }.joined(separator: ", ")
        let stepper = StepperModel(
            onIncrement: { model.move(unit, by: 1) }, onDecrement: { model.move(unit, by: -1) },
            onEditingChanged: { _ in })
        let dark = colorScheme == .dark
        HStack {
            label.layoutPriority(1)
            Spacer(minLength: 8)
            HStack(spacing: 6) {
                Text(verbatim: text).monospacedDigit().lineLimit(1)
                    .padding(.horizontal, 8)
                    .frame(minHeight: StepperButton.size.height)
                    .background(RoundedRectangle(cornerRadius: 5).fill(EntryLook.fill(dark: dark)))
                    .overlay(RoundedRectangle(cornerRadius: 5).strokeBorder(EntryLook.border(dark: dark), lineWidth: 1))
                HStack(spacing: 1) {
                    StepperButton(symbol: "minus", isEnabled: isEnabled, model: stepper, direction: -1)
                    StepperButton(symbol: "plus", isEnabled: isEnabled, model: stepper, direction: 1)
                }
                .clipShape(RoundedRectangle(cornerRadius: 6))
            }
        }
        .focusable(isEnabled)
        .onKeyPress(phases: [.down, .repeat]) { press in
            switch press.key {
            case .upArrow: model.move(unit, by: 1)
            case .downArrow: model.move(unit, by: -1)
            default: return .ignored
            }
            return .handled
        }
        .opacity(isEnabled ? 1 : 0.45)
    }
}

/// `.wheel`: a column per part (month, day and year in the locale's order; hour and minute), each showing the
/// chosen value on a band between its neighbours. A click on a neighbour (or Up and Down when the column is
/// focused) moves that part; values outside the range are faint.
package struct DatePickerWheelLook<Label: View>: View {
    package let model: DatePickerModel
    package let label: Label

    package var body: some View {
        let model = self.model
        HStack(spacing: 4) {
            if model.showsDate {
                ForEach(Self.dateOrder(model), id: \.self) { part in
                    column(byAdding: part, template: part == .month ? "LLLL" : part == .day ? "d" : "y")
                }
            }
            if model.showsTime {
                column(byAdding: .hour, template: model.usesTwelveHours ? "ha" : "HH")
                column(byAdding: .minute, template: "mm")
            }
        }
    }

    /// Month, day and year in the order the locale writes a long date.
    package static func dateOrder(_ model: DatePickerModel) -> [Calendar.Component] {
        let format = DateFormatter.dateFormat(fromTemplate: "MMMMdy", options: 0, locale: model.calendar.locale) ?? ""
        let parts: [(Calendar.Component, Character)] = [(.month, "M"), (.day, "d"), (.year, "y")]
        return parts.sorted {
            (format.firstIndex(of: $0.1) ?? format.endIndex) < (format.firstIndex(of: $1.1) ?? format.endIndex)
        }.map(\.0)
    }

    private func column(byAdding unit: Calendar.Component, template: String) -> some View {
        let model = self.model
        let formatter = model.formatter(template)
        let date = model.date
        let rows = (-2...2).map { offset -> (String, Bool) in
            let moved = model.calendar.date(byAdding: unit, value: offset, to: date) ?? date
            return (formatter.string(from: moved), model.clamp(moved) == moved)
        }
        return DatePickerWheelColumn(rows: rows) { offset in model.move(unit, by: offset) }
    }
}

/// One wheel: five rows, the middle one (the chosen value) on a band.
package struct DatePickerWheelColumn: View {
    /// The text of each row and whether its value is in the range, from two before the chosen value to two after.
    package let rows: [(String, Bool)]
    package let move: @MainActor (Int) -> Void
    @Environment(\.isEnabled) private var isEnabled

    package static let rowHeight: CGFloat = 32

    package var body: some View {
        let move = self.move
        VStack(spacing: 0) {
            ForEach(0..<rows.count, id: \.self) { index in
                let offset = index - rows.count / 2
                Text(verbatim: rows[index].0).lineLimit(1)
                    .foregroundStyle(offset == 0 ? HierarchicalShapeStyle.primary : HierarchicalShapeStyle.secondary)
                    .opacity(rows[index].1 ? 1 : 0.35)
                    .padding(.horizontal, 10)
                    .frame(maxWidth: .infinity, minHeight: Self.rowHeight)
                    .contentShape(Rectangle())
                    .gesture(
                        ButtonPressGesture(onPressedChange: { _ in }, action: { move(offset) }),
                        including: offset != 0 && rows[index].1 && isEnabled ? .all : .subviews)
            }
        }
        .background(
            RoundedRectangle(cornerRadius: 6).fill(Color(white: 0.5, opacity: 0.15)).frame(height: Self.rowHeight)
        )
        .focusable(isEnabled)
        .onKeyPress(phases: [.down, .repeat]) { press in
            switch press.key {
            case .upArrow: move(-1)
            case .downArrow: move(1)
            default: return .ignored
            }
            return .handled
        }
        .opacity(isEnabled ? 1 : 0.45)
    }
}

/// The look of GNOME's entries (text fields, the date field): their fill and hairline border, light or dark.
package enum EntryLook {
    package static func fill(dark: Bool) -> Color { dark ? Color(white: 0.23) : Color.white }
    package static func border(dark: Bool) -> Color { dark ? Color(white: 1, opacity: 0.15) : Color(white: 0.75) }
}
