import CompositorHarness
import Foundation
import Testing

@testable import Raster

/// Files that cost far more to decode than their images' sizes, files that are not files, and files too large to
/// read: each refused with a clear error (the app draws a placeholder), the decode's work bounded. The bombs are
/// made here, modest in size but well past the budgets.
@Suite struct DecodeBudgetTests {
    /// A 1×1 PNG whose IDAT inflates to 256 MiB of zeros (1.6 MB of file; the was 10 GiB): refused once its
    /// compressed data goes past what the image's size needs, not inflated to the end.
    @Test func aPNGWhoseDataInflatesFarPastItsSizeIsRefused() throws {
        let bomb = Data(HostileImageFiles.idatBomb(inflatedBytes: 256 << 20))
        #expect(
            throws: RasterError.decodeBudgetExceeded(reason: "PNG: more compressed data than the image's size needs")
        ) {
            try RasterImage(encoded: bomb)
        }
    }

    /// The same image with only its own data (and some trailing zeros in the stream, as encoders leave) decodes: the
    /// budget leaves room for ordinary files.
    @Test func aPNGWithItsOwnDataDecodes() throws {
        let png = HostileImageFiles.idatBomb(inflatedBytes: 2)
        let image = try RasterImage(encoded: Data(png))
        #expect(image.width == 1 && image.height == 1 && image.pixel(x: 0, y: 0) == 0xFF00_0000)
        let padded = try RasterImage(encoded: Data(HostileImageFiles.idatBomb(inflatedBytes: 4096)))
        #expect(padded.width == 1)
    }

    /// A 1024×1024 image whose stream goes on with 160 MiB of zeros after its rows (1 MB compressed, within the
    /// total budget for its size): libpng would inflate it all to find the stream's end; the decode stops a little
    /// after the last row.
    @Test func dataAfterTheLastRowIsBounded() throws {
        var png = HostileImageFiles.signature + HostileImageFiles.ihdr(width: 1024, height: 1024)
        png += HostileImageFiles.chunk("IDAT", HostileImageFiles.zlibZeros(count: 160 << 20))
        png += HostileImageFiles.chunk("IEND", [])
        #expect(throws: RasterError.decodeBudgetExceeded(reason: "PNG: compressed data goes on past the last row")) {
            try RasterImage(encoded: Data(png))
        }
        let plain = try RasterImage(encoded: Data(HostileImageFiles.blackPNG(width: 1024, height: 1024)))
        #expect(plain.width == 1024 && plain.pixel(x: 1023, y: 1023) == 0xFF00_0000)
    }

    /// 1 000 zTXt chunks each inflating to a MiB (the were 7 MiB): past the ancillary chunk budget, refused
    /// without inflating any (text chunks are skipped unread).
    @Test func aThousandTextChunksAreRefused() throws {
        let bomb = Data(HostileImageFiles.zTXtBomb(count: 1000, inflatedBytes: 1 << 20))
        #expect(throws: RasterError.decodeBudgetExceeded(reason: "PNG: too many ancillary chunks")) {
            try RasterImage(encoded: bomb)
        }
        // A few text chunks are normal: skipped, the image decodes.
        let few = try RasterImage(encoded: Data(HostileImageFiles.zTXtBomb(count: 8, inflatedBytes: 1 << 20)))
        #expect(few.width == 1)
    }

    /// A progressive JPEG with 5 000 scans (the had 80 000): refused past the scan budget.
    @Test func aJPEGWithVeryManyScansIsRefused() throws {
        let bomb = Data(HostileImageFiles.progressiveJPEG(scans: 5000))
        #expect(throws: RasterError.decodeBudgetExceeded(reason: "JPEG: more than 500 scans")) {
            try RasterImage(encoded: bomb)
        }
        // The same file with a few scans is a valid image (mid-grey): the refusal is the budget's.
        let few = try RasterImage(encoded: Data(HostileImageFiles.progressiveJPEG(scans: 3)))
        #expect(few.width == 8 && few.height == 8)
        #expect(abs(Int(few.pixel(x: 4, y: 4) & 0xFF) - 128) <= 1)
        // The generator's other greys (the host tests' JPEG assets).
        for (side, level) in [(64, 96), (128, 176)] {
            let grey = try RasterImage(encoded: Data(HostileImageFiles.greyJPEG(side: side, level: level)))
            #expect(grey.width == side)
            #expect(Int(grey.pixel(x: side - 1, y: side - 1) & 0xFF) == level)
            #expect(Int(grey.pixel(x: 0, y: 0) & 0xFF) == level)
        }
    }

    /// A FIFO named like an image: opened without blocking (no writer ever comes), refused as not a regular file.
    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString)-fifo.png").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: RasterError.notARegularFile(path: path)) { try RasterImage(contentsOfFile: path) }
        #expect(throws: RasterError.notARegularFile(path: path)) { try RasterImage.headerSize(ofFile: path) }
    }

    /// A small PNG padded (sparsely) past the file bound is refused before anything is read; one padded below it
    /// decodes (streamed: the padding after IEND is never read).
    @Test func filesPastTheByteBoundAreRefusedAndPaddedOnesBelowItDecode() throws {
        let png = HostileImageFiles.blackPNG(width: 64, height: 64)
        let path = try HostileImageFiles.write(png, named: "padded.png")
        defer { unlink(path) }
        #expect(truncate(path, off_t(RasterImage.maximumFileSize + 1)) == 0)
        #expect(throws: RasterError.fileTooLarge(path: path, bytes: RasterImage.maximumFileSize + 1)) {
            try RasterImage(contentsOfFile: path)
        }
        #expect(truncate(path, off_t(RasterImage.maximumFileSize)) == 0)
        let image = try RasterImage(contentsOfFile: path)
        #expect(image.width == 64 && image.height == 64)
        #expect(
            RasterError.fileTooLarge(path: "/x.png", bytes: 300).description
                == "/x.png has 300 bytes; image files may have at most 268435456 bytes")
    }
}
