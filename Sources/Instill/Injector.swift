/// Builds objects and fills their requirements, following the bindings of its
/// modules.
///
/// ```swift
/// let injector = try Injector(modules: [AppModule()])
/// let car = try injector.getObject(Car.self)
/// let left = try injector.getObject(Headlight.self, named: "left")
/// let v12 = try injector.getObject(Engine.self, arguments: "V12")
/// ```
///
/// An injector is `Sendable`: use it from any number of threads. A singleton is
/// built once however many threads ask for it at the same time, and no other
/// thread sees it before it is assembled and awake. Initializers, closures,
/// providers and `awakeFromInjection()` may call the injector again.
///
/// Every failure throws an ``InjectionError``; nothing returns `nil` for a missing
/// binding, and nothing traps.
public final class Injector: Sendable {
    let modules: [any Module]
    let bindings: [BindingKey: Binding]
    let scopeOverrides: [ObjectIdentifier: Scope]
    let eagerSingletons: [EagerSingleton]
    let parent: Injector?
    /// Receives resolution events; `nil` costs one branch per event.
    let tracer: (any ResolutionTracer)?
    /// `tracer != nil`, checked on the hot path without copying the existential.
    let isTracing: Bool
    let recipeTable = LockedBox<[BindingKey: Recipe]>([:])
    /// Recipes of unnamed keys, readable without a lock (see `recipe(for:type:)`).
    let recipeIndex = RecipeIndex()
    /// ``ThreadContext``'s key, read once here: reading the global costs a
    /// `swift_once` call on every request.
    let threadContextKey = ThreadContext.key
    /// Recipes of named keys, readable without a lock.
    let namedQuickRecipes = AtomicSlots(count: Injector.namedQuickSlotCount)
    /// For a child: whether each shared key of an ancestor reaches a key this injector
    /// binds (see `Injector+OverrideReach.swift`); `nil` for a root, which never asks.
    let reachCache: LockedBox<[BindingKey: Bool]>?
    /// Whether this is a view of its parent made for a closure that declares nothing
    /// (see `Injector+OverrideReach.swift`).
    let isClosureView: Bool
    /// The fast paths this injector may take (see ``Accelerators``): its parent's, or
    /// every one unless the build is reference-only.
    let accelerators: Accelerators

    /// An injector with no modules: it builds `Injectable` types automatically.
    public convenience init() {
        self.init(parent: nil, modules: [], binder: Binder(), tracer: nil)
    }

    /// An injector configured by `modules`, in order (later modules win).
    ///
    /// Each module's ``Module/configure(_:)`` runs once, then the bindings are
    /// frozen and eager singletons are built.
    ///
    /// - Parameters:
    ///   - modules: the modules to configure the injector with.
    ///   - tracer: receives every resolution event (see ``ResolutionTracer``);
    ///     child injectors inherit it.
    /// - Throws: ``InjectionError`` when a module binds an optional type
    ///   (``InjectionError/Kind-swift.struct/invalidBinding``), or an eager singleton
    ///   is not in singleton scope or cannot be built.
    public convenience init(modules: [any Module], tracer: (any ResolutionTracer)? = nil) throws {
        try self.init(parent: nil, modules: modules, tracer: tracer)
    }

    convenience init(
        parent: Injector?, modules: [any Module], tracer: (any ResolutionTracer)?, accelerators: Accelerators? = nil
    ) throws {
        self.init(configuring: modules, parent: parent, tracer: tracer, accelerators: accelerators)
        try rejectOptionalBindings()
        try startEagerSingletons(eagerSingletonsToStart)
    }

    /// Throws for a binding of an optional type (`Radio?`): requirements of `Radio?`
    /// and `Radio!` look up `Radio`, so such a binding would never fill one.
    private func rejectOptionalBindings() throws {
        // The metadata kind finds optionals without a conformance lookup per binding.
        var optionals: [Binding] = []
        for binding in bindings.values where TypeKind.isOptional(binding.boundType.type) { optionals.append(binding) }
        for binding in optionals.sorted(by: { $0.location.line < $1.location.line }) {
            guard let optional = binding.boundType.type as? any OptionalMarker.Type else { continue }
            var error = InjectionError.optionalBinding(
                binding.boundType.description, wrapped: typeName(optional.wrappedType))
            error.bindingLocation = "\(binding.location) in \(binding.module)"
            throw error
        }
    }

    /// An injector whose modules are configured but whose eager singletons are not
    /// built yet.
    convenience init(
        configuring modules: [any Module], parent: Injector?, tracer: (any ResolutionTracer)?,
        accelerators: Accelerators? = nil
    ) {
        let binder = Binder()
        for module in modules {
            binder.module = typeName(type(of: module))
            module.configure(binder)
        }
        self.init(parent: parent, modules: modules, binder: binder, tracer: tracer, accelerators: accelerators)
    }

