import Foundation

/// A table of views: each `GridRow` is a row, its views the cells of consecutive columns; a view outside a
/// `GridRow` is a row of its own across every column. All of it is built at once (see `LazyVGrid` for a lazy
/// grid). A column is as wide as its widest cell, a row as tall as its tallest; the space offered is shared by
/// the columns as an `HStack` shares it among its views. A cell across several columns that wants more than they
/// give (a `Divider` between rows takes all it is offered) widens them equally, unless it is marked
/// `gridCellUnsizedAxes(.horizontal)`.
public struct Grid<Content: View>: View {
    package let alignment: Alignment
    package let horizontalSpacing: CGFloat?
    package let verticalSpacing: CGFloat?
    package let content: Content

    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(GridNode.self) { GridNode(graph: builder.graph, environment: builder.environment) }
        node.configure(
            GridNode.Parameters(
                alignment: view.alignment,
                horizontalSpacing: GridNode.spacing(view.horizontalSpacing, "horizontalSpacing"),
                verticalSpacing: GridNode.spacing(view.verticalSpacing, "verticalSpacing")))
        builder.graph.rebuildChildren(of: node, environment: builder.environment) { makeNodes(view.content, into: $0) }
    }
}

/// The `Grid` algorithm as a `Layout`, for conditional layouts through `AnyLayout`: its subviews are `GridRow`s
/// (and views across every column), as a `Grid`'s are.
public struct GridLayout: Layout {
    /// How a view sits in its cell.
    public var alignment: Alignment
    /// The space between columns (`nil`: the system's).
    public var horizontalSpacing: CGFloat?
    /// The space between rows (`nil`: the system's).
    public var verticalSpacing: CGFloat?

    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
    }

    private func engine(_ subviews: Subviews) -> GridEngine {
        GridEngine(
            children: subviews.nodes,
            parameters: GridNode.Parameters(
                alignment: alignment, horizontalSpacing: GridNode.spacing(horizontalSpacing, "horizontalSpacing"),
                verticalSpacing: GridNode.spacing(verticalSpacing, "verticalSpacing")))
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        engine(subviews).plan(proposal).size
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        let placements = engine(subviews).placements(proposal: proposal, size: bounds.size)
        for (subview, placement) in zip(subviews, placements) {
            subview.place(
                at: CGPoint(x: bounds.minX + placement.origin.x, y: bounds.minY + placement.origin.y),
                proposal: placement.proposal)
        }
    }
}

/// A row of a `Grid`: its views are the row's cells, one column each (or as many as `gridCellColumns` says).
public struct GridRow<Content: View>: View {
    package let alignment: VerticalAlignment?
    package let content: Content

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        let node = builder.node(GridRowNode.self) {
            GridRowNode(graph: builder.graph, environment: builder.environment)
        }
        if node.alignment != view.alignment {
            node.alignment = view.alignment
            node.invalidate()
        }
        builder.graph.rebuildChildren(of: node, environment: builder.environment) { makeNodes(view.content, into: $0) }
    }
}

package enum GridCellColumnsKey: LayoutValueKey { package static var defaultValue: Int { 1 } }
package enum GridColumnAlignmentKey: LayoutValueKey { package static var defaultValue: HorizontalAlignment? { nil } }
package enum GridCellAnchorKey: LayoutValueKey { package static var defaultValue: UnitPoint? { nil } }
package enum GridCellUnsizedAxesKey: LayoutValueKey { package static var defaultValue: Axis.Set { [] } }

extension View {
    /// Makes this cell of a `GridRow` span `count` columns.
    public func gridCellColumns(_ count: Int) -> some View { layoutValue(key: GridCellColumnsKey.self, value: count) }
    /// Aligns every cell of this cell's column horizontally by `guide`.
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View {
        layoutValue(key: GridColumnAlignmentKey.self, value: guide)
    }
    /// Places this cell's view in its cell so that `anchor` of the view lies on `anchor` of the cell.
    public func gridCellAnchor(_ anchor: UnitPoint) -> some View {
        layoutValue(key: GridCellAnchorKey.self, value: anchor)
    }
    /// Lets this cell take the size of its column (`.horizontal`) or row (`.vertical`) without widening it.
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View {
        layoutValue(key: GridCellUnsizedAxesKey.self, value: axes)
    }
}

