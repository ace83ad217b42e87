import Foundation

extension Text {
    /// Text showing `input` formatted by `format`: `Text(price, format: .currency(code: "EUR"))`,
    /// `Text(ratio, format: .percent)`, `Text(date, format: .dateTime.year().month())`.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }

    /// Text showing `subject` formatted by a `Formatter` (`NumberFormatter`, `DateFormatter`…). SwiftUI asks
    /// for a `ReferenceConvertible` or `NSObject` subject; on Linux `Date` is neither, so any subject is taken.
    public init<Subject>(_ subject: Subject, formatter: Formatter) {
        self.init(verbatim: formatter.string(for: subject) ?? "")
    }
}