    private init(
        parent: Injector?, modules: [any Module], binder: Binder, tracer: (any ResolutionTracer)?,
        accelerators: Accelerators? = nil
    ) {
        self.parent = parent
        self.modules = modules
        var table: [BindingKey: Binding] = [:]
        table.reserveCapacity(binder.bindings.count)
        for binding in binder.bindings { table[binding.key] = binding }
        self.bindings = table
        self.scopeOverrides = binder.scopeOverrides
        self.eagerSingletons = binder.eagerSingletons
        self.tracer = tracer
        self.isTracing = tracer != nil
        self.isClosureView = false
        self.reachCache = parent != nil ? LockedBox([:]) : nil
        self.accelerators = accelerators ?? parent?.accelerators ?? .standard
    }

    /// An injector with no bindings of its own that answers as `owner` does: what a
    /// closure or provider that declares nothing receives while `owner` builds it for
    /// a descendant, so that each of its requests is checked (see
    /// `Injector+OverrideReach.swift`).
    init(closureViewOf owner: Injector) {
        self.parent = owner
        self.modules = []
        self.bindings = [:]
        self.scopeOverrides = [:]
        self.eagerSingletons = []
        self.tracer = owner.tracer
        self.isTracing = owner.isTracing
        self.isClosureView = true
        self.reachCache = nil
        self.accelerators = owner.accelerators
    }

    /// An injector with `other`'s frozen bindings, parent and tracer, and none of
    /// its recipes: no singleton is built yet.
    init(sameBindingsAs other: Injector) {
        self.parent = other.parent
        self.modules = other.modules
        self.bindings = other.bindings
        self.scopeOverrides = other.scopeOverrides
        self.eagerSingletons = other.eagerSingletons
        self.tracer = other.tracer
        self.isTracing = other.isTracing
        self.isClosureView = other.isClosureView
        self.reachCache = other.parent != nil ? LockedBox([:]) : nil
        self.accelerators = other.accelerators
    }

    func startEagerSingletons(_ eager: [EagerSingleton]) throws {
        for entry in eager {
            let recipe = try recipe(for: entry.key, type: entry.type)
            guard recipe.effectiveScope == .singleton else {
                var error = InjectionError.eagerSingletonNotSingleton(
                    recipe.typeName, scope: recipe.effectiveScope,
                    implementation: recipe.isAutomaticBuild ? recipe.linkedTypeName : nil)
                error.bindingLocation = entry.boundAt
                throw error
            }
            _ = try resolve(Any.self, key: entry.key, type: entry.type)
        }
    }

    private func resolve(_: Any.Type, key: BindingKey, type: TypeReference) throws -> Any? {
        try withRequest { context in
            do {
                return try produce(recipe(for: key, type: type), arguments: [], in: context)
            } catch var error as InjectionError {
                error.requestedType = type.description
                throw error
            }
        }
    }

    // MARK: Getting objects

    /// An assembled object of `type`: built with its initializer, its requirements
    /// filled, awoken, and cached according to its scope.
    ///
    /// `type` may be an `Injectable` class (built automatically when nothing is bound
    /// to it) or any type bound in a module: a protocol, a struct, a closure type.
    ///
    /// A request gets what a requirement or initializer dependency of its type would:
    /// `T?` gets `T`'s value, or `nil` when nothing is bound to `T` under `name` (or a
    /// closure returned `nil`; any other failure still throws); `Provider<T>`,
    /// `Lazy<T>` and `ObjectFactory` get a ``Provider``, a ``Lazy`` or an
    /// ``ObjectFactory`` of this injector.
    ///
    /// ```swift
    /// let clock = try injector.getObject((any Clock)?.self)   // nil when unbound
    /// let wheels = try injector.getObject(Provider<Wheel>.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type to get: a class, a protocol existential, any bound type.
    ///   - name: the binding name, for named bindings.
    ///   - arguments: replace the initializer's declared defaults (or reach the
    ///     provider) when not empty. A singleton uses the arguments of the request
    ///     that builds it and ignores later ones.
    ///   - isolation: the caller's actor, an `isolated` parameter the compiler checks (a
    ///     value passed by hand must be the actor the call is made on); leave the default.
    ///     From main-actor code, the graph may hold ``MainActorInjectable`` types.
    /// - Throws: ``InjectionError``.
    public func getObject<T>(
        _ type: T.Type, named name: String? = nil, arguments: any Sendable...,
        isolation: isolated (any Actor)? = #isolation
    ) throws -> T {
        try resolve(type, named: name, arguments: arguments, onMainActor: MainActorIsolation.isMainActor(isolation))
    }

    /// ``getObject(_:named:arguments:isolation:)`` for an ``Injectable`` class: the
    /// compiler picks this form by itself, so there is nothing to write differently.
    ///
    /// It passes the class's conformance where the compiler knows it, so the first
    /// request of the class asks the runtime no conformance question, whose cost
    /// grows with the size of the program (see <doc:Performance#Cold-start-at-app-scale>).
    ///
    /// ```swift
    /// let car = try injector.getObject(Car.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: the class to get.
    ///   - name: the binding name, for named bindings.
    ///   - arguments: replace the initializer's declared defaults (or reach the
    ///     provider) when not empty.
    ///   - isolation: the caller's actor; leave the default.
    /// - Throws: ``InjectionError``.
    public func getObject<T: Injectable>(
        _ type: T.Type, named name: String? = nil, arguments: any Sendable...,
        isolation: isolated (any Actor)? = #isolation
    ) throws -> T {
        try resolve(type, named: name, arguments: arguments, onMainActor: MainActorIsolation.isMainActor(isolation))
    }

