import Foundation
@_spi(Engine) import UICore

/// Where a search field goes. Every placement shows the field as GNOME apps do: in a search bar under the
/// header bar of the navigation stack the view is in or wraps (or above the view without one).
public struct SearchFieldPlacement: Sendable, Equatable {
    package let name: String

    /// The platform's choice.
    public static let automatic = SearchFieldPlacement(name: "automatic")
    /// In the toolbar.
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
    /// In the toolbar's principal place.
    public static let toolbarPrincipal = SearchFieldPlacement(name: "toolbarPrincipal")
    /// In the sidebar of a split view.
    public static let sidebar = SearchFieldPlacement(name: "sidebar")
    /// In the drawer of the navigation bar.
    public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")

    /// In the drawer of the navigation bar, shown as `displayMode` says (always, here).
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement {
        navigationBarDrawer
    }

    /// Whether the navigation bar's drawer always shows.
    public struct NavigationBarDrawerDisplayMode: Sendable {
        package let always: Bool
        /// The platform's choice.
        public static let automatic = NavigationBarDrawerDisplayMode(always: false)
        /// Always shown.
        public static let always = NavigationBarDrawerDisplayMode(always: true)
    }
}

/// Ends the search of the searchable view around: the field is emptied and loses focus, `isSearching` turns
/// false.
public struct DismissSearchAction {
    package let action: @MainActor () -> Void

    @MainActor public func callAsFunction() { action() }
}

/// One searchable view's field: what it edits and shows, whether the search is on, and whether a navigation
/// stack shows it under its root page's header bar (claimed while the stack is in the graph; claims are made
/// as views are built and read at layout, so the first frame shows the field once).
@MainActor
package final class SearchFieldContext {
    package var text: Binding<String> = .constant("")
    package var prompt: Text?
    package var isActive: Binding<Bool> = .constant(false)
    private var claims: Set<ObjectIdentifier> = []
    fileprivate weak var slot: ViewNode?

    package var isClaimed: Bool { !claims.isEmpty }

    fileprivate func claim(_ owner: ObjectIdentifier) {
        if claims.insert(owner).inserted && claims.count == 1 { slot?.invalidate() }
    }

    fileprivate func release(_ owner: ObjectIdentifier) {
        if claims.remove(owner) != nil && claims.isEmpty { slot?.invalidate() }
    }
}

package struct SearchFieldContextKey: EnvironmentKey { package static var defaultValue: SearchFieldContext? { nil } }
package struct IsSearchingKey: EnvironmentKey { package static var defaultValue: Bool { false } }
package struct DismissSearchKey: EnvironmentKey {
    package static var defaultValue: DismissSearchAction { DismissSearchAction {} }
}
/// The `onSubmit(of: .search)` actions around a view, innermost first.
package struct SearchSubmitActionsKey: EnvironmentKey {
    package static var defaultValue: [@MainActor () -> Void] { [] }
}

extension EnvironmentValues {
    /// Whether the user is searching in the searchable view around: from the field taking focus until Escape in
    /// it, `dismissSearch`, or `isPresented` set false.
    public var isSearching: Bool { self[IsSearchingKey.self] }
    /// Ends the search of the searchable view around.
    public var dismissSearch: DismissSearchAction { self[DismissSearchKey.self] }

    /// The field of the searchable view around, for a navigation stack inside it to show.
    package var searchFieldContext: SearchFieldContext? {
        get { self[SearchFieldContextKey.self] }
        set { self[SearchFieldContextKey.self] = newValue }
    }
    package var searchSubmitActions: [@MainActor () -> Void] {
        get { self[SearchSubmitActionsKey.self] }
        set { self[SearchSubmitActionsKey.self] = newValue }
    }
}

extension View {
    /// Adds a search field editing `text`, showing `prompt` while empty.
    public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
    ) -> some View {
        SearchableView(content: self, text: text, isPresented: nil, prompt: prompt)
    }

    /// Adds a search field editing `text`, showing `prompt` while empty.
    public func searchable(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey
    ) -> some View {
        searchable(text: text, placement: placement, prompt: Text(prompt))
    }

    /// Adds a search field editing `text`, showing `prompt` while empty.
    @_disfavoredOverload
    public func searchable<S: StringProtocol>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S
    ) -> some View {
        searchable(text: text, placement: placement, prompt: Text(verbatim: String(prompt)))
    }

    /// Adds a search field editing `text`; `isPresented` is whether the search is on (setting it focuses the
    /// field or ends the search).
    public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic,
        prompt: Text? = nil
    ) -> some View {
        SearchableView(content: self, text: text, isPresented: isPresented, prompt: prompt)
    }

    /// Adds a search field editing `text`; `isPresented` is whether the search is on.
    public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic,
        prompt: LocalizedStringKey
    ) -> some View {
        searchable(text: text, isPresented: isPresented, placement: placement, prompt: Text(prompt))
    }

    /// Adds a search field editing `text`; `isPresented` is whether the search is on.
    @_disfavoredOverload
    public func searchable<S: StringProtocol>(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: S
    ) -> some View {
        searchable(text: text, isPresented: isPresented, placement: placement, prompt: Text(verbatim: String(prompt)))
    }
}

