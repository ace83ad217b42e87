import Foundation
@_spi(Engine) import UICore

/// How a list looks: its background, the margins and corners of its sections, its separators and headers.
public protocol ListStyle {
    /// Which of the built-in looks this is.
    @_spi(Engine) var _kind: _ListStyleKind { get }
}

/// The built-in list looks.
@_spi(Engine) public enum _ListStyleKind: Hashable, Sendable {
    case plain, inset, insetGrouped, grouped, sidebar
}

/// The platform's default: inset grouped (boxed rows on a tinted background, as GNOME's boxed lists).
public struct DefaultListStyle: ListStyle {
    public init() {}
    @_spi(Engine) public var _kind: _ListStyleKind { .insetGrouped }
}
/// Rows edge to edge on the view's background, separated by lines.
public struct PlainListStyle: ListStyle {
    public init() {}
    @_spi(Engine) public var _kind: _ListStyleKind { .plain }
}
/// Rows edge to edge, with margins around the whole list.
public struct InsetListStyle: ListStyle {
    public init() {}
    @_spi(Engine) public var _kind: _ListStyleKind { .inset }
}
/// Each section a box with rounded corners on a tinted background.
public struct InsetGroupedListStyle: ListStyle {
    public init() {}
    @_spi(Engine) public var _kind: _ListStyleKind { .insetGrouped }
}
/// Each section a band of rows across the whole width on a tinted background.
public struct GroupedListStyle: ListStyle {
    public init() {}
    @_spi(Engine) public var _kind: _ListStyleKind { .grouped }
}
/// A navigation sidebar: no separators, rounded selection, a tinted background.
public struct SidebarListStyle: ListStyle {
    public init() {}
    @_spi(Engine) public var _kind: _ListStyleKind { .sidebar }
}

extension ListStyle where Self == DefaultListStyle {
    public static var automatic: DefaultListStyle { DefaultListStyle() }
}
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { PlainListStyle() } }
extension ListStyle where Self == InsetListStyle { public static var inset: InsetListStyle { InsetListStyle() } }
extension ListStyle where Self == InsetGroupedListStyle {
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}
extension ListStyle where Self == GroupedListStyle {
    public static var grouped: GroupedListStyle { GroupedListStyle() }
}
extension ListStyle where Self == SidebarListStyle {
    public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

package struct ListStyleKey: EnvironmentKey { package static var defaultValue: _ListStyleKind { .insetGrouped } }

extension View {
    /// Sets the look of the lists in this view.
    public func listStyle<S: ListStyle>(_ style: S) -> some View {
        environment(\.listStyleKind, style._kind)
    }
}

extension EnvironmentValues {
    package var listStyleKind: _ListStyleKind {
        get { self[ListStyleKey.self] }
        set { self[ListStyleKey.self] = newValue }
    }
}

// MARK: Row traits

package enum ListRowSeparatorKey: LayoutValueKey { package static var defaultValue: Visibility? { nil } }
package enum DeleteDisabledKey: LayoutValueKey { package static var defaultValue: Bool { false } }
package enum ListRowBackgroundKey: LayoutValueKey { package static var defaultValue: Color? { nil } }
package enum ListRowInsetsKey: LayoutValueKey { package static var defaultValue: EdgeInsets? { nil } }

extension View {
    /// Shows or hides the separator below this row (a list draws separators between the rows of a section).
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        layoutValue(key: ListRowSeparatorKey.self, value: visibility)
    }
    /// Draws `view` behind this row instead of the list's row background. Colors are drawn; other views are
    /// replaced by the list's own background (and said once on standard error).
    public func listRowBackground<V: View>(_ view: V?) -> some View {
        let color: Color?
        if let view, let asColor = view as? Color {
            color = asColor
        } else {
            if view != nil { ListDiagnostics.report("listRowBackground draws colors only; \(V.self) is not drawn") }
            color = nil
        }
        return layoutValue(key: ListRowBackgroundKey.self, value: color)
    }
    /// The space between this row's edges and its content (`nil`: the list's).
    public func listRowInsets(_ insets: EdgeInsets?) -> some View {
        layoutValue(key: ListRowInsetsKey.self, value: insets)
    }
    /// Whether this row can be deleted (by its swipe, its context menu, edit mode's button or the Delete key), when
    /// its `ForEach` has `onDelete`.
    public func deleteDisabled(_ isDisabled: Bool) -> some View {
        layoutValue(key: DeleteDisabledKey.self, value: isDisabled)
    }
    /// The vertical space between two adjacent rows of the lists in this view (`nil`: the list's own, none).
    public func listRowSpacing(_ spacing: CGFloat?) -> some View {
        environment(\.listRowSpacing, spacing)
    }
}

