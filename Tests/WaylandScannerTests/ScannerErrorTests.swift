import Foundation
import Testing

@testable import WaylandScanner

/// Malformed protocol files must fail the build with `file:line: error: message` pointing at the culprit.
@Suite struct ScannerErrorTests {
    func error(for xml: String) -> ScannerError? {
        do {
            _ = try generate(inputs: [("bad.xml", xml)])
            return nil
        } catch let error as ScannerError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func unclosedElementNamesItsOpeningLine() {
        let error = error(
            for:
                "<protocol name=\"p\">\n  <interface name=\"a\" version=\"1\">\n    <request name=\"r\">\n  </interface>\n</protocol>\n"
        )
        #expect(error?.description == "bad.xml:4: error: </interface> closes <request> opened on line 3")
    }

    @Test func unknownArgumentTypeIsReportedAtItsLine() {
        let error = error(
            for:
                "<protocol name=\"p\">\n<interface name=\"a\" version=\"1\">\n<request name=\"r\">\n<arg name=\"x\" type=\"float\"/>\n</request>\n</interface>\n</protocol>"
        )
        #expect(error?.description == "bad.xml:4: error: unknown argument type 'float'")
    }

    @Test func unknownInterfaceIsReported() {
        let error = error(
            for:
                "<protocol name=\"p\">\n<interface name=\"a\" version=\"1\">\n<event name=\"e\">\n\n<arg name=\"s\" type=\"object\" interface=\"wl_nowhere\"/>\n</event>\n</interface>\n</protocol>"
        )
        #expect(error?.description == "bad.xml:5: error: unknown interface 'wl_nowhere'")
    }

    @Test func missingAttributeAndBadVersionAreReported() {
        #expect(
            error(for: "<protocol name=\"p\">\n<interface version=\"1\"/>\n</protocol>")?.description
                == "bad.xml:2: error: <interface> needs a 'name' attribute")
        #expect(
            error(for: "<protocol name=\"p\">\n<interface name=\"a\" version=\"one\"/>\n</protocol>")?.description
                == "bad.xml:2: error: 'version' must be a positive integer, not 'one'")
        #expect(
            error(
                for:
                    "<protocol name=\"p\"><interface name=\"a\" version=\"1\">\n<request name=\"r\" since=\"2\"/></interface></protocol>"
            )?.description
                == "bad.xml:2: error: request 'r' is since version 2 but a is version 1")
    }

    @Test func unterminatedCommentAndBadEntityAreReported() {
        #expect(
            error(for: "<protocol name=\"p\">\n\n<!-- never closed\n</protocol>")?.description
                == "bad.xml:3: error: unterminated comment")
        #expect(
            error(for: "<protocol name=\"p\">\n<interface name=\"a&bogus;\" version=\"1\"/></protocol>")?.description
                == "bad.xml:2: error: unknown entity '&bogus;'")
    }

    @Test func unknownEnumIsReported() {
        let xml =
            "<protocol name=\"p\"><interface name=\"a\" version=\"1\">\n<request name=\"r\">\n<arg name=\"x\" type=\"uint\" enum=\"b.missing\"/>\n</request></interface></protocol>"
        #expect(error(for: xml)?.description == "bad.xml:3: error: unknown enum 'b.missing'")
    }

    /// The executable, as the build plugin runs it, exits 1 and prints the error, so the build fails there.
    @Test func scannerExecutableFailsTheBuildWithFileAndLine() throws {
        // The test bundle's folder.
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let scanner = [products, products.deletingLastPathComponent()]
            .map { $0.appending(path: "WaylandScanner") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        let executable = try #require(scanner, "WaylandScanner not built next to the test bundle (\(products.path))")
        let directory = FileManager.default.temporaryDirectory.appending(path: "scanner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appending(path: "broken.xml")
        try "<protocol name=\"p\">\n<interface name=\"a\" version=\"1\">\n</protocol>\n".write(
            to: bad, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--output", directory.appending(path: "out").path, bad.path]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(message == "\(bad.path):3: error: </protocol> closes <interface> opened on line 2\n")
    }
}
