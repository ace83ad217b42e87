import Foundation
@_spi(Engine) import UICore

/// A view shown where content is missing (an empty list, no search results, an error), drawn as libadwaita's
/// status page: a large dimmed icon over a bold title, a dimmed description and the actions, centred.
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    package let label: Label
    package let description: Description
    package let actions: Actions

    /// A view with a label (an icon and a title), a description and actions.
    public init(
        @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
        @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }

    public var body: some View {
        VStack(spacing: 12) {
            label.labelStyle(StatusPageLabelStyle())
            description.font(.body).foregroundStyle(.secondary).multilineTextAlignment(.center)
            actions
        }
        .padding(24)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

/// The label of a status page: the icon large and dimmed above the title.
package struct StatusPageLabelStyle: LabelStyle {
    package func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 16) {
            configuration.icon.font(.system(size: 64)).foregroundStyle(.secondary)
            configuration.title.font(.title2.bold()).multilineTextAlignment(.center)
        }
    }
}

extension ContentUnavailableView
where Label == UIVocabulary.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// A view with a title, a symbol and an optional description.
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { UIVocabulary.Label(title, systemImage: name) }, description: { description })
    }
    /// A view with a title, a symbol and an optional description.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        self.init(label: { UIVocabulary.Label(title, systemImage: name) }, description: { description })
    }
    /// A view with a title, an image from the app's resources and an optional description.
    public init(_ title: LocalizedStringKey, image name: String, description: Text? = nil) {
        self.init(label: { UIVocabulary.Label(title, image: name) }, description: { description })
    }
    /// A view with a title, an image from the app's resources and an optional description.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String, description: Text? = nil) {
        self.init(label: { UIVocabulary.Label(title, image: name) }, description: { description })
    }
}

/// The content of `ContentUnavailableView.search`.
public struct SearchUnavailableContent {
    /// The label of a search with no results.
    public struct Label: View {
        package let query: String
        public var body: some View {
            UIVocabulary.Label(
                query.isEmpty ? "No Results" : "No Results for \u{201C}\(query)\u{201D}", systemImage: "magnifyingglass"
            )
        }
    }
    /// The description of a search with no results.
    public struct Description: View {
        public var body: some View { Text("Check the spelling or try a new search.") }
    }
    /// The actions of a search with no results (none).
    public struct Actions: View {
        public var body: some View { EmptyView() }
    }
}

extension ContentUnavailableView
where
    Label == SearchUnavailableContent.Label, Description == SearchUnavailableContent.Description,
    Actions == SearchUnavailableContent.Actions
{
    /// No search results.
    public static var search: Self { search(text: "") }
    /// No search results for `text`.
    public static func search(text: String) -> Self {
        Self(
            label: { SearchUnavailableContent.Label(query: text) },
            description: { SearchUnavailableContent.Description() },
            actions: { SearchUnavailableContent.Actions() })
    }
}
