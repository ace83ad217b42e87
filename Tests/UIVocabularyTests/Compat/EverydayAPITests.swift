import Foundation
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

/// Records what the view saw, outside the view value.
@MainActor private final class Seen {
    var newValues: [Int] = []
}

private struct Watcher: View {
    var value: Int
    let seen: Seen
    var body: some View {
        Text("\(value)").onChange(of: value) { newValue in seen.newValues.append(newValue) }
    }
}

@Suite struct EverydayAPITests {
    @Test func removeAtOffsetsKeepsTheOthersInOrder() {
        var fruits = ["apple", "banana", "cherry", "date", "elder"]
        fruits.remove(atOffsets: IndexSet([1, 3]))
        #expect(fruits == ["apple", "cherry", "elder"])
        fruits.remove(atOffsets: IndexSet())
        #expect(fruits == ["apple", "cherry", "elder"])
        fruits.remove(atOffsets: IndexSet(0..<3))
        #expect(fruits.isEmpty)
    }

    // The cases of SwiftUI's `onMove` documentation: moving down inserts before the destination's old element.
    @Test(arguments: [
        (IndexSet([0]), 2, ["b", "a", "c", "d"]),
        (IndexSet([3]), 0, ["d", "a", "b", "c"]),
        (IndexSet([0, 2]), 4, ["b", "d", "a", "c"]),
        (IndexSet([1, 3]), 1, ["a", "b", "d", "c"]),
        (IndexSet([2]), 2, ["a", "b", "c", "d"]),
        (IndexSet([1]), 4, ["a", "c", "d", "b"]),
    ])
    func moveFromOffsetsToOffset(source: IndexSet, destination: Int, expected: [String]) {
        var letters = ["a", "b", "c", "d"]
        letters.move(fromOffsets: source, toOffset: destination)
        #expect(letters == expected)
    }

    @Test func colorLiteralIsSRGB() {
        let literal: Color = #colorLiteral(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)
        let wrapped = Color(#colorLiteral(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(
            literal
                == Color(
                    .sRGB, red: Double(Float(0.2)), green: Double(Float(0.4)), blue: Double(Float(0.6)),
                    opacity: Double(Float(0.5))))
        #expect(wrapped == Color(.sRGB, red: 1, green: 0, blue: 0, opacity: 1))
    }

    @available(*, deprecated, message: "tests the deprecated onChange(of:perform:)")
    @MainActor @Test func deprecatedOneArgumentOnChangeGetsTheNewValue() {
        let seen = Seen()
        let graph = makeGraph(Watcher(value: 1, seen: seen), width: 100, height: 40)
        graph.update()
        #expect(seen.newValues.isEmpty)
        graph.setRoot(Watcher(value: 2, seen: seen))
        graph.update()
        graph.setRoot(Watcher(value: 2, seen: seen))
        graph.update()
        graph.setRoot(Watcher(value: 5, seen: seen))
        graph.update()
        #expect(seen.newValues == [2, 5])
    }
}

@Suite struct TextFormatTests {
    let locale = Locale(identifier: "en_US")

    @Test func formatStylesForNumbersCurrencyPercentAndDates() {
        #expect(Text(1_234_567, format: .number.locale(locale)) == Text(verbatim: "1,234,567"))
        #expect(Text(12.5, format: .currency(code: "EUR").locale(locale)) == Text(verbatim: "€12.50"))
        #expect(Text(0.256, format: .percent.locale(locale)) == Text(verbatim: "25.6%"))
        let date = Date(timeIntervalSince1970: 0)
        let style = Date.FormatStyle(
            date: .numeric, time: .omitted, locale: locale, timeZone: TimeZone(identifier: "UTC")!)
        #expect(Text(date, format: style) == Text(verbatim: "1/1/1970"))
    }

    @Test func legacyFormatters() {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        #expect(Text(NSNumber(value: 9876.5), formatter: formatter) == Text(verbatim: "9,876.5"))
        let dates = DateFormatter()
        dates.locale = locale
        dates.timeZone = TimeZone(identifier: "UTC")
        dates.dateFormat = "yyyy-MM-dd"
        #expect(Text(Date(timeIntervalSince1970: 86_400), formatter: dates) == Text(verbatim: "1970-01-02"))
    }
}
