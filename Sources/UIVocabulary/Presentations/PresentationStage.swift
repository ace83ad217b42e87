import Foundation
@_spi(Engine) import UICore

/// Holds a presentation's view and lays it out as libadwaita lays out its dialogs, over the host's frame
/// (proposed to it whole): a card centred over the window (AdwDialog), a bottom sheet on narrow windows, the
/// whole frame for a full-screen cover. It draws the card's background, shadow and rounded clip.
@MainActor
package final class PresentationStageNode: ViewNode {
    package enum Mode: Equatable { case floating, bottomSheet, fullScreen }

    /// Narrower than this, sheets and confirmation dialogs become bottom sheets (libadwaita's breakpoint).
    package static let bottomSheetBreakpoint: CGFloat = 450
    /// The space a floating card leaves around it, and a bottom sheet above it.
    package static let floatingMargin: CGFloat = 24
    package static let bottomSheetTopGap: CGFloat = 32
    package static let cornerRadius: CGFloat = 14
    package static let alertCornerRadius: CGFloat = 18
    /// AdwAlertDialog's width range.
    package static let alertWidth: ClosedRange<CGFloat> = 300...372
    /// A floating sheet's largest proposal (a form sheet's).
    package static let sheetMaximum = CGSize(width: 600, height: 720)
    package static let sheetMinimumWidth: CGFloat = 360

    package var style = PresentationStyle.sheet
    /// Where the card is, in the stage's (the host's) points.
    package private(set) var cardFrame = CGRect.zero
    package private(set) var mode = Mode.floating
    private var loggedDetents: Set<String> = []

    package var card: ViewNode? { layoutChildren.first }

    package override init(graph: ViewGraph, environment: EnvironmentValues) {
        super.init(graph: graph, environment: environment)
        // The presented view reports its preferences to this stage only, not to the view that presented it.
        keepsPreferencesInside = true
    }

    /// Whether the presented view asked that Escape not dismiss it.
    package var interactiveDismissDisabled: Bool {
        childrenPreferenceValue(InteractiveDismissDisabledKey.self) ?? false
    }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions(by: .zero)
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }

    package override func placeContent(in context: PlacementContext) {
        guard let card else { return }
        let width = size.width
        let height = size.height
        let narrow = width < Self.bottomSheetBreakpoint
        switch style {
        case .fullScreenCover:
            mode = .fullScreen
            cardFrame = CGRect(origin: .zero, size: size)
        case .alert:
            mode = .floating
            let cardWidth = min(max(0, width - Self.floatingMargin), Self.alertWidth.upperBound)
            let fitted = card.sizeThatFits(ProposedViewSize(width: cardWidth, height: nil))
            cardFrame = centred(CGSize(width: cardWidth, height: min(fitted.height, height - Self.floatingMargin)))
        case .sheet where narrow, .confirmationDialog where narrow:
            mode = .bottomSheet
            let tallest = max(0, height - Self.bottomSheetTopGap)
            let detent = style == .sheet ? detentHeight(in: height, tallest: tallest) : nil
            let fitted = detent ?? card.sizeThatFits(ProposedViewSize(width: width, height: tallest)).height
            let sheetHeight = min(tallest, max(0, fitted))
            cardFrame = CGRect(x: 0, y: height - sheetHeight, width: width, height: sheetHeight)
        case .sheet, .confirmationDialog:
            mode = .floating
            let limit =
                style == .sheet ? Self.sheetMaximum : CGSize(width: Self.alertWidth.upperBound, height: .infinity)
            let available = CGSize(
                width: max(0, min(width - 2 * Self.floatingMargin, limit.width)),
                height: max(0, min(height - 2 * Self.floatingMargin, limit.height)))
            let fitted = card.sizeThatFits(ProposedViewSize(available))
            let least = min(available.width, style == .sheet ? Self.sheetMinimumWidth : Self.alertWidth.lowerBound)
            cardFrame = centred(
                CGSize(
                    width: min(available.width, max(least, fitted.width)),
                    height: min(available.height, fitted.height)))
        }
        // Content smaller than the card (a bottom sheet at a detent) sits in its middle, as in SwiftUI.
        let proposal = ProposedViewSize(cardFrame.size)
        let fitted = card.sizeThatFits(proposal)
        let origin = CGPoint(
            x: cardFrame.minX + max(0, (cardFrame.width - fitted.width) / 2).rounded(),
            y: cardFrame.minY + max(0, (cardFrame.height - fitted.height) / 2).rounded())
        card.place(at: origin, proposal: proposal, in: context)
    }

    private func centred(_ cardSize: CGSize) -> CGRect {
        CGRect(
            x: ((size.width - cardSize.width) / 2).rounded(), y: ((size.height - cardSize.height) / 2).rounded(),
            width: cardSize.width, height: cardSize.height)
    }

    /// The tallest of the detents the sheet's view asked for (`presentationDetents`), if any is valid.
    private func detentHeight(in height: CGFloat, tallest: CGFloat) -> CGFloat? {
        let detents = childrenPreferenceValue(PresentationDetentsKey.self) ?? []
        var best: CGFloat?
        for detent in detents {
            guard let value = detent.height(in: height, tallest: tallest) else {
                if loggedDetents.insert(detent.description).inserted {
                    logPresentation("presentationDetents: \(detent) is not a usable height; ignored")
                }
                continue
            }
            best = max(best ?? 0, value)
        }
        return best
    }

    // MARK: Drawing

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        guard let card else { return }
        var content = RenderOutput()
        card.render(at: origin + card.position, into: &content)
        let rect = cardFrame.offsetBy(dx: origin.x, dy: origin.y)
        let radius = style == .alert ? Self.alertCornerRadius : Self.cornerRadius
        let outline: Path
        switch mode {
        case .fullScreen: outline = Path(rect)
        case .floating: outline = Path(roundedRect: rect, cornerRadius: radius)
        case .bottomSheet: outline = Self.topRounded(rect, radius: radius)
        }
        let dark = environment.colorScheme == .dark
        let background = dark ? RGBA(red: 0.22, green: 0.22, blue: 0.22) : RGBA(red: 1, green: 1, blue: 1)
        let fill = DisplayItem.fill(
            FillOperation(path: outline, primitive: nil, paint: .color(background), eoFill: false, antialiased: true))
        if mode == .fullScreen {
            output.items.append(fill)
        } else {
            let shadow = RGBA(red: 0, green: 0, blue: 0, opacity: dark ? 0.5 : 0.22)
            output.items.append(
                .layer(
                    DisplayLayer(
                        effect: .shadow(color: shadow, radius: 12, offset: CGSize(width: 0, height: 4)),
                        items: [fill])))
        }
        output.items.append(.layer(DisplayLayer(effect: .clip(outline, eoFill: false), items: content.items)))
        if mode == .bottomSheet, showsDragIndicator {
            let handle = CGRect(x: (rect.midX - 18).rounded(), y: rect.minY + 6, width: 36, height: 5)
            output.items.append(
                .fill(
                    FillOperation(
                        path: Path(roundedRect: handle, cornerRadius: 2.5), primitive: nil,
                        paint: .color(RGBA(red: 0.5, green: 0.5, blue: 0.5, opacity: 0.5)), eoFill: false,
                        antialiased: true)))
        }
        output.hits.append(contentsOf: content.hits)
    }

    /// `.visible`, or `.automatic` with several detents to drag between.
    private var showsDragIndicator: Bool {
        switch childrenPreferenceValue(PresentationDragIndicatorKey.self) ?? .automatic {
        case .visible: return true
        case .hidden: return false
        case .automatic: return (childrenPreferenceValue(PresentationDetentsKey.self)?.count ?? 0) > 1
        }
    }

    /// A rectangle with its top corners rounded.
    package static func topRounded(_ rect: CGRect, radius: CGFloat) -> Path {
        let r = min(radius, rect.width / 2, rect.height)
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + r))
        path.addQuadCurve(to: CGPoint(x: rect.minX + r, y: rect.minY), control: CGPoint(x: rect.minX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - r, y: rect.minY))
        path.addQuadCurve(to: CGPoint(x: rect.maxX, y: rect.minY + r), control: CGPoint(x: rect.maxX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        path.closeSubpath()
        return path
    }

    package override var debugName: String { "presentationStage" }
}
