/// The `.graph` objects of a request that made one or more ``Lazy`` values: the
/// lazies resolve in it, on any thread, while the request runs and after it ends.
///
/// The request's thread keeps its graph in its ``ResolutionContext``, without a
/// lock; every `.graph` object it stores there once this graph exists is published
/// here too (``publish(_:for:)``), so a lazy read on another thread meanwhile (an
/// `awakeFromInjection()` that hands the read to a worker) finds what the request
/// made so far. A thread that resolves in this graph starts with an empty table of
/// its own and takes each `.graph` object from here; one it has to build, it builds
/// holding this graph's gate for that recipe (``gate(for:)``), so two threads that
/// read two lazies of one graph at once build it once.
///
/// Invariants:
/// - `state` is only touched with its lock held.
/// - Once the request ends (``seal()``), objects are held weakly: a lazy keeps its
///   graph, and a `.graph` object of that graph may hold the lazy, so strong
///   entries would keep both alive for good. An object nothing else holds is gone,
///   and is built again if a lazy needs it. Values that are not objects are held
///   strongly.
final class LazyGraph: Sendable {
    /// One `.graph` value, with the recipe that made it (kept alive, so the key,
    /// the recipe's address, stays its own).
    private struct Entry {
        let recipe: Recipe
        /// The value, held strongly: any value while the request runs, and after it
        /// a value that is not an object.
        let value: Any?
        /// An object of the graph after the request ended, held weakly.
        weak var object: AnyObject?

        init(recipe: Recipe, value: Any, isSealed: Bool) {
            self.recipe = recipe
            if isSealed, Swift.type(of: value) is AnyClass {
                self.value = nil
                self.object = AnyUnboxing.anyObject(value)
            } else {
                self.value = value
            }
        }

        /// The value, unless it was an object that is gone.
        var current: Any? {
            if let value { return value }
            return object.map { $0 as Any }
        }
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry]
        var isSealed = false
        /// The gate that one thread holds while it builds a recipe's `.graph` object
        /// here, with the recipe (kept alive, as in ``Entry``).
        var gates: [ObjectIdentifier: (recipe: Recipe, gate: CreationGate)] = [:]
    }

    // Entries hold objects the injector handed out, as singletons do across threads.
    private let state: LockedBox<State>

    /// A graph holding what the running request made so far.
    init(_ graph: ResolutionContext.GraphTable) {
        var entries: [ObjectIdentifier: Entry] = [:]
        for entry in graph.entries {
            entries[ObjectIdentifier(entry.recipe)] = Entry(recipe: entry.recipe, value: entry.value, isSealed: false)
        }
        state = LockedBox(State(entries: entries))
    }

    /// The `.graph` value `recipe` made in this graph, if any (and still alive).
    func value(for recipe: Recipe) -> Any? {
        state.withLock { state in
            guard let entry = state.entries[ObjectIdentifier(recipe)], entry.recipe === recipe else { return nil }
            return entry.current
        }
    }

    /// Keeps `value`, just made for `recipe` on some thread resolving in this graph,
    /// unless a value made first is still there.
    func publish(_ value: Any, for recipe: Recipe) {
        state.withLock { state in
            let id = ObjectIdentifier(recipe)
            if let entry = state.entries[id], entry.recipe === recipe, entry.current != nil { return }
            state.entries[id] = Entry(recipe: recipe, value: value, isSealed: state.isSealed)
        }
    }

    /// The gate a thread holds while it builds `recipe`'s object in this graph.
    func gate(for recipe: Recipe) -> CreationGate {
        state.withLock { state in
            let id = ObjectIdentifier(recipe)
            if let known = state.gates[id], known.recipe === recipe { return known.gate }
            let gate = CreationGate()
            state.gates[id] = (recipe, gate)
            return gate
        }
    }

    /// Called when the request that made the graph ends: from now on, its objects
    /// are held weakly.
    func seal() {
        state.withLock { state in
            state.isSealed = true
            // In place: an entry whose object is gone stays, with nothing in it
            // (``value(for:)`` and ``publish(_:for:)`` treat it as absent).
            var index = state.entries.values.startIndex
            while index != state.entries.values.endIndex {
                let entry = state.entries.values[index]
                if entry.value != nil, let current = entry.current {
                    state.entries.values[index] = Entry(recipe: entry.recipe, value: current, isSealed: true)
                }
                state.entries.values.formIndex(after: &index)
            }
        }
    }

    /// Runs `body` (a request) resolving in this graph.
    ///
    /// On the thread of the request that made the graph, while it runs, and in a
    /// request made while this graph is resolved, `body` runs as is: it already
    /// shares the graph. Anywhere else, the thread's own graph is set aside, and
    /// `.graph` objects come from here (see ``ResolutionContext/lazyGraph``).
    func resolve<Result>(
        in injector: Injector, onMainActor: Bool, _ body: (ResolutionContext) throws -> Result
    ) throws -> Result {
        try injector.withRequest(onMainActor: onMainActor) { context in
            if context.lazyGraph === self { return try body(context) }
            // Lazies made meanwhile (held by what this one builds) share this graph.
            let outer = (context.graph, context.lazyGraph)
            context.graph = ResolutionContext.GraphTable()
            context.lazyGraph = self
            defer { (context.graph, context.lazyGraph) = outer }
            return try body(context)
        }
    }
}

extension Injector {
    /// Whether a ``Lazy`` of `key` made by this injector needs the graph of the request
    /// that makes it: `false` only when nothing an object of `key` depends on, at any
    /// depth, is kept per request (`.graph`) and nothing on the way is asked for only
    /// at run time (a closure or provider binding that declares nothing, an
    /// ``ObjectFactory``, a main-actor type), so that no graph could change what the
    /// lazy resolves. `true` whenever that is not known, a key that does not resolve
    /// included.
    func needsRequestGraph(_ key: BindingKey, type: TypeReference) -> Bool {
        var seen: Set<BindingKey> = [key]
        var pending = [(key, type)]
        var opaque = false
        func follow(_ dependency: Dependency, name: String?) {
            guard dependency.kind != .objectFactory else {
                opaque = true
                return
            }
            let next = BindingKey(dependency.target.type, name: name)
            if seen.insert(next).inserted { pending.append((next, dependency.target)) }
        }
        while !opaque, let (current, currentType) = pending.popLast() {
            guard var recipe = try? recipe(for: current, type: currentType) else { return true }
            while true {
                // Kept, but not across requests: the request's own.
                if recipe.storage.keepsValues, !recipe.storage.isShared { return true }
                guard case .link(let target) = recipe.source else { break }
                recipe = target
            }
            guard !recipe.isMainActor else { return true }
            switch recipe.source {
            case .build(let metadata):
                guard !metadata.hasDeclarationError else { return true }
                for declared in metadata.initializerDependencies { follow(declared.dependency, name: declared.name) }
                for requirement in metadata.requirements { follow(requirement.dependency, name: requirement.name) }
            case .closure, .provider:
                guard let declared = recipe.binding?.dependencies else { return true }
                for entry in declared.entries { follow(entry.dependency, name: entry.name) }
            case .instance, .link:
                break
            }
        }
        return opaque
    }
}
