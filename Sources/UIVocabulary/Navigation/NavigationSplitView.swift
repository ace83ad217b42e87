import Foundation
@_spi(Engine) import UICore

/// Which columns of a `NavigationSplitView` show.
public struct NavigationSplitViewVisibility: Equatable, Codable, Sendable {
    package enum Kind: String, Codable, Sendable { case automatic, all, doubleColumn, detailOnly }
    package let kind: Kind

    public static var automatic: NavigationSplitViewVisibility { NavigationSplitViewVisibility(kind: .automatic) }
    public static var all: NavigationSplitViewVisibility { NavigationSplitViewVisibility(kind: .all) }
    public static var doubleColumn: NavigationSplitViewVisibility { NavigationSplitViewVisibility(kind: .doubleColumn) }
    public static var detailOnly: NavigationSplitViewVisibility { NavigationSplitViewVisibility(kind: .detailOnly) }
}

/// Two or three columns side by side (sidebar, optional content, detail), each a navigation stack with its own
/// header bar, as libadwaita's split views: a value link in a column shows its destination in the next column.
/// Narrower than 600 points the view collapses to one stack whose root is the sidebar.
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
    package let sidebar: Sidebar
    package let content: Content?
    package let detail: Detail
    package let columnVisibility: Binding<NavigationSplitViewVisibility>?
    @State private var link = NavigationSplitLink()
    @Environment(\.windowTitleBarMerge) private var titleBarMerge
    @Environment(\.searchFieldContext) private var searchField

    /// Below this width the columns collapse into one stack.
    package static var collapseWidth: CGFloat { 600 }

    public var body: some View {
        let link = self.link
        let merge = titleBarMerge
        let visibility = columnVisibility?.wrappedValue ?? .automatic
        return GeometryReader { proxy in
            if proxy.size.width < Self.collapseWidth {
                NavigationStack { sidebar }
                    .environment(\.windowTitleBarMerge, merge)
            } else {
                let showsSidebar = visibility != .detailOnly && !(content != nil && visibility == .doubleColumn)
                let sidebarWidth = min(280, max(180, (proxy.size.width * 0.25).rounded()))
                let contentWidth = min(320, max(220, (proxy.size.width * 0.3).rounded()))
                HStack(spacing: 0) {
                    if showsSidebar {
                        NavigationStack { sidebar }
                            .navigationSplitColumn(link, index: 0, merge: nil)
                            .frame(width: sidebarWidth)
                        Color(white: 0, opacity: 0.12).frame(width: 1)
                    }
                    if let content, visibility != .detailOnly {
                        NavigationStack { content }
                            .navigationSplitColumn(link, index: 1, merge: nil)
                            .environment(\.searchFieldContext, nil)
                            .frame(width: contentWidth)
                        Color(white: 0, opacity: 0.12).frame(width: 1)
                    }
                    NavigationStack { detail }
                        .navigationSplitColumn(link, index: 2, merge: merge)
                        .environment(\.searchFieldContext, nil)
                }
            }
        }
        // Claimed here, as the view is built: the columns are built only at placement.
        .modifier(WindowTitleBarClaim(merge: merge))
        // The sidebar's stack shows the field of a searchable view around.
        .modifier(SearchFieldClaim(context: searchField, hidesIt: false))
    }
}

extension NavigationSplitView {
    /// Three columns: a sidebar, a content column and a detail column.
    public init(
        @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail
    ) {
        self.sidebar = sidebar()
        self.content = content()
        self.detail = detail()
        columnVisibility = nil
    }

    /// Three columns whose visibility follows `columnVisibility`.
    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
        @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail
    ) {
        self.sidebar = sidebar()
        self.content = content()
        self.detail = detail()
        self.columnVisibility = columnVisibility
    }
}

extension NavigationSplitView where Content == EmptyView {
    /// Two columns: a sidebar and a detail column.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        content = nil
        self.detail = detail()
        columnVisibility = nil
    }

    /// Two columns whose visibility follows `columnVisibility`.
    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
        @ViewBuilder detail: () -> Detail
    ) {
        self.sidebar = sidebar()
        content = nil
        self.detail = detail()
        self.columnVisibility = columnVisibility
    }
}

/// The stacks of a split view's columns, in order: a value pushed from a column's root goes to the next column
/// shown (replacing its path), and a column finds destinations the columns before it declared.
@MainActor
package final class NavigationSplitLink {
    private var columns: [Int: WeakStackModel] = [:]

    package func set(_ model: NavigationStackModel, at index: Int) {
        columns[index] = WeakStackModel(model: model)
        let shown = columns.sorted { $0.key < $1.key }.compactMap(\.value.model)
        for (position, column) in shown.enumerated() {
            column.nextColumn = position + 1 < shown.count ? shown[position + 1] : nil
            column.previousColumn = position > 0 ? shown[position - 1] : nil
        }
    }
}

private struct WeakStackModel {
    weak var model: NavigationStackModel?
}

/// Which split view column a stack is, for the outermost stack of the column.
package struct NavigationSplitColumnKey: EnvironmentKey {
    package static var defaultValue: (link: NavigationSplitLink, index: Int)? { nil }
}

extension EnvironmentValues {
    package var navigationSplitColumn: (link: NavigationSplitLink, index: Int)? {
        get { self[NavigationSplitColumnKey.self] }
        set { self[NavigationSplitColumnKey.self] = newValue }
    }
}

extension View {
    /// Makes the stack in this view the split view's column `index`; only `merge`'s column merges with the
    /// window's title bar (the window controls go at the end of the last column, as in GNOME apps).
    package func navigationSplitColumn(_ link: NavigationSplitLink, index: Int, merge: WindowTitleBarMerge?)
        -> some View
    {
        environment(\.navigationSplitColumn, (link, index))
            .environment(\.windowTitleBarMerge, merge)
    }
}
