import Foundation
@_spi(Engine) import UICore

/// A stack of pages over a root view: `NavigationLink`s and the path push pages, the back control,
/// Escape, Alt+Left, a finger from the leading edge and `dismiss` pop them. Each page has a header bar.
public struct NavigationStack<Data, Root: View>: View {
    package let root: Root
    package let path: NavigationPathAccess?
    @State private var ownPath: [AnyHashable] = []
    @State private var model = NavigationStackModel()
    @Environment(\.windowTitleBarMerge) private var titleBarMerge
    @Environment(\.navigationSplitColumn) private var splitColumn
    @Environment(\.editMode) private var editMode
    /// The field of a searchable view around: shown under the root page's header bar.
    @Environment(\.searchFieldContext) private var searchField
    /// The edit mode of a stack that finds none around it (an `EditButton` in its toolbar works, as on iOS).
    @State private var ownEditMode = EditMode.inactive

    public var body: some View {
        let model = self.model
        let ownPath = $ownPath
        let path =
            self.path ?? NavigationPathAccess(read: { ownPath.wrappedValue }, write: { ownPath.wrappedValue = $0 })
        model.readPath = path.read
        model.writePath = path.write
        if let splitColumn { splitColumn.link.set(model, at: splitColumn.index) }
        let merge = titleBarMerge
        func page(_ depth: Int, _ target: NavigationPageTarget) -> NavigationPageEntry {
            let content = NavigationDestinationContent(target: target, model: model, depth: depth)
            return NavigationPageEntry(
                id: NavigationPageID.page(depth, target),
                view: AnyView(NavigationPage(depth: depth, model: model, windowMerge: merge, content: AnyView(content)))
            )
        }
        var entries = [
            NavigationPageEntry(
                id: NavigationPageID.root,
                view: AnyView(
                    NavigationPage(
                        depth: 0, model: model, windowMerge: merge, content: AnyView(root), searchField: searchField)))
        ]
        for (index, value) in path.read().enumerated() {
            entries.append(page(index + 1, .value(value)))
        }
        return NavigationPages(pathEntries: entries, keyedEntry: { page($0, .keyed($1)) }, model: model)
            .environment(\.navigationStack, model)
            .environment(\.navigationSplitColumn, nil)
            .environment(\.editMode, editMode ?? $ownEditMode)
            .onKeyPress(keys: [.escape, .leftArrow]) { press in
                // Escape, or Alt+Left as in a browser; the root lets the key go on (Escape leaves fullscreen).
                if press.key == .leftArrow && press.modifiers != .option { return .ignored }
                return model.popTop() ? .handled : .ignored
            }
            .modifier(WindowTitleBarClaim(merge: titleBarMerge))
            .modifier(SearchFieldClaim(context: searchField))
    }
}

/// Reads and writes a stack's path, whatever its type.
package struct NavigationPathAccess {
    package let read: @MainActor () -> [AnyHashable]
    package let write: @MainActor ([AnyHashable]) -> Void
}

package enum NavigationPageID: Hashable {
    case root
    case page(Int, NavigationPageTarget)
}

extension NavigationStack where Data == NavigationPath {
    /// A stack that keeps its own path.
    public init(@ViewBuilder root: () -> Root) {
        self.root = root()
        path = nil
    }

    /// A stack whose path is `path`: appending to it pushes, removing pops.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
        self.root = root()
        self.path = NavigationPathAccess(
            read: { path.wrappedValue.elements }, write: { path.wrappedValue.elements = $0 })
    }
}

extension NavigationStack
where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
{
    /// A stack whose path is an array of one type: appending to it pushes, removing pops.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {
        self.root = root()
        self.path = NavigationPathAccess(
            read: { path.wrappedValue.map { AnyHashable($0) } },
            write: { values in
                var typed = Data()
                for value in values {
                    if let element = value.base as? Data.Element {
                        typed.append(element)
                    } else {
                        logNavigation(
                            "NavigationStack: a \(type(of: value.base)) cannot go on a path of \(Data.Element.self); ignored"
                        )
                    }
                }
                path.wrappedValue = typed
            })
    }
}

/// The deprecated spelling of a navigation stack (its column style shows as a stack too).
@available(*, deprecated, message: "use NavigationStack or NavigationSplitView")
public struct NavigationView<Content: View>: View {
    package let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { NavigationStack { content } }
}

/// One page: its header bar over its content, on the window's background (it covers the page beneath).
package struct NavigationPage: View {
    package let depth: Int
    package let model: NavigationStackModel
    package let windowMerge: WindowTitleBarMerge?
    package let content: AnyView
    /// The search field shown under the header bar (the root page's, when the stack is searchable).
    package var searchField: SearchFieldContext? = nil
    @State private var bar = NavigationBarModel()
    @Environment(\.dismiss) private var outerDismiss
    @Environment(\.colorScheme) private var colorScheme

    package var body: some View {
        let model = self.model
        let depth = self.depth
        VStack(spacing: 0) {
            NavigationHeaderBar(
                bar: bar, showsBackControl: depth > 0, goBack: { model.pop(toCount: depth) },
                windowMerge: windowMerge)
            if let searchField { SearchBar(context: searchField) }
            content
                .frame(maxWidth: .infinity, maxHeight: .infinity)
            NavigationBottomBar(bar: bar)
        }
        .background(AdwaitaPalette.windowBackground(dark: colorScheme == .dark))
        .environment(\.navigationBar, bar)
        .environment(\.navigationPageDepth, depth)
        .environment(\.dismiss, depth > 0 ? DismissAction { model.pop(toCount: depth) } : outerDismiss)
        .transformEnvironment(\.isPresented) { if depth > 0 { $0 = true } }
    }
}
