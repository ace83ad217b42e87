import Foundation

/// A process started by a test, with its output in a file (never a pipe: a backgrounded compositor that
/// inherits a pipe can hang whoever reads it) and a guaranteed end.
///
/// Spawned with posix_spawn rather than Foundation's `Process`, because a child must start with every
/// signal unblocked and at its default action: test threads block most signals, and a child that inherits
/// that mask ignores SIGTERM. Each child leads its own process group, so stopping it reaches its helpers.
public final class ChildProcess {
    public let name: String
    public let outputFile: URL
    public let pid: Int32
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`; stdout and stderr go to `<directory>/<name>.log`.
    public init(
        name: String, executable: String, arguments: [String], environment: [String: String],
        directory: URL, workingDirectory: URL? = nil
    ) throws {
        self.name = name
        outputFile = directory.appending(path: "\(name).log")
        var argv = [executable] + arguments
        if let workingDirectory {  // glibc's posix_spawn has no portable chdir action
            argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", workingDirectory.path] + argv
        }
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &fileActions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&fileActions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, argv[0], &fileActions, &attributes, cArguments, cEnvironment)
        guard result == 0 else {
            throw HarnessError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    /// False once the process has ended (and been reaped).
    public var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid || reaped < 0 {
            // A normal exit gives its status; death by signal N gives 128 + N, as shells report it.
            let signal = status & 0x7F
            exitStatus = reaped < 0 ? -1 : (signal == 0 ? (status >> 8) & 0xFF : 128 + signal)
            return false
        }
        return true
    }

    /// What the process printed so far.
    public var output: String {
        (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    /// Waits for the process to end; returns its exit status, or nil if it is still running at the deadline
    /// (which stretches with the machine's load: see `Deadline`).
    @discardableResult
    public func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Deadline(timeout)
        while isRunning {
            if deadline.hasPassed { return nil }
            usleep(2_000)
        }
        return exitStatus
    }

    /// SIGTERM to the process group, then SIGKILL if it has not gone within `grace` seconds.
    public func stop(grace: TimeInterval = 2) {
        guard isRunning else { return }
        kill(-pid, SIGTERM)
        if waitForExit(timeout: grace) == nil {
            kill(-pid, SIGKILL)
            waitForExit(timeout: 5)
        }
    }

    deinit { stop() }
}

/// A harness failure with a message that says what to look at.
public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Polls `condition` every 2 ms until it holds or the `Deadline` of `timeout` passes; returns whether it held.
public func waitUntil(timeout: TimeInterval, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Deadline(timeout)
    while !deadline.hasPassed {
        if try condition() { return true }
        usleep(2_000)
    }
    return try condition()
}
