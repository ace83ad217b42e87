import Foundation
@_spi(Engine) import UICore

/// The colours of a list style, light or dark (after libadwaita: white boxes on a light grey window).
package struct ListPalette {
    package let kind: _ListStyleKind
    package var isDark = false

    private func gray(_ light: Double, _ dark: Double) -> RGBA {
        let value = isDark ? dark : light
        return RGBA(red: value, green: value, blue: value)
    }
    /// Behind the rows.
    package var backgroundRGBA: RGBA {
        switch kind {
        case .plain: return gray(1, 0.12)
        case .sidebar: return gray(0.922, 0.19)
        case .inset, .insetGrouped, .grouped: return gray(0.957, 0.14)
        }
    }
    package var background: Color {
        Color(red: backgroundRGBA.red, green: backgroundRGBA.green, blue: backgroundRGBA.blue)
    }
    /// A row's own background.
    package var row: RGBA {
        switch kind {
        case .sidebar: return .clear
        case .plain: return gray(1, 0.12)
        default: return gray(1, 0.22)
        }
    }
    package var separator: RGBA {
        isDark ? RGBA(red: 1, green: 1, blue: 1, opacity: 0.1) : RGBA(red: 0, green: 0, blue: 0, opacity: 0.1)
    }
    /// The edge around a box of rows.
    package var border: RGBA {
        isDark ? RGBA(red: 1, green: 1, blue: 1, opacity: 0.06) : RGBA(red: 0, green: 0, blue: 0, opacity: 0.08)
    }
    /// The band behind a plain list's (pinned) section header.
    package var headerBand: RGBA { gray(0.957, 0.16) }
}

