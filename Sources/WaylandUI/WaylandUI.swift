// What users import: re-exports UICore and Foundation, as `import SwiftUI` does.
@_exported import Foundation
@_exported import UICore
