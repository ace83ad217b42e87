/// Turns protocol names (`wl_surface`, `set_buffer_scale`, `90`) into Swift identifiers.
enum SwiftNames {
    /// `zxdg_decoration_manager_v1` ▸ `ZxdgDecorationManagerV1`.
    static func typeName(_ protocolName: String) -> String {
        protocolName.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `set_buffer_scale` ▸ `setBufferScale`; `90` ▸ `_90`; Swift keywords are escaped with backticks.
    static func memberName(_ protocolName: String) -> String {
        let parts = protocolName.split(separator: "_")
        guard let first = parts.first else { return "_" }
        var name = String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let leading = name.first, leading.isNumber { name = "_" + name }
        return escaped(name)
    }

    /// The name with backticks removed, for use inside strings.
    static func plain(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "`", with: "")
    }

    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is",
        "nil", "self", "Self", "super", "throw", "throws", "true", "try", "Type", "Any", "some", "any",
    ]
}
