@_exported import Combine
import CoreGraphics
@_exported import CoreGraphics
