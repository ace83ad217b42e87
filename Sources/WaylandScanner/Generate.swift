import Foundation

/// Parses protocol files and returns the generated files as (file name, contents): `<protocol file>.swift`
/// for each input, then `WaylandInterfaceTable.swift`.
func generate(inputs: [(path: String, text: String)]) throws -> [(String, String)] {
    let protocols = try inputs.map { input in
        try WaylandProtocol(root: try XMLReader.parse(input.text, file: input.path), file: input.path)
    }
    let generator = CodeGenerator(index: try InterfaceIndex(protocols: protocols))
    var outputs: [(String, String)] = []
    for (input, protocolFile) in zip(inputs, protocols) {
        let base = ((input.path as NSString).lastPathComponent as NSString).deletingPathExtension
        outputs.append(
            (
                SwiftNames.typeName(base.replacingOccurrences(of: "-", with: "_")) + ".swift",
                generator.protocolFile(
                    protocolFile, sourceName: "protocols/" + (input.path as NSString).lastPathComponent)
            ))
    }
    outputs.append(("WaylandInterfaceTable.swift", generator.interfaceTableFile()))
    return outputs
}
