// A grid that fits as many columns of at least `minimumTileWidth` as the width allows (at most
// `maximumColumns`, so the launcher keeps its shape on any screen); rows share the height.
import WaylandUI

struct TileGrid: Layout {
    var minimumTileWidth: CGFloat = 160
    var maximumColumns = 4
    var spacing: CGFloat = 16

    private func columns(for width: CGFloat, count: Int) -> Int {
        guard width.isFinite else { return max(1, min(count, maximumColumns)) }
        return max(1, min(count, maximumColumns, Int((width + spacing) / (minimumTileWidth + spacing))))
    }

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        let width = proposal.width ?? (minimumTileWidth + spacing) * CGFloat(subviews.count) - spacing
        let columnCount = columns(for: width, count: subviews.count)
        let rows = (subviews.count + columnCount - 1) / columnCount
        let height = proposal.height ?? CGFloat(rows) * (minimumTileWidth + spacing) - spacing
        return CGSize(width: width, height: height)
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        guard !subviews.isEmpty else { return }
        let columnCount = columns(for: bounds.width, count: subviews.count)
        let rows = (subviews.count + columnCount - 1) / columnCount
        let tileWidth = (bounds.width - spacing * CGFloat(columnCount - 1)) / CGFloat(columnCount)
        let tileHeight = max(44, (bounds.height - spacing * CGFloat(rows - 1)) / CGFloat(rows))
        for (index, subview) in subviews.enumerated() {
            let column = index % columnCount
            let row = index / columnCount
            let origin = CGPoint(
                x: bounds.minX + CGFloat(column) * (tileWidth + spacing),
                y: bounds.minY + CGFloat(row) * (tileHeight + spacing))
            subview.place(at: origin, proposal: ProposedViewSize(width: tileWidth, height: tileHeight))
        }
    }
}
