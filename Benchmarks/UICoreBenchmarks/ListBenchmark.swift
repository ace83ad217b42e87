// A List of 1 000 rows and one of 100 000: time to the first frame, time per frame while scrolling, and memory.
// Each size runs in a process of its own (this program again, with UICORE_BENCH_LIST=rows) so their memory
// figures do not mix; the parent prints them side by side with the ratio (want at most 1.2).
import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

struct ListBenchRow: View {
    let row: Int
    var body: some View {
        HStack {
            Text("Row \(row)")
            Spacer()
            Text("\(row % 97)")
        }
    }
}

/// Resident memory of this process, MiB.
func residentMiB() -> Double {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// Runs one size and prints `first-frame-ms frame-ms rss-MiB` on one line.
@MainActor func runListBenchmark(rows: Int) {
    let size = CGSize(width: 400, height: 800)
    var graph: ViewGraph?
    // The median of 15 first frames, each of a new graph (one run is at the mercy of the machine's neighbours).
    var firstFrames: [Double] = []
    for _ in 0..<15 {
        firstFrames.append(milliseconds {
            graph = ViewGraph(root: List(0..<rows) { ListBenchRow(row: $0) }, size: size)
            graph!.update(at: 0)
        }.cpu)
    }
    let gestures = GestureSystem(graph: graph!)
    // 1 500 frames scrolling 20 points each (30 000 points, about 680 rows: short of the end of 1 000) down.
    var frames: [Double] = []
    for frame in 1...1_500 {
        let event = InputEvent(.scroll(CGSize(width: 0, height: 20)), location: CGPoint(x: 200, y: 400), time: Double(frame))
        frames.append(milliseconds {
            gestures.handle(frame: [event])
            graph!.update(at: Double(frame) / 60)
        }.cpu)
    }
    print(String(format: "%.3f %.4f %.1f", median(firstFrames), median(frames), residentMiB()))
}

/// Runs both sizes in child processes and prints the comparison.
func compareListSizes() {
    func child(_ rows: Int) -> [Double]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        var environment = ProcessInfo.processInfo.environment
        environment["UICORE_BENCH_LIST"] = "\(rows)"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let values = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        return values.count == 3 ? values : nil
    }
    guard let small = child(1_000), let large = child(100_000) else {
        print("List: the child runs failed")
        return
    }
    print("List of 1 000 vs 100 000 rows (HStack { Text; Spacer; Text }) at 400x800, scrolled 1 500 frames of 20 points")
    let names = ["first frame (ms CPU)", "frame while scrolling (ms)", "resident memory (MiB)"]
    for (index, name) in names.enumerated() {
        print(String(format: "  %@ %10.3f %10.3f   ratio %.2f (want at most 1.2)",
                     name.padding(toLength: 28, withPad: " ", startingAt: 0), small[index], large[index],
                     large[index] / small[index]))
    }
}
