import Foundation
@_spi(Engine) import UICore

/// A control that opens a URL: its label in the accent colour, a pointing hand over it, the environment's
/// `openURL` action when clicked or tapped.
public struct Link<Label: View>: View {
    package let destination: URL
    package let label: Label
    @Environment(\.openURL) private var openURL

    /// A link to `destination` showing `label`.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    public var body: some View {
        let openURL = openURL
        let destination = destination
        Button {
            openURL(destination)
        } label: {
            label
        }
        .buttonStyle(.borderless)
        .pointerStyle(.link)
    }
}

extension Link where Label == Text {
    /// A link to `destination` titled with the text of `titleKey`.
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }
    /// A link to `destination` titled `title`.
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}

/// Opens URLs: `@Environment(\.openURL) var openURL` then `openURL(url)`. Set your own with
/// `.environment(\.openURL, OpenURLAction { url in … })`; by default the host hands the URL to the desktop
/// (`xdg-open`).
public struct OpenURLAction {
    /// What a handler did with a URL.
    public struct Result: Sendable {
        package enum Kind: Sendable {
            case handled, discarded
            case system(URL?)
        }
        package let kind: Kind
        /// The handler opened the URL.
        public static let handled = Result(kind: .handled)
        /// The handler refused the URL.
        public static let discarded = Result(kind: .discarded)
        /// The system should open the URL.
        public static let systemAction = Result(kind: .system(nil))
        /// The system should open `url` instead.
        public static func systemAction(_ url: URL) -> Result { Result(kind: .system(url)) }
    }

    package let handler: @MainActor (URL) -> Result

    /// An action running `handler` for each URL.
    public init(handler: @escaping @MainActor (URL) -> OpenURLAction.Result) { self.handler = handler }

    /// Opens `url`.
    @MainActor public func callAsFunction(_ url: URL) {
        if case .system(let replacement) = handler(url).kind { OpenURLAction.systemHandler(replacement ?? url) }
    }

    /// How the platform opens a URL (the host sets it; without a host, nothing opens).
    @MainActor public static var systemHandler: (URL) -> Void = { _ in }
}

package struct OpenURLKey: EnvironmentKey {
    package static var defaultValue: OpenURLAction { OpenURLAction { _ in .systemAction } }
}

extension EnvironmentValues {
    /// The action that opens URLs (links use it).
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }
}
