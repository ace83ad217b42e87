import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A number field over a second field, logging each value written and each submit.
private struct AnswerForm: View {
    let log: CallLog
    @State private var answer = 0
    @State private var note = ""

    var body: some View {
        VStack {
            TextField("Answer", value: logged, format: .number)
            TextField("Note", text: $note)
            Spacer()
        }
        .onSubmit { log("submit \(answer)") }
    }

    var logged: Binding<Int> {
        let state = $answer
        let log = self.log
        return Binding(
            get: { state.wrappedValue },
            set: {
                log("value \($0)")
                state.wrappedValue = $0
            })
    }
}

/// `TextField(value:format:)` as SwiftUI's documentation describes it.
@MainActor
@Suite struct ValueFieldTests {
    /// Apple, `TextField`: "If the value is a string, the text field updates this value continuously as the user
    /// types or otherwise edits the text in the field. For non-string types, it updates the value when the user
    /// commits their edits, such as by pressing the Return key." `init(_:value:format:prompt:)`: "If `format` can't
    /// perform the conversion, the text field leaves `binding.value` unchanged."
    @Test func aValueFieldWritesItsValueAtReturnNotWhileTyping() {
        let log = CallLog()
        let h = KeyHarness(AnswerForm(log: log)).frozen()
        h.focus.activate()
        h.update()
        h.key("a", .control)
        h.typeText("42")
        #expect(log.entries.isEmpty, "nothing written while typing: \(log.entries)")
        #expect(h.display.contains("text \"42\""), "the typed text shows: \(h.display)")
        h.key(.return)
        // The value first, then the submit actions see it.
        #expect(log.entries == ["value 42", "submit 42"])
        // Text that does not parse leaves the value as it was; at Return the field shows the value again.
        h.key("a", .control)
        h.typeText("x")
        h.key(.return)
        #expect(log.entries == ["value 42", "submit 42", "submit 42"])
        #expect(h.display.contains("text \"42\""), "\(h.display)")
    }

    /// The other commit: focus leaving the field (Tab to the next one) writes the value.
    @Test func aValueFieldWritesItsValueWhenFocusLeaves() {
        let log = CallLog()
        let h = KeyHarness(AnswerForm(log: log)).frozen()
        h.focus.activate()
        h.update()
        h.key("a", .control)
        h.typeText("7")
        #expect(log.entries.isEmpty)
        h.key(.tab)
        h.update()
        #expect(log.entries == ["value 7"])
        // Typing in the other field writes nothing more.
        h.typeText("hi")
        #expect(log.entries == ["value 7"])
    }
}
