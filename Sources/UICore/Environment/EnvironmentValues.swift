import Foundation

/// A key for a value in `EnvironmentValues`.
public protocol EnvironmentKey {
    associatedtype Value
    /// The value when no ancestor set one.
    static var defaultValue: Value { get }
}

/// Values that flow down the view tree: font, foreground style, colour scheme, and your own keys.
///
/// Storage is an immutable box replaced on every write, so "did the environment change?" is an identity
/// check; the view graph uses it to decide whether a composite view must re-evaluate its body.
public struct EnvironmentValues: CustomStringConvertible {
    package final class Storage {
        package let values: [ObjectIdentifier: Any]
        package init(_ values: [ObjectIdentifier: Any]) { self.values = values }
    }
    package var storage: Storage

    /// The default environment.
    public init() { storage = Storage([:]) }
    package init(storage: Storage) { self.storage = storage }

    /// The value for `key`, or its default.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { (storage.values[ObjectIdentifier(key)] as? K.Value) ?? K.defaultValue }
        set {
            var values = storage.values
            values[ObjectIdentifier(key)] = newValue
            storage = Storage(values)
        }
    }

    /// Whether both hold the very same storage (a cheap, conservative equality).
    package func isIdentical(to other: EnvironmentValues) -> Bool { storage === other.storage }

    public var description: String { "EnvironmentValues(\(storage.values.count) values)" }
}

// MARK: - Built-in keys

package struct FontKey: EnvironmentKey { package static var defaultValue: Font? { nil } }
package struct ForegroundStyleKey: EnvironmentKey { package static var defaultValue: AnyShapeStyle? { nil } }
package struct ColorSchemeKey: EnvironmentKey { package static var defaultValue: ColorScheme { .light } }
package struct LayoutDirectionKey: EnvironmentKey { package static var defaultValue: LayoutDirection { .leftToRight } }
package struct LineLimitKey: EnvironmentKey { package static var defaultValue: Int? { nil } }
package struct MultilineTextAlignmentKey: EnvironmentKey { package static var defaultValue: TextAlignment { .leading } }
package struct IsEnabledKey: EnvironmentKey { package static var defaultValue: Bool { true } }
package struct DisplayScaleKey: EnvironmentKey { package static var defaultValue: CGFloat { 1 } }
package struct ShapeRoleDefaultForegroundKey: EnvironmentKey { package static var defaultValue: Bool { false } }

extension EnvironmentValues {
    /// The default font for text in this view (`nil`: body).
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }
    /// The light or dark appearance.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }
    /// The layout direction.
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self] }
        set { self[LayoutDirectionKey.self] = newValue }
    }
    /// The maximum number of lines text may use (`nil`: unlimited).
    public var lineLimit: Int? {
        get { self[LineLimitKey.self] }
        set { self[LineLimitKey.self] = newValue }
    }
    /// How lines of multi-line text align with each other.
    public var multilineTextAlignment: TextAlignment {
        get { self[MultilineTextAlignmentKey.self] }
        set { self[MultilineTextAlignmentKey.self] = newValue }
    }
    /// Whether controls in this view react to input.
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }
    /// Pixels per point of the output.
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }
    /// The foreground style set by `foregroundStyle`/`foregroundColor` (`nil`: primary).
    package var foregroundStyle: AnyShapeStyle? {
        get { self[ForegroundStyleKey.self] }
        set { self[ForegroundStyleKey.self] = newValue }
    }
    /// The foreground colour set by `foregroundColor`, if it was a colour.
    package var foregroundColor: Color? {
        get { foregroundStyle?.base as? Color }
        set { foregroundStyle = newValue.map { AnyShapeStyle($0) } }
    }
}

/// The light or dark appearance.
public enum ColorScheme: Hashable, CaseIterable, Sendable { case light, dark }

/// How lines of text align.
public enum TextAlignment: Hashable, CaseIterable, Sendable { case leading, center, trailing }

package struct LocaleKey: EnvironmentKey { package static var defaultValue: Locale { .current } }
package struct CalendarKey: EnvironmentKey { package static var defaultValue: Calendar { .current } }
package struct TimeZoneKey: EnvironmentKey { package static var defaultValue: TimeZone { .current } }

extension EnvironmentValues {
    /// The locale dates and numbers are written in (the process's by default).
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }
    /// The calendar dates are read in: its first weekday and its months (the process's by default).
    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }
    /// The time zone dates are shown in (the process's by default).
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }
}
