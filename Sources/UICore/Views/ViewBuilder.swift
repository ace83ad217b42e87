import Foundation

/// Builds views from closures: any number of children, `if`/`else`, `if let`, `switch`, optionals.
@resultBuilder
public enum ViewBuilder {
    /// No content.
    @MainActor public static func buildBlock() -> EmptyView { EmptyView() }
    /// One view, passed through unchanged.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Several views (any number, through a parameter pack).
    @MainActor
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        var children: [any View] = []
        for child in repeat each content { children.append(child) }
        return TupleView(value: (repeat each content), children: children)
    }
    /// An `if` without `else`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// An `if` without `else` (result-builder name).
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<
        TrueContent, FalseContent
    > {
        _ConditionalContent(storage: .trueContent(first))
    }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<
        TrueContent, FalseContent
    > {
        _ConditionalContent(storage: .falseContent(second))
    }
    /// An `if #available` branch.
    @MainActor
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A view with no content.
public struct EmptyView: View {
    public init() {}
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: EmptyView, into builder: _ViewNodeBuilder) {}
    public static func _makeViewList(_ view: EmptyView) -> _ViewList { .empty }
    public static var _viewListCount: Int? { 0 }
}

/// Several views built together; each keeps its own place (its index) in the structural identity.
public struct TupleView<T>: View {
    /// The tuple of views.
    public var value: T
    package let children: [any View]

    package init(value: T, children: [any View]) {
        self.value = value
        self.children = children
    }
    /// A tuple view over a tuple of views.
    public init(_ value: T) {
        self.value = value
        children = Mirror(reflecting: value).children.compactMap { $0.value as? any View }
    }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        for (index, child) in view.children.enumerated() {
            builder.with(.index(index)) { makeNodes(child, into: builder) }
        }
    }
    public static func _makeViewList(_ view: Self) -> _ViewList {
        .concatenating(view.children.map { _viewList(of: $0) }, under: { .index($0) })
    }
    public static var _viewListCount: Int? { nil }
}

/// One of two views, chosen by an `if`/`else` or `switch` in a view builder.
public struct _ConditionalContent<TrueContent, FalseContent> {
    package enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    package let storage: Storage
}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        switch view.storage {
        case .trueContent(let content): builder.with(.branch(0)) { makeNodes(content, into: builder) }
        case .falseContent(let content): builder.with(.branch(1)) { makeNodes(content, into: builder) }
        }
    }
    public static func _makeViewList(_ view: Self) -> _ViewList {
        switch view.storage {
        case .trueContent(let content): _viewList(of: content).prefixed(by: .branch(0))
        case .falseContent(let content): _viewList(of: content).prefixed(by: .branch(1))
        }
    }
    public static var _viewListCount: Int? {
        TrueContent._viewListCount == FalseContent._viewListCount ? TrueContent._viewListCount : nil
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        if let content = view { builder.with(.branch(0)) { makeNodes(content, into: builder) } }
    }
    public static func _makeViewList(_ view: Self) -> _ViewList {
        view.map { _viewList(of: $0).prefixed(by: .branch(0)) } ?? .empty
    }
    public static var _viewListCount: Int? { Wrapped._viewListCount == 0 ? 0 : nil }
}

/// A type-erased view. Changing the erased type replaces the view (and its state).
public struct AnyView: View {
    package let content: any View
    /// Erases `view`.
    public init<V: View>(_ view: V) { content = (view as? AnyView)?.content ?? view }
    /// Erases `view`.
    public init<V: View>(erasing view: V) { self.init(view) }
    /// Erases `value` if it is a view.
    public init?(_fromValue value: Any) {
        guard let view = value as? any View else { return nil }
        content = view
    }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: AnyView, into builder: _ViewNodeBuilder) {
        builder.with(.type(ObjectIdentifier(type(of: view.content)))) { makeNodes(view.content, into: builder) }
    }
    public static func _makeViewList(_ view: AnyView) -> _ViewList {
        _viewList(of: view.content).prefixed(by: .type(ObjectIdentifier(type(of: view.content))))
    }
    public static var _viewListCount: Int? { nil }
}

/// Groups views without affecting layout; modifiers on the group apply to each view in it.
public struct Group<Content> {
    package let content: Content
}

extension Group: View where Content: View {
    /// A group of the views `content` builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeNodes(view.content, into: builder)
    }
    public static func _makeViewList(_ view: Self) -> _ViewList { _viewList(of: view.content) }
    public static var _viewListCount: Int? { Content._viewListCount }
}

/// A view compared with `==` so it re-evaluates only when it changed.
public struct EquatableView<Content: View & Equatable>: View {
    public var content: Content
    public init(content: Content) { self.content = content }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeNodes(view.content, into: builder)
    }
    public static func _makeViewList(_ view: Self) -> _ViewList { _viewList(of: view.content) }
    public static var _viewListCount: Int? { Content._viewListCount }
}

extension View where Self: Equatable {
    /// This view, re-evaluated only when it compares unequal to its previous value.
    public func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}

/// Gives a view an explicit identity: a new `id` replaces the view and resets its state.
public struct _IdentifiedView<Content: View, ID: Hashable>: View {
    package let content: Content
    package let id: ID
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        builder.with(.explicit(AnyHashable(view.id))) { makeNodes(view.content, into: builder) }
    }
    public static func _makeViewList(_ view: Self) -> _ViewList {
        _viewList(of: view.content).prefixed(by: .explicit(AnyHashable(view.id)))
    }
    public static var _viewListCount: Int? { Content._viewListCount }
}

extension View {
    /// Binds this view's identity to `id`.
    public func id<ID: Hashable>(_ id: ID) -> _IdentifiedView<Self, ID> { _IdentifiedView(content: self, id: id) }
}
