import Foundation

/// How a `@AppStorage` or `@SceneStorage` value is kept as a `StoredValue`.
struct StoredValueCoding<Value> {
    let decode: (StoredValue) -> Value?
    let encode: (Value) -> StoredValue?
}

// Bool and Double accept whole numbers: a property list may read them back as integers.
func decodeBool(_ value: StoredValue) -> Bool? {
    switch value {
    case .bool(let flag): return flag
    case .int(let number) where number == 0 || number == 1: return number == 1
    default: return nil
    }
}

func decodeInt(_ value: StoredValue) -> Int? {
    if case .int(let number) = value { return number }
    return nil
}

func decodeDouble(_ value: StoredValue) -> Double? {
    switch value {
    case .double(let number): return number
    case .int(let number): return Double(number)
    default: return nil
    }
}

func decodeString(_ value: StoredValue) -> String? {
    if case .string(let text) = value { return text }
    return nil
}

func decodeURL(_ value: StoredValue) -> URL? {
    decodeString(value).flatMap { URL(string: $0) }
}

func decodeData(_ value: StoredValue) -> Data? {
    if case .data(let data) = value { return data }
    return nil
}

extension StoredValueCoding where Value == Bool {
    static var bool: Self { Self(decode: decodeBool, encode: { .bool($0) }) }
}
extension StoredValueCoding where Value == Int {
    static var int: Self { Self(decode: decodeInt, encode: { .int($0) }) }
}
extension StoredValueCoding where Value == Double {
    static var double: Self { Self(decode: decodeDouble, encode: { .double($0) }) }
}
extension StoredValueCoding where Value == String {
    static var string: Self { Self(decode: decodeString, encode: { .string($0) }) }
}
extension StoredValueCoding where Value == URL {
    static var url: Self { Self(decode: decodeURL, encode: { .string($0.absoluteString) }) }
}
extension StoredValueCoding where Value == Data {
    static var data: Self { Self(decode: decodeData, encode: { .data($0) }) }
}
extension StoredValueCoding where Value: RawRepresentable, Value.RawValue == Int {
    static var intRaw: Self {
        Self(decode: { decodeInt($0).flatMap(Value.init(rawValue:)) }, encode: { .int($0.rawValue) })
    }
}
extension StoredValueCoding where Value: RawRepresentable, Value.RawValue == String {
    static var stringRaw: Self {
        Self(decode: { decodeString($0).flatMap(Value.init(rawValue:)) }, encode: { .string($0.rawValue) })
    }
}
extension StoredValueCoding {
    /// The optional form of `wrapped`: `nil` is stored as no value.
    static func optional<Wrapped>(_ wrapped: StoredValueCoding<Wrapped>) -> Self where Value == Wrapped? {
        Self(decode: { wrapped.decode($0) }, encode: { $0.flatMap(wrapped.encode) })
    }
}
