import Foundation

/// Read-only text, drawn in the environment's font and foreground style.
public struct Text: View, Equatable {
    package let content: String
    package var font: Font?
    package var color: Color?
    package var weight: Font.Weight?
    package var isItalic = false
    package var monospacedDigits = false
    /// Underline, strikethrough, kerning and tracking set on this text.
    package var style = TextStyleOverrides()
    /// Images interpolated into the text, in order; each stands at an `inlineImageMarker` in `content`.
    package var inlineImages: [Image] = []

    /// Text showing `content` as-is.
    public init(verbatim content: String) { self.content = content }
    /// Text showing `content` (a literal is a `LocalizedStringKey` first, as in SwiftUI, so its interpolations
    /// may hold images).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    /// Text showing a localized string key (shown as-is: there are no localization tables).
    public init(_ key: LocalizedStringKey) {
        self.content = key.key
        inlineImages = key.inlineImages
    }
    /// Text showing an image inline (a symbol sits on the baseline as a glyph would).
    public init(_ image: Image) {
        content = String(inlineImageMarker)
        inlineImages = [image]
    }

    /// This text in `font`.
    public func font(_ font: Font?) -> Text {
        var t = self
        t.font = font
        return t
    }
    /// This text in `color`.
    public func foregroundColor(_ color: Color?) -> Text {
        var t = self
        t.color = color
        return t
    }
    /// This text in bold.
    public func bold() -> Text { fontWeight(.bold) }
    /// This text in italic.
    public func italic() -> Text {
        var t = self
        t.isItalic = true
        return t
    }
    /// This text with digits of one width.
    public func monospacedDigit() -> Text {
        var t = self
        t.monospacedDigits = true
        return t
    }
    /// This text with `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        var t = self
        t.weight = weight
        return t
    }

    /// Two texts joined.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var t = Text(verbatim: lhs.content + rhs.content).copyStyle(lhs)
        t.inlineImages = lhs.inlineImages + rhs.inlineImages
        return t
    }
    private func copyStyle(_ other: Text) -> Text {
        var t = self
        t.font = other.font
        t.color = other.color
        t.weight = other.weight
        t.isItalic = other.isItalic
        t.monospacedDigits = other.monospacedDigits
        t.style = other.style
        return t
    }

    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Text, into builder: _ViewNodeBuilder) {
        if !view.inlineImages.isEmpty { return makeNodes(TextWithInlineImages(text: view), into: builder) }
        if let makeSelectable = builder.environment.selectableText { return makeSelectable(view, builder) }
        let node = builder.node(TextNode.self) { TextNode(graph: builder.graph, environment: builder.environment) }
        node.update(text: view, environment: builder.environment)
    }

    package func resolvedFont(in environment: EnvironmentValues) -> Font.Resolved {
        var resolved = environment.resolvedFont(font)
        if let weight { resolved.weight = weight }
        if isItalic { resolved.italic = true }
        if monospacedDigits { resolved.monospacedDigits = true }
        resolved.tracking = style.tracking ?? style.kerning ?? environment[TextTrackingKey.self]
        resolved.lineSpacing = environment.lineSpacing
        return resolved
    }

    /// The underline and strikethrough of this text in `environment`, painted in their colours or `textPaint`.
    package func decorations(in environment: EnvironmentValues, textPaint: Paint) -> [TextDecoration] {
        let lines: [(TextDecoration.Position, Text.LineStyle?)] = [
            (.underline, style.underline ?? environment[TextUnderlineKey.self]),
            (.strikethrough, style.strikethrough ?? environment[TextStrikethroughKey.self]),
        ]
        return lines.compactMap { position, line in
            guard let line else { return nil }
            let paint = line.color?._paint(in: CGRect(x: 0, y: 0, width: 1, height: 1), environment: environment)
            return TextDecoration(position: position, dashes: line.pattern.dashes, paint: paint ?? textPaint)
        }
    }
}

