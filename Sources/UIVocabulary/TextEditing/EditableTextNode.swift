import Foundation
@_spi(Engine) import UICore

/// What an editable text area shows: the text (bullets for a secure field), the selection and caret in
/// offsets of the shown text, the placeholder, and how it grows.
package struct EditableTextContent: Equatable {
    package enum Sizing: Equatable {
        /// One line, scrolling sideways to keep the caret visible.
        case singleLine
        /// A vertical text field: between `lines.lowerBound` and `lines.upperBound` lines tall.
        case lines(ClosedRange<Int>)
        /// A text editor: takes the space offered, scrolling vertically.
        case fill
        /// A selectable `Text`: as wide as its widest line, wrapped to the width offered, at most the
        /// environment's `lineLimit` lines, aligned by `multilineTextAlignment`; it never scrolls.
        case label
    }
    package var shownText: String
    package var selection: Range<Int>
    package var caret: Int
    package var placeholder: String
    package var sizing: Sizing
    /// Model offset of each shown offset (secure fields show 3-byte bullets, one per grapheme, of `modelText`).
    package var isSecure: Bool
    package var modelText: String
    /// Where an input method's preedit sits in the text with it (it is not in the model: offsets past it map back).
    package var composition: Range<Int>?
    /// The preedit in shown offsets: drawn underlined.
    package var underline: Range<Int>?
    /// False while a preedit hides the caret.
    package var showsCaret: Bool
    /// The side of its offset the caret is drawn on where directions meet (nil: where typing would go).
    package var caretAffinity: CaretAffinity? = nil
    /// The direction of the last letter typed (nil: the paragraph's).
    package var typingRightToLeft: Bool? = nil
    /// The font of a selectable `Text` (its own weight and style); nil: the environment's.
    package var font: Font.Resolved? = nil
    /// Where text dragged over the field would be dropped (a shown offset): a caret drawn whether or not the
    /// field has focus.
    package var dropCaret: Int? = nil
    package let geometry: EditableTextGeometry

    package static func == (a: Self, b: Self) -> Bool {
        a.shownText == b.shownText && a.selection == b.selection && a.caret == b.caret && a.placeholder == b.placeholder
            && a.sizing == b.sizing && a.isSecure == b.isSecure && a.modelText == b.modelText
            && a.composition == b.composition
            && a.underline == b.underline && a.showsCaret == b.showsCaret && a.font == b.font
            && a.dropCaret == b.dropCaret && a.caretAffinity == b.caretAffinity
            && a.typingRightToLeft == b.typingRightToLeft
            && a.geometry === b.geometry
    }
}

/// The text, selection and caret of a text field or editor (a leaf; the field's chrome is ordinary views).
package struct EditableTextSurface: View {
    package let content: EditableTextContent
    package var body: Never { primitiveViewBody(Self.self) }
    package static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(EditableTextNode.self) {
            EditableTextNode(graph: builder.graph, environment: builder.environment)
        }
        node.update(view.content, environment: builder.environment)
    }
}

