import Foundation

/// A piece of user interface: a value that describes its content through `body`.
///
/// Like SwiftUI's `View` in recent SDKs, the protocol is isolated to the main actor, so `body`
/// (which reads `@State` and friends) always runs on the thread that owns the UI.
@MainActor @preconcurrency
public protocol View {
    /// The type of view this view is made of.
    associatedtype Body: View
    /// The content of this view.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
    /// Adds this view's nodes to the view graph. Composite views (the default) evaluate `body`;
    /// primitive views (`Text`, stacks, modifiers…) provide their own implementation.
    static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder)
    /// This view's elements for its container (see `_ViewList`); one element unless the view is several.
    static func _makeViewList(_ view: Self) -> _ViewList
    /// How many elements every view of this type has, when the type alone says (`nil`: it depends on the value).
    static var _viewListCount: Int? { get }
}

extension View {
    /// Composite views become a node that owns the view's state and evaluates `body` when it is invalid.
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        builder.makeComposite(view)
    }
    public static func _makeViewList(_ view: Self) -> _ViewList {
        .single { makeNodes(view, into: $0) }
    }
    public static var _viewListCount: Int? { 1 }
}

extension Never: View {
    public typealias Body = Never
    /// `Never` has no content; asking for it is a programming error.
    public var body: Never { primitiveViewBody(Never.self) }
    public static func _makeViewNodes(_ view: Never, into builder: _ViewNodeBuilder) {}
    public static func _makeViewList(_ view: Never) -> _ViewList { .empty }
    public static var _viewListCount: Int? { 0 }
}

/// The `body` of a primitive view: the graph builds primitives directly, so this is never reached.
package func primitiveViewBody<V>(_ type: V.Type) -> Never {
    preconditionFailure("\(type) is a primitive view: the view graph builds it directly and never asks for its body")
}

/// Builds `view`'s nodes; a generic entry point that also opens `any View` existentials.
@MainActor package func makeNodes<V: View>(_ view: V, into builder: _ViewNodeBuilder) {
    V._makeViewNodes(view, into: builder)
}