/// The node of a `GridRow`: its cells are placed by the grid around it.
@MainActor
package final class GridRowNode: ViewNode {
    package var alignment: VerticalAlignment?
    /// Where the grid put each cell in the row, with the proposal it gave it.
    package var cellPlacements: [(origin: CGPoint, proposal: ProposedViewSize)] = []

    /// The grid proposes the row its place exactly.
    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.width ?? 0, height: proposal.height ?? 0)
    }

    package override func placeContent(in context: PlacementContext) {
        for (cell, placement) in zip(layoutChildren, cellPlacements) {
            cell.place(at: placement.origin, proposal: placement.proposal, in: context)
        }
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }
    package override var layoutPriority: Double { 0 }
    package override func layoutValue(for key: ObjectIdentifier) -> Any? { nil }
    package override var zIndex: Double { 0 }
    package override var debugName: String { "GridRow" }
}

/// The node of a `Grid`.
@MainActor
package final class GridNode: ViewNode {
    package struct Parameters: Equatable {
        package var alignment: Alignment
        package var horizontalSpacing: CGFloat
        package var verticalSpacing: CGFloat
    }
    private var parameters = Parameters(alignment: .center, horizontalSpacing: 8, verticalSpacing: 8)

    /// `spacing`, or the system's when it is `nil` or not a length (said once).
    package static func spacing(_ spacing: CGFloat?, _ name: String) -> CGFloat {
        guard let spacing else { return GridItem.systemSpacing }
        guard spacing.isFinite else {
            InvalidValueLog.report("grid-\(name)", "Grid: \(name) \(spacing) is not a length; ignored")
            return GridItem.systemSpacing
        }
        return spacing
    }

    package func configure(_ newParameters: Parameters) {
        guard newParameters != parameters else { return }
        parameters = newParameters
        invalidate()
    }

    private var engine: GridEngine { GridEngine(children: layoutChildren, parameters: parameters) }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize { engine.plan(proposal).size }

    package override func placeContent(in context: PlacementContext) {
        let placements = engine.placements(proposal: placedProposal ?? ProposedViewSize(size), size: size)
        for (child, placement) in zip(layoutChildren, placements) {
            child.place(at: placement.origin, proposal: placement.proposal, in: context)
        }
    }

    package override func explicitAlignment(_ key: AlignmentKey, size: CGSize) -> CGFloat? { nil }
    package override var layoutPriority: Double { 0 }
    package override func layoutValue(for key: ObjectIdentifier) -> Any? { nil }
    package override var zIndex: Double { 0 }
    package override var debugName: String { "Grid" }
}