@MainActor
package final class EditableTextNode: ViewNode, AnimatingNode {
    package override var layoutPriority: Double { 0 }
    package override var zIndex: Double { 0 }
    package override var cachesRendering: Bool { false }

    private var content: EditableTextContent?
    private var font = Font.body.resolve()
    private var textPaint = Paint.color(.clear)
    private var isFocused = false
    private var colorScheme = ColorScheme.light
    private var alignment = TextAlignment.leading
    private var lineLimit: Int?
    /// The lines as drawn (wrapped in editors and vertical fields) and their caret stops.
    private let layout = EditableTextLayout()
    private var blink = CaretBlink()
    /// Whether the last render drew the caret.
    private var caretShown = false

    /// Where the caret is drawn: 1 point wide, as GTK's.
    package static let caretWidth: CGFloat = 1

    package func update(_ content: EditableTextContent, environment: EnvironmentValues) {
        let newFont = content.font ?? (environment.font ?? .body).resolve()
        let style: any ShapeStyle = environment.foregroundStyle ?? ForegroundStyle()
        let newPaint = style._paint(in: CGRect(x: 0, y: 0, width: 1, height: 1), environment: environment)
        let textChanged = content.shownText != self.content?.shownText || newFont != font
        let changed =
            content != self.content || newFont != font || newPaint != textPaint
            || environment.isFocused != isFocused || environment.colorScheme != colorScheme
        let resized =
            content.sizing == .label
            && (environment.multilineTextAlignment != alignment || environment.lineLimit != lineLimit)
        alignment = environment.multilineTextAlignment
        lineLimit = environment.lineLimit
        self.environment = environment
        font = newFont
        textPaint = newPaint
        let caretMoved =
            content.caret != self.content?.caret || content.selection != self.content?.selection || textChanged
        if environment.isFocused && (caretMoved || !isFocused) {
            blink.restart(at: graph.animations.time)
            graph.animations.register(self)
        }
        isFocused = environment.isFocused
        colorScheme = environment.colorScheme
        self.content = content
        layout.measurer = graph.textMeasurer
        if case .singleLine = content.sizing {
            layout.update(text: content.shownText, font: font, wrapWidth: nil)
            content.geometry.scroll.x -= layout.follow(caret: content.caret)
        } else {
            layout.update(text: content.shownText, font: font, wrapWidth: layout.wrapWidth)
        }
        if textChanged || resized { invalidate() } else if changed { invalidateRender() }
    }

    private func lineWidth(_ index: Int) -> CGFloat { layout.lineWidth(index) }
    /// Where a caret at `offset` is drawn (on `affinity`'s side; nil: where typing would go).
    private func position(of offset: Int, affinity: CaretAffinity? = nil) -> (line: Int, x: CGFloat) {
        layout.position(of: offset, affinity: affinity, typingRightToLeft: content?.typingRightToLeft)
    }

    /// Wraps editors and vertical fields to `width` (the caret's room taken off; labels show no caret).
    private func wrap(to width: CGFloat, _ content: EditableTextContent) {
        guard content.sizing != .singleLine, width.isFinite else { return }
        layout.update(
            text: content.shownText, font: font, wrapWidth: content.sizing == .label ? width : width - Self.caretWidth)
    }

    /// A label's lines shown (its line limit), and the widest of them (of the first thousand).
    private func labelSize(_ proposal: ProposedViewSize, _ content: EditableTextContent) -> CGSize {
        if let proposed = proposal.width, proposed.isFinite {
            wrap(to: proposed, content)
        } else {
            layout.update(text: content.shownText, font: font, wrapWidth: nil)
        }
        let shown = min(layout.lineCount, max(1, lineLimit ?? Int.max))
        let widest = (0..<min(shown, 1000)).map(lineWidth).max() ?? 0
        let width = proposal.width.flatMap { $0.isFinite ? min($0, widest) : nil } ?? widest
        return CGSize(width: width.rounded(.up), height: CGFloat(shown) * font.lineHeight)
    }

    /// How far visual line `index` stands from the frame's left edge: `multilineTextAlignment` read in its
    /// paragraph's writing direction, as SwiftUI's natural alignment (leading is the right edge of a paragraph
    /// that starts right to left, trailing its left edge). A field's line longer than the field starts at the
    /// left and scrolls.
    private func lineShift(_ index: Int, width: CGFloat) -> CGFloat {
        guard let content, index < layout.lineCount else { return 0 }
        let rightToLeft = layout.paragraphLevel(ofLine: index) == 1
        guard alignment != .leading || rightToLeft else { return 0 }
        let room = content.sizing == .label ? width : width - Self.caretWidth
        let free = room - lineWidth(index)
        guard content.sizing == .label || free > 0 else { return 0 }
        switch alignment {
        case .center: return (free / 2).rounded(.down)
        case .leading: return free.rounded(.down)
        case .trailing: return rightToLeft ? 0 : free.rounded(.down)
        }
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        guard let content else { return .zero }
        if content.sizing == .label { return labelSize(proposal, content) }
        let lineHeight = font.lineHeight
        var width: CGFloat
        if let proposed = proposal.width, proposed.isFinite {
            width = proposed
            wrap(to: proposed, content)
        } else {
            // The ideal width: the widest line (of the first thousand), or the placeholder's.
            width = (0..<min(layout.lineCount, 1000)).map(lineWidth).max() ?? 0
            if content.shownText.isEmpty {
                width =
                    graph.textMeasurer.measure(content.placeholder, font: font, maxWidth: nil, lineLimit: 1).size.width
            }
            width += Self.caretWidth
        }
        switch content.sizing {
        case .singleLine:
            return CGSize(width: width, height: lineHeight)
        case .lines(let range):
            let lines = min(max(layout.lineCount, range.lowerBound), range.upperBound)
            return CGSize(width: width, height: CGFloat(max(lines, 1)) * lineHeight)
        case .label, .fill:
            let height = proposal.height.flatMap { $0.isFinite ? $0 : nil } ?? CGFloat(layout.lineCount) * lineHeight
            return CGSize(width: width, height: height)
        }
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        guard let content else { return }
        let frame = CGRect(origin: origin, size: size)
        let geometry = content.geometry
        let lineHeight = font.lineHeight
        wrap(to: frame.width, content)
        var caret = position(of: content.caret, affinity: content.caretAffinity)
        var first = 0
        var last = 0
        // A long single line is laid out in a window around the caret; scrolling is within it.
        geometry.scroll.x -= layout.follow(caret: content.caret)
        // Wraps the paragraphs shown and the caret's (a large text's others stay estimated); wrapping one
        // renumbers the lines after it, so until nothing more needs wrapping.
        for _ in 0..<16 {
            let wrappedCaret = layout.layOut(paragraphHolding: content.caret)
            caret = position(of: content.caret, affinity: content.caretAffinity)
            caret.x += lineShift(caret.line, width: frame.width)
            keepVisible(caret, in: frame, geometry: geometry, sizing: content.sizing)
            first = max(0, Int((geometry.scroll.y / lineHeight).rounded(.down)))
            last = min(layout.lineCount - 1, Int(((geometry.scroll.y + frame.height) / lineHeight).rounded(.down)))
            // A line either side too: Up and Down and the pointer reach lines just out of sight.
            let wrappedShown = first <= last && layout.layOut(lines: max(0, first - 1)...(last + 1))
            if !wrappedCaret && !wrappedShown { break }
        }
        let scroll = geometry.scroll
        geometry.frame = frame
        geometry.lineHeight = lineHeight
        geometry.lines = layout.lines
        geometry.layout = layout
        let typingRightToLeft = content.typingRightToLeft
        geometry.stops = { [unowned self] line in
            let (offsets, xs) = self.layout.stops(line, typingRightToLeft: typingRightToLeft)
            let shift = self.lineShift(line, width: frame.width)
            return shift == 0 ? (offsets, xs) : (offsets, xs.map { $0 + shift })
        }
        geometry.heldModifiers = { [unowned self] in self.graph.subsystem(FocusSystem.self)?.heldModifiers ?? [] }
        let modelText = content.modelText
        let isSecure = content.isSecure
        let composition = content.composition
        geometry.modelOffset = { shown in
            var offset = shown
            if isSecure {
                let graphemes = shown / 3
                let index =
                    modelText.index(modelText.startIndex, offsetBy: graphemes, limitedBy: modelText.endIndex)
                    ?? modelText.endIndex
                offset = TextBoundaries.offset(modelText, index)
            }
            // Inside the preedit is its start; past it, the preedit's length back.
            if let composition, offset > composition.lowerBound {
                offset = max(composition.lowerBound, offset - composition.count)
            }
            return offset
        }

        let dark = colorScheme == .dark
        var items: [DisplayItem] = []
        if !content.selection.isEmpty, first <= last {
            let paint = Paint.color(
                isFocused
                    ? (dark
                        ? RGBA(red: 0.247, green: 0.388, blue: 0.545, opacity: 1)
                        : RGBA(red: 0.702, green: 0.843, blue: 1, opacity: 1))
                    : (dark
                        ? RGBA(red: 0.275, green: 0.275, blue: 0.275, opacity: 1)
                        : RGBA(red: 0.863, green: 0.863, blue: 0.863, opacity: 1)))
            for line in first...last {
                let start = layout.lines[line].lowerBound
                let end = layout.lines[line].upperBound
                let lower = max(content.selection.lowerBound, start)
                let upper = min(content.selection.upperBound, end)
                // A selection going on past the line's end shows its line break as a space's width.
                let pastEnd = content.selection.upperBound > end && layout.endsLogicalLine(line)
                guard lower <= upper, lower < upper || pastEnd else { continue }
                // Right-to-left runs split a selection into several rectangles.
                var extents = lower < upper ? layout.extents(of: lower..<upper, inLine: line) : []
                if pastEnd {
                    let end = layout.lineWidth(line)
                    if let last = extents.last, abs(last.upperBound - end) < 0.01 {
                        extents[extents.count - 1] = last.lowerBound...(end + font.size / 3)
                    } else {
                        extents.append(end...(end + font.size / 3))
                    }
                }
                let shift = lineShift(line, width: frame.width)
                for extent in extents {
                    let rect = CGRect(
                        x: frame.minX + shift + extent.lowerBound - scroll.x,
                        y: frame.minY + CGFloat(line) * lineHeight - scroll.y,
                        width: extent.upperBound - extent.lowerBound, height: lineHeight)
                    items.append(
                        .fill(
                            FillOperation(
                                path: Path(rect), primitive: .rect(rect), paint: paint, eoFill: false,
                                antialiased: false)))
                }
            }
        }
        if content.shownText.isEmpty {
            if !content.placeholder.isEmpty {
                let color =
                    dark
                    ? RGBA(red: 1, green: 1, blue: 1, opacity: 0.25) : RGBA(red: 0, green: 0, blue: 0, opacity: 0.25)
                let width = graph.textMeasurer.measure(content.placeholder, font: font, maxWidth: nil, lineLimit: 1)
                    .size.width
                items.append(
                    .text(
                        TextOperation(
                            string: content.placeholder, font: font, paint: .color(color),
                            frame: CGRect(x: frame.minX, y: frame.minY, width: width + 1, height: lineHeight),
                            alignment: .leading, lineLimit: 1)))
            }
        } else if first <= last {
            for line in first...last {
                // A line with right-to-left text is drawn run by run, each shaped in its own direction.
                for run in layout.drawnRuns(line) where !run.text.isEmpty {
                    let rect = CGRect(
                        x: frame.minX + lineShift(line, width: frame.width) + run.x - scroll.x,
                        y: frame.minY + CGFloat(line) * lineHeight - scroll.y, width: run.width + 1, height: lineHeight)
                    items.append(
                        .text(
                            TextOperation(
                                string: run.text, font: font, paint: textPaint, frame: rect, alignment: .leading,
                                lineLimit: 1)))
                }
            }
        }
        if let underline = content.underline, first <= last {
            items += underlines(underline, lines: first...last, in: frame, scroll: scroll)
        }
        let caretRect = CGRect(
            x: (frame.minX + caret.x - scroll.x).rounded(.down),
            y: frame.minY + CGFloat(caret.line) * lineHeight - scroll.y,
            width: Self.caretWidth, height: lineHeight)
        geometry.caretRect = caretRect
        caretShown =
            isFocused && environment.isEnabled && content.showsCaret && blink.isVisible(at: graph.animations.time)
        if caretShown {
            items.append(
                .fill(
                    FillOperation(
                        path: Path(caretRect), primitive: .rect(caretRect), paint: textPaint, eoFill: false,
                        antialiased: false)))
        }
        if let dropCaret = content.dropCaret {
            let at = position(of: dropCaret)
            let rect = CGRect(
                x: (frame.minX + at.x + lineShift(at.line, width: frame.width) - scroll.x).rounded(.down),
                y: frame.minY + CGFloat(at.line) * lineHeight - scroll.y, width: Self.caretWidth, height: lineHeight)
            items.append(
                .fill(
                    FillOperation(
                        path: Path(rect), primitive: .rect(rect), paint: textPaint, eoFill: false, antialiased: false)))
        }
        let clip = frame.insetBy(dx: -Self.caretWidth, dy: 0)
        output.items.append(.layer(DisplayLayer(effect: .clip(Path(clip), eoFill: false), items: items)))
        output.hits.append(HitTestNode(identity: identity, frame: frame, shape: nil, name: "EditableText"))
    }

    /// A preedit's underline, line by line: 1 point thick, under the baseline, in the text's colour.
    private func underlines(_ range: Range<Int>, lines: ClosedRange<Int>, in frame: CGRect, scroll: CGPoint)
        -> [DisplayItem]
    {
        guard let content else { return [] }
        let lineHeight = font.lineHeight
        let baseline = graph.textMeasurer.measure("x", font: font, maxWidth: nil, lineLimit: 1).firstBaseline
        let thickness = max(1, (font.size / 14).rounded())
        var items: [DisplayItem] = []
        for line in lines {
            let start = layout.lines[line].lowerBound
            let end = layout.lines[line].upperBound
            let lower = max(range.lowerBound, start)
            let upper = min(range.upperBound, end)
            guard lower < upper else { continue }
            let y = (frame.minY + CGFloat(line) * lineHeight - scroll.y + baseline + thickness).rounded(.down)
            let shift = lineShift(line, width: frame.width)
            for extent in layout.extents(of: lower..<upper, inLine: line) {
                let rect = CGRect(
                    x: (frame.minX + shift + extent.lowerBound - scroll.x).rounded(.down), y: y,
                    width: (extent.upperBound - extent.lowerBound).rounded(.up), height: thickness)
                items.append(
                    .fill(
                        FillOperation(
                            path: Path(rect), primitive: .rect(rect), paint: textPaint, eoFill: false,
                            antialiased: false)))
            }
        }
        return items
    }

    /// Scrolls so the caret stays inside `frame` (sideways in one line, up and down in several).
    private func keepVisible(
        _ caret: (line: Int, x: CGFloat), in frame: CGRect, geometry: EditableTextGeometry,
        sizing: EditableTextContent.Sizing
    ) {
        var scroll = geometry.scroll
        let lineHeight = font.lineHeight
        if sizing == .label {
            scroll = .zero
        } else if case .singleLine = sizing {
            let room = frame.width - Self.caretWidth
            if caret.x - scroll.x > room { scroll.x = caret.x - room }
            if caret.x < scroll.x { scroll.x = caret.x }
            scroll.x = min(max(scroll.x, 0), max(0, lineWidth(0) - room))
            scroll.y = 0
        } else {
            scroll.x = 0
            let top = CGFloat(caret.line) * lineHeight
            if top + lineHeight - scroll.y > frame.height { scroll.y = top + lineHeight - frame.height }
            if top < scroll.y { scroll.y = top }
            scroll.y = min(max(scroll.y, 0), max(0, CGFloat(layout.lineCount) * lineHeight - frame.height))
        }
        geometry.scroll = scroll
    }

    // The caret's blinking: frames while it blinks, none once it has stopped.
    package func invalidateForAnimationFrame() {
        let visible =
            isFocused && environment.isEnabled && (content?.showsCaret ?? true)
            && blink.isVisible(at: graph.animations.time)
        if caretShown != visible { invalidateRender() }
    }

    package func finishAnimations(at time: Double) -> Bool { isFocused && !isRemoved && blink.isBlinking(at: time) }

    package override var debugName: String { "EditableText" }
}
