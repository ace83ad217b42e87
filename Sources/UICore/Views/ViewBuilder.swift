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
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        var children: [any View] = []
        for child in repeat each content { children.append(child) }
        return TupleView(value: (repeat each content), children: children)
    }
    /// An `if` without `else`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// An `if` without `else` (result-builder name).
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
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
}

/// Several views built together; each keeps its own place (its index) in the structural identity.
public struct TupleView<T>: View {
    /// The tuple of views.
    public var value: T
    let children: [any View]

    init(value: T, children: [any View]) { self.value = value; self.children = children }
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
}

/// One of two views, chosen by an `if`/`else` or `switch` in a view builder.
public struct _ConditionalContent<TrueContent, FalseContent> {
    enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    let storage: Storage
}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        switch view.storage {
        case .trueContent(let content): builder.with(.branch(0)) { makeNodes(content, into: builder) }
        case .falseContent(let content): builder.with(.branch(1)) { makeNodes(content, into: builder) }
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        if let content = view { builder.with(.branch(0)) { makeNodes(content, into: builder) } }
    }
}

/// A type-erased view. Changing the erased type replaces the view (and its state).
public struct AnyView: View {
    let content: any View
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
}

/// Groups views without affecting layout; modifiers on the group apply to each view in it.
public struct Group<Content> {
    let content: Content
}

extension Group: View where Content: View {
    /// A group of the views `content` builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeNodes(view.content, into: builder)
    }
}

/// A view compared with `==` so it re-evaluates only when it changed.
public struct EquatableView<Content: View & Equatable>: View {
    public var content: Content
    public init(content: Content) { self.content = content }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        makeNodes(view.content, into: builder)
    }
}

extension View where Self: Equatable {
    /// This view, re-evaluated only when it compares unequal to its previous value.
    public func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}

/// Gives a view an explicit identity: a new `id` replaces the view and resets its state.
public struct _IdentifiedView<Content: View, ID: Hashable>: View {
    let content: Content
    let id: ID
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        builder.with(.explicit(AnyHashable(view.id))) { makeNodes(view.content, into: builder) }
    }
}

extension View {
    /// Binds this view's identity to `id`.
    public func id<ID: Hashable>(_ id: ID) -> _IdentifiedView<Self, ID> { _IdentifiedView(content: self, id: id) }
}

/// Content made of several views (a tuple, a `ForEach`, a `Group`, a conditional): built-in modifiers
/// applied to it are applied to each of its views, as in SwiftUI.
@MainActor protocol MultiViewContent {
    /// Whether this value really is several views (a modified view is only if its content is).
    var isMultiView: Bool { get }
    /// Calls `body` with each view and the identity component it is built under (if any).
    func forEachView(_ body: (IdentityComponent?, any View) -> Void)
}

extension MultiViewContent {
    var isMultiView: Bool { true }
}

/// A built-in modifier that SwiftUI applies to each view of multi-view content.
protocol DistributedModifier {}

extension ModifiedContent: MultiViewContent where Content: View, Modifier: ViewModifier {
    var isMultiView: Bool {
        guard Modifier.self is any DistributedModifier.Type, let multi = content as? any MultiViewContent else { return false }
        return multi.isMultiView
    }
    func forEachView(_ body: (IdentityComponent?, any View) -> Void) {
        guard let multi = content as? any MultiViewContent else { return }
        let modifier = self.modifier
        multi.forEachView { component, child in body(component, modifiedView(child, modifier)) }
    }
}

extension TupleView: MultiViewContent {
    func forEachView(_ body: (IdentityComponent?, any View) -> Void) {
        for (index, child) in children.enumerated() { body(.index(index), child) }
    }
}

extension Group: MultiViewContent where Content: View {
    func forEachView(_ body: (IdentityComponent?, any View) -> Void) { body(nil, content) }
}

extension _ConditionalContent: MultiViewContent where TrueContent: View, FalseContent: View {
    func forEachView(_ body: (IdentityComponent?, any View) -> Void) {
        switch storage {
        case .trueContent(let content): body(.branch(0), content)
        case .falseContent(let content): body(.branch(1), content)
        }
    }
}

extension Optional: MultiViewContent where Wrapped: View {
    func forEachView(_ body: (IdentityComponent?, any View) -> Void) {
        if let content = self { body(.branch(0), content) }
    }
}

extension EmptyView: MultiViewContent {
    func forEachView(_ body: (IdentityComponent?, any View) -> Void) {}
}

/// Applies a built-in modifier to `content`, once per view when the content is several views.
/// Returns false when the content is a single view (the caller wraps it itself).
@MainActor func distributeModifier<M: ViewModifier, C: View>(_ modifier: M, over content: C, into builder: _ViewNodeBuilder) -> Bool {
    guard let multi = content as? any MultiViewContent, multi.isMultiView else { return false }
    multi.forEachView { component, child in
        if let component {
            builder.with(component) { applyModifier(modifier, to: child, into: builder) }
        } else {
            applyModifier(modifier, to: child, into: builder)
        }
    }
    return true
}

@MainActor private func applyModifier<M: ViewModifier, V: View>(_ modifier: M, to view: V, into builder: _ViewNodeBuilder) {
    makeNodes(ModifiedContent(content: view, modifier: modifier), into: builder)
}

extension ModifiedContent: ForwardsSingleContent where Content: View, Modifier: ViewModifier {
    /// Built-in modifiers build their content in place or in their node; custom modifiers are composites.
    static var contentMayBuildComposite: Bool {
        Modifier.Body.self != Never.self || !(Modifier.self is any DistributedModifier.Type) || mayBuildComposite(Content.self)
    }
}

extension _IdentifiedView: ForwardsSingleContent {
    static var contentMayBuildComposite: Bool { mayBuildComposite(Content.self) }
}

extension EquatableView: ForwardsSingleContent {
    static var contentMayBuildComposite: Bool { mayBuildComposite(Content.self) }
}

extension AnyView: ForwardsSingleContent {
    static var contentMayBuildComposite: Bool { true }
}
