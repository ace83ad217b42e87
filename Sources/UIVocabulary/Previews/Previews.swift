import CoreGraphics
import Foundation
@_spi(Engine) import UICore

/// A preview of a view: `#Preview { ContentView() }`, `#Preview("Dark") { … }`,
/// `#Preview("Card", traits: .sizeThatFitsLayout) { … }`. The app lists its previews with `--previews` and
/// renders one with `--preview NAME --screenshot out.png`.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// A preview with traits (`.sizeThatFitsLayout`, `.fixedLayout(width:height:)`, an orientation).
@freestanding(declaration)
public macro Preview(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>,
    _ additionalTraits: PreviewTrait<Preview.ViewTraits>..., body: @escaping @MainActor () -> any View
) = #externalMacro(module: "PreviewMacros", type: "PreviewMacro")

/// Namespace of the preview trait kinds.
public struct Preview {
    /// Traits of view previews.
    public enum ViewTraits {}
}

/// A property of a preview: its layout or orientation.
public struct PreviewTrait<T>: Sendable {
    package enum Kind: Hashable, Sendable {
        case defaultLayout, sizeThatFits
        case fixed(width: CGFloat, height: CGFloat)
        case orientation(String)
    }
    package let kind: Kind
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The preview fills a window of the default size.
    public static var defaultLayout: PreviewTrait { PreviewTrait(kind: .defaultLayout) }
    /// The preview is as large as the view's ideal size.
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(kind: .sizeThatFits) }
    /// The preview has this size.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait {
        PreviewTrait(kind: .fixed(width: width, height: height))
    }
    public static var portrait: PreviewTrait { PreviewTrait(kind: .orientation("portrait")) }
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(kind: .orientation("portraitUpsideDown")) }
    public static var landscapeLeft: PreviewTrait { PreviewTrait(kind: .orientation("landscapeLeft")) }
    public static var landscapeRight: PreviewTrait { PreviewTrait(kind: .orientation("landscapeRight")) }
}

/// What `#Preview` expands to; found at run time. Not for direct use.
public protocol _PreviewRegistration {
    static var previewName: String? { get }
    static var previewTraits: [PreviewTrait<Preview.ViewTraits>] { get }
    static var previewSource: (file: String, line: Int) { get }
    @MainActor static func makePreview() -> AnyView
}

/// The older way to declare previews: a type whose `previews` are shown by `--previews`.
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor static var previews: Previews { get }
    static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
    public static var platform: PreviewPlatform? { nil }
}

/// The platform a `PreviewProvider` targets (accepted; WaylandUI previews run on Linux).
public enum PreviewPlatform: Sendable { case iOS, macOS, tvOS, watchOS, visionOS }

/// The size of a preview: the device, the view's ideal size, or a fixed size.
public enum PreviewLayout: Sendable {
    case device
    case sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device to preview on (accepted; WaylandUI previews use a window).
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

/// An orientation for previews (accepted).
public struct InterfaceOrientation: Hashable, Sendable {
    package let name: String
    public static let portrait = InterfaceOrientation(name: "portrait")
    public static let portraitUpsideDown = InterfaceOrientation(name: "portraitUpsideDown")
    public static let landscapeLeft = InterfaceOrientation(name: "landscapeLeft")
    public static let landscapeRight = InterfaceOrientation(name: "landscapeRight")
}

extension View {
    /// Names this preview (accepted; a `PreviewProvider`'s previews are named after the type).
    public func previewDisplayName(_ value: String?) -> some View { self }
    /// The size of this preview (accepted; the runner reads the `#Preview` traits).
    public func previewLayout(_ value: PreviewLayout) -> some View { self }
    /// The device of this preview (accepted).
    public func previewDevice(_ value: PreviewDevice?) -> some View { self }
    /// The orientation of this preview (accepted).
    public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> some View { self }
}
