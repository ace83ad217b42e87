import CFontconfig
import Foundation

/// A font file and face index, as fontconfig reports them.
struct FontSource: Hashable {
    let path: String
    let index: Int
}

/// Fontconfig lookups: the best font for a spec, and for each character the first font in the spec's
/// fallback order that has it.
final class FontResolver {
    private struct Candidate {
        let source: FontSource
        let charset: OpaquePointer?
    }

    /// What fontconfig's answer depends on: the family asked for, the weight and the slant (not the size, which
    /// the pattern does not hold, nor the digit style), so each size of a font shares one sorted list.
    private struct LookupKey: Hashable {
        let family: String
        let weight: Int
        let italic: Bool

        init(_ spec: FontSpec) {
            family = spec.filePath == nil ? spec.family : "sans-serif"
            weight = spec.weight
            italic = spec.italic
        }
    }

    private var fallbackLists: [LookupKey: [Candidate]] = [:]
    private var fontSets: [UnsafeMutablePointer<FcFontSet>] = []
    private var charChoices: [LookupKey: [UInt32: FontSource]] = [:]

    /// fontconfig's configuration (its files and the font caches, a few ms) loads on a background thread: the
    /// first lookup waits for what is left of it. A launch starts it before connecting to the compositor.
    package static func loadConfigurationInBackground() {
        configurationLock.withLock {
            guard configurationLoad == nil else { return }
            let load = DispatchGroup()
            configurationLoad = load
            let caller = pthread_self()
            DispatchQueue.global(qos: .userInitiated).async(group: load) {
                FcInit()
                let elsewhere = pthread_equal(pthread_self(), caller) == 0
                configurationLock.withLock { configurationLoadedOffTheCaller = elsewhere }
            }
        }
    }

    /// Whether the configuration was loaded, on another thread than the one that asked for it (what tests check).
    package static var configurationWasLoadedInBackground: Bool {
        configurationLock.withLock { configurationLoadedOffTheCaller }
    }

    private static let configurationLock = NSLock()
    nonisolated(unsafe) private static var configurationLoad: DispatchGroup?
    nonisolated(unsafe) private static var configurationLoadedOffTheCaller = false
    /// This resolver has seen the configuration loaded.
    private var configurationReady = false

    init() { Self.loadConfigurationInBackground() }

    private func waitForConfiguration() {
        guard !configurationReady else { return }
        Self.configurationLock.withLock { Self.configurationLoad }?.wait()
        configurationReady = true
    }

    deinit { for s in fontSets { FcFontSetDestroy(s) } }

    /// The primary font for a spec: the pinned file, else fontconfig's best match.
    func primary(for spec: FontSpec) throws -> FontSource {
        if let path = spec.filePath {
            guard FileManager.default.isReadableFile(atPath: path) else { throw RasterError.fontNotFound(path) }
            return FontSource(path: path, index: 0)
        }
        guard let first = candidates(for: spec).first else { throw RasterError.fontNotFound(spec.family) }
        return first.source
    }

    /// The font to use for a character the primary font lacks, or nil when no installed font has it.
    func fallback(for scalar: UInt32, spec: FontSpec) -> FontSource? {
        let key = LookupKey(spec)
        if let hit = charChoices[key]?[scalar] { return hit }
        let found = candidates(for: spec).first { c in c.charset.map { FcCharSetHasChar($0, scalar) != 0 } ?? false }?
            .source
        if let found { charChoices[key, default: [:]][scalar] = found }
        return found
    }

    /// Fontconfig's sorted list for the spec (for a pinned file: the sans-serif list, used for fallback).
    private func candidates(for spec: FontSpec) -> [Candidate] {
        let key = LookupKey(spec)
        if let list = fallbackLists[key] { return list }
        waitForConfiguration()
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        let family = key.family
        family.withCString { f in
            f.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                _ = FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(spec.weight)))
        _ = FcPatternAddInteger(pattern, FC_SLANT, spec.italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        var list: [Candidate] = []
        if let set = FcFontSort(nil, pattern, FcTrue, nil, &result) {
            fontSets.append(set)
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
                var index: Int32 = 0
                _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
                var cs: OpaquePointer?
                _ = FcPatternGetCharSet(font, FC_CHARSET, 0, &cs)
                let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
                // Only outline fonts FreeType can scale freely.
                guard
                    path.hasSuffix(".ttf") || path.hasSuffix(".otf") || path.hasSuffix(".ttc") || path.hasSuffix(".otc")
                else { continue }
                list.append(Candidate(source: FontSource(path: path, index: Int(index)), charset: cs))
            }
        }
        fallbackLists[key] = list
        return list
    }
}
