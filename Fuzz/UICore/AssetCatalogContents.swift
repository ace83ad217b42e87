// libFuzzer target: an asset catalog's Contents.json, read as a colour set, an image set and a group. Any input
// is a value or an AssetCatalogError; a colour is finite and within 0…1 in both schemes; bitmaps stay in their set.
import Foundation
@_spi(Engine) @testable import UICore

func fuzzAssetCatalogContents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    if let color = try? AssetCatalogParser.colorSet(from: bytes) {
        for scheme in [ColorScheme.light, .dark] {
            var environment = EnvironmentValues()
            environment.colorScheme = scheme
            let c = Color(storage: color.storage(for: scheme)).resolve(in: environment)
            for v in [c.red, c.green, c.blue, c.opacity] {
                precondition(v.isFinite && v >= 0 && v <= 1, "colour component \(v) out of range")
            }
        }
    }
    if let set = try? AssetCatalogParser.imageSet(from: bytes, directory: "/set") {
        for bitmap in set.bitmaps {
            precondition(bitmap.path.hasPrefix("/set/") && !bitmap.path.contains(".."), "bitmap outside its set")
            precondition(bitmap.scale.isFinite && bitmap.scale >= 1, "scale \(bitmap.scale)")
        }
        _ = set.bitmap(forScale: 2)
    }
    _ = try? AssetCatalogParser.providesNamespace(bytes)
    return 0
}
