/// How an image fills a rectangle.
public enum ImageFit: Sendable {
    /// Scaled independently in x and y to fill the rectangle exactly.
    case stretch
    /// Scaled uniformly to fit inside, centred (letterboxed).
    case aspectFit
    /// Scaled uniformly to cover, centred and clipped to the rectangle.
    case aspectFill
}
