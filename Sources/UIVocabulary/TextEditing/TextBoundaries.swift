import Foundation
@_spi(Engine) import UICore

/// Grapheme, word and line boundaries of a string, in UTF-8 offsets (the unit of the editing model, of
/// HarfBuzz clusters and of text-input-v3). Offsets handed in are kept on grapheme cluster boundaries.
package enum TextBoundaries {
    /// The string index of UTF-8 `offset` (clamped to the string).
    package static func index(_ text: String, _ offset: Int) -> String.Index {
        let utf8 = text.utf8
        return utf8.index(utf8.startIndex, offsetBy: min(max(offset, 0), utf8.count))
    }

    package static func offset(_ text: String, _ index: String.Index) -> Int {
        text.utf8.distance(from: text.utf8.startIndex, to: index)
    }

    /// The grapheme boundary at or before `offset` (an offset inside a cluster moves to its start).
    package static func snapped(_ text: String, _ offset: Int) -> Int {
        let i = index(text, offset)
        guard i < text.endIndex else { return text.utf8.count }
        // String's index moves round an index inside a cluster down to the cluster's start first.
        return Self.offset(text, text.index(before: text.index(after: i)))
    }

    /// The next grapheme boundary after `offset` (the end stays the end).
    package static func nextGrapheme(_ text: String, after offset: Int) -> Int {
        let i = index(text, offset)
        guard i < text.endIndex else { return text.utf8.count }
        return Self.offset(text, text.index(after: i))
    }

    /// The grapheme boundary before `offset` (the start stays the start).
    package static func previousGrapheme(_ text: String, before offset: Int) -> Int {
        let i = index(text, offset)
        guard i > text.startIndex else { return 0 }
        return Self.offset(text, text.index(before: i))
    }

    /// Word characters: letters, digits, marks and the underscore (as GTK and most editors count them).
    package static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
            || character.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    /// Ctrl+Right: past the non-word characters after `offset`, then to the end of the word.
    package static func nextWordEnd(_ text: String, after offset: Int) -> Int {
        var i = index(text, offset)
        while i < text.endIndex, !isWordCharacter(text[i]) { i = text.index(after: i) }
        while i < text.endIndex, isWordCharacter(text[i]) { i = text.index(after: i) }
        return Self.offset(text, i)
    }

    /// Ctrl+Left and Ctrl+Backspace: back over the non-word characters before `offset`, then to the start of the word.
    package static func previousWordStart(_ text: String, before offset: Int) -> Int {
        var i = index(text, offset)
        while i > text.startIndex, !isWordCharacter(text[text.index(before: i)]) { i = text.index(before: i) }
        while i > text.startIndex, isWordCharacter(text[text.index(before: i)]) { i = text.index(before: i) }
        return Self.offset(text, i)
    }

    /// The word (or run of spaces, or single punctuation character) at `offset`, for a double click.
    package static func word(_ text: String, at offset: Int) -> Range<Int> {
        guard !text.isEmpty else { return 0..<0 }
        var i = index(text, offset)
        if i == text.endIndex { i = text.index(before: i) }
        let kind = classify(text[i])
        guard kind != .other else { return Self.offset(text, i)..<Self.offset(text, text.index(after: i)) }
        var start = i
        var end = text.index(after: i)
        while start > text.startIndex, classify(text[text.index(before: start)]) == kind {
            start = text.index(before: start)
        }
        while end < text.endIndex, classify(text[end]) == kind { end = text.index(after: end) }
        return Self.offset(text, start)..<Self.offset(text, end)
    }

    private enum CharacterKind { case word, space, newline, other }
    private static func classify(_ character: Character) -> CharacterKind {
        if character.isNewline { return .newline }
        if isWordCharacter(character) { return .word }
        if character.isWhitespace { return .space }
        return .other
    }

    /// The line (without its line break) containing `offset`.
    package static func line(_ text: String, at offset: Int) -> Range<Int> {
        let bytes = text.utf8
        let i = index(text, offset)
        let newline = UInt8(ascii: "\n")
        // Searching bytes is safe: "\n" never occurs inside a multi-byte UTF-8 sequence.
        let start = bytes[..<i].lastIndex(of: newline).map { bytes.index(after: $0) } ?? bytes.startIndex
        let end = bytes[i...].firstIndex(of: newline) ?? bytes.endIndex
        return Self.offset(text, start)..<Self.offset(text, end)
    }
}
