/// The parts of a Wayland protocol XML file that code generation needs, validated on the way in so a
/// malformed file fails the build at the line that is wrong.
struct WaylandProtocol {
    var name: String
    var file: String
    var copyright: String?
    var interfaces: [Interface]
}

struct Interface {
    var name: String
    var version: Int
    var summary: String?
    var description: String?
    var requests: [Message]
    var events: [Message]
    var enums: [Enumeration]
    var line: Int
}

struct Message {
    var name: String
    var since: Int
    var isDestructor: Bool
    var summary: String?
    var arguments: [Argument]
    var line: Int
}

struct Argument {
    enum Kind: String {
        case int, uint, fixed, string, object
        case newID = "new_id"
        case array, fd
    }

    var name: String
    var kind: Kind
    var interface: String?
    var allowNull: Bool
    var enumName: String?
    var summary: String?
    var line: Int
}

struct Enumeration {
    struct Entry {
        var name: String
        var value: UInt32
        var summary: String?
        var since: Int
    }

    var name: String
    var isBitfield: Bool
    var entries: [Entry]
    var summary: String?
    var line: Int
}

extension WaylandProtocol {
    /// Builds the model from a parsed document, checking what libwayland and the generator rely on.
    init(root: XMLElement, file: String) throws {
        func fail(_ line: Int, _ message: String) -> ScannerError {
            ScannerError(file: file, line: line, message: message)
        }
        func required(_ element: XMLElement, _ key: String) throws -> String {
            guard let value = element.attribute(key), !value.isEmpty else {
                throw fail(element.line, "<\(element.name)> needs a '\(key)' attribute")
            }
            return value
        }
        func version(_ element: XMLElement, _ key: String, default defaultValue: Int?) throws -> Int {
            guard let text = element.attribute(key) else {
                if let defaultValue { return defaultValue }
                throw fail(element.line, "<\(element.name)> needs a '\(key)' attribute")
            }
            guard let value = Int(text), value >= 1 else {
                throw fail(element.line, "'\(key)' must be a positive integer, not '\(text)'")
            }
            return value
        }
        func summary(of element: XMLElement) -> String? {
            element.attribute("summary") ?? element.child(named: "description")?.attribute("summary")
        }

        guard root.name == "protocol" else {
            throw fail(root.line, "the root element must be <protocol>, not <\(root.name)>")
        }
        name = try required(root, "name")
        self.file = file
        copyright = root.child(named: "copyright")?.text
        interfaces = []
        for element in root.children(named: "interface") {
            var interface = Interface(
                name: try required(element, "name"), version: try version(element, "version", default: nil),
                summary: summary(of: element), description: element.child(named: "description")?.text,
                requests: [], events: [], enums: [], line: element.line)
            for kind in ["request", "event"] {
                for messageElement in element.children(named: kind) {
                    let type = messageElement.attribute("type")
                    if let type, type != "destructor" {
                        throw fail(messageElement.line, "unknown \(kind) type '\(type)'")
                    }
                    var message = Message(
                        name: try required(messageElement, "name"),
                        since: try version(messageElement, "since", default: 1), isDestructor: type == "destructor",
                        summary: summary(of: messageElement), arguments: [], line: messageElement.line)
                    if message.since > interface.version {
                        throw fail(
                            messageElement.line,
                            "\(kind) '\(message.name)' is since version \(message.since) but \(interface.name) is version \(interface.version)"
                        )
                    }
                    for argElement in messageElement.children(named: "arg") {
                        let typeName = try required(argElement, "type")
                        guard let argKind = Argument.Kind(rawValue: typeName) else {
                            throw fail(argElement.line, "unknown argument type '\(typeName)'")
                        }
                        let allowNull = argElement.attribute("allow-null") == "true"
                        if allowNull, ![.string, .object].contains(argKind) {
                            throw fail(argElement.line, "allow-null is only valid on string and object arguments")
                        }
                        message.arguments.append(
                            Argument(
                                name: try required(argElement, "name"), kind: argKind,
                                interface: argElement.attribute("interface"),
                                allowNull: allowNull, enumName: argElement.attribute("enum"),
                                summary: argElement.attribute("summary"),
                                line: argElement.line))
                    }
                    if message.arguments.filter({ $0.kind == .newID }).count > 1 {
                        throw fail(messageElement.line, "\(kind) '\(message.name)' creates more than one object")
                    }
                    if kind == "request" {
                        interface.requests.append(message)
                    } else {
                        interface.events.append(message)
                    }
                }
            }
            for enumElement in element.children(named: "enum") {
                var enumeration = Enumeration(
                    name: try required(enumElement, "name"), isBitfield: enumElement.attribute("bitfield") == "true",
                    entries: [], summary: summary(of: enumElement), line: enumElement.line)
                for entryElement in enumElement.children(named: "entry") {
                    let valueText = try required(entryElement, "value")
                    let value: UInt32?
                    if valueText.hasPrefix("0x") {
                        value = UInt32(valueText.dropFirst(2), radix: 16)
                    } else {
                        value = UInt32(valueText)
                    }
                    guard let value else {
                        throw fail(entryElement.line, "entry value '\(valueText)' is not a 32-bit unsigned number")
                    }
                    enumeration.entries.append(
                        .init(
                            name: try required(entryElement, "name"), value: value,
                            summary: entryElement.attribute("summary"),
                            since: try version(entryElement, "since", default: 1)))
                }
                interface.enums.append(enumeration)
            }
            interfaces.append(interface)
        }
        if interfaces.isEmpty { throw fail(root.line, "protocol '\(name)' declares no interface") }
    }
}
