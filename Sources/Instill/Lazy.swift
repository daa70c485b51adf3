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
/// made none). A lazy requested directly with `getObject(Lazy<T>.self)` has a graph of
/// its own. Two threads reading a lazy's first value at the same moment may both
/// build it; one value is kept and both get it.
///
/// A lazy is `Sendable` when its value is. It holds its injector weakly: reading its
/// first value after the injector is released throws
/// ``InjectionError/Kind-swift.struct/injectorReleased``.
public struct Lazy<Value> {
    let storage: LazyStorage<Value>

    init(injector: Injector, name: String?, graph: LazyGraph?) {
        storage = LazyStorage(injector: injector, name: name, graph: graph)
    }

    /// The binding name the lazy asks for, if any.
    public var name: String? { storage.name }

    /// The value: resolved on the first read, the same one afterwards.
    ///
    /// Reads off the main actor; for a ``MainActorInjectable`` value, call the lazy
    /// from main-actor code instead (`try screen()`).
    ///
    /// - Throws: ``InjectionError`` when resolving fails; a later read tries again.
    public var value: Value {
        get throws { try storage.value(onMainActor: false) }
    }

    /// The value, as ``value``. Called from main-actor code, it may be a
    /// ``MainActorInjectable`` type.
    ///
    /// - Parameter isolation: the caller's actor; leave the default.
    public func callAsFunction(isolation: (any Actor)? = #isolation) throws -> Value {
        try storage.value(onMainActor: MainActorIsolation.isMainActor(isolation))
    }
}

extension Lazy: Sendable where Value: Sendable {}

extension Lazy: ProviderMarker {
    static var valueType: Any.Type { Value.self }
    static var isLazy: Bool { true }
    static var genericName: String { "Lazy" }

    static func make(injector: Injector, name: String?) -> Any {
        Lazy(injector: injector, name: name, graph: ThreadContext.current.lazyGraphOfRequest())
    }
}

/// What the copies of one ``Lazy`` share: where to resolve, and the value once
/// resolved.
final class LazyStorage<Value>: Sendable {
    weak let injector: Injector?
    let name: String?
    let graph: LazyGraph?
    /// The resolved value. The box's lock guards it; ``Lazy`` itself is `Sendable`
    /// only when `Value` is, so a value crosses threads only when it may.
    private let resolved = LockedBox<Value?>(nil)

    init(injector: Injector, name: String?, graph: LazyGraph?) {
        self.injector = injector
        self.name = name
        self.graph = graph
    }

    func value(onMainActor: Bool) throws -> Value {
        if let known = resolved.withLock({ $0 }) { return known }
        guard let injector else { throw InjectionError.injectorReleased(typeName(Value.self)) }
        // Resolved without holding the lock: resolving may read this lazy again.
        let made: Value
        if let graph {
            made = try graph.resolve(in: injector, onMainActor: onMainActor) { _ in
                try injector.resolve(Value.self, named: name, arguments: [], onMainActor: onMainActor)
            }
        } else {
            made = try injector.resolve(Value.self, named: name, arguments: [], onMainActor: onMainActor)
        }
        return resolved.withLock { slot in
            if let first = slot { return first }
            slot = made
            return made
        }
    }
}

/// The `.graph` objects of the request that made one or more ``Lazy`` values, kept
/// for them once the request ends.
final class LazyGraph: Sendable {
    /// `nil` while the request runs; the request's graph once it ended. Entries hold
    /// objects the injector handed out, as singletons do across threads.
    private let entries = LockedBox<[ObjectIdentifier: ResolutionContext.GraphEntry]?>(nil)

    /// Keeps the graph of the request that ends.
    func seal(_ graph: [ObjectIdentifier: ResolutionContext.GraphEntry]) {
        entries.withLock { $0 = graph }
    }

    /// Runs `body` (a request) with this graph as the thread's graph, then keeps
    /// what it added. Before the request that made the graph ends, `body` runs as is:
    /// on that request's thread, it already shares its graph.
    func resolve<Result>(
        in injector: Injector, onMainActor: Bool, _ body: (ResolutionContext) throws -> Result
    ) throws -> Result {
        guard let sealed = entries.withLock({ $0 }) else {
            return try injector.withRequest(onMainActor: onMainActor, body)
        }
        return try injector.withRequest(onMainActor: onMainActor) { context in
            // Lazies made meanwhile (held by what this one builds) share this graph.
            let outer = (context.graph, context.lazyGraph)
            context.graph = sealed
            context.lazyGraph = self
            defer {
                let grown = context.graph
                (context.graph, context.lazyGraph) = outer
                entries.withLock { $0 = grown }
            }
            return try body(context)
        }
    }
}