/// A searchable view: its field in a search bar above it, unless a navigation stack inside shows the field
/// under its root page's header bar; `isSearching` and `dismissSearch` for the views inside.
package struct SearchableView<Content: View>: View {
    package let content: Content
    package let text: Binding<String>
    package let isPresented: Binding<Bool>?
    package let prompt: Text?
    @State private var context = SearchFieldContext()
    @State private var ownIsActive = false

    package var body: some View {
        let context = self.context
        let isActive = isPresented ?? $ownIsActive
        context.text = text
        context.prompt = prompt
        context.isActive = isActive
        let text = self.text
        return VStack(spacing: 0) {
            SearchBar(context: context, isInSlot: true)
                .wrapped(in: { SearchBarSlotNode(graph: $0, environment: $1) }) { node in
                    node.context = context
                    context.slot = node
                }
            content
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .environment(\.searchFieldContext, context)
        }
        .environment(\.isSearchingValue, isActive.wrappedValue)
        .environment(
            \.dismissSearchValue,
            DismissSearchAction {
                text.wrappedValue = ""
                isActive.wrappedValue = false
            })
    }
}

extension EnvironmentValues {
    fileprivate var isSearchingValue: Bool {
        get { self[IsSearchingKey.self] }
        set { self[IsSearchingKey.self] = newValue }
    }
    fileprivate var dismissSearchValue: DismissSearchAction {
        get { self[DismissSearchKey.self] }
        set { self[DismissSearchKey.self] = newValue }
    }
}

/// Where a searchable view would show its own search bar: no room and nothing drawn while a navigation stack
/// shows the field.
@MainActor
package final class SearchBarSlotNode: ViewNode {
    package weak var context: SearchFieldContext?

    private var isClaimed: Bool { context?.isClaimed ?? false }

    package override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        isClaimed ? .zero : super.computeSize(proposal)
    }

    package override func renderContent(at origin: CGPoint, size: CGSize, into output: inout RenderOutput) {
        if !isClaimed { super.renderContent(at: origin, size: size, into: &output) }
    }

    package override var debugName: String { "SearchBarSlot" }
}

/// A navigation stack (or split view) claiming the field of the searchable view around it while it is in the
/// graph; the views inside a stack see none (an inner stack does not show it again).
package struct SearchFieldClaim: ViewModifier {
    package let context: SearchFieldContext?
    package var hidesIt = true

    package func body(content: Content) -> some View {
        content
            .transformEnvironment(\.searchFieldContext) { if hidesIt { $0 = nil } }
            .wrapped(in: { SearchFieldClaimNode(graph: $0, environment: $1) }) { $0.claim(context) }
    }
}

@MainActor
package final class SearchFieldClaimNode: ViewNode {
    private weak var context: SearchFieldContext?

    package func claim(_ newContext: SearchFieldContext?) {
        if context !== newContext { context?.release(ObjectIdentifier(self)) }
        context = newContext
        newContext?.claim(ObjectIdentifier(self))
    }

    package override func willRemove() {
        context?.release(ObjectIdentifier(self))
        super.willRemove()
    }

    package override var debugName: String { "SearchFieldClaim" }
}

/// The search bar, in libadwaita's look: a strip in the header bar's colour under it, a rounded search entry
/// in its middle with a magnifier before the text and a clear button after it. The entry is a plain
/// `TextField`; Return runs the `onSubmit(of: .search)` actions, Escape ends the search.
package struct SearchBar: View {
    package let context: SearchFieldContext
    /// The searchable view's own bar, hidden while a stack shows the field: it then leaves focus alone.
    package var isInSlot = false
    @FocusState private var isFocused: Bool
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.searchSubmitActions) private var searchSubmitActions

    package var body: some View {
        let text = context.text
        let isActive = context.isActive
        let dark = colorScheme == .dark
        let foreground = AdwaitaPalette.headerBarForeground(dark: dark)
        HStack(spacing: 6) {
            Image(systemName: "magnifyingglass")
                .foregroundColor(foreground.opacity(0.6))
            TextField("Search", text: text, prompt: context.prompt ?? Text("Search"))
                .textFieldStyle(.plain)
                .focused($isFocused)
                .environment(\.submitActions, searchSubmitActions)
            if !text.wrappedValue.isEmpty {
                Button {
                    text.wrappedValue = ""
                } label: {
                    Image(systemName: "xmark.circle.fill")
                        .foregroundColor(foreground.opacity(0.6))
                }
                .buttonStyle(.plain)
            }
        }
        .padding(.horizontal, 9)
        .frame(height: 34)
        .background(
            RoundedRectangle(cornerRadius: 6)
                .fill(dark ? Color(white: 1, opacity: 0.1) : Color(white: 0, opacity: 0.08))
        )
        .frame(maxWidth: 360)
        .padding(.vertical, 6)
        .padding(.horizontal, 12)
        .frame(maxWidth: .infinity)
        .background(AdwaitaPalette.headerBar(dark: dark))
        .overlay(alignment: .bottom) { AdwaitaPalette.headerBarShade(dark: dark).frame(height: 1) }
        .onKeyPress(.escape) {
            guard isActive.wrappedValue || !text.wrappedValue.isEmpty else { return .ignored }
            text.wrappedValue = ""
            isActive.wrappedValue = false
            return .handled
        }
        .onChange(of: isFocused) { _, focused in
            // Losing focus does not end the search (as on iOS, only Escape, dismissSearch or isPresented do).
            guard focused, !(isInSlot && context.isClaimed) else { return }
            isActive.wrappedValue = true
        }
        .onChange(of: isActive.wrappedValue) { _, active in
            guard !(isInSlot && context.isClaimed) else { return }
            if isFocused != active { isFocused = active }
        }
    }
}
