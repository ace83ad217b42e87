import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

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

/// Builds an app's scenes. The first window scene opens at launch; the others open with `openWindow(id:)`.
@resultBuilder @MainActor
public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> TupleScene<
        repeat each Content
    > {
        TupleScene(repeat each content)
    }
}

/// Several scenes side by side, as a `SceneBuilder` writes them.
public struct TupleScene<each Content: Scene>: Scene, PrimitiveScene {
    public typealias Body = Never
    let scenes: (repeat each Content)

    init(_ scenes: repeat each Content) {
        self.scenes = (repeat each scenes)
    }

    public var body: Never { fatalError("TupleScene is a primitive scene") }

    var windowDescriptions: [WindowDescription] {
        var descriptions: [WindowDescription] = []
        for scene in repeat each scenes {
            descriptions += WindowDescription.all(in: scene)
        }
        return descriptions
    }
}

/// What the host needs to open a window: its title, content, size and look.
@MainActor
struct WindowDescription {
    var title: String
    /// The scene's identifier, for `openWindow(id:)`.
    var id: String?
    var defaultSize: CGSize?
    /// `.windowStyle(.hiddenTitleBar)`: no client-side title bar (kiosk apps).
    var hidesTitleBar = false
    /// A `Window` scene shows at most one window; a `WindowGroup` opens a new one each time.
    var isUnique = false
    /// The window's content.
    var makeContent: () -> AnyView

    /// Every window a scene describes, in order, looking through scene modifiers and custom scenes.
    static func all<S: Scene>(in scene: S) -> [WindowDescription] {
        if let primitive = scene as? any PrimitiveScene { return primitive.windowDescriptions }
        if S.Body.self == Never.self { return [] }
        return all(in: scene.body)
    }

    /// The window that opens at launch: the first one.
    static func first<S: Scene>(in scene: S) -> WindowDescription? {
        all(in: scene).first
    }
}

/// Scenes the host understands directly.
@MainActor
protocol PrimitiveScene {
    var windowDescriptions: [WindowDescription] { get }
}

/// A group of windows showing the same content; `openWindow(id:)` opens another of them.
public struct WindowGroup<Content: View>: Scene, PrimitiveScene {
    public typealias Body = Never
    let title: String
    let id: String?
    let content: () -> Content

    public init(_ title: String = "", @ViewBuilder content: @escaping () -> Content) {
        self.title = title
        self.id = nil
        self.content = content
    }

    public init(_ title: String = "", id: String, @ViewBuilder content: @escaping () -> Content) {
        self.title = title
        self.id = id
        self.content = content
    }

    public var body: Never { fatalError("WindowGroup is a primitive scene") }

    var windowDescriptions: [WindowDescription] {
        [WindowDescription(title: title, id: id, makeContent: { AnyView(content()) })]
    }
}

/// A single, unique window: `openWindow(id:)` opens it unless it is already open.
public struct Window<Content: View>: Scene, PrimitiveScene {
    public typealias Body = Never
    let title: String
    let id: String
    let content: () -> Content

    public init(_ title: String, id: String, @ViewBuilder content: @escaping () -> Content) {
        self.title = title
        self.id = id
        self.content = content
    }

    public var body: Never { fatalError("Window is a primitive scene") }

    var windowDescriptions: [WindowDescription] {
        [WindowDescription(title: title, id: id, isUnique: true, makeContent: { AnyView(content()) })]
    }
}

/// A scene whose windows are changed by a modifier (default size, style).
public struct ModifiedScene<Base: Scene>: Scene, PrimitiveScene {
    public typealias Body = Never
    let base: Base
    let modify: (inout WindowDescription) -> Void
    public var body: Never { fatalError("a scene modifier is primitive") }

    var windowDescriptions: [WindowDescription] {
        WindowDescription.all(in: base).map { description in
            var description = description
            modify(&description)
            return description
        }
    }
}

extension Scene {
    /// The size of a new window, in points.
    public func defaultSize(width: CGFloat, height: CGFloat) -> some Scene {
        ModifiedScene(base: self) { $0.defaultSize = CGSize(width: width, height: height) }
    }

    public func defaultSize(_ size: CGSize) -> some Scene {
        ModifiedScene(base: self) { $0.defaultSize = size }
    }

    /// The look of the scene's windows: `.hiddenTitleBar` draws no title bar of our own.
    public func windowStyle<S: WindowStyle>(_ style: S) -> some Scene {
        ModifiedScene(base: self) { $0.hidesTitleBar = S.self == HiddenTitleBarWindowStyle.self }
    }
}

/// How a scene's windows look.
public protocol WindowStyle {}

/// The platform's look: a title bar where the compositor draws none.
public struct DefaultWindowStyle: WindowStyle {
    public init() {}
}

/// A window with a title bar (the default here).
public struct TitleBarWindowStyle: WindowStyle {
    public init() {}
}

/// A window without a title bar: the content fills it (kiosks, custom chrome).
public struct HiddenTitleBarWindowStyle: WindowStyle {
    public init() {}
}

extension WindowStyle where Self == DefaultWindowStyle {
    public static var automatic: DefaultWindowStyle { DefaultWindowStyle() }
}

extension WindowStyle where Self == TitleBarWindowStyle {
    public static var titleBar: TitleBarWindowStyle { TitleBarWindowStyle() }
}

extension WindowStyle where Self == HiddenTitleBarWindowStyle {
    public static var hiddenTitleBar: HiddenTitleBarWindowStyle { HiddenTitleBarWindowStyle() }
}
