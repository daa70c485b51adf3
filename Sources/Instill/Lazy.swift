/// A value resolved on first use, then kept: inject it in place of the value when
/// building it is costly or not always needed.
///
/// ```swift
/// final class ReportScreen: Injectable {
///     var exporter: Lazy<PDFExporter>!
///     static var requires: Requirements { Requirements(\ReportScreen.exporter) }
///     init() {}
///     func export() throws { try exporter.value.export() }
/// }
/// ```
///
/// Nothing is built until ``value`` is read (or the lazy is called); later reads give
/// the same value, and copies of a lazy share it. ``Provider`` differs: it asks the
/// injector again on each call.
///
/// A lazy resolves within the graph of the object that holds it: a ``Scope/graph``
/// object it reaches is the one the holder's request made (or makes, if the request
/// made none), on whatever thread the lazy is read, even while that request still
/// runs. Lazies of one graph read on several threads at once build such an object
/// once. A lazy requested directly with `getObject(Lazy<T>.self)` has a graph of its
/// own. Two threads reading a lazy's first value at the same moment may both build
/// it; one value is kept and both get it.
///
/// Once the request ended, its graph holds its objects weakly, so a `.graph` object
/// that holds a lazy is freed like any other: a `.graph` object nothing holds any
/// more is built again if a lazy reaches it later.
///
/// A lazy is `Sendable` when its value is. It holds its injector weakly: reading its
/// first value after the injector is released throws
/// ``InjectionError/Kind-swift.struct/injectorReleased``.
public struct Lazy<Value> {
    /// What the lazy's copies share: one allocation, behind its lock.
    let storage: LockedBox<LazyStorage>

    init(injector: Injector, name: String?, graph: LazyGraph?) {
        storage = LockedBox(LazyStorage(injector: injector, name: name, graph: graph))
    }

    /// The binding name the lazy asks for, if any.
    public var name: String? { storage.withLock { $0.name } }

    /// The value: resolved on the first read, the same one afterwards.
    ///
    /// Reads off the main actor; for a ``MainActorInjectable`` value, call the lazy
    /// from main-actor code instead (`try screen()`).
    ///
    /// - Throws: ``InjectionError`` when resolving fails; a later read tries again.
    public var value: Value {
        get throws { try LazyStorage.value(of: Value.self, in: storage, onMainActor: false) }
    }

    /// The value, as ``value``. Called from main-actor code, it may be a
    /// ``MainActorInjectable`` type.
    ///
    /// - Parameter isolation: the caller's actor, an `isolated` parameter the compiler checks (a
    ///     value passed by hand must be the actor the call is made on); leave the default.
    public func callAsFunction(isolation: isolated (any Actor)? = #isolation) throws -> Value {
        try LazyStorage.value(of: Value.self, in: storage, onMainActor: MainActorIsolation.isMainActor(isolation))
    }
}

extension Lazy: Sendable where Value: Sendable {}

extension Lazy: ProviderMarker {
    static var valueType: Any.Type { Value.self }
    static var isLazy: Bool { true }
    static var genericName: String { "Lazy" }

    static func make(injector: Injector, name: String?, inRequestGraph: Bool) -> Lazy {
        Lazy(injector: injector, name: name, graph: inRequestGraph ? ThreadContext.current.lazyGraphOfRequest() : nil)
    }
}

/// What the copies of one ``Lazy`` share: where to resolve, and the value once
/// resolved, all reached through the lazy's lock (a ``LockedBox``: one allocation per
/// lazy, which every build of an object that holds one makes).
///
/// Not generic: the value is kept as `Any` and read back as the lazy's `Value`, the
/// only type stored.
struct LazyStorage {
    weak var injector: Injector?
    let name: String?
    let graph: LazyGraph?
    /// The resolved value, a `Value` of the lazy. ``Lazy`` itself is `Sendable` only
    /// when `Value` is, so a value crosses threads only when it may.
    var resolved: Any?

    init(injector: Injector, name: String?, graph: LazyGraph?) {
        self.injector = injector
        self.name = name
        self.graph = graph
    }

    static func value<Value>(
        of _: Value.Type, in storage: LockedBox<LazyStorage>, onMainActor: Bool
    ) throws -> Value {
        let (known, injector, name, graph) = storage.withLock { ($0.resolved, $0.injector, $0.name, $0.graph) }
        // Only the lazy's own `Value` is ever stored.
        if let known, let value = known as? Value { return value }
        guard let injector else { throw InjectionError.injectorReleased(typeName(Value.self)) }
        // Resolved without holding the lock: resolving may read this lazy again.
        let made: Value
        do {
            if let graph {
                made = try graph.resolve(in: injector, onMainActor: onMainActor) { _ in
                    try injector.resolve(Value.self, named: name, arguments: [], onMainActor: onMainActor)
                }
            } else {
                made = try injector.resolve(Value.self, named: name, arguments: [], onMainActor: onMainActor)
            }
        } catch let error as InjectionError where error.kind == .mainActorRequired {
            throw error.requested(through: "Lazy<\(typeName(Value.self))>", call: "`lazy()`, not `lazy.value`,")
        } catch let error as InjectionError {
            throw injector.lazyFailure(error, of: Value.self, named: name)
        }
        return storage.withLock { state in
            if let first = state.resolved, let value = first as? Value { return value }
            state.resolved = made
            return made
        }
    }
}
