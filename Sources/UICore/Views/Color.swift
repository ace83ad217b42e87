import Foundation

/// A colour: a view that fills its frame, and a shape style.
///
/// Named colours are Apple's system colours (light and dark variants, sRGB), resolved by the environment's
/// colour scheme at render time.
nonisolated public struct Color: Hashable, ShapeStyle, View, CustomStringConvertible, Sendable {
    package enum Storage: Hashable, Sendable {
        case rgba(RGBA)
        case system(light: RGBA, dark: RGBA, name: String)
        indirect case opacity(Storage, Double)
        /// The environment's tint (`.tint`), else the app's accent colour, else `fallback`.
        indirect case accent(fallback: Storage)
        /// `base` with its colour components multiplied by a factor (a pressed control's darker fill).
        indirect case scaled(Storage, Double)
        /// A colour set of the app's asset catalogs (`bundle`: a bundle's folder, `nil` for the app's own).
        case named(String, bundle: String?)
    }
    package let storage: Storage

    package init(storage: Storage) { self.storage = storage }

    /// A colour space for colour components.
    public enum RGBColorSpace: Hashable, Sendable { case sRGB, sRGBLinear, displayP3 }

    /// A colour from components in 0…1.
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        storage = .rgba(Color.toSRGB(colorSpace, RGBA(red: red, green: green, blue: blue, opacity: opacity)))
    }
    /// A grey from a white level in 0…1.
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }
    /// A colour from hue, saturation and brightness in 0…1.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - floor(hue)) * 6
        let i = Int(h) % 6
        let f = h - floor(h)
        let p = brightness * (1 - saturation)
        let q = brightness * (1 - saturation * f)
        let t = brightness * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double) = [
            (brightness, t, p), (q, brightness, p), (p, brightness, t),
            (p, q, brightness), (t, p, brightness), (brightness, p, q),
        ][i]
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// The colour set `name` of the app's asset catalog (`Assets.xcassets`), or of `bundle`'s; it follows the
    /// colour scheme. A missing set draws grey and is reported once.
    public init(_ name: String, bundle: Bundle? = nil) {
        storage = .named(name, bundle: bundle?.bundleURL.path)
    }

    private static func toSRGB(_ space: RGBColorSpace, _ c: RGBA) -> RGBA {
        switch space {
        case .sRGB: return c
        case .sRGBLinear: return ColorConversion.sRGB(fromLinear: c)
        case .displayP3: return ColorConversion.sRGB(fromDisplayP3: c)
        }
    }

    private static func system(
        _ name: String, _ light: (Double, Double, Double), _ dark: (Double, Double, Double), opacity: Double = 1
    ) -> Color {
        Color(
            storage: .system(
                light: RGBA(red: light.0 / 255, green: light.1 / 255, blue: light.2 / 255, opacity: opacity),
                dark: RGBA(red: dark.0 / 255, green: dark.1 / 255, blue: dark.2 / 255, opacity: opacity), name: name))
    }

    // Apple's system colours (iOS 17 / macOS 14 values, sRGB 0–255), light and dark.
    public static let red = system("red", (255, 59, 48), (255, 69, 58))
    public static let orange = system("orange", (255, 149, 0), (255, 159, 10))
    public static let yellow = system("yellow", (255, 204, 0), (255, 214, 10))
    public static let green = system("green", (52, 199, 89), (48, 209, 88))
    public static let mint = system("mint", (0, 199, 190), (99, 230, 226))
    public static let teal = system("teal", (48, 176, 199), (64, 200, 224))
    public static let cyan = system("cyan", (50, 173, 230), (100, 210, 255))
    public static let blue = system("blue", (0, 122, 255), (10, 132, 255))
    public static let indigo = system("indigo", (88, 86, 214), (94, 92, 230))
    public static let purple = system("purple", (175, 82, 222), (191, 90, 242))
    public static let pink = system("pink", (255, 45, 85), (255, 55, 95))
    public static let brown = system("brown", (162, 132, 94), (172, 142, 104))
    public static let gray = system("gray", (142, 142, 147), (142, 142, 147))
    public static let black = Color(storage: .rgba(RGBA(red: 0, green: 0, blue: 0)))
    public static let white = Color(storage: .rgba(RGBA(red: 1, green: 1, blue: 1)))
    public static let clear = Color(storage: .rgba(.clear))
    /// Primary content: black in light mode, white in dark mode.
    public static let primary = system("primary", (0, 0, 0), (255, 255, 255))
    /// Secondary content: grey at 60 % opacity.
    public static let secondary = system("secondary", (60, 60, 67), (235, 235, 245), opacity: 0.6)
    /// The accent colour: the view's `tint`, else the app's `AccentColor`, else system blue.
    public static let accentColor = Color(storage: .accent(fallback: blue.storage))

    /// The accent of the built-in controls: as `accentColor`, but GNOME's accent blue (#3584e4) by default.
    package static let controlAccent = Color(
        storage: .accent(fallback: .rgba(RGBA(red: 0.208, green: 0.518, blue: 0.894))))

    /// This colour's components multiplied by `factor` (darker below 1).
    package func scaled(by factor: Double) -> Color { Color(storage: .scaled(storage, factor)) }

    /// This colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color { Color(storage: .opacity(storage, opacity)) }

    /// The colour's sRGB components in `environment` (its colour scheme picks light or dark).
    package func resolve(in environment: EnvironmentValues) -> RGBA { Color.resolve(storage, in: environment) }

    private static func resolve(_ storage: Storage, in environment: EnvironmentValues) -> RGBA {
        switch storage {
        case .rgba(let c): return c
        case .system(let light, let dark, _): return environment.colorScheme == .dark ? dark : light
        case .opacity(let base, let o):
            var c = resolve(base, in: environment)
            c.opacity *= o
            return c
        case .accent(let fallback):
            // A tint that is itself the accent would refer to itself: it stands for the app's accent.
            if let tint = environment.tint, !tint.isAccent { return tint.resolve(in: environment) }
            if let appAccent = environment.appAccentColor, !appAccent.isAccent {
                return appAccent.resolve(in: environment)
            }
            // The asset catalog's AccentColor, as Xcode makes it the app's accent.
            if let catalogAccent = environment.assetLibrary.color(named: "AccentColor", bundle: nil, quietly: true) {
                return resolve(catalogAccent.storage(for: environment.colorScheme), in: environment)
            }
            return resolve(fallback, in: environment)
        case .scaled(let base, let factor):
            var c = resolve(base, in: environment)
            (c.red, c.green, c.blue) = (c.red * factor, c.green * factor, c.blue * factor)
            return c
        case .named(let name, let bundle):
            // A missing set is grey: visible, and no colour an app would choose on purpose.
            guard let set = environment.assetLibrary.color(named: name, bundle: bundle) else {
                return resolve(Color.gray.storage, in: environment)
            }
            return resolve(set.storage(for: environment.colorScheme), in: environment)
        }
    }

    private var isAccent: Bool { if case .accent = storage { return true } else { return false } }

    @_spi(Engine) public func _paint(in rect: CGRect, environment: EnvironmentValues) -> Paint {
        .color(resolve(in: environment))
    }

    public var description: String {
        switch storage {
        case .rgba(let c): return c.description
        case .system(_, _, let name): return name
        case .opacity(let base, let o): return "\(Color(storage: base)).opacity(\(o))"
        case .accent: return "accentColor"
        case .scaled(let base, let factor): return "\(Color(storage: base))×\(factor)"
        case .named(let name, _): return "named(\"\(name)\")"
        }
    }

    public var body: Never { primitiveViewBody(Self.self) }
    @MainActor public static func _makeViewNodes(_ view: Color, into builder: _ViewNodeBuilder) {
        makeStyleFillNode(view, into: builder)
    }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var mint: Color { .mint }
    public static var teal: Color { .teal }
    public static var cyan: Color { .cyan }
    public static var blue: Color { .blue }
    public static var indigo: Color { .indigo }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var brown: Color { .brown }
    public static var gray: Color { .gray }
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var clear: Color { .clear }
}
