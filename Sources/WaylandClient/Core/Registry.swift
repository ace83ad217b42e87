/// The globals the compositor advertises, and binding them at the version both sides speak.
@MainActor
public final class Registry {
    /// One advertised global.
    public struct Global: Equatable, Sendable {
        public var name: UInt32
        public var interface: String
        public var version: UInt32
    }

    public let proxy: WlRegistry
    /// Advertised globals, in the order the compositor announced them; removals are applied.
    public private(set) var globals: [Global] = []
    /// Called for globals that appear or disappear after the first roundtrip (outputs, seats).
    public var onChange: ((_ added: Global?, _ removed: Global?) -> Void)?

    /// Fetches the registry and waits for the initial list of globals.
    public init(connection: Connection) throws(WaylandError) {
        proxy = connection.display.getRegistry()
        proxy.onEvent = { [unowned self] event in
            switch event {
            case .global(let name, let interface, let version):
                let global = Global(name: name, interface: interface, version: version)
                self.globals.append(global)
                self.onChange?(global, nil)
            case .globalRemove(let name):
                if let index = self.globals.firstIndex(where: { $0.name == name }) {
                    let removed = self.globals.remove(at: index)
                    self.onChange?(nil, removed)
                }
            }
        }
        try connection.roundtrip()
    }

    /// The first advertised global of an interface.
    public func global<T: WaylandInterface>(_ type: T.Type) -> Global? {
        globals.first { $0.interface == T.name }
    }

    /// Binds a global at min(what we speak, what the compositor offers, `maximumVersion`); nil if it is
    /// not advertised.
    public func bind<T: WaylandInterface>(_ type: T.Type, maximumVersion: UInt32 = .max) -> T? {
        guard let global = global(type) else { return nil }
        return bind(global, as: type, maximumVersion: maximumVersion)
    }

    public func bind<T: WaylandInterface>(_ global: Global, as type: T.Type, maximumVersion: UInt32 = .max) -> T {
        precondition(global.interface == T.name, "cannot bind \(global.interface) as \(T.name)")
        return proxy.bind(name: global.name, type, version: min(T.version, global.version, maximumVersion))
    }

    /// Like `bind`, but a missing global is an error naming it.
    public func require<T: WaylandInterface>(_ type: T.Type, maximumVersion: UInt32 = .max) throws(WaylandError) -> T {
        guard let bound = bind(type, maximumVersion: maximumVersion) else { throw .missingGlobal(T.name) }
        return bound
    }
}
