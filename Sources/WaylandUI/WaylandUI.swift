// What users import: UICore and Foundation, as `import SwiftUI` brings SwiftUI and Foundation; Combine,
// CoreGraphics and Observation, which SwiftUI also makes visible (`ObservableObject`, `@Published`, `@Observable`);
// plus the App/Scene types and the Wayland host that runs them.
@_exported import Combine
@_exported import CoreGraphics
@_exported import Foundation
@_exported import Observation
@_exported import UICore
@_spi(Engine) import UICore
@_exported import UIVocabulary
@_spi(Engine) import UIVocabulary
