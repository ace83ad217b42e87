import Foundation

/// What an accessibility element is and does (a button, a header, selected…).
public struct AccessibilityTraits: SetAlgebra, Hashable, Sendable {
    private var bits: UInt32
    private init(bits: UInt32) { self.bits = bits }
    public init() { bits = 0 }

    public static let isButton = AccessibilityTraits(bits: 1 << 0)
    public static let isHeader = AccessibilityTraits(bits: 1 << 1)
    public static let isSelected = AccessibilityTraits(bits: 1 << 2)
    public static let isLink = AccessibilityTraits(bits: 1 << 3)
    public static let isSearchField = AccessibilityTraits(bits: 1 << 4)
    public static let isImage = AccessibilityTraits(bits: 1 << 5)
    public static let playsSound = AccessibilityTraits(bits: 1 << 6)
    public static let isKeyboardKey = AccessibilityTraits(bits: 1 << 7)
    public static let isStaticText = AccessibilityTraits(bits: 1 << 8)
    public static let isSummaryElement = AccessibilityTraits(bits: 1 << 9)
    public static let updatesFrequently = AccessibilityTraits(bits: 1 << 10)
    public static let startsMediaSession = AccessibilityTraits(bits: 1 << 11)
    public static let allowsDirectInteraction = AccessibilityTraits(bits: 1 << 12)
    public static let causesPageTurn = AccessibilityTraits(bits: 1 << 13)
    public static let isModal = AccessibilityTraits(bits: 1 << 14)
    public static let isToggle = AccessibilityTraits(bits: 1 << 15)
    public static let isTabBar = AccessibilityTraits(bits: 1 << 16)

    public func contains(_ member: AccessibilityTraits) -> Bool { bits & member.bits == member.bits }
    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits {
        AccessibilityTraits(bits: bits | other.bits)
    }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits {
        AccessibilityTraits(bits: bits & other.bits)
    }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits {
        AccessibilityTraits(bits: bits ^ other.bits)
    }
    @discardableResult
    public mutating func insert(_ newMember: AccessibilityTraits) -> (
        inserted: Bool, memberAfterInsert: AccessibilityTraits
    ) {
        let inserted = !contains(newMember)
        bits |= newMember.bits
        return (inserted, newMember)
    }
    @discardableResult
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? {
        let removed = intersection(member)
        bits &= ~member.bits
        return removed.bits == 0 ? nil : removed
    }
    @discardableResult
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? {
        let existing = intersection(newMember)
        bits |= newMember.bits
        return existing.bits == 0 ? nil : existing
    }
    public mutating func formUnion(_ other: AccessibilityTraits) { bits |= other.bits }
    public mutating func formIntersection(_ other: AccessibilityTraits) { bits &= other.bits }
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) { bits ^= other.bits }
}

/// How an accessibility element made from a container treats the container's children.
public struct AccessibilityChildBehavior: Hashable, Sendable {
    package let name: String
    /// The children are not accessible on their own (the default of `accessibilityElement()`).
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    /// The children stay accessible, inside the new element.
    public static let contain = AccessibilityChildBehavior(name: "contain")
    /// The children's labels and values are merged into the new element.
    public static let combine = AccessibilityChildBehavior(name: "combine")
}

/// The kind of an accessibility action.
public struct AccessibilityActionKind: Equatable, Sendable {
    package let name: String
    public static let `default` = AccessibilityActionKind(name: "default")
    public static let escape = AccessibilityActionKind(name: "escape")
    public static let magicTap = AccessibilityActionKind(name: "magicTap")
    public static let delete = AccessibilityActionKind(name: "delete")
    public static let showMenu = AccessibilityActionKind(name: "showMenu")
    /// A custom action with a name.
    public init(named name: Text) { self.name = name.content }
    package init(name: String) { self.name = name }
}

/// The accessibility values a view carries, for a later bridge to the desktop's accessibility bus and for tests.
package struct AccessibilityProperties {
    package var label: String?
    package var hint: String?
    package var value: String?
    package var identifier: String?
    package var isHidden = false
    package var addedTraits = AccessibilityTraits()
    package var removedTraits = AccessibilityTraits()
    /// Set by `accessibilityElement(children:)`: the view is one element.
    package var childBehavior: AccessibilityChildBehavior?
    /// The actions, by kind name (a custom action's name); performing one runs its handler.
    package var actions: [(name: String, perform: () -> Void)] = []

    package var traits: AccessibilityTraits { addedTraits.subtracting(removedTraits) }

    /// Fills what this leaves unset from `inner` (a modifier further in): the outermost modifier wins, as in SwiftUI.
    package mutating func merge(inner: AccessibilityProperties) {
        label = label ?? inner.label
        hint = hint ?? inner.hint
        value = value ?? inner.value
        identifier = identifier ?? inner.identifier
        isHidden = isHidden || inner.isHidden
        addedTraits.formUnion(inner.addedTraits.subtracting(removedTraits))
        removedTraits.formUnion(inner.removedTraits.subtracting(addedTraits))
        childBehavior = childBehavior ?? inner.childBehavior
        actions = inner.actions + actions
    }
}

/// One element of the accessibility tree as the views describe it: a view with accessibility modifiers.
package struct AccessibilityElement {
    package var properties: AccessibilityProperties
    /// The view's frame in window points.
    package var frame: CGRect
    /// The elements inside it.
    package var children: [AccessibilityElement]
}
