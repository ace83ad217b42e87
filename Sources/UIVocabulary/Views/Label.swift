import Foundation
@_spi(Engine) import UICore

/// A title with an icon, drawn by the environment's label style (by default the icon, then the title, on one
/// baseline: a symbol icon sits on the text's baseline as a glyph would).
public struct Label<Title: View, Icon: View>: View {
    package let title: Title
    package let icon: Icon

    /// A label with a custom title and icon.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: some View {
        LabelStyleHost(configuration: LabelStyleConfiguration(title: .init(title), icon: .init(icon)))
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label with a localized title and an image resource.
    public init(_ titleKey: LocalizedStringKey, image name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(name) })
    }
    /// A label with a localized title and a symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }
    /// A label with a title and an image resource.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }
    /// A label with a title and a symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
}

extension Label where Title == LabelStyleConfiguration.Title, Icon == LabelStyleConfiguration.Icon {
    /// The label a style is given, as it is (inside a custom `LabelStyle`: the standard look).
    public init(_ configuration: LabelStyleConfiguration) {
        self.init(title: { configuration.title }, icon: { configuration.icon })
    }
}

/// What a `LabelStyle` draws: the label's title and icon.
public struct LabelStyleConfiguration {
    /// The label's title, type-erased.
    public struct Title: View {
        package let content: AnyView
        package init<V: View>(_ view: V) { content = AnyView(view) }
        public var body: Never { primitiveViewBody(Self.self) }
        public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
            makeNodes(view.content, into: builder)
        }
    }
    /// The label's icon, type-erased.
    public struct Icon: View {
        package let content: AnyView
        package init<V: View>(_ view: V) { content = AnyView(view) }
        public var body: Never { primitiveViewBody(Self.self) }
        public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
            makeNodes(view.content, into: builder)
        }
    }
    /// The label's title.
    public var title: LabelStyleConfiguration.Title
    /// The label's icon.
    public var icon: LabelStyleConfiguration.Icon
}

/// A look for labels.
@MainActor @preconcurrency
public protocol LabelStyle {
    /// The view a label becomes.
    associatedtype Body: View
    /// The properties of the label being styled.
    typealias Configuration = LabelStyleConfiguration
    /// The label's look for `configuration`.
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// The platform's look: the title and the icon.
public struct DefaultLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        TitleAndIconLabelStyle().makeBody(configuration: configuration)
    }
}

/// The icon, then the title, on one text baseline, as SF's labels space them.
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack(alignment: .firstTextBaseline, spacing: 8) {
            configuration.icon
            configuration.title
        }
    }
}

/// The icon alone.
public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

extension LabelStyle where Self == DefaultLabelStyle {
    /// The platform's look (the title and the icon).
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}
extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// The title and the icon.
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}
extension LabelStyle where Self == IconOnlyLabelStyle {
    /// The icon alone.
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}
extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// The title alone.
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

/// A label style, type-erased (what the environment carries).
package struct AnyLabelStyle {
    package let makeBody: @MainActor (LabelStyleConfiguration) -> AnyView
    @MainActor package init<S: LabelStyle>(_ style: S) { makeBody = { AnyView(style.makeBody(configuration: $0)) } }
}

package struct LabelStyleKey: EnvironmentKey { package static var defaultValue: AnyLabelStyle? { nil } }

extension EnvironmentValues {
    /// The style of labels in this view (`nil`: `.automatic`).
    package var labelStyle: AnyLabelStyle? {
        get { self[LabelStyleKey.self] }
        set { self[LabelStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of labels in this view.
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View { environment(\.labelStyle, AnyLabelStyle(style)) }
}

/// Draws a label's configuration in the environment's style. A `Label(configuration)` inside a style's body
/// draws the standard look, so a custom style that wraps the label does not call itself again.
private struct LabelStyleHost: View {
    let configuration: LabelStyleConfiguration
    @Environment(\.labelStyle) private var style

    var body: some View {
        (style ?? AnyLabelStyle(DefaultLabelStyle())).makeBody(configuration)
            .environment(\.labelStyle, nil)
    }
}

extension Button where Label == UIVocabulary.Label<Text, Image> {
    /// A button labelled with a localized title and a symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { UIVocabulary.Label(titleKey, systemImage: systemImage) }
    }
    /// A button labelled with a title and a symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { UIVocabulary.Label(title, systemImage: systemImage) }
    }
    /// A button with a role, labelled with a localized title and a symbol.
    public init(
        _ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action) { UIVocabulary.Label(titleKey, systemImage: systemImage) }
    }
    /// A button with a role, labelled with a title and a symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action) { UIVocabulary.Label(title, systemImage: systemImage) }
    }
    /// A button labelled with a localized title and an image resource.
    public init(_ titleKey: LocalizedStringKey, image: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { UIVocabulary.Label(titleKey, image: image) }
    }
}
