import Foundation

/// The parts of the Unicode bidirectional algorithm a line of Arabic or Hebrew mixed with Latin needs: the
/// paragraph's level from its first strong character, weak and neutral types resolved, implicit levels, trailing
/// whitespace at the paragraph's level, and the runs reordered for display. Explicit embeddings, overrides and
/// isolates are not honoured (their controls count as boundary neutrals). Units are grapheme clusters, each of
/// the type of its first scalar: carets stand between clusters.
package enum Bidi {
    package enum CharacterType: UInt8 {
        case l, r, al, en, es, et, an, cs, nsm, bn, b, s, ws, on
        package var isStrongRightToLeft: Bool { self == .r || self == .al }
        package var isStrong: Bool { self == .l || isStrongRightToLeft }
    }

    /// A run of clusters at one level, in logical cluster indices.
    package struct Run: Equatable {
        package var range: Range<Int>
        package var level: UInt8
        package var isRightToLeft: Bool { level % 2 == 1 }
    }

    /// Whether `text` may hold right-to-left characters (a quick byte test: lines without any skip the algorithm).
    package static func mayHoldRightToLeft(_ text: Substring.UTF8View) -> Bool {
        // Hebrew to NKo (U+0590–U+07FF) lead with 0xD6–0xDF; U+0800–U+08FF and the presentation forms with
        // 0xE0 and 0xEF; supplementary right-to-left scripts with 0xF0.
        text.contains { $0 >= 0xD6 && $0 <= 0xDF || $0 == 0xE0 || $0 == 0xEF || $0 == 0xF0 }
    }

    package static func type(of scalar: Unicode.Scalar) -> CharacterType {
        let v = scalar.value
        switch v {
        case 0x30...0x39: return .en
        case 0x2B, 0x2D: return .es
        case 0x23...0x25, 0xA2...0xA5, 0xB0, 0xB1, 0x2030...0x2034, 0x20A0...0x20CF: return .et
        case 0x2C, 0x2E, 0x2F, 0x3A, 0xA0, 0x60C, 0x202F, 0x2044: return .cs
        case 0x09, 0x0B, 0x1F: return .s
        case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029: return .b
        case 0x0C, 0x20, 0x1680, 0x2000...0x200A, 0x2028, 0x205F, 0x3000: return .ws
        case 0x200E: return .l
        case 0x200F: return .r
        case 0x61C: return .al
        case 0xAD, 0x200B...0x200D, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF: return .bn
        case 0x00...0x1F, 0x7F...0x9F: return .bn
        case 0xB2, 0xB3, 0xB9, 0x2070...0x2079, 0x2080...0x2089, 0x06F0...0x06F9: return .en
        case 0x600...0x605, 0x660...0x669, 0x66B, 0x66C, 0x6DD, 0x8E2: return .an
        case 0x609, 0x60A, 0x66A: return .et
        default: break
        }
        let category = scalar.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark { return .nsm }
        switch v {
        case 0x590...0x5FF, 0x7C0...0x85F, 0xFB1D...0xFB4F, 0x10800...0x10CFF, 0x10D40...0x10EBF, 0x10F00...0x10F2F,
            0x10F70...0x10FFF, 0x1E800...0x1EC6F, 0x1ED00...0x1EDFF:
            return .r
        case 0x600...0x7BF, 0x860...0x8FF, 0xFB50...0xFDCF, 0xFDF0...0xFDFF, 0xFE70...0xFEFE, 0x10D00...0x10D3F,
            0x10EC0...0x10EFF, 0x10F30...0x10F6F, 0x1EC70...0x1ECFF, 0x1EE00...0x1EEFF:
            return category.isSymbolOrPunctuation ? .on : .al
        default: break
        }
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return .l
        default:
            return .on
        }
    }

    /// The paragraph's level: 1 when its first strong character is right-to-left, else 0.
    package static func paragraphLevel(_ types: some Sequence<CharacterType>) -> UInt8 {
        for type in types {
            if type == .l { return 0 }
            if type.isStrongRightToLeft { return 1 }
        }
        return 0
    }

    /// The resolved level of each cluster of a paragraph whose clusters have `types`.
    package static func levels(_ original: [CharacterType], paragraphLevel: UInt8) -> [UInt8] {
        var types = original
        let count = types.count
        let sos: CharacterType = paragraphLevel % 2 == 1 ? .r : .l
        // W1: a mark (and a boundary neutral, which X9 would have removed) takes the type before it.
        var previous = sos
        for i in 0..<count {
            if types[i] == .nsm || types[i] == .bn { types[i] = previous } else { previous = types[i] }
        }
        // W2, W3: European digits after Arabic letters are Arabic digits; Arabic letters are right-to-left.
        var lastStrong = sos
        for i in 0..<count {
            switch types[i] {
            case .l, .r: lastStrong = types[i]
            case .al:
                lastStrong = .al
                types[i] = .r
            case .en where lastStrong == .al: types[i] = .an
            default: break
            }
        }
        // W4: one separator between two numbers of a kind joins them.
        if count >= 3 {
            for i in 1..<(count - 1) {
                let before = types[i - 1]
                let after = types[i + 1]
                if types[i] == .es, before == .en, after == .en { types[i] = .en }
                if types[i] == .cs, before == after, before == .en || before == .an { types[i] = before }
            }
        }
        // W5: terminators next to European digits become digits.
        var i = 0
        while i < count {
            guard types[i] == .et else {
                i += 1
                continue
            }
            var end = i
            while end < count, types[end] == .et { end += 1 }
            if (i > 0 && types[i - 1] == .en) || (end < count && types[end] == .en) {
                for j in i..<end { types[j] = .en }
            }
            i = end
        }
        // W6, W7: other separators and terminators are neutral; European digits after a left-to-right letter are
        // left-to-right.
        lastStrong = sos
        for i in 0..<count {
            switch types[i] {
            case .es, .et, .cs: types[i] = .on
            case .l, .r: lastStrong = types[i]
            case .en where lastStrong == .l: types[i] = .l
            default: break
            }
        }
        // N1, N2: neutrals between strong types of one direction (digits count as right-to-left) take it; other
        // neutrals take the paragraph's direction.
        func direction(_ type: CharacterType) -> CharacterType? {
            switch type {
            case .l: .l
            case .r, .an, .en: .r
            default: nil
            }
        }
        i = 0
        while i < count {
            guard direction(types[i]) == nil else {
                i += 1
                continue
            }
            var end = i
            while end < count, direction(types[end]) == nil { end += 1 }
            let before = i > 0 ? direction(types[i - 1])! : sos
            let after = end < count ? direction(types[end])! : sos
            let resolved = before == after ? before : sos
            for j in i..<end { types[j] = resolved }
            i = end
        }
        // I1, I2: implicit levels.
        var levels = [UInt8](repeating: paragraphLevel, count: count)
        for i in 0..<count {
            let even = paragraphLevel % 2 == 0
            switch types[i] {
            case .r where even: levels[i] += 1
            case .an, .en: levels[i] += even ? 2 : 1
            case .l where !even: levels[i] += 1
            default: break
            }
        }
        // L1: segment and paragraph separators, and whitespace before them or at the end, at the paragraph's level.
        var trailing = true
        for i in stride(from: count - 1, through: 0, by: -1) {
            switch original[i] {
            case .s, .b:
                levels[i] = paragraphLevel
                trailing = true
            case .ws where trailing, .bn where trailing: levels[i] = paragraphLevel
            default: trailing = false
            }
        }
        return levels
    }

    /// L1 at a line's end where a paragraph wraps: its trailing whitespace at the paragraph's level.
    package static func resetTrailingWhitespace(
        _ levels: inout ArraySlice<UInt8>, types: ArraySlice<CharacterType>, paragraphLevel: UInt8
    ) {
        for i in levels.indices.reversed() {
            guard types[i] == .ws || types[i] == .bn else { return }
            levels[i] = paragraphLevel
        }
    }

    /// The runs of a line in display order, left to right (L2: from the highest level down to the lowest odd
    /// one, each sequence at that level or higher is reversed).
    package static func visualRuns(_ levels: [UInt8]) -> [Run] {
        var runs: [Run] = []
        for (index, level) in levels.enumerated() {
            if let last = runs.last, last.level == level {
                runs[runs.count - 1].range = last.range.lowerBound..<(index + 1)
            } else {
                runs.append(Run(range: index..<(index + 1), level: level))
            }
        }
        guard let highest = levels.max(), let lowest = levels.min() else { return runs }
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        guard highest >= lowestOdd else { return runs }
        for level in stride(from: highest, through: lowestOdd, by: -1) {
            var i = 0
            while i < runs.count {
                guard runs[i].level >= level else {
                    i += 1
                    continue
                }
                var end = i
                while end < runs.count, runs[end].level >= level { end += 1 }
                runs[i..<end].reverse()
                i = end
            }
        }
        return runs
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isSymbolOrPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            true
        default: false
        }
    }
}
