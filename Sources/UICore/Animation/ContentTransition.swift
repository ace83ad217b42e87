import Foundation

/// A kind of transition that applies to the content within a single view, rather than to the insertion or
/// removal of a view: how a `Text` draws the change from its old content to its new one inside an animated
/// transaction.
public struct ContentTransition: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// What text does unless told otherwise: a cross-fade.
        case automatic
        case identity
        case opacity
        case interpolate
        case numericText(countsDown: Bool)
        /// Counting up or down as the value the text shows grows or shrinks.
        case numericValue(Double)
    }
    package let kind: Kind

    /// The content changes at once.
    public static let identity = ContentTransition(kind: .identity)
    /// The old content fades out while the new one fades in.
    public static let opacity = ContentTransition(kind: .opacity)
    /// Text with the same string animates its size and colour; other changes cross-fade.
    public static let interpolate = ContentTransition(kind: .interpolate)

    /// For text showing numbers: the characters that changed roll vertically (up when counting up, down when
    /// `countsDown`) while the others stay.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(kind: .numericText(countsDown: countsDown))
    }

    /// For text showing `value`: rolls as `numericText(countsDown:)`, down when the new value is smaller than the
    /// one shown before.
    public static func numericText(value: Double) -> ContentTransition {
        ContentTransition(kind: .numericValue(value))
    }
}

package struct ContentTransitionKey: EnvironmentKey {
    package static var defaultValue: ContentTransition { .init(kind: .automatic) }
}
package struct ContentTransitionAddsDrawingGroupKey: EnvironmentKey { package static var defaultValue: Bool { false } }

extension EnvironmentValues {
    /// How views in this environment animate changes of their content.
    public var contentTransition: ContentTransition {
        get { self[ContentTransitionKey.self] }
        set { self[ContentTransitionKey.self] = newValue }
    }

    /// Whether content transitions draw through a drawing group (accepted; drawing is the same either way).
    public var contentTransitionAddsDrawingGroup: Bool {
        get { self[ContentTransitionAddsDrawingGroupKey.self] }
        set { self[ContentTransitionAddsDrawingGroupKey.self] = newValue }
    }
}

extension View {
    /// Animates changes of the content of the views inside (their text) with `transition`, in transactions that
    /// carry an animation.
    public func contentTransition(_ transition: ContentTransition) -> some View {
        environment(\.contentTransition, transition)
    }
}

/// A text's change of content being drawn: what it showed (in its own coordinates, origin at its top-left
/// corner) and how far the change has gone.
package struct TextContentChange {
    package enum Style: Equatable {
        case crossFade
        /// The same string: its font size and colour move from the old values to the new.
        case interpolate
        /// Changed characters roll; `upward` moves the old ones up and out and brings the new ones from below.
        case roll(upward: Bool)
    }
    /// The text as drawn before the change, its frame's origin at zero.
    package var outgoing: TextOperation
    package var transition: ContentTransition
    /// For `.numericText(value:)`: whether the value shrank.
    package var countsDown: Bool
    package var progress: AnimatedVector
    /// The split of the two strings for a roll, made at the first frame that draws it.
    private var roll: NumericRoll?

    package init(outgoing: TextOperation, transition: ContentTransition, countsDown: Bool, progress: AnimatedVector) {
        self.outgoing = outgoing
        self.transition = transition
        self.countsDown = countsDown
        self.progress = progress
    }

    /// How far a rolling character travels, as a fraction of its line height.
    package static let rollDistance: CGFloat = 0.5

    /// The style this change takes to `new` (`nil`: it shows at once).
    package func style(to new: TextOperation) -> Style? {
        switch transition.kind {
        case .identity: return nil
        case .automatic, .opacity: return .crossFade
        case .interpolate: return Self.canInterpolate(outgoing, new) ? .interpolate : .crossFade
        case .numericText(let down): return .roll(upward: !down)
        case .numericValue: return .roll(upward: !countsDown)
        }
    }

    /// Glyphs interpolate when the string is the same and the fonts differ only in size (and colour): weights
    /// and designs are separate font files here, so such changes cross-fade.
    private static func canInterpolate(_ old: TextOperation, _ new: TextOperation) -> Bool {
        guard old.string == new.string, case .color = old.paint, case .color = new.paint else { return false }
        var sized = old.font
        sized.size = new.font.size
        sized.lineHeight = new.font.lineHeight
        return sized == new.font && old.decorations.isEmpty && new.decorations.isEmpty
    }
}

