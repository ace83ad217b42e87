import CompositorHarness
import Foundation
import Testing

/// The fixture itself: failures are explained, hangs are cut short, and nothing is left behind.
@Suite struct FixtureTests {
    @Test func compositorThatFailsToStartNamesItsLog() throws {
        do {
            let weston = try Compositor.start(.weston, extraArguments: ["--modules=/nonexistent/missing-module.so"])
            weston.stop()
            Issue.record("weston started with a missing module")
        } catch let error as HarnessError {
            #expect(error.description.hasPrefix("weston did not start"), "\(error)")
            #expect(error.description.contains("its log is /"), "\(error)")
            #expect(error.description.contains("missing-module.so"), "the log's tail explains why: \(error)")
        }
    }

    @Test func hangingClientIsKilledAndItsOutputKept() throws {
        let weston = try Compositor.start(.weston)
        let started = Date()
        do {
            try weston.runClient(
                "/bin/sh", arguments: ["-c", "echo still thinking; exec sleep 600"], timeout: 0.5, name: "hanger")
            Issue.record("a hanging client was reported as finished")
        } catch let error as HarnessError {
            // Cut short rather than waited out: far less than the client's own 600 s, however busy the machine.
            #expect(Date().timeIntervalSince(started) < 300)
            let kept = try #require(error.description.components(separatedBy: "kept in ").last)
            #expect(try String(contentsOfFile: kept, encoding: .utf8) == "still thinking\n")
            try? FileManager.default.removeItem(atPath: kept)
        }
    }

    @Test func twentyStartStopCyclesLeaveNoProcessAndNoDirectory() throws {
        for _ in 0..<20 {
            let weston = try Compositor.start(.weston)
            let (client, probe) = try weston.launchProbedClient(try BuiltProducts.executable("InputProbe"))
            #expect(probe.waitForLine(startingWith: "frame 1") != nil)
            let processes = weston.processIDs + [client.pid]
            let directory = weston.runtimeDirectory
            weston.stop()
            #expect(
                processes.allSatisfy { !ProcessTree.isAlive($0) },
                "left running: \(processes.filter(ProcessTree.isAlive))")
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }

    @Test(arguments: [(Compositor.Kind.sway, 5), (.mutter, 3)])
    func otherCompositorsLeaveNoProcessAndNoDirectory(kind: Compositor.Kind, cycles: Int) throws {
        for _ in 0..<cycles {
            let compositor = try Compositor.start(kind)
            let processes = compositor.processIDs
            #expect(processes.count >= 2, "the compositor and its helpers: \(processes)")
            let directory = compositor.runtimeDirectory
            compositor.stop()
            #expect(
                processes.allSatisfy { !ProcessTree.isAlive($0) },
                "left running: \(processes.filter(ProcessTree.isAlive))")
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }
}
