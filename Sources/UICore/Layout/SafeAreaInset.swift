import Foundation

extension View {
    /// Shows `content` along `edge` (a bar of buttons, a summary) and lays this view out in what is left, so
    /// nothing of it hides behind the bar. `spacing` separates the two (`nil`: the stack's default).
    public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let inset = content().fixedSize(horizontal: false, vertical: true)
        return VStack(alignment: alignment, spacing: spacing) {
            if edge == .top { inset }
            self
            if edge == .bottom { inset }
        }
    }

    /// Shows `content` along `edge` and lays this view out in what is left beside it.
    public func safeAreaInset<V: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let inset = content().fixedSize(horizontal: true, vertical: false)
        return HStack(alignment: alignment, spacing: spacing) {
            if edge == .leading { inset }
            self
            if edge == .trailing { inset }
        }
    }
}
