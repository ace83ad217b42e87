import Foundation

/// An action that refreshes the content of the views that offer it (`refreshable(action:)`): a `List` or
/// `ScrollView` pulled down past its top by a finger, or Ctrl+R or F5 in a focused list.
public struct RefreshAction: Sendable {
    package let action: @Sendable () async -> Void
    /// Runs the refresh; returns when it is over.
    public func callAsFunction() async { await action() }
}

package struct RefreshActionKey: EnvironmentKey { package static var defaultValue: RefreshAction? { nil } }
package struct ScrollEnabledKey: EnvironmentKey { package static var defaultValue: Bool { true } }
package struct VerticalScrollIndicatorKey: EnvironmentKey {
    package static var defaultValue: ScrollIndicatorVisibility { .automatic }
}
package struct HorizontalScrollIndicatorKey: EnvironmentKey {
    package static var defaultValue: ScrollIndicatorVisibility { .automatic }
}

extension EnvironmentValues {
    /// The refresh action of the views here (`nil` unless `refreshable(action:)` set one).
    public var refresh: RefreshAction? {
        get { self[RefreshActionKey.self] }
        set { self[RefreshActionKey.self] = newValue }
    }
    /// Whether scroll views here scroll (`scrollDisabled(_:)` turns it off).
    public var isScrollEnabled: Bool {
        get { self[ScrollEnabledKey.self] }
        set { self[ScrollEnabledKey.self] = newValue }
    }
    /// Whether scroll views here show their vertical indicator.
    public var verticalScrollIndicatorVisibility: ScrollIndicatorVisibility {
        get { self[VerticalScrollIndicatorKey.self] }
        set { self[VerticalScrollIndicatorKey.self] = newValue }
    }
    /// Whether scroll views here show their horizontal indicator.
    public var horizontalScrollIndicatorVisibility: ScrollIndicatorVisibility {
        get { self[HorizontalScrollIndicatorKey.self] }
        set { self[HorizontalScrollIndicatorKey.self] = newValue }
    }
}

/// Whether scroll indicators show.
public struct ScrollIndicatorVisibility: Hashable, Sendable {
    package enum Kind: Hashable, Sendable { case automatic, visible, hidden, never }
    package let kind: Kind
    /// As the scroll view chooses (shown).
    public static var automatic: ScrollIndicatorVisibility { .init(kind: .automatic) }
    /// Shown.
    public static var visible: ScrollIndicatorVisibility { .init(kind: .visible) }
    /// Hidden.
    public static var hidden: ScrollIndicatorVisibility { .init(kind: .hidden) }
    /// Hidden, whatever the scroll view would choose.
    public static var never: ScrollIndicatorVisibility { .init(kind: .never) }
}

extension View {
    /// Makes the scroll views and lists inside refreshable: a finger pulling the content down past its top (or
    /// Ctrl+R or F5 in a focused list) runs `action`, with a spinner over the top until it returns. A pull while
    /// it runs does nothing.
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
        environment(\.refresh, RefreshAction(action: action))
    }
    /// Turns scrolling off in the scroll views inside (their content still takes taps and drags).
    public func scrollDisabled(_ disabled: Bool) -> some View {
        transformEnvironment(\.isScrollEnabled) { enabled in enabled = enabled && !disabled }
    }
    /// Shows or hides the indicators of the scroll views inside, along `axes`.
    public func scrollIndicators(
        _ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]
    ) -> some View {
        transformEnvironment(\.self) { values in
            if axes.contains(.vertical) { values.verticalScrollIndicatorVisibility = visibility }
            if axes.contains(.horizontal) { values.horizontalScrollIndicatorVisibility = visibility }
        }
    }
}

extension ScrollNode {
    /// How far past its top a finger must pull the content to refresh it.
    package static let refreshThreshold: CGFloat = 64
    /// The space the spinner takes over the content while the refresh runs.
    package static let refreshIndicatorHeight: CGFloat = 48

    package var canRefresh: Bool { environment.refresh != nil }

    /// How far the content is moved down under the spinner.
    package var refreshInset: CGFloat { isRefreshing ? max(refreshPull, Self.refreshIndicatorHeight) : refreshPull }

    /// Runs the environment's refresh action, unless one is running; returns whether it started.
    package func beginRefresh() -> Bool {
        guard let action = environment.refresh, !isRefreshing else { return false }
        setRefreshing(true)
        Task { @MainActor [weak self] in
            await action()
            self?.setRefreshing(false)
        }
        return true
    }

    /// The spinner: twelve dots round a circle, the brightest turning once a second; while pulling, as many dots
    /// as the pull has reached of the threshold.
    package func refreshIndicator(in frame: CGRect) -> [DisplayItem] {
        let inset = refreshInset
        let center = CGPoint(x: frame.midX, y: frame.minY + min(inset, Self.refreshIndicatorHeight) / 2)
        let dots = 12
        let shown = isRefreshing ? dots : min(dots, Int(CGFloat(dots) * refreshPull / Self.refreshThreshold))
        let turn = isRefreshing ? graph.animations.time.truncatingRemainder(dividingBy: 1) : 0
        let lead = Int(turn * Double(dots))
        var items: [DisplayItem] = []
        for dot in 0..<shown {
            let angle = Double(dot) / Double(dots) * 2 * Double.pi - Double.pi / 2
            let point = CGPoint(x: center.x + 10 * cos(angle), y: center.y + 10 * sin(angle))
            let age = (lead - dot + dots) % dots
            let opacity = isRefreshing ? 1 - Double(age) / Double(dots) * 0.8 : 0.6
            items.append(
                .fill(
                    FillOperation(
                        path: Path(ellipseIn: CGRect(x: point.x - 2, y: point.y - 2, width: 4, height: 4)),
                        primitive: nil, paint: .color(RGBA(red: 0.4, green: 0.4, blue: 0.4, opacity: opacity)),
                        eoFill: false, antialiased: true)))
        }
        return items
    }
}
