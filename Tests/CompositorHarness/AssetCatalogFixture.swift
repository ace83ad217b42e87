import Foundation

/// A throwaway folder laid out as a SwiftPM resource bundle holding `Assets.xcassets`, for tests of asset
/// catalogs: sets are written as Xcode writes them (a folder per set with its `Contents.json`).
package struct AssetCatalogFixture {
    /// The bundle folder (pass it as `Bundle(path:)` or as a search directory).
    package let bundle: URL
    package var catalog: URL { bundle.appending(path: "Assets.xcassets") }

    package init() throws {
        bundle = FileManager.default.temporaryDirectory.appending(path: "assets-\(UUID().uuidString).resources")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try write(#"{"info":{"author":"xcode","version":1}}"#, to: "Contents.json")
    }

    /// A colour set whose `colors` list is `colors` (JSON).
    package func colorSet(_ name: String, colors: String) throws {
        try write(#"{"colors":\#(colors),"info":{"author":"xcode","version":1}}"#, to: "\(name).colorset/Contents.json")
    }

    /// One `colors` entry in `space` with `components` (JSON object members), for `appearance` (`nil`: any).
    package static func color(space: String, _ components: String, appearance: String? = nil) -> String {
        let appearances =
            appearance.map { value in
                let kind = value == "high" ? "contrast" : "luminosity"
                return #""appearances":[{"appearance":"\#(kind)","value":"\#(value)"}],"#
            } ?? ""
        return
            #"{\#(appearances)"color":{"color-space":"\#(space)","components":{\#(components)}},"idiom":"universal"}"#
    }

    /// An image set with `images` (the JSON list), `properties` (a JSON object) and its files.
    package func imageSet(
        _ name: String, images: String, properties: String = "{}", files: [String: Data] = [:]
    ) throws {
        try write(
            #"{"images":\#(images),"info":{"author":"xcode","version":1},"properties":\#(properties)}"#,
            to: "\(name).imageset/Contents.json")
        for (file, data) in files { try write(data, to: "\(name).imageset/\(file)") }
    }

    /// Writes `text` at `path` inside the catalog, creating its folders.
    package func write(_ text: String, to path: String) throws { try write(Data(text.utf8), to: path) }

    package func write(_ data: Data, to path: String) throws {
        let url = catalog.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    package func remove() { try? FileManager.default.removeItem(at: bundle) }
}
