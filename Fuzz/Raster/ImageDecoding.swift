// libFuzzer target: PNG and JPEG decoding through Raster. Any bytes decode to an image within the limits or
// throw a RasterError; a decoded image can be scaled and drawn.
import Foundation
@testable import Raster


func fuzzImageDecoding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? RasterImage(encoded: bytes) else { return 0 }
    precondition(image.width <= RasterImage.maximumSide && image.height <= RasterImage.maximumSide)
    precondition(image.width * image.height <= RasterImage.maximumPixelCount)
    _ = image.scaled(toWidth: 7, height: 5)
    _ = image.pixel(x: image.width - 1, y: image.height - 1)
    return 0
}
