/// How one injector answers one key: the binding (or automatic build) it resolved
/// to, with the scope in force and the storage for shared instances.
///
/// Recipes are made on first request and kept; bindings never change after the
/// injector is created, so neither do recipes.
final class Recipe: Sendable {
    enum Source: Sendable {
        case build(InjectableMetadata)
        case instance(Instance)
        case closure(@Sendable (Injector) throws -> Any?)
        case provider(@Sendable (Injector, InjectionArguments) throws -> Any?)
        /// Answer with another recipe (a type bound to a protocol or superclass
        /// without a scope of its own).
        case link(Recipe)
    }

    let key: BindingKey
    let type: TypeReference
    let scope: Scope
    let source: Source
    /// The check of each value, for a binding the compiler could not check
    /// (`bind(_:to:)`, `forward(_:to:)`, a provider): `nil` when there is none to make,
    /// because the compiler checked it, or because the class the binding links to or
    /// builds is of the bound type (``conformance``).
    let accepts: (@Sendable (Any) -> Bool)?
    /// For a `bind(_:to:)` or `forward(_:to:)` binding to a class, struct or enum:
    /// whether that type is of the bound type, asked of the types once, when the recipe
    /// is made.
    ///
    /// `false` refuses the binding whatever value would answer it (a closure bound to
    /// the class may return a subclass that conforms): a build throws before it makes
    /// anything, and `validate()` reads the same answer. `nil` when the types cannot
    /// tell (a protocol or an optional, or a bound type ``TypeConformance`` cannot ask
    /// about): each value is checked with ``accepts`` then.
    let conformance: Bool?
    /// The binding this recipe comes from, if any (for messages and graphs).
    let binding: Binding?
    /// Whether its value comes from an async step (initializer, closure or provider),
    /// which only `await getObject` runs.
    let isAsync: Bool
    /// The requested type's name, for messages and traces.
    var typeName: String { type.description }
    /// The type it builds, when ``yieldsObject``.
    let objectMetadata: InjectableMetadata?
    /// The recipe that answers each requirement of ``objectMetadata`` then each
    /// dependency its initializer declares, or each dependency a closure or provider
    /// binding declares: linked on first use (the build's, or its creation group's,
    /// which looks them up in the same injector, ``owner``) so that later uses skip the
    /// lookup.
    let links: AtomicSlots?
    /// The injector whose bindings fill this recipe's requirements.
    ///
    /// Not retained (the injector keeps its recipes): the injector outlives every use
    /// of its recipes, and a value that keeps a recipe beyond a request (an
    /// ``InjectionError``'s async step) keeps its owner too (`AsyncStepRequest`).
    @inline(__always) var owner: Injector { ownerReference.object }
    private let ownerReference: Kept<Injector>

    /// Runs `body` with ``owner``, not retained for the call (the injector outlives it,
    /// as above).
    @inline(__always)
    func withOwner<Result>(_ body: (Injector) throws -> Result) rethrows -> Result {
        try ownerReference.with(body)
    }
    /// Where its scope keeps its values, and how a request for it is answered.
    let storage: ScopeStorage
    /// For a `.normal` recipe that builds objects: its ``BuildPlan`` (slot 0, retained, or
    /// 1 when it can never have one) and how many builds found it not ready (slot 1).
    private let planSlots: AtomicSlots?
    /// For a recipe with ``accepts``: the class of the first object it accepted.
    private let acceptedSlot: AtomicSlots?
    /// Whether this recipe builds (or links to) a ``MainActorInjectable`` type: it is
    /// answered only where the main actor is proven.
    let isMainActor: Bool

    init(
        key: BindingKey, type: TypeReference, scope: Scope, source: Source, binding: Binding?, owner: Injector
    ) {
        self.key = key
        self.type = type
        self.scope = scope
        self.source = source
        self.binding = binding
        if let accepts = binding?.accepts {
            let conformance = Self.conformance(of: source, to: type.type)
            self.conformance = conformance
            // A class that is of the bound type answers with values that are.
            self.accepts = conformance == true ? nil : accepts
        } else {
            self.conformance = nil
            self.accepts = nil
        }
        if case .build(let metadata) = source {
            self.isAsync = metadata.initializer.asyncBuild != nil
        } else {
            self.isAsync = binding?.asyncStep != nil
        }
        if case .build(let metadata) = source {
            self.objectMetadata = metadata
            // Requirements first, then the initializer's dependencies.
            self.links = AtomicSlots(count: metadata.requirements.count + metadata.initializerDependencies.count)
        } else {
            self.objectMetadata = nil
            switch source {
            case .closure, .provider:
                self.links = binding?.dependencies.map { AtomicSlots(count: $0.entries.count) }
            default:
                self.links = nil
            }
        }
        self.ownerReference = Kept(owner)
        self.storage = scope.storageClass.init()
        self.planSlots = !storage.keepsValues && objectMetadata != nil ? AtomicSlots(count: 2) : nil
        self.acceptedSlot = accepts != nil ? AtomicSlots(count: 1) : nil
        switch source {
        case .build(let metadata): self.isMainActor = metadata.isMainActor
        case .link(let target): self.isMainActor = target.isMainActor
        default: self.isMainActor = false
        }
    }

