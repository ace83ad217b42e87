import Foundation

/// A modifier that changes one environment value for its content.
public struct _EnvironmentKeyWritingModifier<Value>: ViewModifier {
    public let keyPath: WritableKeyPath<EnvironmentValues, Value>
    public let value: Value
    public init(keyPath: WritableKeyPath<EnvironmentValues, Value>, value: Value) {
        self.keyPath = keyPath
        self.value = value
    }
    public typealias Body = Never
    public static func _makeModifiedNodes<Content: View>(
        _ modifier: Self, content: Content, into builder: _ViewNodeBuilder
    ) {
        // Environment modifiers need no node: the content is built with the changed environment,
        // which also applies the value to every view of a multi-view content.
        let saved = builder.environment
        builder.environment[keyPath: modifier.keyPath] = modifier.value
        makeNodes(content, into: builder)
        builder.environment = saved
    }
    public static func _makeModifiedList<Content: View>(_ modifier: Self, content: Content) -> _ViewList {
        _viewList(of: content).mapElements { builder, build in
            let saved = builder.environment
            builder.environment[keyPath: modifier.keyPath] = modifier.value
            build(builder)
            builder.environment = saved
        }
    }
    public static func _modifiedListCount(_ contentCount: Int?) -> Int? { contentCount }
}

/// A modifier that transforms the environment for its content.
public struct _EnvironmentTransformModifier: ViewModifier {
    package let transform: (inout EnvironmentValues) -> Void
    public typealias Body = Never
    public static func _makeModifiedNodes<Content: View>(
        _ modifier: Self, content: Content, into builder: _ViewNodeBuilder
    ) {
        let saved = builder.environment
        modifier.transform(&builder.environment)
        makeNodes(content, into: builder)
        builder.environment = saved
    }
    public static func _makeModifiedList<Content: View>(_ modifier: Self, content: Content) -> _ViewList {
        _viewList(of: content).mapElements { builder, build in
            let saved = builder.environment
            modifier.transform(&builder.environment)
            build(builder)
            builder.environment = saved
        }
    }
    public static func _modifiedListCount(_ contentCount: Int?) -> Int? { contentCount }
    package init(transform: @escaping (inout EnvironmentValues) -> Void) {
        self.transform = transform
    }
}

extension View {
    /// Sets an environment value for this view and its descendants.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifier(_EnvironmentKeyWritingModifier(keyPath: keyPath, value: value))
    }
    /// Transforms the environment for this view and its descendants.
    public func transformEnvironment<V>(
        _ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void
    ) -> some View {
        modifier(_EnvironmentTransformModifier { transform(&$0[keyPath: keyPath]) })
    }
    /// Sets the default font for text in this view.
    public func font(_ font: Font?) -> some View { environment(\.font, font) }
    /// Sets the colour of foreground elements (text, shapes without a fill).
    public func foregroundColor(_ color: Color?) -> some View {
        modifier(_EnvironmentTransformModifier { $0.foregroundStyle = color.map { AnyShapeStyle($0) } })
    }
    /// Sets the style of foreground elements.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        modifier(_EnvironmentTransformModifier { $0.foregroundStyle = AnyShapeStyle(style) })
    }
    /// Limits text to `number` lines.
    public func lineLimit(_ number: Int?) -> some View { environment(\.lineLimit, number) }
    /// Sets how lines of multi-line text align.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environment(\.multilineTextAlignment, alignment)
    }
    /// Enables or disables controls in this view.
    public func disabled(_ disabled: Bool) -> some View {
        modifier(_EnvironmentTransformModifier { $0.isEnabled = $0.isEnabled && !disabled })
    }
    /// Asks for `colorScheme` in this view's whole window (`nil`: the desktop's); the first view in the window
    /// to ask decides.
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
        preference(key: PreferredColorSchemeKey.self, value: colorScheme)
    }
}

/// The colour scheme views ask their window for (`preferredColorScheme`): the first one set wins.
package struct PreferredColorSchemeKey: PreferenceKey {
    package static func reduce(value: inout ColorScheme?, nextValue: () -> ColorScheme?) {
        if value == nil { value = nextValue() }
    }
}
