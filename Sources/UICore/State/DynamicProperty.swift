import Combine
import Foundation

/// A stored property of a view whose storage the view graph manages (`@State`, `@Environment`…).
public protocol DynamicProperty {
    /// Called before the view's body is evaluated.
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// What a dynamic property needs when its view is installed in a node.
@MainActor package struct InstallContext {
    package let reader: any StateReader
    package let environment: EnvironmentValues
    /// The storage being installed: it keeps the subscriptions (no closure is made unless one is needed).
    package let storage: DynamicPropertyStorage

    /// Subscribes the view to `object`'s changes (once per object, however many properties hold it).
    package func subscribe(_ object: any ObservableObject) { storage.subscribe(object, reader: reader) }
}

/// A dynamic property the graph connects to persistent storage.
package protocol GraphInstallable {
    /// Connects the property to `slot` (its persistent storage, `nil` the first time).
    @MainActor func install(slot: inout AnyObject?, context: InstallContext)
    /// Whether the property reads the environment (`@Environment`, `@EnvironmentObject`, `@ScaledMetric`):
    /// a view with none does not depend on it, so a new environment alone does not run its body again.
    static var readsEnvironment: Bool { get }
}

extension GraphInstallable {
    package static var readsEnvironment: Bool { false }
}

/// The persistent storage of one composite node's dynamic properties, in field order, plus its
/// subscriptions to observed objects.
@MainActor
package final class DynamicPropertyStorage {
    private var slots: [AnyObject?] = []
    private var subscriptions: [ObjectIdentifier: AnyCancellable] = [:]
    /// The subscriptions of the install in progress; between installs, an empty table kept for its capacity.
    private var seen: [ObjectIdentifier: AnyCancellable] = [:]
    /// Whether one of the view's dynamic properties reads the environment (known after the first install).
    package private(set) var readsEnvironment = false
    /// Per view type: whether it has any dynamic property (scanning with Mirror is slow; most views have none).
    private static var typeHasProperties: [ObjectIdentifier: Bool] = [:]

    /// Connects the dynamic properties of `view` to this storage and (re)subscribes to its observed objects.
    /// `fields`: those of `V` (`ViewFields.of(V.self)`), when the caller keeps them.
    package func install<V>(
        in view: V, fields: ViewFields?? = nil, reader: any StateReader, environment: EnvironmentValues
    ) {
        let typeID = ObjectIdentifier(V.self)
        if DynamicPropertyStorage.typeHasProperties[typeID] == false { return }
        var index = 0
        seen.removeAll(keepingCapacity: true)
        let context = InstallContext(reader: reader, environment: environment, storage: self)
        let reflected: Bool
        if let fields = fields ?? ViewFields.of(V.self), !fields.needsReflectionToInstall {
            reflected = false
            withUnsafeBytes(of: view) { bytes in
                guard let base = bytes.baseAddress else { return }
                visit(fields, at: base, context: context, index: &index)
            }
        } else {
            reflected = true
            visit(Mirror(reflecting: view), context: context, index: &index)
        }
        // A reflected value without properties says nothing of the type: another value of it may hold some
        // behind the same existential field.
        if DynamicPropertyStorage.typeHasProperties[typeID] == nil && (index > 0 || !reflected) {
            DynamicPropertyStorage.typeHasProperties[typeID] = index > 0
        }
        if subscriptions.isEmpty && seen.isEmpty { return }
        for (id, subscription) in subscriptions where seen[id] == nil { subscription.cancel() }
        swap(&subscriptions, &seen)
        seen.removeAll(keepingCapacity: true)
    }

    fileprivate func subscribe(_ object: any ObservableObject, reader: any StateReader) {
        let id = ObjectIdentifier(object)
        if seen[id] != nil { return }
        if let existing = subscriptions[id] {
            seen[id] = existing
            return
        }
        seen[id] = object.subscribeToChanges { [weak reader] in
            onMainActor { reader?.stateDidChange() }
        }
    }

    /// The properties of a struct, read in place from its fields.
    private func visit(_ fields: ViewFields, at base: UnsafeRawPointer, context: InstallContext, index: inout Int) {
        for field in fields.fields {
            if let installable = field.installable {
                installSlot(index, installable, at: base + field.offset, context: context)
                index += 1
            } else if let nested = field.nestedDynamicProperty {
                visit(nested, at: base + field.offset, context: context, index: &index)
            }
        }
    }

    private func installSlot<P: GraphInstallable>(
        _ index: Int, _: P.Type, at field: UnsafeRawPointer, context: InstallContext
    ) {
        installSlot(index, field.load(as: P.self), context: context)
    }

    private func installSlot(_ index: Int, _ installable: any GraphInstallable, context: InstallContext) {
        if type(of: installable).readsEnvironment { readsEnvironment = true }
        if index == slots.count { slots.append(nil) }
        installable.install(slot: &slots[index], context: context)
    }

    /// The properties of any other value, found by reflecting it (a field whose type does not show whether it
    /// holds a dynamic property).
    private func visit(_ mirror: Mirror, context: InstallContext, index: inout Int) {
        let hostsModifier = mirror.subjectType is any ModifierBodyView.Type
        for child in mirror.children {
            if let installable = child.value as? any GraphInstallable {
                installSlot(index, installable, context: context)
                index += 1
            } else if child.value is any DynamicProperty || (hostsModifier && child.value is any ViewModifier) {
                // A user-defined dynamic property: its own stored properties may be graph-managed.
                visit(Mirror(reflecting: child.value), context: context, index: &index)
            }
        }
    }

    /// The node left the graph: stop observing.
    package func detach() {
        for subscription in subscriptions.values { subscription.cancel() }
        subscriptions.removeAll()
    }
}
