import Foundation
import UICore

/// A part of an app's user interface with a life cycle managed by the system: here, a window.
@MainActor
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

extension Never: Scene {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// Builds an app's scenes (one window group per app for now: the first is shown).
@resultBuilder
public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// What the host needs to open a window: its title, content and size.
@MainActor
struct WindowDescription {
    var title: String
    var defaultSize: CGSize?
    /// The window's content.
    var makeContent: () -> AnyView

    /// The first window a scene describes, looking through scene modifiers and custom scenes.
    static func first<S: Scene>(in scene: S) -> WindowDescription? {
        if let primitive = scene as? any PrimitiveScene { return primitive.windowDescription }
        if S.Body.self == Never.self { return nil }
        return first(in: scene.body)
    }
}

/// Scenes the host understands directly.
@MainActor
protocol PrimitiveScene {
    var windowDescription: WindowDescription? { get }
}

/// A group of windows showing the same content (one window on this platform).
public struct WindowGroup<Content: View>: Scene, PrimitiveScene {
    public typealias Body = Never
    let title: String
    let content: () -> Content
    var defaultSize: CGSize?

    public init(_ title: String = "", @ViewBuilder content: @escaping () -> Content) {
        self.title = title
        self.content = content
    }

    public init(_ title: String = "", id: String, @ViewBuilder content: @escaping () -> Content) {
        self.init(title, content: content)
    }

    public var body: Never { fatalError("WindowGroup is a primitive scene") }

    var windowDescription: WindowDescription? {
        WindowDescription(title: title, defaultSize: defaultSize, makeContent: { AnyView(content()) })
    }
}

/// A scene with a default window size.
public struct DefaultSizeScene<Base: Scene>: Scene, PrimitiveScene {
    public typealias Body = Never
    let base: Base
    let size: CGSize
    public var body: Never { fatalError("a scene modifier is primitive") }

    var windowDescription: WindowDescription? {
        guard var description = WindowDescription.first(in: base) else { return nil }
        description.defaultSize = size
        return description
    }
}

extension Scene {
    /// The size of a new window, in points.
    public func defaultSize(width: CGFloat, height: CGFloat) -> DefaultSizeScene<Self> {
        DefaultSizeScene(base: self, size: CGSize(width: width, height: height))
    }

    public func defaultSize(_ size: CGSize) -> DefaultSizeScene<Self> {
        DefaultSizeScene(base: self, size: size)
    }
}