    /// Whether the type that `source` links to or builds is a `bound`, as far as the
    /// types tell (see ``conformance``): a class, or a struct or enum, whose values are
    /// all of that one type. A protocol's or an optional's values may be of any type.
    private static func conformance(of source: Source, to bound: Any.Type) -> Bool? {
        let implementation: Any.Type
        switch source {
        case .build(let metadata): implementation = metadata.type.type
        case .link(let target): implementation = target.type.type
        default: return nil
        }
        switch TypeKind(implementation) {
        case .class: break
        case .value where !TypeKind.isOptional(implementation): break
        default: return nil
        }
        return TypeConformance.isInstance(of: implementation, a: bound)
    }

    /// The error a request of this recipe throws, before it makes anything, when
    /// ``conformance`` is `false`; `validate()` reports the same.
    var nonConformingError: InjectionError? {
        guard conformance == false else { return nil }
        let implementation: String
        switch source {
        case .build(let metadata): implementation = metadata.name
        case .link(let target): implementation = target.typeName
        default: return nil
        }
        return InjectionError.typeDoesNotConform(implementation, boundTo: typeName).bound(at: binding)
    }

    /// The scope objects answered by this recipe live in: a link's target's.
    var effectiveScope: Scope {
        if case .link(let target) = source { return target.effectiveScope }
        return scope
    }

    /// The type a link ends at (the recipe's own type otherwise).
    var linkedTypeName: String {
        if case .link(let target) = source { return target.linkedTypeName }
        return typeName
    }

    /// Whether the scope comes from an `Injectable` type (declared, or set with
    /// `setScope`) rather than from a binding's `scope:` argument.
    var isAutomaticBuild: Bool {
        switch source {
        case .link(let target): target.isAutomaticBuild
        case .build: true
        default: false
        }
    }

    deinit {
        planSlots?.releaseObject(0)
    }

    /// The compiled build of this recipe, once it has one.
    @inline(__always)
    var plan: BuildPlan? { planSlots?.object(0, as: BuildPlan.self) }

    /// ``plan``, not retained: the recipe keeps it.
    @inline(__always)
    var keptPlan: Kept<BuildPlan>? { planSlots?.kept(0, as: BuildPlan.self) }

    /// Counts a build that could compile a plan; whether it should try: there is
    /// none yet, it is not ruled out, and this is a power-of-two attempt (so a
    /// recipe that is not ready for long costs a logarithmic number of tries).
    func claimPlanAttempt() -> Bool {
        guard let planSlots, planSlots.load(0) == 0 else { return false }
        let attempts = planSlots.add(1, 1)
        return attempts & (attempts - 1) == 0
    }

    /// Stores a compiled plan; returns the one the recipe keeps.
    func storePlan(_ plan: BuildPlan) -> BuildPlan? { planSlots?.storeObject(0, plan) }

    /// Rules out a plan for good.
    func ruleOutPlan() { _ = planSlots?.storeIfEmpty(0, 1) }

    /// Notes that ``accepts`` accepted an object of class `type`.
    @inline(__always)
    func noteAccepted(_ type: Any.Type) {
        guard let acceptedSlot, acceptedSlot.load(0) == 0, type is AnyClass else { return }
        _ = acceptedSlot.storeIfEmpty(0, UInt(bitPattern: ObjectIdentifier(type)))
    }

    /// Whether ``accepts`` is known to accept objects of the class `type` (always,
    /// without ``accepts``).
    func hasAccepted(_ type: ObjectIdentifier) -> Bool {
        guard let acceptedSlot else { return true }
        return acceptedSlot.load(0) == UInt(bitPattern: type)
    }

}
