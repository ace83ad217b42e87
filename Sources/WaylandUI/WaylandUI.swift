// What users import: UICore and Foundation, as `import SwiftUI` brings SwiftUI and Foundation; plus the
// App/Scene types and the Wayland host that runs them.
@_exported import Foundation
@_exported import UICore
