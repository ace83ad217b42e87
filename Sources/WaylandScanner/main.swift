// WaylandScanner: protocol XML ▸ Swift bindings.
//
//   WaylandScanner --output DIR a.xml b.xml …
//
// writes DIR/<a>.swift for each protocol and DIR/WaylandInterfaceTable.swift for the whole run. Errors are
// printed as `file:line: error: message` and exit with status 1, which fails the build that ran us.
import Foundation

func run(_ arguments: [String]) throws {
    var inputs: [String] = []
    var outputDirectory: String?
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
        if argument == "--output" { outputDirectory = iterator.next() } else { inputs.append(argument) }
    }
    guard let outputDirectory, !inputs.isEmpty else {
        throw ScannerError(
            file: "WaylandScanner", line: 0, message: "usage: WaylandScanner --output DIR protocol.xml …")
    }
    let outputs = try generate(
        inputs: inputs.map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ScannerError(file: path, line: 0, message: "cannot read the file")
            }
            return (path, String(decoding: data, as: UTF8.self))
        })
    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
    for (name, text) in outputs {
        let path = (outputDirectory as NSString).appendingPathComponent(name)
        // Rewriting an unchanged file would make SwiftPM recompile the module for nothing.
        if FileManager.default.contents(atPath: path) != Data(text.utf8) {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