    /// An assembled object of a main-actor type, from main-actor code: built, filled
    /// and awoken on the main actor (see ``MainActorInjectable``).
    ///
    /// ```swift
    /// @MainActor func showWeather() throws {
    ///     let model = try injector.getObject(WeatherViewModel.self)
    /// }
    /// ```
    ///
    /// From code that is not on the main actor, the compiler refuses the call; `await`
    /// it from another context to hop to the main actor.
    ///
    /// - Parameters:
    ///   - type: the main-actor type to get.
    ///   - name: the binding name, for named bindings.
    /// - Throws: ``InjectionError``.
    @MainActor
    public func getObject<T: MainActorInjectable>(_ type: T.Type, named name: String? = nil) throws -> T {
        try resolve(type, named: name, arguments: [], onMainActor: true)
    }

    /// An assembled object of `type`, or the one bound to it under `name`, as
    /// ``getObject(_:named:arguments:isolation:)-4c0d`` (Objection's `injector[[Car class]]`).
    ///
    /// A subscript cannot take the caller's actor as an `isolated` parameter, so it
    /// builds no main-actor object: a ``MainActorInjectable`` type is read through
    /// its own `@MainActor` subscript, and a main-actor object reached any other way
    /// is ``InjectionError/Kind-swift.struct/mainActorRequired``, whose fix names
    /// ``getObject(_:named:arguments:isolation:)-4c0d``.
    ///
    /// ```swift
    /// let car = try injector[Car.self]
    /// let left = try injector[Headlight.self, named: "left"]
    /// ```
    public subscript<T>(type: T.Type, named name: String? = nil) -> T {
        get throws { try resolveOffMainActor(type, named: name) }
    }

    /// An assembled object of a main-actor type, or the one bound to it under `name`,
    /// from main-actor code, as ``getObject(_:named:)``.
    ///
    /// ```swift
    /// @MainActor func showWeather() throws {
    ///     let model = try injector[WeatherViewModel.self]
    /// }
    /// ```
    @MainActor
    public subscript<T: MainActorInjectable>(type: T.Type, named name: String? = nil) -> T {
        get throws { try getObject(type, named: name) }
    }

    /// A request made where the caller's actor is not known (a subscript): it builds
    /// no main-actor object, and the error for one it reaches says to use `getObject`.
    func resolveOffMainActor<T>(_ type: T.Type, named name: String?) throws -> T {
        do {
            return try resolve(type, named: name, arguments: [], onMainActor: false)
        } catch let error as InjectionError where error.kind == .mainActorRequired && error.mainActorType != nil {
            throw error.requestedThroughSubscript()
        }
    }

    /// Fills the requirements of an object built by hand, then calls its
    /// `awakeFromInjection()`.
    ///
    /// The object's dynamic type decides which requirements are filled, so a
    /// subclass instance passed as its superclass gets the subclass's. The object
    /// itself is not stored in any scope.
    ///
    /// ```swift
    /// let car = Car()
    /// try injector.injectDependencies(into: car)
    /// ```
    public func injectDependencies<T: Injectable>(into object: T, isolation: isolated (any Actor)? = #isolation) throws
    {
        let type = Swift.type(of: object)
        try inject(
            into: object, type: ObjectIdentifier(type), metadata: InjectableMetadata.of(dynamic: type) ?? .of(T.self),
            onMainActor: MainActorIsolation.isMainActor(isolation))
    }

    /// Fills the requirements of a main-actor object that something else built (a
    /// storyboard's view controller, a SwiftUI-owned model), then calls its
    /// `awakeFromInjection()`, on the main actor.
    ///
    /// ```swift
    /// @MainActor func viewDidLoad() {
    ///     try? injector.injectDependencies(into: self)
    /// }
    /// ```
    @MainActor
    public func injectDependencies<T: MainActorInjectable>(into object: T) throws {
        let type = Swift.type(of: object)
        let metadata: InjectableMetadata
        // Read on the main actor, as the compiler checked: the dynamic type's own
        // requirements, whether or not a request has read them before.
        if let known = InjectableMetadata.of(dynamicOnMainActor: type), known.isMainActor {
            metadata = known
        } else {
            metadata = InjectableMetadata.of(mainActor: T.self)
        }
        try inject(into: object, type: ObjectIdentifier(type), metadata: metadata, onMainActor: true)
    }

    /// Whether this injector (or one of its ancestors) has a binding for `type`
    /// under `name`. Types that are only built automatically have none.
    public func hasBinding<T>(for type: T.Type, named name: String? = nil) -> Bool {
        binding(for: BindingKey(type, name: name)) != nil
    }
}
