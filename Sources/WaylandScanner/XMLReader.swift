/// A small XML reader for Wayland protocol files.
///
/// Protocol XML uses elements, attributes, text, comments and the five predefined entities; that is all this
/// reads. It exists (rather than FoundationXML) so the scanner depends on Foundation only and every error
/// carries the line it was found on.
struct XMLElement {
    var name: String
    var attributes: [String: String]
    var children: [XMLElement]
    var text: String
    var line: Int

    func attribute(_ key: String) -> String? { attributes[key] }
    func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }
    func child(named name: String) -> XMLElement? { children.first { $0.name == name } }
}

/// An error located in a source file; printed as `file:line: error: message`, the form editors and
/// SwiftPM recognise.
struct ScannerError: Error, CustomStringConvertible {
    var file: String
    var line: Int
    var message: String
    var description: String { "\(file):\(line): error: \(message)" }
}

struct XMLReader {
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1

    init(text: String, file: String) {
        self.bytes = Array(text.utf8)
        self.file = file
    }

    /// Parses the whole document and returns its root element.
    static func parse(_ text: String, file: String) throws -> XMLElement {
        var reader = XMLReader(text: text, file: file)
        return try reader.document()
    }

    private mutating func document() throws -> XMLElement {
        try skipMisc()
        guard peek() == UInt8(ascii: "<") else { throw error("expected a root element") }
        let root = try element()
        try skipMisc()
        if index < bytes.count { throw error("unexpected content after the root element") }
        return root
    }

    /// Skips whitespace, comments, the XML declaration and a DOCTYPE.
    private mutating func skipMisc() throws {
        while index < bytes.count {
            if isSpace(bytes[index]) {
                advance()
            } else if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<!DOCTYPE") {
                try skip(past: ">", what: "DOCTYPE")
            } else {
                return
            }
        }
    }

    private mutating func element() throws -> XMLElement {
        let startLine = line
        try expect("<")
        let name = try readName()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            if starts(with: "/>") {
                index += 2
                return XMLElement(name: name, attributes: attributes, children: [], text: "", line: startLine)
            }
            if peek() == UInt8(ascii: ">") {
                advance()
                break
            }
            let attributeLine = line
            let key = try readName()
            skipSpace()
            try expect("=")
            skipSpace()
            let value = try readQuoted()
            if attributes[key] != nil {
                throw ScannerError(file: file, line: attributeLine, message: "attribute '\(key)' repeated on <\(name)>")
            }
            attributes[key] = value
        }
        var children: [XMLElement] = []
        var text = ""
        while true {
            guard index < bytes.count else {
                throw ScannerError(file: file, line: startLine, message: "<\(name)> is never closed")
            }
            if starts(with: "</") {
                index += 2
                let closing = try readName()
                if closing != name {
                    throw error("</\(closing)> closes <\(name)> opened on line \(startLine)")
                }
                skipSpace()
                try expect(">")
                return XMLElement(name: name, attributes: attributes, children: children, text: text, line: startLine)
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                index += 9
                let begin = index
                try skip(past: "]]>", what: "CDATA section")
                text += String(decoding: bytes[begin..<(index - 3)], as: UTF8.self)
            } else if peek() == UInt8(ascii: "<") {
                children.append(try element())
            } else {
                text += try readText()
            }
        }
    }

    private mutating func readText() throws -> String {
        var raw: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            raw.append(bytes[index])
            advance()
        }
        return try decodeEntities(String(decoding: raw, as: UTF8.self))
    }

    private mutating func readQuoted() throws -> String {
        guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("expected a quoted attribute value")
        }
        advance()
        let begin = index
        while index < bytes.count, bytes[index] != quote {
            if bytes[index] == UInt8(ascii: "<") { throw error("'<' inside an attribute value") }
            advance()
        }
        guard index < bytes.count else { throw error("unterminated attribute value") }
        let value = String(decoding: bytes[begin..<index], as: UTF8.self)
        advance()
        return try decodeEntities(value)
    }

    private mutating func readName() throws -> String {
        let begin = index
        while index < bytes.count, isNameByte(bytes[index]) { advance() }
        guard index > begin else { throw error("expected a name") }
        return String(decoding: bytes[begin..<index], as: UTF8.self)
    }

    private func decodeEntities(_ text: String) throws -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { throw error("unterminated entity") }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "lt": result += "<"
            case "gt": result += ">"
            case "amp": result += "&"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16),
                    let scalar = Unicode.Scalar(code)
                {
                    result.unicodeScalars.append(scalar)
                } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()),
                    let scalar = Unicode.Scalar(code)
                {
                    result.unicodeScalars.append(scalar)
                } else {
                    throw error("unknown entity '&\(entity);'")
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    // MARK: - Low-level cursor

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    private func starts(with literal: String) -> Bool {
        let utf8 = Array(literal.utf8)
        guard index + utf8.count <= bytes.count else { return false }
        return bytes[index..<(index + utf8.count)].elementsEqual(utf8)
    }

    private mutating func expect(_ literal: String) throws {
        guard starts(with: literal) else { throw error("expected '\(literal)'") }
        for _ in literal.utf8 { advance() }
    }

    private mutating func skip(past terminator: String, what: String) throws {
        let startLine = line
        while index < bytes.count {
            if starts(with: terminator) {
                for _ in terminator.utf8 { advance() }
                return
            }
            advance()
        }
        throw ScannerError(file: file, line: startLine, message: "unterminated \(what)")
    }

    private mutating func skipSpace() {
        while index < bytes.count, isSpace(bytes[index]) { advance() }
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    private func error(_ message: String) -> ScannerError {
        ScannerError(file: file, line: line, message: message)
    }
}
