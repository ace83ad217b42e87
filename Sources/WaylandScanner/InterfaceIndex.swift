/// Every interface and enum of one scanner run, so arguments can name types from any protocol in the
/// run (xdg-shell's `wl_surface`, an `enum="wl_output.transform"`), and unknown names fail the build.
struct InterfaceIndex {
    private(set) var positions: [String: Int] = [:]
    private var bitfields: [String: Bool] = [:]
    let interfaces: [Interface]

    init(protocols: [WaylandProtocol]) throws {
        interfaces = protocols.flatMap(\.interfaces)
        for protocolFile in protocols {
            for interface in protocolFile.interfaces {
                if positions[interface.name] != nil {
                    throw ScannerError(
                        file: protocolFile.file, line: interface.line,
                        message: "interface '\(interface.name)' is declared twice")
                }
                positions[interface.name] = positions.count
                for enumeration in interface.enums {
                    bitfields["\(interface.name).\(enumeration.name)"] = enumeration.isBitfield
                }
            }
        }
        for protocolFile in protocols {
            for interface in protocolFile.interfaces {
                for message in interface.requests + interface.events {
                    for argument in message.arguments {
                        if let name = argument.interface, positions[name] == nil {
                            throw ScannerError(
                                file: protocolFile.file, line: argument.line, message: "unknown interface '\(name)'")
                        }
                        if let reference = argument.enumName {
                            guard let qualified = qualifiedEnum(reference, in: interface), bitfields[qualified] != nil
                            else {
                                throw ScannerError(
                                    file: protocolFile.file, line: argument.line, message: "unknown enum '\(reference)'"
                                )
                            }
                            if ![.int, .uint].contains(argument.kind) {
                                throw ScannerError(
                                    file: protocolFile.file, line: argument.line,
                                    message: "enum '\(reference)' on a \(argument.kind.rawValue) argument")
                            }
                        }
                    }
                }
            }
        }
    }

    /// `format` inside `wl_shm` ▸ `wl_shm.format`; an already qualified name is kept.
    func qualifiedEnum(_ reference: String, in interface: Interface) -> String? {
        reference.contains(".") ? reference : "\(interface.name).\(reference)"
    }

    func isBitfield(_ reference: String, in interface: Interface) -> Bool {
        qualifiedEnum(reference, in: interface).flatMap { bitfields[$0] } ?? false
    }

    /// The Swift type of an enum reference: `wl_shm.format` ▸ `WlShm.Format`.
    func enumTypeName(_ reference: String, in interface: Interface) -> String {
        let qualified = qualifiedEnum(reference, in: interface) ?? reference
        let parts = qualified.split(separator: ".")
        return SwiftNames.typeName(String(parts[0])) + "." + SwiftNames.typeName(String(parts[1]))
    }
}
