import Foundation

/// Image files made byte by byte for the hostile-input tests: PNGs of any size whose pixel data is zeros (cheap
/// to write: a fixed-Huffman deflate stream of 258-byte matches), PNG decode bombs, and progressive JPEGs with as
/// many scans as asked.
package enum HostileImageFiles {
    /// A PNG chunk: length, type, data, CRC-32 of type and data.
    package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// An 8-bit greyscale (colour type 0) or RGBA (6) PNG header.
    package static func ihdr(width: Int, height: Int, colorType: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0])
    }

    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A black greyscale PNG of `width × height` (each row a filter byte and zeros).
    package static func blackPNG(width: Int, height: Int) -> [UInt8] {
        signature + ihdr(width: width, height: height) + chunk("IDAT", zlibZeros(count: (width + 1) * height))
            + chunk("IEND", [])
    }

    /// A 1×1 greyscale PNG whose one IDAT inflates to `inflatedBytes` zeros (the image needs 2).
    package static func idatBomb(inflatedBytes: Int) -> [UInt8] {
        signature + ihdr(width: 1, height: 1) + chunk("IDAT", zlibZeros(count: inflatedBytes)) + chunk("IEND", [])
    }

    /// A 1×1 PNG preceded by `count` zTXt chunks, each inflating to `inflatedBytes` zeros.
    package static func zTXtBomb(count: Int, inflatedBytes: Int) -> [UInt8] {
        let text = chunk("zTXt", Array("Comment".utf8) + [0, 0] + zlibZeros(count: inflatedBytes))
        var bytes = signature + ihdr(width: 1, height: 1)
        for _ in 0..<count { bytes += text }
        return bytes + chunk("IDAT", zlibZeros(count: 2)) + chunk("IEND", [])
    }

    /// A zlib stream of `count` zero bytes: one fixed-Huffman block, a literal zero, then matches of 258 at
    /// distance 1 (13 bits each), literals for the rest.
    package static func zlibZeros(count: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.bits(1, 1)  // BFINAL
        writer.bits(1, 2)  // BTYPE 01: fixed Huffman
        var left = count
        if left > 0 {
            writer.code(0x30, 8)  // literal 0
            left -= 1
        }
        while left >= 258 {
            writer.code(0xC5, 8)  // length 258 (code 285)
            writer.code(0, 5)  // distance 1
            left -= 258
        }
        for _ in 0..<left { writer.code(0x30, 8) }
        writer.code(0, 7)  // end of block (256)
        // Adler-32 of zeros: a = 1, b = count.
        let adler = UInt32(count % 65521) << 16 | 1
        return [0x78, 0x01] + writer.finished() + bigEndian(adler)
    }

    /// A progressive 8×8 greyscale JPEG whose DC scan is repeated `scans` times (each a valid, empty-handed
    /// pass over the image), mid-grey.
    package static func progressiveJPEG(scans: Int) -> [UInt8] {
        greyJPEG(side: 8, level: 128, scans: scans)
    }

    /// A progressive greyscale JPEG of `side × side` pixels (a multiple of 8) in one grey `level` (128, or 64…96
    /// or 160…191: a DC difference of category 9), its DC scan given `scans` times: quantisation 1, one
    /// difference for the first block.
    package static func greyJPEG(side: Int, level: Int, scans: Int = 1) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB, 0, 67, 0] + [UInt8](repeating: 1, count: 64)  // DQT: all ones
        let s = [UInt8(side >> 8), UInt8(side & 0xFF)]
        bytes += [0xFF, 0xC2, 0, 11, 8] + s + s + [1, 1, 0x11, 0]  // SOF2, one component
        // The DC table: category 0 as "0", category 9 as "10".
        bytes += [0xFF, 0xC4, 0, 21, 0x00, 1, 1] + [UInt8](repeating: 0, count: 14) + [0, 9]
        // A block's DC is 8 × (level − 128); differences from the block before.
        let dc = 8 * (level - 128)
        // JPEG packs bits from each byte's most significant end.
        var bits: [UInt8] = []
        func put(_ value: Int, _ count: Int) { for i in (0..<count).reversed() { bits.append(UInt8(value >> i & 1)) } }
        for block in 0..<(side / 8) * (side / 8) {
            if block == 0, dc != 0 {
                put(0b10, 2)
                put(dc > 0 ? dc : dc + 511, 9)  // 9-bit magnitudes: 256…511 (negative: ones' complement)
            } else {
                put(0, 1)
            }
        }
        while bits.count % 8 != 0 { bits.append(1) }  // padded with ones
        var entropy: [UInt8] = []
        for start in stride(from: 0, to: bits.count, by: 8) {
            let byte = bits[start..<start + 8].reduce(0) { $0 << 1 | $1 }
            entropy.append(byte)
            if byte == 0xFF { entropy.append(0) }  // byte stuffing
        }
        let scan: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0x00, 0, 0, 0x00] + entropy  // DC first scan
        for _ in 0..<scans { bytes += scan }
        return bytes + [0xFF, 0xD9]
    }

    /// Writes `bytes` to a new file in the temporary folder; returns its path.
    package static func write(_ bytes: [UInt8], named name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString)-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Deflate's bit order: fields least significant bit first, Huffman codes most significant bit first.
    struct BitWriter {
        var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var filled = 0

        mutating func bits(_ value: UInt32, _ count: Int) {
            for i in 0..<count { push(value >> i & 1) }
        }

        mutating func code(_ value: UInt32, _ count: Int) {
            for i in (0..<count).reversed() { push(value >> i & 1) }
        }

        private mutating func push(_ bit: UInt32) {
            current |= bit << filled
            filled += 1
            if filled == 8 { flush() }
        }

        private mutating func flush() {
            bytes.append(UInt8(current))
            current = 0
            filled = 0
        }

        /// The bytes written, the last one padded with zeros.
        func finished() -> [UInt8] {
            var copy = self
            if copy.filled > 0 { copy.flush() }
            return copy.bytes
        }
    }
}
