import Foundation

/// Whether something is shown, hidden, or left to the container (separators, scroll indicators).
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}