package struct ListRowSpacingKey: EnvironmentKey { package static var defaultValue: CGFloat? { nil } }
/// `nil` until set: each list style then has its own minimum (44 points, 36 in a sidebar).
package struct DefaultMinListRowHeightKey: EnvironmentKey { package static var defaultValue: CGFloat? { nil } }
package struct DefaultMinListHeaderHeightKey: EnvironmentKey { package static var defaultValue: CGFloat? { nil } }

extension EnvironmentValues {
    package var listRowSpacing: CGFloat? {
        get { self[ListRowSpacingKey.self] }
        set { self[ListRowSpacingKey.self] = newValue }
    }
    /// The least height of a list's rows (content and insets make them taller).
    public var defaultMinListRowHeight: CGFloat {
        get { self[DefaultMinListRowHeightKey.self] ?? ListMetrics.defaultMinRowHeight }
        set { self[DefaultMinListRowHeightKey.self] = newValue }
    }
    /// The least height of a list's section headers (`nil`: as tall as their content).
    public var defaultMinListHeaderHeight: CGFloat? {
        get { self[DefaultMinListHeaderHeightKey.self] }
        set { self[DefaultMinListHeaderHeightKey.self] = newValue }
    }
}

/// What a list's rows are sized by, from its environment.
package struct ListMetrics: Equatable {
    package static let defaultMinRowHeight: CGFloat = 44
    /// The least row height set in the environment (`nil`: the style's).
    package var minRowHeight: CGFloat?
    package var minHeaderHeight: CGFloat?
    /// Space between adjacent rows (`listRowSpacing`).
    package var rowSpacing: CGFloat?

    package init(_ environment: EnvironmentValues) {
        minRowHeight = environment[DefaultMinListRowHeightKey.self]
        minHeaderHeight = environment[DefaultMinListHeaderHeightKey.self]
        rowSpacing = environment.listRowSpacing
    }
}

/// Lines lists say once on standard error.
@MainActor
package enum ListDiagnostics {
    private static var reported = Set<String>()
    package static var log: (String) -> Void = { FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8)) }
    package static func report(_ message: String) {
        guard reported.insert(message).inserted else { return }
        log(message)
    }
}

// MARK: Edit mode

/// Whether the views of a list are being edited (rows show their delete buttons).
public enum EditMode: Hashable, Sendable {
    case inactive, transient, active
    /// Whether this is an editing mode.
    public var isEditing: Bool { self != .inactive }
}

package struct EditModeKey: EnvironmentKey { package static var defaultValue: Binding<EditMode>? { nil } }

extension EnvironmentValues {
    /// The edit mode of the views here, when something above provides one (`.environment(\.editMode, $mode)`).
    public var editMode: Binding<EditMode>? {
        get { self[EditModeKey.self] }
        set { self[EditModeKey.self] = newValue }
    }
}

/// A button that toggles the edit mode of the environment: "Edit", or "Done" while editing.
public struct EditButton: View {
    @Environment(\.editMode) private var editMode
    public init() {}
    public var body: some View {
        let isEditing = editMode?.wrappedValue.isEditing == true
        Button(isEditing ? "Done" : "Edit") {
            withAnimation { editMode?.wrappedValue = isEditing ? .inactive : .active }
        }
    }
}