/// The node of a `Text`: measured through the graph's `TextMeasurer`.
@MainActor
package final class TextNode: ViewNode {
    // A leaf: no children to ask for traits or guides.
    package override var layoutPriority: Double { 0 }
    package override var zIndex: Double { 0 }
    package override var cachesRendering: Bool { false }

    package private(set) var text = Text(verbatim: "")
    private var font = Font.body.resolve()
    private var paint = Paint.color(.clear)
    private var lineLimit: Int?
    private var minimumScaleFactor: CGFloat = 1
    private var alignment = TextAlignment.leading
    private var truncationMode = Text.TruncationMode.tail
    private var decorations: [TextDecoration] = []
    /// The last shortened string and what it was shortened for.
    private var truncation: (key: MeasurementKey, string: String)?
    /// Measurements by wrapping width: stacks ask for several heights at the same width.
    private let measurements = RingCache<MeasurementKey, TextMeasurement>(capacity: TextNode.measurementCapacity)
    /// The measurement without wrapping at `lineLimit`, which every proposal needs first.
    private var idealMeasurement: TextMeasurement?
    private static let measurementCapacity = 12
    /// What the last frame drew, its frame's origin at zero: where a change of content starts from.
    private var lastDrawn: TextOperation?
    /// A change of content being animated (Animation/ContentTransition.swift).
    package var contentChange: TextContentChange?
    /// The value `.numericText(value:)` last named: a smaller one counts down.
    private var numericValue: Double?

    package func update(text: Text, environment: EnvironmentValues) {
        let newFont = text.resolvedFont(in: environment)
        let style: any ShapeStyle
        if let color = text.color {
            style = color
        } else if let inherited = environment.foregroundStyle {
            style = inherited
        } else {
            style = ForegroundStyle()
        }
        let newPaint = style._paint(in: CGRect(x: 0, y: 0, width: 1, height: 1), environment: environment)
        let newDecorations = text.decorations(in: environment, textPaint: newPaint)
        let contentChanged = text != self.text || newFont != font || newPaint != paint || newDecorations != decorations
        let changed =
            contentChanged || environment.lineLimit != lineLimit || environment.multilineTextAlignment != alignment
            || environment.minimumScaleFactor != minimumScaleFactor || environment.truncationMode != truncationMode
            || newDecorations != decorations
        self.environment = environment
        truncationMode = environment.truncationMode
        decorations = newDecorations
        self.text = text
        font = newFont
        paint = newPaint
        lineLimit = environment.lineLimit
        minimumScaleFactor = environment.minimumScaleFactor
        alignment = environment.multilineTextAlignment
        if changed { invalidate() }
        beginContentChange(if: contentChanged, transition: environment.contentTransition)
    }

    /// Starts animating a change of content when the transaction has an animation and the transition is not
    /// `.identity`; the old rendering is what the last frame drew.
    private func beginContentChange(if contentChanged: Bool, transition: ContentTransition) {
        let previousValue = numericValue
        if case .numericValue(let value) = transition.kind { numericValue = value }
        guard contentChanged, let outgoing = lastDrawn, transition.kind != .identity,
            let animation = animationForChange
        else { return }
        var progress = AnimatedVector([0])
        guard progress.set([1], animation: animation, at: graph.animations.time) else { return }
        var countsDown = false
        if let previousValue, let value = numericValue { countsDown = value < previousValue }
        contentChange = TextContentChange(
            outgoing: outgoing, transition: transition, countsDown: countsDown, progress: progress)
        graph.animations.register(self)
    }

    package override func layoutCacheDidClear() {
        measurements.removeAll()
        idealMeasurement = nil
        truncation = nil
    }

    /// How many lines of `font` fit in `height` (at least one).
    private static func lineCapacity(_ height: CGFloat, font: Font.Resolved) -> Int {
        max(1, Int((height + font.lineSpacing + 0.001) / (font.lineHeight + font.lineSpacing)))
    }

    private func measured(width: CGFloat?, lineLimit: Int?, scale: CGFloat = 1) -> TextMeasurement {
        let key = MeasurementKey(width: width, lineLimit: lineLimit, scale: scale)
        if let cached = measurements.value(for: key) { return cached }
        let result = graph.textMeasurer.measure(
            text.content, font: scaledFont(scale), maxWidth: width, lineLimit: lineLimit)
        measurements.insert(key, result)
        return result
    }

    private func scaledFont(_ scale: CGFloat) -> Font.Resolved {
        guard scale != 1 else { return font }
        var scaled = font
        scaled.size *= scale
        scaled.lineHeight *= scale
        return scaled
    }

    private func measure(_ proposal: ProposedViewSize) -> TextMeasurement { fitted(proposal).measurement }

    /// The measurement at the largest font scale, in steps of 5 % down to `minimumScaleFactor`, at which the whole
    /// text fits the proposal (within the line limit and the height); at the smallest scale it is truncated.
    private func fitted(_ proposal: ProposedViewSize) -> (measurement: TextMeasurement, scale: CGFloat) {
        let full = measure(proposal, scale: 1)
        guard minimumScaleFactor < 1, !fitsWhole(proposal, scale: 1) else { return (full, 1) }
        var scale: CGFloat = 1
        var step = 0
        while scale > minimumScaleFactor + 0.0001 {
            step += 1
            scale = max(minimumScaleFactor, CGFloat(100 - 5 * step) / 100)  // exact hundredths, not a running sum
            if fitsWhole(proposal, scale: scale) { break }
        }
        return (measure(proposal, scale: scale), scale)
    }

    private func fitsWhole(_ proposal: ProposedViewSize, scale: CGFloat) -> Bool {
        var maxWidth: CGFloat? = nil
        if let width = proposal.width, width.isFinite { maxWidth = width }
        let whole = measured(width: maxWidth, lineLimit: nil, scale: scale)
        if let lineLimit, whole.lineCount > lineLimit { return false }
        if let height = proposal.height, height.isFinite, whole.size.height > height + 0.001 { return false }
        return true
    }

    private func measure(_ proposal: ProposedViewSize, scale: CGFloat) -> TextMeasurement {
        let font = scaledFont(scale)
        // An infinite width means "as wide as you like": no wrapping.
        // (No closure here: a main-actor closure is checked for isolation on every call.)
        var maxWidth: CGFloat? = nil
        if let width = proposal.width, width.isFinite { maxWidth = width }
        let ideal: TextMeasurement
        if scale == 1, let cached = idealMeasurement {
            ideal = cached
        } else {
            ideal = measured(width: nil, lineLimit: lineLimit, scale: scale)
            if scale == 1 { idealMeasurement = ideal }
        }
        // Text that fits on its lines at the offered width wraps exactly as it does unconstrained.
        if let width = maxWidth, ideal.size.width <= width { maxWidth = nil }
        var measurement = maxWidth == nil ? ideal : measured(width: maxWidth, lineLimit: lineLimit, scale: scale)
        if let height = proposal.height, measurement.size.height > height + 0.001 {
            // Not enough height: keep as many lines as fit (at least one), the last one truncated.
            let lines = Self.lineCapacity(height, font: font)
            if lines < measurement.lineCount {
                measurement = measured(width: maxWidth, lineLimit: lines, scale: scale)
            }
        }
        // Lines left out: the last one shown is shortened with an ellipsis and fills the width offered.
        if let width = proposal.width, width.isFinite, width < ideal.size.width,
            measurement.lineCount < measured(width: width, lineLimit: nil, scale: scale).lineCount
        {
            measurement.size.width = width
        }
        return measurement
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        measure(proposal).size
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? {
        guard key.id == BuiltInGuide.firstBaseline || key.id == BuiltInGuide.lastBaseline else { return nil }
        let measurement = measure(ProposedViewSize(size))
        return key.id == BuiltInGuide.firstBaseline ? measurement.firstBaseline : measurement.lastBaseline
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        // Text keeps the lines of the size layout gave it while its frame animates to it (it is not wrapped or
        // shortened again at each size on the way), placed at the presented origin.
        let size = self.size
        let frame = CGRect(origin: origin, size: size)
        // The lines and scale of the measurement that gave the final size: the real fonts' line height, not the
        // nominal one, says how many lines are shown.
        let (measurement, scale) = fitted(ProposedViewSize(size))
        let font = scaledFont(scale)
        let lines = max(1, measurement.lineCount)
        let key = MeasurementKey(width: size.width, lineLimit: lines, scale: scale)
        let string: String
        if let truncation, truncation.key == key {
            string = truncation.string
        } else {
            string = TextTruncation(measurer: graph.textMeasurer, font: font, width: size.width, lines: lines)
                .shortened(text.content, mode: truncationMode)
            truncation = (key, string)
        }
        let operation = TextOperation(
            string: string, font: font, paint: paint, frame: frame, alignment: alignment, lineLimit: lines,
            decorations: decorations)
        if var change = contentChange, change.progress.finishIfComplete(at: graph.animations.time) {
            let fraction = change.progress.presented(at: graph.animations.time)[0]
            output.items += change.items(
                fraction: fraction, new: operation, origin: origin, measurer: graph.textMeasurer)
            contentChange = change
        } else {
            output.items.append(.text(operation))
        }
        var drawn = operation
        drawn.frame.origin = .zero
        lastDrawn = drawn
        output.hits.append(HitTestNode(identity: identity, frame: frame, shape: nil, name: "Text"))
    }

    package override var debugName: String { "Text(\"\(text.content.prefix(16))\")" }
}

extension TextNode: AnimatingNode {
    package func invalidateForAnimationFrame() { invalidateRender() }

    package func finishAnimations(at time: Double) -> Bool {
        guard var change = contentChange else { return false }
        if change.progress.finishIfComplete(at: time) {
            contentChange = change
            return true
        }
        contentChange = nil
        return false
    }
}

/// What a text measurement depends on besides the text and font: the wrapping width and the line limit.
private struct MeasurementKey: Equatable {
    var width: CGFloat?
    var lineLimit: Int?
    /// The font scale `minimumScaleFactor` allowed (1: the font's own size).
    var scale: CGFloat
}

/// How `Text` is made while `textSelection(.enabled)` is in effect (`nil`: as plain text). The modifier sets it,
/// so `Text` needs nothing of the text editor that draws selectable text.
package struct SelectableTextKey: EnvironmentKey {
    package static var defaultValue: (@MainActor (Text, _ViewNodeBuilder) -> Void)? { nil }
}

extension EnvironmentValues {
    package var selectableText: (@MainActor (Text, _ViewNodeBuilder) -> Void)? {
        get { self[SelectableTextKey.self] }
        set { self[SelectableTextKey.self] = newValue }
    }
}
