import Foundation

/// A colour set of an asset catalog: the colour for any appearance and, when the set has them, for light and
/// dark (high-contrast variants are left out: the desktop has no such setting to follow).
package struct AssetColor: Hashable, Sendable {
    package var any: Color.Storage
    package var light: Color.Storage?
    package var dark: Color.Storage?

    package func storage(for scheme: ColorScheme) -> Color.Storage {
        (scheme == .dark ? dark : light) ?? any
    }
}

/// An image set of an asset catalog: its bitmaps by scale, and whether it is drawn as a template.
package struct AssetImageSet: Hashable, Sendable {
    package struct Bitmap: Hashable, Sendable {
        package var path: String
        /// Pixels per point (the `2x` of `@2x`).
        package var scale: Double
    }
    package var bitmaps: [Bitmap]
    /// `template-rendering-intent: template`: drawn in the foreground style unless `.renderingMode` says otherwise.
    package var isTemplate: Bool
    /// Entries this renderer skips (vector PDFs and SVGs), for the log.
    package var skipped: [String]

    /// The bitmap to draw at `scale` pixels per point: the smallest at least as dense, else the densest.
    package func bitmap(forScale scale: Double) -> Bitmap? {
        let sorted = bitmaps.sorted { $0.scale < $1.scale }
        return sorted.first { $0.scale >= scale - 0.01 } ?? sorted.last
    }
}

/// What is wrong with a `Contents.json`.
package struct AssetCatalogError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Reads the `Contents.json` files Xcode writes for colour sets and image sets.
package enum AssetCatalogParser {
    /// A colour set's `Contents.json`.
    package static func colorSet(from data: Data) throws -> AssetColor {
        let root = try object(from: data)
        guard let colors = root["colors"] as? [Any], !colors.isEmpty else {
            throw AssetCatalogError("no \"colors\" list")
        }
        var any: Color.Storage?
        var light: Color.Storage?
        var dark: Color.Storage?
        var firstOtherIdiom: Color.Storage?
        for case let entry as [String: Any] in colors {
            guard let color = entry["color"] as? [String: Any] else { continue }
            let storage = try self.color(color)
            let idiom = entry["idiom"] as? String ?? "universal"
            var luminosity: String?
            var highContrast = false
            for case let appearance as [String: Any] in entry["appearances"] as? [Any] ?? [] {
                switch appearance["appearance"] as? String {
                case "luminosity": luminosity = appearance["value"] as? String
                case "contrast": highContrast = appearance["value"] as? String == "high"
                default: break
                }
            }
            guard !highContrast else { continue }
            guard idiom == "universal" else {
                if luminosity == nil, firstOtherIdiom == nil { firstOtherIdiom = storage }
                continue
            }
            switch luminosity {
            case "dark": dark = storage
            case "light": light = storage
            default: any = storage
            }
        }
        guard let base = any ?? light ?? firstOtherIdiom ?? dark else {
            throw AssetCatalogError("no colour for any appearance")
        }
        return AssetColor(any: base, light: light, dark: dark)
    }

    /// An image set's `Contents.json`; `directory` is the set's folder (file names are relative to it).
    package static func imageSet(from data: Data, directory: String) throws -> AssetImageSet {
        let root = try object(from: data)
        guard let images = root["images"] as? [Any] else { throw AssetCatalogError("no \"images\" list") }
        var universal: [AssetImageSet.Bitmap] = []
        var other: [AssetImageSet.Bitmap] = []
        var skipped: [String] = []
        for case let entry as [String: Any] in images {
            guard let file = entry["filename"] as? String, !file.isEmpty else { continue }
            // Dark and high-contrast variants of images are left out: the "any" bitmaps serve both schemes.
            if let appearances = entry["appearances"] as? [Any], !appearances.isEmpty { continue }
            let fileExtension = (file as NSString).pathExtension.lowercased()
            guard ["png", "jpg", "jpeg"].contains(fileExtension) else {
                skipped.append(file)
                continue
            }
            var scale = 1.0
            if let text = entry["scale"] as? String {
                guard let value = Double(text.trimmingCharacters(in: CharacterSet(charactersIn: "x"))),
                    value.isFinite, value >= 1, value <= 16
                else { throw AssetCatalogError("\(file): scale \"\(text)\" is not 1x, 2x or 3x") }
                scale = value
            }
            guard !file.contains(".."), !file.hasPrefix("/") else {
                throw AssetCatalogError("\(file): a file name must stay inside the image set")
            }
            let bitmap = AssetImageSet.Bitmap(path: directory + "/" + file, scale: scale)
            if (entry["idiom"] as? String ?? "universal") == "universal" {
                universal.append(bitmap)
            } else {
                other.append(bitmap)
            }
        }
        let properties = root["properties"] as? [String: Any]
        // Other idioms (iphone, mac…) are used when the set has no universal bitmap, one per scale.
        var bitmaps = universal
        for bitmap in other where !bitmaps.contains(where: { $0.scale == bitmap.scale }) { bitmaps.append(bitmap) }
        return AssetImageSet(
            bitmaps: bitmaps, isTemplate: properties?["template-rendering-intent"] as? String == "template",
            skipped: skipped)
    }

    /// Whether a group folder's `Contents.json` makes its name part of the names inside it.
    package static func providesNamespace(_ data: Data) throws -> Bool {
        let properties = try object(from: data)["properties"] as? [String: Any]
        return properties?["provides-namespace"] as? Bool ?? false
    }

    private static func object(from data: Data) throws -> [String: Any] {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw AssetCatalogError("not JSON (\(error.localizedDescription))")
        }
        guard let object = parsed as? [String: Any] else { throw AssetCatalogError("not a JSON object") }
        return object
    }

    /// One `"color"` object: components in a colour space, or a reference to a system colour.
    private static func color(_ color: [String: Any]) throws -> Color.Storage {
        if let reference = color["reference"] as? String {
            guard let system = systemColors[reference] else {
                throw AssetCatalogError("unknown system colour \"\(reference)\"")
            }
            return system.storage
        }
        guard let components = color["components"] as? [String: Any] else {
            throw AssetCatalogError("a colour without \"components\"")
        }
        let space = (color["color-space"] as? String ?? "srgb").lowercased()
        func value(_ key: String, alpha: Bool = false) throws -> Double {
            guard let raw = components[key], let v = component(raw, isAlpha: alpha) else {
                throw AssetCatalogError("component \"\(key)\" is missing or not a number")
            }
            return v
        }
        let opacity = components["alpha"] == nil ? 1 : min(max(try value("alpha", alpha: true), 0), 1)
        let rgba: RGBA
        switch space {
        case "gray-gamma-22", "extended-gray":
            let white = ColorConversion.sRGBEncoded(fromLinear: pow(max(try value("white"), 0), 2.2))
            rgba = RGBA(red: white, green: white, blue: white, opacity: opacity)
        case "srgb", "extended-srgb":
            rgba = RGBA(red: try value("red"), green: try value("green"), blue: try value("blue"), opacity: opacity)
        case "extended-linear-srgb":
            rgba = ColorConversion.sRGB(
                fromLinear: RGBA(
                    red: try value("red"), green: try value("green"), blue: try value("blue"),
                    opacity: opacity))
        case "display-p3":
            rgba = ColorConversion.sRGB(
                fromDisplayP3: RGBA(
                    red: try value("red"), green: try value("green"), blue: try value("blue"),
                    opacity: opacity))
        default:
            throw AssetCatalogError("colour space \"\(space)\" is not one Xcode writes")
        }
        return .rgba(ColorConversion.clamped(rgba))
    }

    /// A component as Xcode writes it: `"0.500"` (a float), `"0x80"` (8-bit hex), `"128"` (8-bit integer);
    /// alpha is always a float, so an integer alpha of 0 or 1 means opacity 0 or 1.
    package static func component(_ raw: Any, isAlpha: Bool) -> Double? {
        var value: Double?
        if let text = raw as? String {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.lowercased().hasPrefix("0x") {
                value = UInt8(trimmed.dropFirst(2), radix: 16).map { Double($0) / 255 }
            } else if trimmed.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                value = Double(trimmed)
            } else if let integer = Int(trimmed) {
                value = isAlpha && integer <= 1 ? Double(integer) : Double(integer) / 255
            }
        } else if let number = raw as? NSNumber {
            let double = number.doubleValue
            value = double > 1 ? double / 255 : double
        }
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// The system colours a colour set may refer to (`"reference": "systemBlueColor"`, iOS and macOS names).
    package static let systemColors: [String: Color] = [
        "systemRedColor": .red, "systemOrangeColor": .orange, "systemYellowColor": .yellow,
        "systemGreenColor": .green, "systemMintColor": .mint, "systemTealColor": .teal, "systemCyanColor": .cyan,
        "systemBlueColor": .blue, "systemIndigoColor": .indigo, "systemPurpleColor": .purple,
        "systemPinkColor": .pink, "systemBrownColor": .brown, "systemGrayColor": .gray,
        "labelColor": .primary, "secondaryLabelColor": .secondary, "controlAccentColor": .blue,
        "blackColor": .black, "whiteColor": .white, "clearColor": .clear,
    ]
}

