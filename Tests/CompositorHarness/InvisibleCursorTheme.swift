import Foundation

/// A cursor theme whose pointer is one transparent pixel, for weston's desktop-shell: its background
/// sets the theme's arrow where the pointer rests, which screenshots would otherwise show. weston-desktop-
/// shell loads the theme named "default" from `XCURSOR_PATH`; clients keep their own environment.
enum InvisibleCursorTheme {
    /// Writes the theme under `directory` and returns the value for `XCURSOR_PATH`.
    static func install(in directory: URL) throws -> String {
        let cursors = directory.appending(path: "cursors/default/cursors")
        try FileManager.default.createDirectory(at: cursors, withIntermediateDirectories: true)
        let file = xcursorFile()
        for name in ["left_ptr", "default", "top_left_arrow", "left-arrow"] {
            try file.write(to: cursors.appending(path: name))
        }
        return directory.appending(path: "cursors").path
    }

    /// An Xcursor file (little-endian): header, one table-of-contents entry, one 1x1 image chunk.
    private static func xcursorFile() -> Data {
        let imageType: UInt32 = 0xFFFD_0002
        let nominalSize: UInt32 = 24
        let words: [UInt32] = [
            0x7275_6358, 16, 0x0001_0000, 1,  // "Xcur", header size, version, entries
            imageType, nominalSize, 28,  // the entry: an image of nominal size 24 at offset 28
            36, imageType, nominalSize, 1,  // chunk header size, type, size, version
            1, 1, 0, 0, 0,  // width, height, hotspot x and y, delay
            0x0000_0000,  // the pixel: transparent
        ]
        var data = Data()
        for word in words { withUnsafeBytes(of: word.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }
}
