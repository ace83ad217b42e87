import Foundation
@_spi(Engine) import UICore

/// How a `@AppStorage` or `@SceneStorage` value is kept as a `StoredValue`.
package struct StoredValueCoding<Value> {
    package let decode: (StoredValue) -> Value?
    package let encode: (Value) -> StoredValue?
}

// Bool and Double accept whole numbers: a property list may read them back as integers.
package func decodeBool(_ value: StoredValue) -> Bool? {
    switch value {
    case .bool(let flag): return flag
    case .int(let number) where number == 0 || number == 1: return number == 1
    default: return nil
    }
}

package func decodeInt(_ value: StoredValue) -> Int? {
    if case .int(let number) = value { return number }
    return nil
}

package func decodeDouble(_ value: StoredValue) -> Double? {
    switch value {
    case .double(let number): return number
    case .int(let number): return Double(number)
    default: return nil
    }
}

package func decodeString(_ value: StoredValue) -> String? {
    if case .string(let text) = value { return text }
    return nil
}

package func decodeURL(_ value: StoredValue) -> URL? {
    decodeString(value).flatMap { URL(string: $0) }
}

package func decodeData(_ value: StoredValue) -> Data? {
    if case .data(let data) = value { return data }
    return nil
}

extension StoredValueCoding where Value == Bool {
    package static var bool: Self { Self(decode: decodeBool, encode: { .bool($0) }) }
}
extension StoredValueCoding where Value == Int {
    package static var int: Self { Self(decode: decodeInt, encode: { .int($0) }) }
}
extension StoredValueCoding where Value == Double {
    package static var double: Self { Self(decode: decodeDouble, encode: { .double($0) }) }
}
extension StoredValueCoding where Value == String {
    package static var string: Self { Self(decode: decodeString, encode: { .string($0) }) }
}
extension StoredValueCoding where Value == URL {
    package static var url: Self { Self(decode: decodeURL, encode: { .string($0.absoluteString) }) }
}
extension StoredValueCoding where Value == Data {
    package static var data: Self { Self(decode: decodeData, encode: { .data($0) }) }
}
extension StoredValueCoding where Value: RawRepresentable, Value.RawValue == Int {
    package static var intRaw: Self {
        Self(decode: { decodeInt($0).flatMap(Value.init(rawValue:)) }, encode: { .int($0.rawValue) })
    }
}
extension StoredValueCoding where Value: RawRepresentable, Value.RawValue == String {
    package static var stringRaw: Self {
        Self(decode: { decodeString($0).flatMap(Value.init(rawValue:)) }, encode: { .string($0.rawValue) })
    }
}
extension StoredValueCoding {
    /// The optional form of `wrapped`: `nil` is stored as no value.
    package static func optional<Wrapped>(_ wrapped: StoredValueCoding<Wrapped>) -> Self where Value == Wrapped? {
        Self(decode: { wrapped.decode($0) }, encode: { $0.flatMap(wrapped.encode) })
    }
}
