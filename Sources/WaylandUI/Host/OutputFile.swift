import Foundation
import Glibc

/// Where `--record` and `--screenshot` write. A FIFO or a character device is written as it is (a pipe to
/// another program, `/dev/null`); a regular file is replaced, never rewritten in place: a temporary file in
/// the same folder is renamed over it, so whoever reads the old one keeps it whole. A symbolic link is followed
/// only to a file in its own folder (a link planted at the path must not send a root app's output to
/// `/etc/…` or `/dev/…`); anything else (a directory, a block device, a socket) is refused.
enum OutputFile {
    enum Target: Equatable {
        /// A FIFO or character device, written as it is.
        case stream(String)
        /// A regular file (or none yet) at this path, which is not a symbolic link.
        case file(String)
    }

    /// What writing to `path` would write to, or why it may not.
    static func target(for path: String) throws(OutputFileError) -> Target {
        var path = path
        for _ in 0..<8 {  // links to links, as the kernel's own limit is generous but a loop is not
            var info = stat()
            guard lstat(path, &info) == 0 else {
                guard errno == ENOENT else {
                    throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
                }
                return .file(path)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file(path)
            case S_IFIFO, S_IFCHR: return .stream(path)
            case S_IFLNK: path = try linkTarget(path)
            case S_IFDIR: throw OutputFileError(path: path, reason: "it is a folder")
            default: throw OutputFileError(path: path, reason: "it is not a regular file, a FIFO or a character device")
            }
        }
        throw OutputFileError(path: path, reason: "too many symbolic links")
    }

    /// Where the link at `path` points, if that is in the link's own folder.
    private static func linkTarget(_ path: String) throws(OutputFileError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { throw OutputFileError(path: path, reason: String(cString: strerror(errno))) }
        let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folder = (path as NSString).deletingLastPathComponent
        let resolved =
            destination.hasPrefix("/") ? destination : (folder.isEmpty ? destination : folder + "/" + destination)
        let linkFolder = realFolder(of: path)
        guard let targetFolder = realFolder(of: resolved), targetFolder == linkFolder else {
            throw OutputFileError(
                path: path, reason: "it is a symbolic link out of its folder (to \(destination)); not following it")
        }
        return resolved
    }

    /// The canonical path of the folder holding `path` (links resolved), if it exists.
    private static func realFolder(of path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        guard let real = realpath(folder.isEmpty ? "." : folder, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Whether `a` and `b` name the same existing file (through any spelling, link or hard link).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// An open output: `commit` puts a regular file in place (a stream has nothing to put).
    final class Writer {
        let path: String
        private(set) var fd: Int32
        private var temporary: String?

        /// Opens `target`. A FIFO's open waits for a reader, so for one call this off the main thread.
        init(_ target: Target) throws(OutputFileError) {
            switch target {
            case .stream(let path):
                self.path = path
                fd = open(path, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else { throw OutputFileError(path: path, reason: String(cString: strerror(errno))) }
            case .file(let path):
                self.path = path
                let folder = (path as NSString).deletingLastPathComponent
                let name = (path as NSString).lastPathComponent
                var template = Array(((folder.isEmpty ? "" : folder + "/") + ".\(name).XXXXXX").utf8CString)
                fd = mkstemp(&template)
                guard fd >= 0 else { throw OutputFileError(path: path, reason: String(cString: strerror(errno))) }
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                // The file it replaces keeps its permissions; a new one gets the usual ones (mkstemp's are 0600).
                var old = stat()
                let mode = stat(path, &old) == 0 ? old.st_mode & 0o7777 : 0o666 & ~currentUmask()
                fchmod(fd, mode)
            }
        }

        /// Writes all of `bytes`; false if the output went away (a FIFO's reader closed it: EPIPE, not SIGPIPE,
        /// where the calling thread blocks that signal) or failed.
        func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard let base = bytes.baseAddress, fd >= 0 else { return bytes.isEmpty }
            var written = 0
            while written < bytes.count {
                let result = Glibc.write(fd, base + written, bytes.count - written)
                if result > 0 {
                    written += result
                } else if result < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }

        func write(_ data: Data) -> Bool { data.withUnsafeBytes { write($0) } }

        /// A regular file takes its place (renamed over whatever was at the path); a stream stays as it is.
        func commit() throws(OutputFileError) {
            guard let temporary else { return }
            self.temporary = nil
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw OutputFileError(path: path, reason: reason)
            }
        }

        func close() {
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
            if let temporary { unlink(temporary) }
            temporary = nil
        }

        deinit { close() }
    }

    /// Writes `data` to `path` whole (`--screenshot`), on the calling thread, SIGPIPE blocked.
    static func write(_ data: Data, to path: String) throws(OutputFileError) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &signals, &previous)
        defer {
            // A reader that went away left a SIGPIPE pending: taken here, so unblocking does not end the app.
            var now = timespec()
            _ = sigtimedwait(&signals, nil, &now)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        let writer = try Writer(try target(for: path))
        defer { writer.close() }
        guard writer.write(data) else {
            throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
        }
        try writer.commit()
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}

/// Why an output path was refused or failed (`cannot write FILE: reason`).
struct OutputFileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot write \(path): \(reason)" }
}
