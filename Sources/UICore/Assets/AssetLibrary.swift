import Foundation

/// The app's asset catalogs (`*.xcassets` folders, which SwiftPM copies as they are into a target's resource
/// bundle): finds colour and image sets by name, parses each once, and reports each problem once.
///
/// Without a bundle, a name is looked up in the main bundle (the executable's folder), the SwiftPM resource
/// bundles beside the executable and the working directory; with one, in that bundle only.
package final class AssetLibrary: @unchecked Sendable {
    /// The app's catalogs, found from the executable's location when a named colour or image is first asked for.
    package static let shared = AssetLibrary(searchDirectories: { defaultSearchDirectories })

    /// Where unnamed-bundle lookups search: the main bundle, resource bundles beside it, the working directory.
    package static var defaultSearchDirectories: [URL] {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let bundles = DirectoryListing.entries(of: executable.path)
            .filter { $0.fileExtension == "resources" && $0.isDirectory }
            .map { executable.appending(path: $0.name, directoryHint: .isDirectory) }
        var directories = [executable] + bundles
        let main = Bundle.main.bundleURL.standardizedFileURL
        if !directories.contains(main) { directories.insert(main, at: 0) }
        return directories + [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    }

    /// The search directories, worked out at the first lookup (none is listed before a name is asked for).
    private var searchDirectories: [URL] {
        if let resolvedDirectories { return resolvedDirectories }
        let directories = findSearchDirectories()
        resolvedDirectories = directories
        return directories
    }
    private let findSearchDirectories: () -> [URL]
    private var resolvedDirectories: [URL]?
    private let lock = NSLock()
    /// Catalog folders found in each searched directory, by the directory's path.
    private var catalogsByDirectory: [String: [Catalog]] = [:]
    private var colors: [LookupKey: AssetColor?] = [:]
    private var imageSets: [LookupKey: AssetImageSet?] = [:]
    private var reported = Set<String>()
    /// Every folder listed while looking for catalogs and indexing them, in order (what tests check).
    package var listedFolders: [String] { lock.withLock { listed } }
    private var listed: [String] = []
    /// Where problems go (standard error; tests listen here).
    package var log: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8)) }

    package convenience init(searchDirectories: [URL]) { self.init(searchDirectories: { searchDirectories }) }

    /// A library whose search directories `find` gives at the first lookup.
    package init(searchDirectories find: @escaping () -> [URL]) { findSearchDirectories = find }

    private struct LookupKey: Hashable {
        var name: String
        var bundle: String?
    }

    /// One `.xcassets` folder: its sets' folders by name (group folders that provide a namespace prefix their name).
    private struct Catalog {
        var path: String
        var colorSets: [String: String] = [:]
        var imageSets: [String: String] = [:]
    }

    /// The colour set `name`, or `nil` (reported once unless `quietly`).
    package func color(named name: String, bundle: String?, quietly: Bool = false) -> AssetColor? {
        lock.withLock {
            let key = LookupKey(name: name, bundle: bundle)
            if let cached = colors[key] { return cached }
            let found = lookUp(name, bundle: bundle, in: \.colorSets, kind: "colour set", quietly: quietly) {
                data, _ in try AssetCatalogParser.colorSet(from: data)
            }
            // `updateValue`: a missing set is remembered too (assigning `nil` would remove the entry).
            if found != nil || !quietly { colors.updateValue(found, forKey: key) }
            return found
        }
    }

    /// The image set `name`, or `nil` (reported once).
    package func imageSet(named name: String, bundle: String?) -> AssetImageSet? {
        lock.withLock {
            let key = LookupKey(name: name, bundle: bundle)
            if let cached = imageSets[key] { return cached }
            let found = lookUp(name, bundle: bundle, in: \.imageSets, kind: "image set", quietly: true) {
                try AssetCatalogParser.imageSet(from: $0, directory: $1)
            }
            if let found, !found.skipped.isEmpty {
                report(
                    "image set \"\(name)\": \(found.skipped.joined(separator: ", ")) left out (only PNG and JPEG "
                        + "bitmaps are drawn; give the set @1x/@2x bitmaps)")
            }
            // A missing set is remembered too (assigning `nil` would remove the entry, and every frame drawing
            // a resource image would search the catalogs again).
            imageSets.updateValue(found, forKey: key)
            return found
        }
    }

    /// The catalogs a lookup searches, for messages.
    package func catalogPaths(bundle: String?) -> [String] {
        lock.withLock { catalogs(bundle: bundle).map(\.path) }
    }

    private func lookUp<Value>(
        _ name: String, bundle: String?, in sets: KeyPath<Catalog, [String: String]>, kind: String, quietly: Bool,
        parse: (Data, String) throws -> Value
    ) -> Value? {
        let catalogs = catalogs(bundle: bundle)
        for catalog in catalogs {
            guard let folder = catalog[keyPath: sets][name] else { continue }
            let contents = folder + "/Contents.json"
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: contents))
                return try parse(data, folder)
            } catch let error as AssetCatalogError {
                report("\(kind) \"\(name)\": \(contents) cannot be used (\(error)); drawing a placeholder")
            } catch {
                report(
                    "\(kind) \"\(name)\": \(contents) cannot be read (\(error.localizedDescription)); drawing a placeholder"
                )
            }
            return nil
        }
        if !quietly {
            let searched = catalogs.isEmpty ? "no asset catalog found" : catalogs.map(\.path).joined(separator: ", ")
            report("no \(kind) named \"\(name)\" (\(searched)); drawing a placeholder")
        }
        return nil
    }

    private func catalogs(bundle: String?) -> [Catalog] {
        let directories = bundle.map { [URL(fileURLWithPath: $0)] } ?? searchDirectories
        return directories.flatMap { directory in
            if let known = catalogsByDirectory[directory.path] { return known }
            let found = catalogFolders(in: directory.path).map(index)
            catalogsByDirectory[directory.path] = found
            return found
        }
    }

    /// `*.xcassets` folders in `directory` and one level below (`.copy("Resources")` keeps its folder); hidden
    /// folders (`.build`, `.git`) are not searched.
    private func catalogFolders(in directory: String) -> [String] {
        var found: [String] = []
        for entry in list(directory) where entry.isDirectory && !entry.isHidden {
            let path = directory + "/" + entry.name
            let ext = entry.fileExtension
            if ext == "xcassets" {
                found.append(path)
            } else if ext.isEmpty || ext == "resources" {
                found += list(path).filter { $0.fileExtension == "xcassets" && $0.isDirectory && !$0.isHidden }
                    .map { path + "/" + $0.name }
            }
        }
        return found
    }

    private func list(_ folder: String) -> [DirectoryListing.Entry] {
        listed.append(folder)
        return DirectoryListing.entries(of: folder)
    }

    private func index(_ folder: String) -> Catalog {
        var catalog = Catalog(path: folder)
        indexGroup(folder, prefix: "", into: &catalog, depth: 0)
        return catalog
    }

    private func indexGroup(_ folder: String, prefix: String, into catalog: inout Catalog, depth: Int) {
        guard depth < 16 else { return }
        for entry in list(folder) where entry.isDirectory {
            let path = folder + "/" + entry.name
            let name = prefix + entry.baseName
            switch entry.fileExtension {
            case "colorset": if catalog.colorSets[name] == nil { catalog.colorSets[name] = path }
            case "imageset": if catalog.imageSets[name] == nil { catalog.imageSets[name] = path }
            case "":
                var namespace = false
                if let data = FileManager.default.contents(atPath: path + "/Contents.json") {
                    do {
                        namespace = try AssetCatalogParser.providesNamespace(data)
                    } catch {
                        report(
                            "asset catalog group \(path)/Contents.json cannot be used (\(error)); its sets keep their own names"
                        )
                    }
                }
                indexGroup(path, prefix: namespace ? name + "/" : prefix, into: &catalog, depth: depth + 1)
            default: break  // app icons, symbol sets, data sets
            }
        }
    }

    private func report(_ message: String) {
        if reported.insert(message).inserted { log(message) }
    }
}

package struct AssetLibraryKey: EnvironmentKey {
    package static var defaultValue: AssetLibrary { .shared }
}

extension EnvironmentValues {
    /// The asset catalogs named colours and the app's accent colour come from (the app's own, or a test's).
    package var assetLibrary: AssetLibrary {
        get { self[AssetLibraryKey.self] }
        set { self[AssetLibraryKey.self] = newValue }
    }
}