extension TextContentChange {
    /// The items that draw the change at `fraction` (0: the old content, 1: the new), `new` being the text as
    /// it now lays out at `origin`.
    @MainActor
    package mutating func items(fraction: Double, new: TextOperation, origin: CGPoint, measurer: any TextMeasurer)
        -> [DisplayItem]
    {
        var old = outgoing
        old.frame.origin.x += origin.x
        old.frame.origin.y += origin.y
        switch style(to: new) {
        case nil:
            return [.text(new)]
        case .crossFade?:
            return Self.crossFade(old, new, fraction)
        case .interpolate?:
            var op = new
            op.font.size = Self.mix(old.font.size, new.font.size, fraction)
            op.font.lineHeight = Self.mix(old.font.lineHeight, new.font.lineHeight, fraction)
            if case .color(let a) = old.paint, case .color(let b) = new.paint {
                op.paint = .color(
                    RGBA(
                        red: a.red + (b.red - a.red) * fraction, green: a.green + (b.green - a.green) * fraction,
                        blue: a.blue + (b.blue - a.blue) * fraction,
                        opacity: a.opacity + (b.opacity - a.opacity) * fraction))
            }
            return [.text(op)]
        case .roll(let upward)?:
            guard old.lineLimit == 1, new.lineLimit == 1 else { return Self.crossFade(old, new, fraction) }
            let key = NumericRoll.Key(old: old, new: new)
            if roll?.key != key { roll = NumericRoll(old: old, new: new, measurer: measurer) }
            guard let roll else { return Self.crossFade(old, new, fraction) }
            return roll.items(old: old, new: new, fraction: fraction, upward: upward)
        }
    }

    private static func crossFade(_ old: TextOperation, _ new: TextOperation, _ fraction: Double) -> [DisplayItem] {
        [
            .layer(DisplayLayer(effect: .opacity(1 - fraction), items: [.text(old)])),
            .layer(DisplayLayer(effect: .opacity(fraction), items: [.text(new)])),
        ]
    }

