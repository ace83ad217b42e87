#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A folder's entries as `readdir` gives them: each name and whether it is a folder (from the entry's type, or
/// one `stat` where the file system does not say or the entry is a link).
///
/// The asset catalogs are found by listing the executable's folder, the resource bundles and the working
/// directory at launch; Foundation's listing makes a URL for every entry and asks for its attributes one by one,
/// which cost thousands of allocations before the first frame.
package enum DirectoryListing {
    package struct Entry {
        package let name: String
        package let isDirectory: Bool

        /// What follows the last dot of the name (`xcassets`), empty without one; a leading dot (`.build`)
        /// does not start an extension.
        package var fileExtension: Substring {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
            return name[name.index(after: dot)...]
        }

        /// The name without its extension and dot.
        package var baseName: Substring {
            let ext = fileExtension
            return ext.isEmpty ? name[...] : name[..<name.index(before: ext.startIndex)]
        }

        /// Hidden entries (`.build`, `.git`): never searched for catalogs.
        package var isHidden: Bool { name.hasPrefix(".") }
    }

    /// The entries of the folder at `path` (not `.` and `..`), sorted by name; none when it cannot be read.
    package static func entries(of path: String) -> [Entry] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var found: [Entry] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let type = Int(entry.pointee.d_type)
            let isDirectory: Bool
            if type == Int(DT_DIR) {
                isDirectory = true
            } else if type == Int(DT_UNKNOWN) || type == Int(DT_LNK) {
                isDirectory = Self.isDirectory(path + "/" + name)
            } else {
                isDirectory = false
            }
            found.append(Entry(name: name, isDirectory: isDirectory))
        }
        return found.sorted { $0.name < $1.name }
    }

    /// Whether `path` is a folder (following links).
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
