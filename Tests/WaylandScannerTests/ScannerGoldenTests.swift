import Foundation
import Testing

@testable import WaylandScanner

/// The generator's output for a small protocol that exercises every argument type, enums, bitfields,
/// keywords, versions and destructors, compared with files a person has read.
/// `UPDATE_REFERENCES=1` (make update-references) rewrites them.
@Suite struct ScannerGoldenTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")

    @Test func generatedBindingsMatchGoldenFiles() throws {
        let input = Self.goldenDirectory.appending(path: "test-sample.xml")
        let outputs = try generate(inputs: [(input.path, try String(contentsOf: input, encoding: .utf8))])
        #expect(outputs.map(\.0) == ["TestSample.swift", "WaylandInterfaceTable.swift"])
        for (name, text) in outputs {
            let golden = Self.goldenDirectory.appending(path: name + ".golden")
            if ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1" {
                try text.write(to: golden, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(
                text == expected,
                "\(name) differs from \(golden.path); run `make update-references` if the change is intended")
        }
    }

    @Test func interfaceTableDescribesUntypedNewIDAsNameVersionAndID() throws {
        let input = Self.goldenDirectory.appending(path: "test-sample.xml")
        let table = try generate(inputs: [(input.path, try String(contentsOf: input, encoding: .utf8))])[1].1
        #expect(table.contains(#".init("bind", "usun", [nil, nil, nil, nil])"#))
        #expect(table.contains(#".init("attach", "2?oahi", [1, nil, nil, nil])"#))
        #expect(table.contains(#".init("spawn", "3ni", [2, nil])"#))
    }
}
