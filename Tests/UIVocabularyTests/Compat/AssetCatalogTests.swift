import CompositorHarness
import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Asset catalogs: colour sets in every component format, colour space and appearance Xcode writes, image sets,
/// lookup by bundle and search directory, the accent colour, and damaged or missing sets.
@MainActor
@Suite struct AssetCatalogTests {
    typealias Fixture = AssetCatalogFixture

    /// Collects a library's log lines.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var lines: [String] { lock.withLock { stored } }
        func append(_ line: String) { lock.withLock { stored.append(line) } }
    }

    func library(_ fixture: Fixture, log: Log) -> AssetLibrary {
        let library = AssetLibrary(searchDirectories: [fixture.bundle])
        library.log = { log.append($0) }
        return library
    }

    func environment(_ library: AssetLibrary, _ scheme: ColorScheme = .light) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.assetLibrary = library
        environment.colorScheme = scheme
        return environment
    }

    func expectClose(
        _ c: RGBA, _ r: Double, _ g: Double, _ b: Double, _ a: Double = 1, tolerance: Double = 0.002,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let ok =
            abs(c.red - r) < tolerance && abs(c.green - g) < tolerance && abs(c.blue - b) < tolerance
            && abs(c.opacity - a) < tolerance
        #expect(ok, "\(c) is not (\(r), \(g), \(b), \(a))", sourceLocation: sourceLocation)
    }

    @Test func componentsInEachFormatXcodeWrites() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try fixture.colorSet(
            "Float",
            colors:
                "[\(Fixture.color(space: "srgb", #""red":"1.000","green":"0.500","blue":"0.000","alpha":"0.250""#))]")
        try fixture.colorSet(
            "Hex",
            colors: "[\(Fixture.color(space: "srgb", #""red":"0xFF","green":"0x80","blue":"0x00","alpha":"1.000""#))]")
        try fixture.colorSet(
            "Integer",
            colors: "[\(Fixture.color(space: "srgb", #""red":"255","green":"128","blue":"0","alpha":"1.000""#))]")
        try fixture.colorSet(
            "Numbers", colors: "[\(Fixture.color(space: "srgb", #""red":1,"green":0.5,"blue":0,"alpha":1"#))]")
        let log = Log()
        let env = environment(library(fixture, log: log))
        expectClose(Color("Float").resolve(in: env), 1, 0.5, 0, 0.25)
        expectClose(Color("Hex").resolve(in: env), 1, 128.0 / 255, 0)
        expectClose(Color("Integer").resolve(in: env), 1, 128.0 / 255, 0)
        expectClose(Color("Numbers").resolve(in: env), 1, 0.5, 0)
        #expect(log.lines.isEmpty, "\(log.lines)")
    }

    @Test func colourSpacesAreConvertedToSRGB() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        // sRGB red written in Display P3; grey in gamma 2.2; 0.214 linear is 0.5 encoded.
        try fixture.colorSet(
            "P3",
            colors:
                "[\(Fixture.color(space: "display-p3", #""red":"0.9175","green":"0.2003","blue":"0.1386","alpha":"1.000""#))]"
        )
        try fixture.colorSet(
            "P3Grey",
            colors:
                "[\(Fixture.color(space: "display-p3", #""red":"0.500","green":"0.500","blue":"0.500","alpha":"1.000""#))]"
        )
        try fixture.colorSet(
            "Gray22", colors: "[\(Fixture.color(space: "gray-gamma-22", #""white":"0.500","alpha":"1.000""#))]")
        try fixture.colorSet(
            "ExtGray", colors: "[\(Fixture.color(space: "extended-gray", #""white":"1.000","alpha":"0.500""#))]")
        try fixture.colorSet(
            "Linear",
            colors:
                "[\(Fixture.color(space: "extended-linear-srgb", #""red":"0.2140","green":"0.000","blue":"1.000","alpha":"1.000""#))]"
        )
        try fixture.colorSet(
            "Extended",
            colors:
                "[\(Fixture.color(space: "extended-srgb", #""red":"1.200","green":"-0.100","blue":"0.500","alpha":"1.000""#))]"
        )
        let env = environment(library(fixture, log: Log()))
        expectClose(Color("P3").resolve(in: env), 1, 0, 0, tolerance: 0.003)
        expectClose(Color("P3Grey").resolve(in: env), 0.5, 0.5, 0.5)
        expectClose(Color("Gray22").resolve(in: env), 0.5029, 0.5029, 0.5029)
        expectClose(Color("ExtGray").resolve(in: env), 1, 1, 1, 0.5)
        expectClose(Color("Linear").resolve(in: env), 0.5, 0, 1)
        expectClose(Color("Extended").resolve(in: env), 1, 0, 0.5)
        // The public initialiser converts the same way.
        expectClose(
            Color(.displayP3, red: 0.9175, green: 0.2003, blue: 0.1386).resolve(in: env), 1, 0, 0, tolerance: 0.003)
    }

    @Test func appearancesFollowTheColourSchemeAndHighContrastIsLeftOut() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try fixture.colorSet(
            "Brand",
            colors: "["
                + [
                    Fixture.color(space: "srgb", #""red":"1.000","green":"0.000","blue":"0.000","alpha":"1.000""#),
                    Fixture.color(
                        space: "srgb", #""red":"0.000","green":"0.000","blue":"1.000","alpha":"1.000""#,
                        appearance: "dark"),
                    Fixture.color(
                        space: "srgb", #""red":"0.000","green":"1.000","blue":"0.000","alpha":"1.000""#,
                        appearance: "high"),
                ].joined(separator: ",") + "]")
        try fixture.colorSet(
            "System", colors: #"[{"color":{"platform":"ios","reference":"systemBlueColor"},"idiom":"universal"}]"#)
        let library = library(fixture, log: Log())
        expectClose(Color("Brand").resolve(in: environment(library, .light)), 1, 0, 0)
        expectClose(Color("Brand").resolve(in: environment(library, .dark)), 0, 0, 1)
        #expect(
            Color("System").resolve(in: environment(library, .light))
                == Color.blue.resolve(in: environment(library, .light)))
        #expect(
            Color("System").resolve(in: environment(library, .dark))
                == Color.blue.resolve(in: environment(library, .dark)))
        // A view filled with the colour is repainted when the scheme changes.
        let graph = makeGraph(Color("Brand").frame(width: 10, height: 10), width: 20, height: 20)
        graph.environment.assetLibrary = library
        graph.update()
        #expect(graph.displayList.description.contains("rgb(255,0,0)"), "\(graph.displayList)")
        graph.environment.colorScheme = .dark
        graph.update()
        #expect(graph.displayList.description.contains("rgb(0,0,255)"), "\(graph.displayList)")
    }

    @Test func bundlesNamespacesAndSearchDirectories() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let red = Fixture.color(space: "srgb", #""red":"1.000","green":"0.000","blue":"0.000","alpha":"1.000""#)
        try fixture.colorSet("Red", colors: "[\(red)]")
        try fixture.write(#"{"properties":{"provides-namespace":true}}"#, to: "Brand/Contents.json")
        try fixture.colorSet("Brand/Primary", colors: "[\(red)]")
        try fixture.write(#"{"info":{"version":1}}"#, to: "Plain/Contents.json")
        try fixture.colorSet("Plain/Secondary", colors: "[\(red)]")
        let log = Log()
        let library = library(fixture, log: log)
        let env = environment(library)
        expectClose(Color("Brand/Primary").resolve(in: env), 1, 0, 0)
        expectClose(Color("Secondary").resolve(in: env), 1, 0, 0)
        // With a bundle the lookup goes there, whatever the search directories.
        let elsewhere = environment(AssetLibrary(searchDirectories: []))
        let bundle = try #require(Bundle(path: fixture.bundle.path))
        expectClose(Color("Red", bundle: bundle).resolve(in: elsewhere), 1, 0, 0)
        #expect(log.lines.isEmpty, "\(log.lines)")
    }

    /// Counts how often a library asks for its search directories.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = 0
        var value: Int { lock.withLock { stored } }
        func increment() { lock.withLock { stored += 1 } }
    }

    /// Nothing is listed until a name is asked for; then the search directories are worked out once, each folder
    /// is listed once, and hidden folders (a `.build` beside the catalog) are not searched.
    @Test func catalogsAreListedAtTheFirstLookupAndHiddenFoldersAreLeftOut() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let red = Fixture.color(space: "srgb", #""red":"1.000","green":"0.000","blue":"0.000","alpha":"1.000""#)
        try fixture.colorSet("Red", colors: "[\(red)]")
        let hidden = fixture.bundle.appending(path: ".build/Hidden.xcassets/Blue.colorset")
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
        try Data(#"{"colors":[\#(red)],"info":{"author":"xcode","version":1}}"#.utf8)
            .write(to: hidden.appending(path: "Contents.json"))
        let asked = Counter()
        let library = AssetLibrary(searchDirectories: {
            asked.increment()
            return [fixture.bundle]
        })
        let log = Log()
        library.log = { log.append($0) }
        #expect(asked.value == 0 && library.listedFolders.isEmpty)
        let env = environment(library)
        expectClose(Color("Red").resolve(in: env), 1, 0, 0)
        let listed = library.listedFolders
        #expect(asked.value == 1)
        #expect(listed == [fixture.bundle.path, fixture.catalog.path], "\(listed)")
        #expect(Color("Blue").resolve(in: env) == Color.gray.resolve(in: env))
        _ = Color.accentColor.resolve(in: env)
        #expect(asked.value == 1 && library.listedFolders == listed, "\(library.listedFolders)")
        #expect(log.lines.count == 1 && log.lines[0].contains("no colour set named \"Blue\""), "\(log.lines)")
    }

    @Test func aMissingOrDamagedColourSetIsGreyAndReportedOnce() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try fixture.write("{ not json", to: "Broken.colorset/Contents.json")
        try fixture.colorSet("Empty", colors: "[]")
        try fixture.colorSet(
            "Weird", colors: #"[{"color":{"color-space":"cmyk","components":{"cyan":"1"}},"idiom":"universal"}]"#)
        let log = Log()
        let env = environment(library(fixture, log: log))
        let grey = Color.gray.resolve(in: env)
        for name in ["Missing", "Broken", "Empty", "Weird"] {
            #expect(Color(name).resolve(in: env) == grey)
            #expect(Color(name).resolve(in: env) == grey)
        }
        #expect(log.lines.count == 4, "\(log.lines)")
        #expect(log.lines.contains { $0.contains("no colour set named \"Missing\"") && $0.contains("Assets.xcassets") })
        #expect(log.lines.contains { $0.contains("\"Broken\"") && $0.contains("not JSON") })
        #expect(log.lines.contains { $0.contains("\"Empty\"") && $0.contains("no \"colors\"") })
        #expect(log.lines.contains { $0.contains("\"Weird\"") && $0.contains("cmyk") })
    }

    @Test func theCatalogAccentColourIsTheDefaultTint() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try fixture.colorSet(
            "AccentColor",
            colors: "[" + Fixture.color(space: "srgb", #""red":"0x33","green":"0x99","blue":"0x33","alpha":"1.000""#)
                + ","
                + Fixture.color(
                    space: "srgb", #""red":"0x66","green":"0xCC","blue":"0x66","alpha":"1.000""#, appearance: "dark")
                + "]")
        let log = Log()
        let library = library(fixture, log: log)
        expectClose(Color.accentColor.resolve(in: environment(library)), 0.2, 0.6, 0.2)
        expectClose(Color.accentColor.resolve(in: environment(library, .dark)), 0.4, 0.8, 0.4)
        var tinted = environment(library)
        tinted.tint = .red
        #expect(Color.accentColor.resolve(in: tinted) == Color.red.resolve(in: tinted))
        // Without a catalog accent: system blue, silently.
        let none = AssetLibrary(searchDirectories: [])
        none.log = { log.append($0) }
        #expect(Color.accentColor.resolve(in: environment(none)) == Color.blue.resolve(in: environment(none)))
        #expect(log.lines.isEmpty, "\(log.lines)")
    }

    @Test func imageSetsByScaleWithTemplateIntentAndVectorsLeftOut() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try fixture.imageSet(
            "Photo",
            images: #"""
                [{"filename":"p.png","idiom":"universal","scale":"1x"},{"filename":"p@2x.png","idiom":"universal","scale":"2x"},
                 {"idiom":"universal","scale":"3x"},{"filename":"p-dark.png","idiom":"universal","scale":"1x",
                 "appearances":[{"appearance":"luminosity","value":"dark"}]}]
                """#, properties: #"{"template-rendering-intent":"template"}"#)
        try fixture.imageSet("Vector", images: #"[{"filename":"v.pdf","idiom":"universal"}]"#)
        try fixture.imageSet(
            "Escape", images: #"[{"filename":"../../etc/passwd.png","idiom":"universal","scale":"1x"}]"#)
        let log = Log()
        let library = library(fixture, log: log)
        let photo = try #require(library.imageSet(named: "Photo", bundle: nil))
        #expect(photo.isTemplate)
        #expect(photo.bitmaps.map(\.scale) == [1, 2])
        #expect(photo.bitmap(forScale: 1)?.path.hasSuffix("Photo.imageset/p.png") == true)
        #expect(photo.bitmap(forScale: 1.5)?.path.hasSuffix("p@2x.png") == true)
        #expect(photo.bitmap(forScale: 3)?.path.hasSuffix("p@2x.png") == true)
        let vector = try #require(library.imageSet(named: "Vector", bundle: nil))
        #expect(vector.bitmaps.isEmpty)
        _ = library.imageSet(named: "Vector", bundle: nil)
        #expect(library.imageSet(named: "Escape", bundle: nil) == nil)
        #expect(library.imageSet(named: "Nothing", bundle: nil) == nil)
        #expect(log.lines.count == 2, "\(log.lines)")
        #expect(log.lines.contains { $0.contains("\"Vector\"") && $0.contains("v.pdf left out") })
        #expect(log.lines.contains { $0.contains("\"Escape\"") && $0.contains("inside the image set") })
    }

    @Test func aMissingImageDrawsTheUnknownSymbolPlaceholder() {
        let graph = makeGraph(Image("NoSuchImage").foregroundStyle(Color.red), width: 100, height: 100)
        graph.update()
        let image = frame(of: "Image", in: graph)
        #expect(image?.width == 19 && image?.height == 19, "\(String(describing: image))")
        #expect(graph.displayList.description.contains("rgb(255,59,48)"), "\(graph.displayList)")
    }
}
