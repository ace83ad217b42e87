/// Horizontal placement of the lines of a multi-line text within its frame.
/// (Named apart from SwiftUI's `TextAlignment`, which UICore defines.)
public enum TextLineAlignment: Sendable {
    /// Lines start at the leading (left) edge.
    case leading
    /// Lines are centred.
    case center
    /// Lines end at the trailing (right) edge.
    case trailing
}
