import Foundation

/// The user's preferred text size, from extra small to the accessibility sizes; `.large` is the standard.
public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    case xSmall
    case small
    case medium
    case large
    case xLarge
    case xxLarge
    case xxxLarge
    case accessibility1
    case accessibility2
    case accessibility3
    case accessibility4
    case accessibility5

    /// Whether this is one of the accessibility sizes.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// The body text size at this setting (points), Apple's table; `@ScaledMetric` scales by its ratio to `.large`'s.
    package var bodyPointSize: Double {
        switch self {
        case .xSmall: return 14
        case .small: return 15
        case .medium: return 16
        case .large: return 17
        case .xLarge: return 19
        case .xxLarge: return 21
        case .xxxLarge: return 23
        case .accessibility1: return 28
        case .accessibility2: return 33
        case .accessibility3: return 40
        case .accessibility4: return 47
        case .accessibility5: return 53
        }
    }
}

package struct DynamicTypeSizeKey: EnvironmentKey { package static var defaultValue: DynamicTypeSize { .large } }

extension EnvironmentValues {
    /// The preferred text size (`.large` unless a view sets another).
    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }
}

extension View {
    /// Sets the text size for this view (what `@ScaledMetric` scales by).
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View { environment(\.dynamicTypeSize, size) }

    /// Limits the text size for this view to `range`.
    public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View where T.Bound == DynamicTypeSize {
        transformEnvironment(\.dynamicTypeSize) { size in
            let lower = DynamicTypeSize.allCases.first { range.contains($0) } ?? size
            let upper = DynamicTypeSize.allCases.last { range.contains($0) } ?? size
            size = min(max(size, lower), upper)
        }
    }
}

/// A dimension that follows the text size: `@ScaledMetric var iconSize = 24.0` is 24 at the standard
/// size and grows or shrinks with `dynamicTypeSize` as body text does.
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    package final class Box: @unchecked Sendable { package var size = DynamicTypeSize.large }
    package let baseValue: Value
    package let textStyle: Font.TextStyle
    package let box = Box()

    /// A metric of `wrappedValue` at the standard size, scaled as `textStyle` (WaylandUI scales every style as body).
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {
        baseValue = wrappedValue
        self.textStyle = textStyle
    }

    /// A metric of `wrappedValue` at the standard size, scaled as body text.
    public init(wrappedValue: Value) { self.init(wrappedValue: wrappedValue, relativeTo: .body) }

    /// The value at the view's text size.
    public var wrappedValue: Value {
        baseValue * Value(box.size.bodyPointSize / DynamicTypeSize.large.bodyPointSize)
    }
}

extension ScaledMetric: GraphInstallable {
    package static var readsEnvironment: Bool { true }

    package func install(slot: inout AnyObject?, context: InstallContext) {
        box.size = context.environment.dynamicTypeSize
        slot = box
    }
}
