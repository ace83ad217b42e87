import Foundation

/// Finding and ending processes through /proc, so no compositor helper outlives a test.
public enum ProcessTree {
    /// Every live descendant of `pid`.
    public static func descendants(of pid: Int32) -> [Int32] {
        var parents: [Int32: [Int32]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry), let parent = parentAndState(of: child), parent.state != "Z" else {
                continue
            }
            parents[parent.ppid, default: []].append(child)
        }
        var found: [Int32] = []
        var queue = parents[pid] ?? []
        while let next = queue.popLast() {
            found.append(next)
            queue += parents[next] ?? []
        }
        return found
    }

    /// True while the process exists and is not a zombie (PID 1 here reaps orphans lazily).
    public static func isAlive(_ pid: Int32) -> Bool {
        guard let info = parentAndState(of: pid) else { return false }
        return info.state != "Z"
    }

    /// SIGTERM, then SIGKILL for any still alive after a second.
    public static func terminate(_ pids: [Int32]) {
        let alive = pids.filter(isAlive)
        guard !alive.isEmpty else { return }
        alive.forEach { kill($0, SIGTERM) }
        if !waitUntil(timeout: 1, { alive.allSatisfy { !isAlive($0) } }) {
            alive.filter(isAlive).forEach { kill($0, SIGKILL) }
            _ = waitUntil(timeout: 2) { alive.allSatisfy { !isAlive($0) } }
        }
    }

    private static func parentAndState(of pid: Int32) -> (ppid: Int32, state: Character)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm) ": state, ppid, …
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let state = fields[0].first, let ppid = Int32(fields[1]) else { return nil }
        return (ppid, state)
    }
}
