import Foundation

package struct MinimumScaleFactorKey: EnvironmentKey { package static var defaultValue: CGFloat { 1 } }

extension EnvironmentValues {
    /// How small text may shrink (a fraction of its font size) to fit the space it is offered.
    public var minimumScaleFactor: CGFloat {
        get { self[MinimumScaleFactorKey.self] }
        set { self[MinimumScaleFactorKey.self] = newValue }
    }
}

extension View {
    /// Lets text shrink, down to `factor` of its font size (0…1), when the whole text does not fit its space
    /// (its width within the line limit, or its height).
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        environment(\.minimumScaleFactor, factor.isFinite ? min(1, max(0.01, factor)) : 1)
    }
}