/// The grid algorithm over a grid's children (`GridRow`s and views across every column): what `Grid` and
/// `GridLayout` lay out with.
@MainActor
package struct GridEngine {
    package let children: [ViewNode]
    package let parameters: GridNode.Parameters

    /// One row of the grid: a `GridRow`'s cells with the column each starts at and how many it spans, or a view
    /// across all columns.
    package struct Row {
        package var node: ViewNode
        package var cells: [(node: ViewNode, column: Int, span: Int)]
        package var isGridRow: Bool
    }

    /// The rows, with the number of columns.
    private func rows() -> (rows: [Row], columns: Int) {
        var columns = 0
        let rows = children.map { node -> Row in
            guard let row = node as? GridRowNode else { return Row(node: node, cells: [], isGridRow: false) }
            var column = 0
            let cells = row.layoutChildren.map { cell -> (node: ViewNode, column: Int, span: Int) in
                let span = max(1, cell.gridValue(GridCellColumnsKey.self))
                defer { column += span }
                return (cell, column, span)
            }
            columns = max(columns, column)
            return Row(node: node, cells: cells, isGridRow: true)
        }
        return (rows, columns)
    }

    /// The grid laid out for `proposal`: column widths, row heights, and its size.
    package struct Plan {
        package var rows: [Row]
        package var widths: [CGFloat]
        package var heights: [CGFloat]
        package var size: CGSize
    }

    package func plan(_ proposal: ProposedViewSize) -> Plan {
        let (rows, columnCount) = rows()
        let hSpacing = parameters.horizontalSpacing
        let vSpacing = parameters.verticalSpacing
        // The cells that size each column: one column wide, not unsized horizontally.
        var sizing = [[ViewNode]](repeating: [], count: columnCount)
        for row in rows {
            for cell in row.cells where cell.span == 1 && !cell.node.unsizedAxes.contains(.horizontal) {
                sizing[cell.column].append(cell.node)
            }
        }
        func width(of column: Int, offered: CGFloat?) -> CGFloat {
            sizing[column].map { $0.sizeThatFits(ProposedViewSize(width: offered, height: nil)).width }.max() ?? 0
        }
        var widths = [CGFloat](repeating: 0, count: columnCount)
        if let offered = proposal.width, columnCount > 0 {
            // As an HStack: the least flexible column first, each offered an equal part of what is left.
            let flexibility = (0..<columnCount).map { width(of: $0, offered: .infinity) - width(of: $0, offered: 0) }
            var remaining = offered - CGFloat(columnCount - 1) * hSpacing
            var left = columnCount
            for column in (0..<columnCount).sorted(by: { flexibility[$0] < flexibility[$1] }) {
                widths[column] = width(of: column, offered: max(0, remaining) / CGFloat(left))
                remaining -= widths[column]
                left -= 1
            }
        } else {
            for column in 0..<columnCount { widths[column] = width(of: column, offered: nil) }
        }
        widenColumns(&widths, forCellsSpanningColumnsOf: rows, offered: proposal.width)
        var gridWidth = widths.reduce(0, +) + CGFloat(max(0, columnCount - 1)) * hSpacing
        if columnCount == 0 {
            gridWidth =
                rows.map { $0.node.sizeThatFits(ProposedViewSize(width: proposal.width, height: nil)).width }
                .max() ?? 0
        }
        func height(of row: Row, offered: CGFloat?) -> CGFloat {
            guard row.isGridRow else {
                if row.node.unsizedAxes.contains(.vertical) { return 0 }
                return row.node.sizeThatFits(ProposedViewSize(width: gridWidth, height: offered)).height
            }
            return cellOffsets(of: row, widths: widths, height: offered).height
        }
        var heights = [CGFloat](repeating: 0, count: rows.count)
        if let offered = proposal.height, !rows.isEmpty {
            // As a VStack: the least flexible row first, each offered an equal part of what is left.
            let flexibility = rows.map { height(of: $0, offered: .infinity) - height(of: $0, offered: 0) }
            var remaining = offered - CGFloat(rows.count - 1) * vSpacing
            var left = rows.count
            for index in rows.indices.sorted(by: { flexibility[$0] < flexibility[$1] }) {
                heights[index] = height(of: rows[index], offered: max(0, remaining) / CGFloat(left))
                remaining -= heights[index]
                left -= 1
            }
        } else {
            heights = rows.map { height(of: $0, offered: nil) }
        }
        let gridHeight = heights.reduce(0, +) + CGFloat(max(0, rows.count - 1)) * vSpacing
        return Plan(rows: rows, widths: widths, heights: heights, size: CGSize(width: gridWidth, height: gridHeight))
    }

    /// Cells across several columns (a view outside a `GridRow` is across them all) are offered their columns'
    /// width and what the grid leaves unused of the width `offered`; what one takes beyond its columns widens each
    /// of those columns by an equal part. Narrower spans go first, so a wider one sees the columns they widened.
    private func widenColumns(_ widths: inout [CGFloat], forCellsSpanningColumnsOf rows: [Row], offered: CGFloat?) {
        let columnCount = widths.count
        guard columnCount > 0 else { return }
        let spanning =
            rows.flatMap { row -> [(node: ViewNode, column: Int, span: Int)] in
                row.isGridRow ? row.cells.filter { $0.span > 1 } : [(row.node, 0, columnCount)]
            }
            .filter { !$0.node.unsizedAxes.contains(.horizontal) }
            .enumerated().sorted { ($0.element.span, $0.offset) < ($1.element.span, $1.offset) }.map(\.element)
        for cell in spanning {
            let columns = cell.column..<min(columnCount, cell.column + cell.span)
            guard !columns.isEmpty else { continue }
            let current = cellWidth(cell.column, cell.span, widths)
            let gridWidth = widths.reduce(0, +) + CGFloat(columnCount - 1) * parameters.horizontalSpacing
            let proposal = offered.map { current + max(0, $0 - gridWidth) }
            let wanted = cell.node.sizeThatFits(ProposedViewSize(width: proposal, height: nil)).width
            guard wanted > current, wanted.isFinite else { continue }
            let share = (wanted - current) / CGFloat(columns.count)
            for column in columns { widths[column] += share }
        }
    }

    /// The vertical alignment of `row`'s cells.
    private func verticalAlignment(of row: Row) -> VerticalAlignment {
        (row.node as? GridRowNode)?.alignment ?? parameters.alignment.vertical
    }

    /// Where the cells of `row` go down from its top when it is `height` tall (`nil`: as tall as they need), and
    /// the height they need. Top, centre and bottom align each cell in the row; any other guide (a text baseline)
    /// puts every cell's guide on one line, as an `HStack` does, so the row is as tall as that arrangement.
    private func cellOffsets(of row: Row, widths: [CGFloat], height: CGFloat?) -> (offsets: [CGFloat?], height: CGFloat)
    {
        let alignment = verticalAlignment(of: row)
        let sized = row.cells.map { cell -> (size: CGSize, guide: CGFloat)? in
            guard !cell.node.unsizedAxes.contains(.vertical) else { return nil }
            let proposal = ProposedViewSize(width: cellWidth(cell.column, cell.span, widths), height: height)
            let size = cell.node.sizeThatFits(proposal)
            return (size, StackLayoutEngine.guideValue(cell.node, size: size, key: alignment.key))
        }
        guard alignment != .top && alignment != .center && alignment != .bottom else {
            return (row.cells.map { _ in nil }, sized.map { $0?.size.height ?? 0 }.max() ?? 0)
        }
        let line = sized.map { $0?.guide ?? 0 }.max() ?? 0
        let offsets = sized.map { $0.map { line - $0.guide } }
        let needed = zip(offsets, sized).map { ($0 ?? 0) + ($1?.size.height ?? 0) }.max() ?? 0
        return (offsets, needed)
    }

    /// The width of a cell starting at `column` and spanning `span` columns (those past the last count as none).
    private func cellWidth(_ column: Int, _ span: Int, _ widths: [CGFloat]) -> CGFloat {
        let end = min(widths.count, column + span)
        guard column < end else { return 0 }
        return widths[column..<end].reduce(0, +) + CGFloat(end - column - 1) * parameters.horizontalSpacing
    }

    /// Where each child goes (top-leading, in the grid's space) for a grid of `size` asked `proposal`; a `GridRow`'s
    /// cells are told their places in it.
    package func placements(proposal: ProposedViewSize, size: CGSize) -> [(origin: CGPoint, proposal: ProposedViewSize)]
    {
        let plan = plan(proposal)
        let columnStarts = plan.widths.indices.map { column in
            plan.widths[..<column].reduce(0, +) + CGFloat(column) * parameters.horizontalSpacing
        }
        // A column takes the alignment any of its cells asks for.
        var columnAlignments = [HorizontalAlignment?](repeating: nil, count: plan.widths.count)
        for row in plan.rows {
            for cell in row.cells where columnAlignments[cell.column] == nil {
                columnAlignments[cell.column] = cell.node.gridValue(GridColumnAlignmentKey.self)
            }
        }
        var result: [(origin: CGPoint, proposal: ProposedViewSize)] = []
        var y: CGFloat = 0
        for (row, height) in zip(plan.rows, plan.heights) {
            defer { y += height + parameters.verticalSpacing }
            guard row.isGridRow, let rowNode = row.node as? GridRowNode else {
                let proposal = ProposedViewSize(width: size.width, height: height)
                let childSize = row.node.sizeThatFits(proposal)
                let cellSize = CGSize(width: size.width, height: height)
                let x = Self.offset(of: row.node, size: childSize, in: cellSize, alignment: parameters.alignment).x
                result.append((CGPoint(x: x, y: y), proposal))
                continue
            }
            let vertical = verticalAlignment(of: row)
            let lineOffsets = cellOffsets(of: row, widths: plan.widths, height: height).offsets
            rowNode.cellPlacements = zip(row.cells, lineOffsets).map { cell, lineOffset in
                let width = cellWidth(cell.column, cell.span, plan.widths)
                let start = cell.column < columnStarts.count ? columnStarts[cell.column] : 0
                let proposal = ProposedViewSize(width: width, height: height)
                let childSize = cell.node.sizeThatFits(proposal)
                let cellSize = CGSize(width: width, height: height)
                if let anchor = cell.node.gridValue(GridCellAnchorKey.self) {
                    let origin = CGPoint(
                        x: start + (width - childSize.width) * anchor.x, y: (height - childSize.height) * anchor.y)
                    return (origin, proposal)
                }
                let horizontal = columnAlignments[cell.column] ?? parameters.alignment.horizontal
                let offset = Self.offset(
                    of: cell.node, size: childSize, in: cellSize,
                    alignment: Alignment(horizontal: horizontal, vertical: vertical))
                return (CGPoint(x: start + offset.x, y: lineOffset ?? offset.y), proposal)
            }
            rowNode.needsPlacement = true
            result.append((CGPoint(x: 0, y: y), ProposedViewSize(width: size.width, height: height)))
        }
        return result
    }

    private static func offset(of node: ViewNode, size: CGSize, in cell: CGSize, alignment: Alignment) -> CGPoint {
        ZStackLayoutEngine.origin(of: node, size: size, in: cell, alignment: alignment)
    }

}

extension ViewNode {
    /// The value a grid cell set for `key`, or the key's default.
    fileprivate func gridValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value {
        layoutValue(for: ObjectIdentifier(key)) as? K.Value ?? K.defaultValue
    }
    fileprivate var unsizedAxes: Axis.Set { gridValue(GridCellUnsizedAxesKey.self) }
}
