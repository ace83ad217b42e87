import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Asset catalog colours and images drawn through the renderer, light and dark, at scale 1 and 2, compared with
/// references that were looked at.
@MainActor
@Suite struct AssetRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    /// A PNG of `side`×`side` pixels: a 2×2 checkerboard of `color` and white (as the format Xcode copies in).
    static func checkerPNG(side: Int, _ color: PaintColor) throws -> Data {
        let canvas = try RasterCanvas(width: side, height: side)
        canvas.fill(.rect(CGRect(x: 0, y: 0, width: side, height: side)), with: .color(.white))
        let half = Double(side) / 2
        canvas.fill(.rect(CGRect(x: 0, y: 0, width: half, height: half)), with: .color(color))
        canvas.fill(.rect(CGRect(x: half, y: half, width: half, height: half)), with: .color(color))
        let url = FileManager.default.temporaryDirectory.appending(path: "checker-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try canvas.writePNG(toFile: url.path)
        return try Data(contentsOf: url)
    }

    /// A transparent PNG with an opaque black disc: a template glyph.
    static func discPNG(side: Int) throws -> Data {
        let canvas = try RasterCanvas(width: side, height: side)
        canvas.fill(.ellipse(CGRect(x: 2, y: 2, width: side - 4, height: side - 4)), with: .color(.black))
        let url = FileManager.default.temporaryDirectory.appending(path: "disc-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try canvas.writePNG(toFile: url.path)
        return try Data(contentsOf: url)
    }

    /// A catalog with colour sets in several spaces and formats, an accent colour, a checkerboard at @1x (red)
    /// and @2x (blue), a template glyph, and a damaged set.
    static func makeCatalog() throws -> AssetCatalogFixture {
        let fixture = try AssetCatalogFixture()
        typealias F = AssetCatalogFixture
        try fixture.colorSet(
            "Brand",
            colors: "[" + F.color(space: "srgb", #""red":"0xE6","green":"0x50","blue":"0x1E","alpha":"1.000""#) + ","
                + F.color(
                    space: "srgb", #""red":"0x1E","green":"0x78","blue":"0xE6","alpha":"1.000""#, appearance: "dark")
                + "]")
        try fixture.colorSet(
            "Leaf",
            colors: "[" + F.color(space: "display-p3", #""red":"0.300","green":"0.700","blue":"0.250","alpha":"1.000""#)
                + "]")
        try fixture.colorSet(
            "Ink",
            colors: "[" + F.color(space: "gray-gamma-22", #""white":"0.200","alpha":"1.000""#) + ","
                + F.color(space: "extended-gray", #""white":"0.900","alpha":"1.000""#, appearance: "dark") + "]")
        try fixture.colorSet(
            "Link", colors: #"[{"color":{"platform":"ios","reference":"systemTealColor"},"idiom":"universal"}]"#)
        try fixture.colorSet(
            "AccentColor",
            colors: "[" + F.color(space: "srgb", #""red":"128","green":"0","blue":"128","alpha":"1.000""#) + "]")
        try fixture.write("{ damaged", to: "Damaged.colorset/Contents.json")
        try fixture.imageSet(
            "Checker",
            images:
                #"[{"filename":"c.png","idiom":"universal","scale":"1x"},{"filename":"c@2x.png","idiom":"universal","scale":"2x"}]"#,
            files: [
                "c.png": try checkerPNG(side: 16, PaintColor(rgb8: 220, 40, 40)),
                "c@2x.png": try checkerPNG(side: 32, PaintColor(rgb8: 40, 80, 220)),
            ])
        try fixture.imageSet(
            "Glyph", images: #"[{"filename":"g@2x.png","idiom":"universal","scale":"2x"}]"#,
            properties: #"{"template-rendering-intent":"template"}"#, files: ["g@2x.png": try discPNG(side: 32)])
        return fixture
    }

    struct AssetSheet: View {
        let bundle: Bundle

        var body: some View {
            VStack(alignment: .leading, spacing: 8) {
                HStack(spacing: 6) {
                    ForEach(["Brand", "Leaf", "Ink", "Link", "Damaged", "Missing"], id: \.self) { name in
                        Color(name, bundle: bundle).frame(width: 24, height: 24)
                    }
                    Color.accentColor.frame(width: 24, height: 24)
                    Circle().fill(.tint).frame(width: 24, height: 24)
                }
                HStack(spacing: 6) {
                    Image("Checker", bundle: bundle)
                    Image("Checker", bundle: bundle).resizable().frame(width: 32, height: 32)
                    Image("Glyph", bundle: bundle).foregroundStyle(Color(.displayP3, red: 0.9, green: 0.5, blue: 0.1))
                    Image("Glyph", bundle: bundle).renderingMode(.original)
                    Image("NoSuchPhoto", bundle: bundle).foregroundStyle(Color("Brand", bundle: bundle))
                }
            }
            .padding(8)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    func render(_ scheme: ColorScheme, scale: Double, fixture: AssetCatalogFixture) throws -> Screenshot {
        let bundle = try #require(Bundle(path: fixture.bundle.path))
        // The accent comes from the search directories' catalogs, as an app's own catalog would give it.
        let library = AssetLibrary(searchDirectories: [fixture.bundle])
        let background = scheme == .dark ? Color(white: 0.11) : Color.white
        let description = WindowDescription(
            title: "", defaultSize: nil,
            makeContent: {
                AnyView(
                    AssetSheet(bundle: bundle).background(background).preferredColorScheme(scheme)
                        .environment(\.assetLibrary, library))
            })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 240, height: 80), scale: scale)
        let png = FileManager.default.temporaryDirectory.appending(path: "assets-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        return try Screenshot.decode(png)
    }

    @Test(arguments: [(ColorScheme.light, 1.0), (.dark, 1.0), (.light, 2.0), (.dark, 2.0)])
    func assetSheet(scheme: ColorScheme, scale: Double) throws {
        let fixture = try Self.makeCatalog()
        defer { fixture.remove() }
        let shot = try render(scheme, scale: scale, fixture: fixture)
        let mismatch = try PixelComparison.mismatch(
            shot, width: Int(240 * scale), height: Int(80 * scale),
            reference: "assets-\(scheme)@\(Int(scale))x", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func theBitmapFollowsTheWindowScale() throws {
        let fixture = try Self.makeCatalog()
        defer { fixture.remove() }
        let store = ImageStore(library: AssetLibrary(searchDirectories: [fixture.bundle]))
        let source = ImageSource.resource("Checker")
        #expect(store.size(of: source) == CGSize(width: 16, height: 16))
        #expect(store.image(for: source)?.width == 16)
        store.scale = 2
        #expect(store.size(of: source) == CGSize(width: 16, height: 16))
        #expect(store.image(for: source)?.width == 32)
        #expect(store.isTemplate(.resource("Glyph")) && !store.isTemplate(source))
        // Only an @2x bitmap: at scale 1 it is drawn at half its pixels.
        store.scale = 1
        #expect(store.size(of: .resource("Glyph")) == CGSize(width: 16, height: 16))
    }
}