    package static func mix(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat { a + (b - a) * CGFloat(t) }
}

/// Two single-line strings split for a numeric roll: the characters both share at the start and at the end stay
/// (moving sideways to their new place); in between, characters are paired from the right (digits of the same
/// place value), and each pair that differs rolls while equal pairs stay.
package struct NumericRoll {
    /// A run of characters drawn as one: where it starts in the old and the new text, and how it moves.
    package struct Piece {
        package enum Motion { case stays, leaves, arrives }
        package var string: String
        package var oldX: CGFloat
        package var newX: CGFloat
        package var motion: Motion
    }
    /// What the split depends on: the strings, fonts and widths (not where the text is).
    package struct Key: Equatable {
        package var old: String, new: String
        package var oldFont: Font.Resolved, newFont: Font.Resolved
        package var oldWidth: CGFloat, newWidth: CGFloat
        package init(old: TextOperation, new: TextOperation) {
            (self.old, self.new) = (old.string, new.string)
            (oldFont, newFont) = (old.font, new.font)
            (oldWidth, newWidth) = (old.frame.width, new.frame.width)
        }
    }
    package let key: Key
    package private(set) var pieces: [Piece] = []

    @MainActor
    package init?(old: TextOperation, new: TextOperation, measurer: any TextMeasurer) {
        key = Key(old: old, new: new)
        let a = Array(old.string)
        let b = Array(new.string)
        guard !a.contains(where: \.isNewline), !b.contains(where: \.isNewline) else { return nil }
        let oldX = Self.positions(of: a, in: old, measurer: measurer)
        let newX = Self.positions(of: b, in: new, measurer: measurer)
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        if prefix > 0 { pieces.append(Piece(string: String(b[..<prefix]), oldX: 0, newX: 0, motion: .stays)) }
        // The middle, paired from its right end.
        let oldMiddle = Array(prefix..<(a.count - suffix))
        let newMiddle = Array(prefix..<(b.count - suffix))
        for offset in 0..<max(oldMiddle.count, newMiddle.count) {
            let i = oldMiddle.count - 1 - offset
            let j = newMiddle.count - 1 - offset
            let oi = i >= 0 ? oldMiddle[i] : nil
            let nj = j >= 0 ? newMiddle[j] : nil
            switch (oi, nj) {
            case (let oi?, let nj?) where a[oi] == b[nj]:
                pieces.append(Piece(string: String(b[nj]), oldX: oldX[oi], newX: newX[nj], motion: .stays))
            case (let oi?, let nj?):
                pieces.append(Piece(string: String(a[oi]), oldX: oldX[oi], newX: newX[nj], motion: .leaves))
                pieces.append(Piece(string: String(b[nj]), oldX: oldX[oi], newX: newX[nj], motion: .arrives))
            case (let oi?, nil):
                pieces.append(Piece(string: String(a[oi]), oldX: oldX[oi], newX: oldX[oi], motion: .leaves))
            case (nil, let nj?):
                pieces.append(Piece(string: String(b[nj]), oldX: newX[nj], newX: newX[nj], motion: .arrives))
            case (nil, nil): break
            }
        }
        if suffix > 0 {
            pieces.append(
                Piece(
                    string: String(b[(b.count - suffix)...]), oldX: oldX[a.count - suffix],
                    newX: newX[b.count - suffix], motion: .stays))
        }
    }

    /// Where each character starts, from the text's left edge.
    @MainActor
    private static func positions(of characters: [Character], in op: TextOperation, measurer: any TextMeasurer)
        -> [CGFloat]
    {
        let string = String(characters)
        var boundaries: [Int] = []
        var offset = 0
        for character in characters {
            boundaries.append(offset)
            offset += character.utf8.count
        }
        let lead = leadingInset(of: string, in: op, measurer: measurer)
        return measurer.caretPositions(string, font: op.font, boundaries: boundaries).map { $0 + lead }
    }

    /// Where the line starts inside the frame, as the text's alignment places it.
    @MainActor
    private static func leadingInset(of string: String, in op: TextOperation, measurer: any TextMeasurer) -> CGFloat {
        let width = measurer.measure(string, font: op.font, maxWidth: nil, lineLimit: 1).size.width
        let slack = max(0, op.frame.width - width)
        switch op.alignment {
        case .leading: return 0
        case .center: return slack / 2
        case .trailing: return slack
        }
    }

    /// The pieces at `fraction`: staying runs slide sideways, leaving ones move up (or down) and fade out,
    /// arriving ones come from below (or above) and fade in.
    package func items(old: TextOperation, new: TextOperation, fraction: Double, upward: Bool) -> [DisplayItem] {
        let distance = new.font.lineHeight * TextContentChange.rollDistance * (upward ? 1 : -1)
        let t = CGFloat(fraction)
        return pieces.map { piece in
            var op = piece.motion == .leaves ? old : new
            op.string = piece.string
            op.alignment = .leading
            op.lineLimit = 1
            op.decorations = []
            let x = TextContentChange.mix(piece.oldX, piece.newX, fraction)
            let frameX = TextContentChange.mix(old.frame.minX, new.frame.minX, fraction)
            let y = TextContentChange.mix(old.frame.minY, new.frame.minY, fraction)
            op.frame = CGRect(x: frameX + x, y: y, width: max(op.frame.width, 1), height: op.frame.height)
            switch piece.motion {
            case .stays:
                return .text(op)
            case .leaves:
                op.frame.origin.y -= distance * t
                return .layer(DisplayLayer(effect: .opacity(1 - fraction), items: [.text(op)]))
            case .arrives:
                op.frame.origin.y += distance * (1 - t)
                return .layer(DisplayLayer(effect: .opacity(fraction), items: [.text(op)]))
            }
        }
    }
}