/// Conversions into the sRGB the renderer draws in.
package enum ColorConversion {
    package static func sRGBEncoded(fromLinear v: Double) -> Double {
        v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
    }
    package static func linear(fromSRGBEncoded v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    package static func sRGB(fromLinear c: RGBA) -> RGBA {
        RGBA(
            red: sRGBEncoded(fromLinear: c.red), green: sRGBEncoded(fromLinear: c.green),
            blue: sRGBEncoded(fromLinear: c.blue), opacity: c.opacity)
    }
    /// Display P3 shares sRGB's transfer curve and white point; only the primaries differ.
    package static func sRGB(fromDisplayP3 c: RGBA) -> RGBA {
        let (r, g, b) = (
            linear(fromSRGBEncoded: c.red), linear(fromSRGBEncoded: c.green), linear(fromSRGBEncoded: c.blue)
        )
        return clamped(
            sRGB(
                fromLinear: RGBA(
                    red: 1.2249401 * r - 0.2249404 * g,
                    green: -0.0420569 * r + 1.0420571 * g,
                    blue: -0.0196376 * r - 0.0786361 * g + 1.0982735 * b, opacity: c.opacity)))
    }
    /// Components outside 0…1 (extended spaces, wide-gamut colours) clipped to what the screen shows.
    package static func clamped(_ c: RGBA) -> RGBA {
        func clip(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        return RGBA(red: clip(c.red), green: clip(c.green), blue: clip(c.blue), opacity: clip(c.opacity))
    }
}
