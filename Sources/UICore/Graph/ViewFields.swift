import Foundation
@_spi(Reflection) import Swift
import Synchronization

/// The stored properties of a struct type, read once per type from its runtime metadata. Installing a view's
/// dynamic properties and comparing two values of a view walk them on every update; `Mirror` would reflect
/// and box every field each time, allocating on every frame.
package struct ViewFields: Sendable {
    /// How two values of a field compare.
    package enum Comparison: @unchecked Sendable {
        /// `@State`, `@Environment`…: the node's own, always "equal" between values.
        case graphManaged
        /// Bindings and observed objects: the same input when they point at the same place.
        case sameInput(any ComparableInput.Type)
        case equatable(any Equatable.Type)
        /// Plain data without `==`, and references (by identity), compared bit for bit.
        case bits(count: Int)
        /// Anything else (closures, existentials, non-equatable values holding references): compared boxed,
        /// by the value's dynamic type.
        case boxed(Any.Type)
    }

    package struct Field: @unchecked Sendable {  // metatypes are immutable
        package let offset: Int
        package let comparison: Comparison
        /// `@State`, `@Environment`…: what the node's storage connects.
        package let installable: (any GraphInstallable.Type)?
        /// The fields of a user-defined dynamic property, which may hold installable ones.
        package let nestedDynamicProperty: ViewFields?
    }

    package let fields: [Field]
    /// Whether a field may hold a dynamic property that only its value shows (an existential, an optional of
    /// one, a dynamic property that is not a struct): installing must then reflect the value itself.
    package let needsReflectionToInstall: Bool

    private enum CacheEntry: Sendable {
        case structure(ViewFields)
        case notAStruct
    }
    private static let cache = Mutex<[ObjectIdentifier: CacheEntry]>([:])

    /// The fields of `type`, or `nil` when it is not a struct.
    package static func of(_ type: Any.Type) -> ViewFields? {
        let key = ObjectIdentifier(type)
        if let cached = cache.withLock({ $0[key] }) {
            if case .structure(let fields) = cached { return fields }
            return nil
        }
        let found = metadataKind(of: type) == .struct ? scan(type) : nil
        cache.withLock { $0[key] = found.map(CacheEntry.structure) ?? .notAStruct }
        return found
    }

    private static func scan(_ type: Any.Type) -> ViewFields {
        var fields: [Field] = []
        var needsReflection = false
        let hostsModifier = type is any ModifierBodyView.Type
        _ = _forEachField(of: type, options: []) { _, offset, fieldType, fieldKind in
            let installable = fieldType as? any GraphInstallable.Type
            var nested: ViewFields?
            if installable == nil,
                fieldType is any DynamicProperty.Type || (hostsModifier && fieldType is any ViewModifier.Type)
            {
                nested = ViewFields.of(fieldType)
                if nested?.needsReflectionToInstall ?? true { needsReflection = true }
            }
            if mayHoldDynamicProperty(fieldType, kind: fieldKind) { needsReflection = true }
            fields.append(
                Field(
                    offset: offset, comparison: comparison(of: fieldType, kind: fieldKind), installable: installable,
                    nestedDynamicProperty: nested))
            return true
        }
        return ViewFields(fields: fields, needsReflectionToInstall: needsReflection)
    }

    private static func comparison(of type: Any.Type, kind: _MetadataKind) -> Comparison {
        if let comparable = type as? any ComparableInput.Type { return .sameInput(comparable) }
        if type is any GraphInstallable.Type { return .graphManaged }
        // A reference compares by identity. A weak or unowned field's storage is not a strong reference, so it
        // is compared as it is stored, never loaded.
        if isClass(kind) || isReference(optionalWrapping: type) { return .bits(count: byteSize(of: type)) }
        if let equatable = type as? any Equatable.Type { return .equatable(equatable) }
        if isPlainData(type) { return .bits(count: byteSize(of: type)) }
        return .boxed(type)
    }

    private static func isClass(_ kind: _MetadataKind?) -> Bool {
        kind == .class || kind == .foreignClass || kind == .objcClassWrapper
    }

    /// An optional of a class or of an existential (which may be class-bound): what a weak field holds.
    private static func isReference(optionalWrapping type: Any.Type) -> Bool {
        guard let optional = type as? any OptionalField.Type else { return false }
        let wrapped = metadataKind(of: optional.wrappedType)
        return isClass(wrapped) || wrapped == .existential
    }

    /// A field whose static type does not show whether its value is a dynamic property.
    private static func mayHoldDynamicProperty(_ type: Any.Type, kind: _MetadataKind) -> Bool {
        switch kind {
        case .existential: return true
        case .optional:
            guard let wrapped = (type as? any OptionalField.Type)?.wrappedType else { return true }
            return wrapped is any DynamicProperty.Type
                || mayHoldDynamicProperty(wrapped, kind: metadataKind(of: wrapped) ?? .existential)
        default: return false
        }
    }

    /// The metadata kind of `type` itself, read as that of the one field of a wrapper.
    private static func metadataKind(of type: Any.Type) -> _MetadataKind? {
        struct Wrapper<T> { var value: T }
        func wrapperType<T>(_: T.Type) -> Any.Type { Wrapper<T>.self }
        var kind: _MetadataKind?
        _ = _forEachField(of: wrapperType(type), options: []) { _, _, _, fieldKind in
            kind = fieldKind
            return false
        }
        return kind
    }

    private static func isPlainData<T>(_: T.Type) -> Bool { _isPOD(T.self) }
    private static func byteSize(of type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return size(type)
    }
}

private protocol OptionalField {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalField {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
}

// MARK: - Comparing two values of a struct, field by field

extension ViewFields {
    /// Whether the values at `a` and `b` hold the same inputs, field by field.
    package func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        for field in fields where !Self.equal(field.comparison, a + field.offset, b + field.offset) { return false }
        return true
    }

    private static func equal(_ comparison: Comparison, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        switch comparison {
        case .graphManaged: return true
        case .sameInput(let type): return sameInput(type, a, b)
        case .equatable(let type): return equalValues(type, a, b)
        case .bits(let count): return memcmp(a, b, count) == 0
        case .boxed(let type): return equalBoxed(type, a, b)
        }
    }

    private static func sameInput<T: ComparableInput>(_: T.Type, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        a.load(as: T.self).isSameInput(as: b.load(as: T.self))
    }

    private static func equalValues<T: Equatable>(_: T.Type, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        a.load(as: T.self) == b.load(as: T.self)
    }

    private static func equalBoxed<T>(_: T.Type, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        boxedFieldEqual(a.load(as: T.self), b.load(as: T.self))
    }
}