/// The node of a list's rows: a vertical lazy stack that lays rows out with the style's margins and insets and
/// draws their boxes, separators and selection, and selects rows on clicks and keys.
@MainActor
package final class ListNode: LazyStackNode {
    package private(set) var style: _ListStyleKind = .insetGrouped
    private var selection: ListSelection?
    package private(set) var isEditing = false
    /// The row a Shift+click or Shift+arrow extends the selection from, and the row the arrows move from.
    private var selectionAnchor: Int?
    private var selectionCursor: Int?
    /// The row swiped open to show its swipe actions, if any.
    package var swipe = ListSwipeState()
    /// The row dragged by its move handle in edit mode, if any.
    package var move = ListMoveState()
    /// The dragged row stays while the list scrolls it out of view under the pointer.
    package override var heldElement: Int? { move.row }

    /// The row and header heights and row spacing from the environment.
    package private(set) var metrics = ListMetrics(EnvironmentValues())

    package func configureList(
        style newStyle: _ListStyleKind, selection newSelection: ListSelection?, isEditing editing: Bool,
        metrics newMetrics: ListMetrics
    ) {
        selection = newSelection
        if newStyle != style || editing != isEditing || newMetrics != metrics {
            style = newStyle
            isEditing = editing
            metrics = newMetrics
            invalidate()
        } else {
            invalidateRender()  // the selection may have changed
        }
        validateSwipe()
    }

    private var palette: ListPalette { ListPalette(kind: style, isDark: environment.colorScheme == .dark) }
    private var isBoxed: Bool { style == .insetGrouped || style == .inset }

    // MARK: Roles

    package func role(of index: Int) -> SectionPosition.Role { traits(at: index).section?.role ?? .row }

    /// Whether row `index` is the first (or last) row of its section; loose rows form one group.
    private func isFirstRow(_ index: Int) -> Bool {
        if let section = traits(at: index).section { return section.index == section.firstRow }
        return index == 0 || traits(at: index - 1).section != nil
    }
    private func isLastRow(_ index: Int) -> Bool {
        if let section = traits(at: index).section { return section.index == section.firstRow + section.rowCount - 1 }
        return index == list.count - 1 || traits(at: index + 1).section != nil
    }
    private func startsSection(_ index: Int) -> Bool {
        if let section = traits(at: index).section { return section.index == 0 }
        return index == 0 || traits(at: index - 1).section != nil
    }

    // MARK: Metrics

    private var boxMargin: CGFloat {
        switch style {
        case .insetGrouped: return 16
        case .inset: return 12
        case .sidebar: return 8
        case .plain, .grouped: return 0
        }
    }

    /// Space outside the row's box: between sections, around the list, beside boxes.
    private func margins(of index: Int) -> EdgeInsets {
        var margins = EdgeInsets(top: 0, leading: boxMargin, bottom: 0, trailing: boxMargin)
        if startsSection(index) && style != .plain {
            margins.top = index == 0 ? (style == .sidebar ? 8 : 16) : (style == .sidebar ? 16 : 24)
        }
        if index == list.count - 1 && style != .plain { margins.bottom = style == .sidebar ? 8 : 24 }
        if let spacing = metrics.rowSpacing, spacing > 0, role(of: index) == .row, !isFirstRow(index) {
            margins.top += spacing
        }
        return margins
    }

    /// Space inside the row's box, around its content.
    private func padding(of index: Int, nodes: [ViewNode]) -> EdgeInsets {
        switch role(of: index) {
        case .header:
            return style == .plain
                ? EdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
                : EdgeInsets(top: 0, leading: 4, bottom: 8, trailing: 4)
        case .footer:
            return EdgeInsets(top: 6, leading: style == .plain ? 16 : 4, bottom: 0, trailing: 4)
        case .row:
            var padding =
                nodes.first.flatMap { $0.layoutValue(for: ObjectIdentifier(ListRowInsetsKey.self)) as? EdgeInsets }
                ?? (style == .sidebar
                    ? EdgeInsets(top: 6, leading: 12, bottom: 6, trailing: 12)
                    : EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
            if showsDeleteButton(index) { padding.leading += Self.deleteButtonWidth }
            if showsMoveHandle(index) { padding.trailing += Self.moveHandleWidth }
            return padding
        }
    }

    private static let deleteButtonWidth: CGFloat = 36

    private func showsDeleteButton(_ index: Int) -> Bool { isEditing && canDelete(index) }

    /// Whether row `index` can be deleted: its `ForEach` has `onDelete` and the row is not `deleteDisabled`.
    package func canDelete(_ index: Int) -> Bool {
        guard role(of: index) == .row, traits(at: index).editing?.onDelete != nil else { return false }
        let disabled = layoutNodes(of: index).first?.layoutValue(for: ObjectIdentifier(DeleteDisabledKey.self))
        return disabled as? Bool != true
    }

    package override func insets(ofElement index: Int, nodes: [ViewNode]) -> EdgeInsets {
        let outer = margins(of: index)
        let inner = padding(of: index, nodes: nodes)
        return EdgeInsets(
            top: outer.top + inner.top, leading: outer.leading + inner.leading,
            bottom: outer.bottom + inner.bottom, trailing: outer.trailing + inner.trailing)
    }

    package override func extentOutsideElement(_ index: Int) -> CGFloat {
        let outer = margins(of: index)
        return outer.top + outer.bottom
    }

    package override func minimumExtent(ofElement index: Int) -> CGFloat {
        let outer = margins(of: index)
        switch role(of: index) {
        case .row:
            let minimum = metrics.minRowHeight ?? (style == .sidebar ? 36 : ListMetrics.defaultMinRowHeight)
            return minimum + outer.top + outer.bottom
        case .header:
            return (metrics.minHeaderHeight ?? 0) + outer.top + outer.bottom
        case .footer:
            return 0
        }
    }

    /// Headers and footers are set smaller, in the secondary style.
    package override func environment(forElement index: Int) -> EnvironmentValues {
        let role = role(of: index)
        var values = environment
        guard role != .row else {
            values.isListRowContent = true  // a badge shows at the row's trailing side
            return values
        }
        // A font set on the list (or around it) is the headers' too.
        if values.font == nil {
            values.font = role == .header ? Font.subheadline.weight(style == .plain ? .semibold : .bold) : Font.footnote
        }
        values[ForegroundStyleKey.self] = AnyShapeStyle(HierarchicalShapeStyle.secondary)
        return values
    }

    // MARK: Selection

    /// The value that selects row `index`: its `tag`, else its `ForEach` id.
    package func selectionValue(of index: Int) -> AnyHashable? {
        guard role(of: index) == .row else { return nil }
        if let tag = layoutNodes(of: index).first?.tag { return tag }
        for component in identity(at: index) {
            if case .explicit(let id) = component { return id }
        }
        return nil
    }

    private func selectableValue(of index: Int) -> AnyHashable? {
        guard let selection, let value = selectionValue(of: index), selection.accepts(value) else { return nil }
        return value
    }

    /// A click on row `index`, with the modifier keys held.
    package func rowClicked(_ index: Int, modifiers: EventModifiers) {
        guard let selection, let value = selectableValue(of: index) else { return }
        var chosen = selection.get()
        if selection.allowsMultiple && modifiers.contains(.shift), let anchor = selectionAnchor {
            chosen = values(from: anchor, to: index)
        } else if selection.allowsMultiple && (modifiers.contains(.control) || modifiers.contains(.command)) {
            if chosen.remove(value) == nil { chosen.insert(value) }
            selectionAnchor = index
        } else {
            chosen = [value]
            selectionAnchor = index
        }
        selectionCursor = index
        selection.set(chosen)
    }

    private func values(from first: Int, to last: Int) -> Set<AnyHashable> {
        Set(stride(from: min(first, last), through: max(first, last), by: 1).compactMap(selectableValue))
    }

    /// Arrow keys move the selection (Shift extends it); Delete removes the selected rows that can be deleted.
    package func handle(_ press: KeyPress) -> KeyPress.Result {
        if press.key == .upArrow || press.key == .downArrow, press.modifiers.contains(.option) {
            return moveSelectedRow(by: press.key == .upArrow ? -1 : 1)
        }
        // Ctrl+R or F5 refreshes a refreshable list.
        if (press.key == KeyEquivalent("r") && press.modifiers.contains(.control)) || press.key == Self.f5 {
            guard let scroll = enclosingScrollNode, scroll.canRefresh else { return .ignored }
            _ = scroll.beginRefresh()
            return .handled
        }
        switch press.key {
        case .upArrow, .downArrow:
            guard let selection else { return .ignored }
            let step = press.key == .upArrow ? -1 : 1
            let chosen = selection.get()
            let start =
                selectionCursor
                ?? (0..<list.count).first { index in selectableValue(of: index).map(chosen.contains) == true }
            guard let start else {
                if let first = (0..<list.count).first(where: { selectableValue(of: $0) != nil }) {
                    select(first, extend: false)
                }
                return .handled
            }
            var next = start + step
            while next >= 0 && next < list.count && selectableValue(of: next) == nil { next += step }
            guard next >= 0 && next < list.count else { return .handled }
            select(next, extend: press.modifiers.contains(.shift) && selection.allowsMultiple)
            return .handled
        case .delete, .deleteForward:
            return deleteSelection() ? .handled : .ignored
        default:
            return .ignored
        }
    }

    package static let f5 = KeyEquivalent("\u{F708}")

    /// Alt+Up or Alt+Down: the selected row trades places with the one above or below (in its `ForEach`, which
    /// must have `onMove`); at the end of its rows nothing moves.
    private func moveSelectedRow(by step: Int) -> KeyPress.Result {
        guard let selection else { return .ignored }
        let chosen = selection.get()
        guard
            let index = selectionCursor
                ?? (0..<list.count).first(where: { selectableValue(of: $0).map(chosen.contains) == true }),
            let action = traits(at: index).editing?.onMove, let offset = traits(at: index).dataOffset
        else { return .ignored }
        let neighbour = index + step
        guard neighbour >= 0, neighbour < list.count, role(of: neighbour) == .row,
            traits(at: neighbour).dataOffset != nil, forEachPath(of: neighbour) == forEachPath(of: index)
        else { return .handled }
        action(IndexSet(integer: offset), step < 0 ? offset - 1 : offset + 2)
        selectionCursor = neighbour
        selectionAnchor = neighbour
        return .handled
    }

    private func select(_ index: Int, extend: Bool) {
        guard let selection, let value = selectableValue(of: index) else { return }
        if extend, let anchor = selectionAnchor {
            selection.set(values(from: anchor, to: index))
        } else {
            selection.set([value])
            selectionAnchor = index
        }
        selectionCursor = index
        scrollIntoView(index)
    }

    /// Scrolls the list's scroll view so that row `index` shows whole.
    package var enclosingScrollNode: ScrollNode? {
        var ancestor = parent
        while let node = ancestor, !(node is ScrollNode) { ancestor = node.parent }
        return ancestor as? ScrollNode
    }

    private func scrollIntoView(_ index: Int) {
        guard let scroll = enclosingScrollNode, let origin = placedOrigin, let viewOrigin = scroll.placedOrigin
        else { return }
        let rows = placedElements.filter { !$0.isPinned }
        let top: CGFloat
        let bottom: CGFloat
        if let row = rows.first(where: { $0.index == index }) {
            top = origin.y + row.start
            bottom = origin.y + row.end
        } else if let first = rows.first, index < first.index {
            top = origin.y + first.start - CGFloat(first.index - index) * estimate
            bottom = top + estimate
        } else if let last = rows.last {
            bottom = origin.y + last.end + CGFloat(index - last.index) * estimate
            top = bottom - estimate
        } else {
            return
        }
        if top < viewOrigin.y {
            _ = scroll.scroll(by: CGSize(width: 0, height: top - viewOrigin.y))
        } else if bottom > viewOrigin.y + scroll.size.height {
            _ = scroll.scroll(by: CGSize(width: 0, height: bottom - viewOrigin.y - scroll.size.height))
        }
    }

    /// Row `index` of a `ForEach` with `onDelete`: wrapped in a Delete swipe action and a context menu with Delete.
    package override func build(_ element: _ViewList.Element, at index: Int, into builder: _ViewNodeBuilder) {
        guard (element.traits.section?.role ?? .row) == .row, element.traits.editing?.onDelete != nil else {
            element.build(builder)
            return
        }
        let delete: @MainActor () -> Void = { [weak self] in self?.deleteRow(index) }
        let canDelete: @MainActor () -> Bool = { [weak self] in self?.canDelete(index) == true }
        makeNodes(ListDeletableRow(build: element.build, delete: delete, canDelete: canDelete), into: builder)
    }

    /// Calls the `onDelete` actions of the `ForEach`s whose selected rows can be deleted; false if there are none.
    private func deleteSelection() -> Bool {
        guard let selection else { return false }
        let chosen = selection.get()
        guard !chosen.isEmpty else { return false }
        var groups: [[IdentityComponent]: (action: (IndexSet) -> Void, offsets: IndexSet)] = [:]
        for index in 0..<list.count {
            let traits = traits(at: index)
            guard let action = traits.editing?.onDelete, let offset = traits.dataOffset, canDelete(index),
                let value = selectableValue(of: index), chosen.contains(value)
            else { continue }
            let key = forEachPath(of: index)
            groups[key, default: (action, IndexSet())].offsets.insert(offset)
        }
        guard !groups.isEmpty else { return false }
        for group in groups.values { group.action(group.offsets) }
        selection.set([])
        selectionAnchor = nil
        selectionCursor = nil
        return true
    }

    /// The path of the `ForEach` row `index` comes from: its identity up to its data element's id.
    package func forEachPath(of index: Int) -> [IdentityComponent] {
        let identity = identity(at: index)
        guard let explicit = identity.lastIndex(where: { if case .explicit = $0 { return true } else { return false } })
        else {
            return identity
        }
        return Array(identity[..<explicit])
    }

    package func deleteRow(_ index: Int) {
        let traits = traits(at: index)
        guard canDelete(index), let action = traits.editing?.onDelete, let offset = traits.dataOffset else { return }
        action(IndexSet(integer: offset))
    }

    // MARK: Drawing

    /// The box of a placed row (its background, inside the margins), for the list at `origin`.
    package func box(of element: PlacedElement, at origin: CGPoint) -> CGRect {
        let outer = margins(of: element.index)
        return CGRect(
            x: origin.x + outer.leading, y: origin.y + element.start + outer.top,
            width: max(0, size.width - outer.leading - outer.trailing),
            height: max(0, element.extent - outer.top - outer.bottom))
    }

    package override func placeElement(_ element: PlacedElement, crossProposal: CGFloat?, context: PlacementContext) {
        let shown = displayed(element)
        if role(of: element.index) == .row { updateSwipeNodes(of: shown, origin: context.origin) }
        super.placeElement(shown, crossProposal: crossProposal, context: context)
    }

    package override func renderElements(
        _ elements: [PlacedElement], at origin: CGPoint, into output: inout RenderOutput
    ) {
        let palette = self.palette
        let chosen = selection?.get() ?? []
        let accent = Color.accentColor.resolve(in: environment)
        // The row dragged by its handle is drawn over the others.
        let ordered = elements.filter { $0.index != move.row } + elements.filter { $0.index == move.row }
        for element in ordered.map(displayed) {
            let nodes = layoutNodes(of: element.index)
            let slot = CGRect(x: origin.x, y: origin.y + element.start, width: size.width, height: element.extent)
            let box = self.box(of: element, at: origin)
            var content = RenderOutput()
            renderChildren(nodes, at: origin, into: &content)
            switch role(of: element.index) {
            case .header, .footer:
                if style == .plain && role(of: element.index) == .header {
                    output.items.append(fill(Path(slot), palette.headerBand))
                }
                output.append(content)
            case .row:
                renderRow(
                    element.index, box: box, nodes: nodes, content: content,
                    selected: selectableValue(of: element.index)
                        .map(chosen.contains) == true, palette: palette, accent: accent, into: &output)
            }
        }
    }

    private func renderRow(
        _ index: Int, box: CGRect, nodes: [ViewNode], content: RenderOutput, selected: Bool,
        palette: ListPalette, accent: RGBA, into output: inout RenderOutput
    ) {
        // Rows apart (`listRowSpacing`) are each a box of their own.
        let apart = (metrics.rowSpacing ?? 0) > 0
        let first = apart || isFirstRow(index)
        let last = apart || isLastRow(index)
        let radius: CGFloat = isBoxed ? 12 : 0
        let shape = roundedBox(box, top: first ? radius : 0, bottom: last ? radius : 0)
        if isBoxed {
            let edge = CGRect(
                x: box.minX - 1, y: box.minY - (first ? 1 : 0), width: box.width + 2,
                height: box.height + (first ? 1 : 0) + (last ? 1 : 0))
            output.items.append(
                fill(roundedBox(edge, top: first ? radius + 1 : 0, bottom: last ? radius + 1 : 0), palette.border))
        }
        // A swiped row slides inside its box, its actions showing in the space it leaves.
        let reveal = swipeReveal(ofRow: index)
        var items: [DisplayItem] = []
        let background =
            (nodes.first?.layoutValue(for: ObjectIdentifier(ListRowBackgroundKey.self)) as? Color)?
            .resolve(in: environment) ?? palette.row
        items.append(fill(reveal == 0 ? shape : Path(box.offsetBy(dx: reveal, dy: 0)), background))
        if selected {
            var tint = accent
            tint.opacity *= 0.2
            let highlight = style == .sidebar ? Path(roundedRect: box, cornerRadius: 8) : shape
            items.append(fill(highlight.offsetBy(dx: reveal, dy: 0), tint))
        }
        let separator = nodes.first?.layoutValue(for: ObjectIdentifier(ListRowSeparatorKey.self)) as? Visibility
        if !last && style != .sidebar && separator != .hidden {
            let inset = padding(of: index, nodes: nodes).leading
            items.append(
                fill(
                    Path(
                        CGRect(
                            x: box.minX + inset, y: box.maxY - 1, width: max(0, box.width - inset),
                            height: 1)), palette.separator))
        }
        var hits = content.hits
        items.append(contentsOf: content.items)
        if showsMoveHandle(index) {
            items += moveHandleItems(box: box, color: RGBA(red: 0.55, green: 0.55, blue: 0.55))
            hits.append(moveHandleHit(row: index, box: box))
        }
        if reveal == 0 {
            output.items.append(contentsOf: items)
        } else {
            output.items.append(.layer(DisplayLayer(effect: .clip(shape, eoFill: false), items: items)))
        }
        if showsDeleteButton(index) {
            let circle = CGRect(x: box.minX + 12, y: box.midY - 11, width: 22, height: 22)
            output.items.append(fill(Path(ellipseIn: circle), Color.red.resolve(in: environment)))
            output.items.append(
                fill(
                    Path(CGRect(x: circle.minX + 6, y: circle.midY - 1, width: 10, height: 2)),
                    RGBA(red: 1, green: 1, blue: 1)))
            let tap = TapGesture().onEnded { [weak self] in self?.deleteRow(index) }
            let attached = AttachedGesture(
                gesture: tap, priority: .normal, mask: .all, owner: identity, index: -1 - index,
                frameInWindow: circle, namedSpaces: [:])
            hits.append(
                HitTestNode(
                    kind: .contentShape, identity: identity, frame: circle, shape: nil, children: [],
                    gestures: [attached], name: "List delete button"))
        }
        var gestures: [AttachedGesture] = []
        if let swipe = swipeGesture(ofRow: index, box: box) { gestures.append(swipe) }
        if selection != nil {
            // The whole box selects the row; controls inside it keep their own gestures (innermost first).
            let tap = TapGesture().onEnded { [weak self] in
                guard let self else { return }
                self.rowClicked(index, modifiers: self.graph.subsystem(FocusSystem.self)?.heldModifiers ?? [])
            }
            gestures.append(
                AttachedGesture(
                    gesture: tap, priority: .normal, mask: .all, owner: identity, index: index,
                    frameInWindow: box, namedSpaces: [:]))
        }
        guard !gestures.isEmpty else {
            output.hits.append(contentsOf: hits)
            return
        }
        output.hits.append(
            HitTestNode(
                kind: .contentShape, identity: identity, frame: box, shape: nil, children: hits,
                gestures: gestures, name: "List row"))
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        super.renderContent(at: origin, size: size, into: &output)
        if let close = closeSwipeHit(at: origin) { output.hits.append(close) }
    }

    private func fill(_ path: Path, _ color: RGBA) -> DisplayItem {
        .fill(FillOperation(path: path, primitive: nil, paint: .color(color), eoFill: false, antialiased: true))
    }

    /// `rect` with its top corners rounded by `top` and its bottom ones by `bottom`.
    private func roundedBox(_ rect: CGRect, top: CGFloat, bottom: CGFloat) -> Path {
        if top == bottom { return top == 0 ? Path(rect) : Path(roundedRect: rect, cornerRadius: top) }
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.minY + top))
        if top > 0 {
            path.addArc(
                tangent1End: CGPoint(x: rect.minX, y: rect.minY),
                tangent2End: CGPoint(x: rect.minX + top, y: rect.minY), radius: top)
            path.addArc(
                tangent1End: CGPoint(x: rect.maxX, y: rect.minY),
                tangent2End: CGPoint(x: rect.maxX, y: rect.minY + top), radius: top)
        } else {
            path.addLine(to: CGPoint(x: rect.minX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        }
        if bottom > 0 {
            path.addArc(
                tangent1End: CGPoint(x: rect.maxX, y: rect.maxY),
                tangent2End: CGPoint(x: rect.maxX - bottom, y: rect.maxY),
                radius: bottom)
            path.addArc(
                tangent1End: CGPoint(x: rect.minX, y: rect.maxY),
                tangent2End: CGPoint(x: rect.minX, y: rect.maxY - bottom),
                radius: bottom)
        } else {
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        }
        path.closeSubpath()
        return path
    }

    package override var debugName: String { "List" }
}
