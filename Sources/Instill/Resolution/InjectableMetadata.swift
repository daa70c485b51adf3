/// What the injector knows about one `Injectable` type: read once, then cached for
/// the life of the process.
final class InjectableMetadata: Sendable {
    let type: TypeReference
    /// The type's name, computed when a message or trace needs it (reflecting a type
    /// name searches the program's conformances, which grows with its size).
    var name: String { typeName(type.type) }
    let declaredScope: Scope
    /// The type's `requires`, followed by its `@Injected` properties (superclasses'
    /// first, see ``InjectedFields``).
    let requirements: [Requirement]
    /// Whether `requires` is ``Injectable``'s default: the type (or the class that
    /// conforms, for a subclass) declares none that Swift calls.
    let usesDefaultRequirements: Bool
    let initializer: Initializer
    /// What the initializer receives resolved, in order (empty when it declares nothing).
    let initializerDependencies: [DeclaredDependency]
    /// Set when `requires` lists a key path the type cannot be written through.
    let declarationError: InjectionError?
    /// `declarationError != nil`, checked on the hot path without copying the error.
    let hasDeclarationError: Bool
    /// The type's identity, for the exact-type check that avoids a dynamic cast.
    let classIdentifier: ObjectIdentifier
    let isInstance: @Sendable (AnyObject) -> Bool
    /// `init()`, when the type declares no initializer: no arguments to box.
    let makeDefault: (@Sendable () throws -> AnyObject)?
    /// ``makeDefault`` not optional (``Initializer/noMake`` when there is none): an
    /// optional closure is stored reabstracted, and each call would go through two
    /// thunks. What a ``BuildPlan`` calls.
    let makeObject: @Sendable () throws -> AnyObject
    let awake: @Sendable (AnyObject) -> Void

    /// Makes the type's plan: `TypedBuildPlan<T>`, which calls `init()` and the awake
    /// directly. A closure, so that the runtime instantiates that generic class's
    /// metadata only when a plan is compiled, not for every type whose metadata is read.
    private let planMaker: PlanMaker

    /// Makes a plan of the type from its metadata, steps, dependencies and retained
    /// objects.
    typealias PlanMaker =
        @Sendable (InjectableMetadata, [BuildPlan.Step], [BuildPlan.Dependency], [AnyObject])
        -> BuildPlan

    /// Whether the type is ``MainActorInjectable``: built, filled and awoken only on
    /// the main actor (see ``MainActorIsolation``).
    let isMainActor: Bool

    /// 1 once ``awake`` was seen to run the protocol's default `awakeFromInjection()`.
    private let learnedAwake = AtomicSlots(count: 1)

    /// Whether the type's `awakeFromInjection()` is the protocol's default, which does
    /// nothing: then neither the resolver nor a plan calls it (see ``DefaultAwake``).
    @inline(__always)
    var awakeIsDefault: Bool { learnedAwake.load(0) == 1 }

    /// Records that ``awake`` ran the protocol's default on an instance of this type.
    func learnDefaultAwake() { _ = learnedAwake.storeIfEmpty(0, 1) }

    private convenience init<T: Injectable>(_ type: T.Type) {
        let initializer = T.initializer
        // The default initializer's `init()` call is specialized where `T` conforms. A
        // type whose `initializer` is another type's default gets a generic call.
        let makeDefault: @Sendable () throws -> AnyObject
        if initializer.makes == ObjectIdentifier(T.self) {
            makeDefault = initializer.make
        } else {
            makeDefault = { try T() }
        }
        self.init(
            type, scope: T.scope, requires: T.requires, injected: InjectedProperty.requirements(of: T.self),
            initializer: initializer, isMainActor: false,
            isInstance: { $0 is T }, makeDefault: initializer.isDefault ? makeDefault : nil, makeObject: makeDefault,
            awake: { Downcast.known($0, as: T.self).awakeFromInjection() },
            planMaker: { TypedBuildPlan<T>(metadata: $0, steps: $1, dependencies: $2, retaining: $3) })
    }

    /// The metadata of a main-actor type, read on the main actor. Its closures run
    /// main-actor code only after ``MainActorIsolation/check(_:)``.
    @MainActor
    private convenience init<T: MainActorInjectable>(mainActor type: T.Type) {
        let initializer = T.initializer
        let make = MainActorIsolation.unisolated { (_: Void) throws -> AnyObject in try T() }
        let makeDefault: @Sendable () throws -> AnyObject = {
            try MainActorIsolation.check(T.self)
            return try make(())
        }
        // Called only to awake an object this thread built (or filled) after the
        // resolver checked the main-actor proof for it, in the same request.
        let awake = MainActorIsolation.unisolatedAwake { object in
            #if DEBUG
                MainActor.assertIsolated("Instill's main-actor proof does not hold")
            #endif
            Downcast.known(object, as: T.self).awakeFromInjection()
        }
        self.init(
            type, scope: T.scope, requires: T.requires, injected: InjectedProperty.requirements(of: T.self),
            initializer: initializer, isMainActor: true,
            isInstance: { $0 is T }, makeDefault: initializer.isDefault ? makeDefault : nil, makeObject: makeDefault,
            awake: awake,
            planMaker: { MainActorBuildPlan(metadata: $0, steps: $1, dependencies: $2, retaining: $3) })
    }

    private init(
        _ type: AnyClass, scope: Scope, requires declared: Requirements, injected: [Requirement],
        initializer: Initializer, isMainActor: Bool,
        isInstance: @escaping @Sendable (AnyObject) -> Bool, makeDefault: (@Sendable () throws -> AnyObject)?,
        makeObject: @escaping @Sendable () throws -> AnyObject,
        awake: @escaping @Sendable (AnyObject) -> Void,
        planMaker: @escaping PlanMaker
    ) {
        self.type = TypeReference(type)
        self.declaredScope = scope
        // `requires`, then the `@Injected` properties (found once, here).
        let requirements = declared.entries + injected
        self.requirements = requirements
        self.usesDefaultRequirements = declared.isProtocolDefault
        self.initializer = initializer
        self.initializerDependencies = initializer.dependencies?.entries ?? []
        if let foreign = requirements.first(where: { !$0.isApplicable(type) }) {
            var error = InjectionError.invalidRequirement(
                typeName(type), root: foreign.rootType.description,
                closure: foreign.keyPath == nil ? foreign.label : nil)
            if foreign.keyPath == nil { error.requirementLocation = foreign.location?.description }
            self.declarationError = error
        } else if let nested = requirements.first(where: \.isNested), let keyPath = nested.keyPath {
            var error = InjectionError.nestedRequirement(typeName(type), keyPath: String(describing: keyPath))
            error.requirementLocation = nested.location?.description
            self.declarationError = error
        } else if let named = requirements.first(where: { $0.dependency.kind == .objectFactory && $0.name != nil }) {
            var error = InjectionError.namedObjectFactory(name: named.name ?? "", declaredBy: typeName(type))
            error.requirementLocation = named.location?.description
            self.declarationError = error
        } else if let named = initializerDependencies.first(where: {
            $0.dependency.kind == .objectFactory && $0.name != nil
        }) {
            self.declarationError = InjectionError.namedObjectFactory(
                name: named.name ?? "", declaredBy: typeName(type))
        } else if let dependencies = initializer.dependencies, dependencies.unmatchedPosition >= 0 {
            var error = InjectionError.unmatchedName(
                typeName(type), position: dependencies.unmatchedPosition, first: dependencies.namesOffset,
                count: dependencies.entries.count)
            error.requirementLocation = dependencies.location.description
            self.declarationError = error
        } else {
            self.declarationError = nil
        }
        self.hasDeclarationError = declarationError != nil
        self.classIdentifier = ObjectIdentifier(type)
        self.isInstance = isInstance
        self.makeDefault = makeDefault
        self.makeObject = makeDefault == nil ? Initializer.noMake : makeObject
        self.awake = awake
        self.planMaker = planMaker
        self.isMainActor = isMainActor
    }

    private static let cache = LockedBox<[ObjectIdentifier: InjectableMetadata]>([:])

    /// A type whose conformance a declaration captured where the compiler knew it.
    private enum Declared {
        case injectable(any Injectable.Type)
        case mainActor(any MainActorInjectable.Type)
    }

    /// Types declared injectable by `Requirements`, `Initializer(dependencies:)` and
    /// the binder's generic calls, whose metadata is not computed yet. A type found
    /// here is read through its captured conformance: no runtime conformance search,
    /// whose cost grows with the size of the program.
    private static let declared = LockedBox<[ObjectIdentifier: Declared]>([:])

    /// Records that `type` is ``Injectable``, known at compile time.
    static func declare<T: Injectable>(_ type: T.Type) {
        declared.withLock { table in
            if table[ObjectIdentifier(type)] == nil { table[ObjectIdentifier(type)] = .injectable(type) }
        }
    }

    /// Whether a declaration recorded `type`'s conformance (or its metadata is read
    /// already), so that building it asks the runtime nothing.
    static func isKnown(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        return cache.withLock { $0[id] != nil } || declared.withLock { $0[id] != nil }
    }

    /// Records that `type` is ``MainActorInjectable``, known at compile time.
    static func declare<T: MainActorInjectable>(mainActor type: T.Type) {
        declared.withLock { table in
            if table[ObjectIdentifier(type)] == nil { table[ObjectIdentifier(type)] = .mainActor(type) }
        }
    }

    /// The metadata of `type`, computed on first use.
    static func of<T: Injectable>(_ type: T.Type) -> InjectableMetadata {
        let id = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[id] }) { return known }
        // Computed outside the lock: `requires` is user code and may do anything.
        let computed = InjectableMetadata(type)
        return cache.withLock { table in
            if let raced = table[id] { return raced }
            table[id] = computed
            return computed
        }
    }

    /// The metadata of `type` if it is `Injectable`, or `MainActorInjectable` and this
    /// thread's requests are proven to run on the main actor (or its metadata is read
    /// already).
    ///
    /// Metadata already computed is found by the type's identity; otherwise the
    /// runtime checks the conformance, which the first time for a type means
    /// searching every conformance in the program. A main-actor type's declarations
    /// are main-actor code: where they cannot be read, the answer is `nil`, and
    /// ``isUnreadMainActor(_:)`` tells that apart from a type that is not injectable.
    static func of(dynamic type: Any.Type) -> InjectableMetadata? {
        of(dynamic: type) { mainActor in
            guard MainActorIsolation.isProven else { return nil }
            return MainActor.assumeIsolated { of(mainActor: mainActor) }
        }
    }

    /// ``of(dynamic:)`` from main-actor code, which reads a main-actor type's
    /// declarations without a request's proof: the compiler has checked the caller.
    @MainActor
    static func of(dynamicOnMainActor type: Any.Type) -> InjectableMetadata? {
        of(dynamic: type) { of(mainActor: $0) }
    }

    private static func of(
        dynamic type: Any.Type, mainActor read: (any MainActorInjectable.Type) -> InjectableMetadata?
    ) -> InjectableMetadata? {
        let id = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[id] }) { return known }
        switch declared.withLock({ $0[id] }) {
        case .injectable(let injectable):
            return of(injectable)
        case .mainActor(let mainActor):
            return read(mainActor)
        case nil:
            break
        }
        // Both protocols are class-bound: no other kind of type needs the search.
        guard type is AnyClass else { return nil }
        if let injectable = type as? any Injectable.Type { return of(injectable) }
        if let mainActor = type as? any MainActorInjectable.Type { return read(mainActor) }
        return nil
    }

    /// Whether `type` is a ``MainActorInjectable`` type whose declarations are not read
    /// yet: they are read on the main actor only, so until a main-actor request (or a
    /// declaration made there) reads them, nothing is known of its requirements,
    /// initializer or scope. Not the same as having none.
    static func isUnreadMainActor(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        if cache.withLock({ $0[id] }) != nil { return false }
        switch declared.withLock({ $0[id] }) {
        case .mainActor: return true
        case .injectable: return false
        case nil: return type is AnyClass && type is any MainActorInjectable.Type
        }
    }

    /// The metadata of a main-actor type, computed on first use, on the main actor.
    @MainActor
    static func of<T: MainActorInjectable>(mainActor type: T.Type) -> InjectableMetadata {
        let id = ObjectIdentifier(type)
        if let known = cache.withLock({ $0[id] }) { return known }
        let computed = InjectableMetadata(mainActor: type)
        return cache.withLock { table in
            if let raced = table[id] { return raced }
            table[id] = computed
            return computed
        }
    }

    /// The metadata of a main-actor type: cached, or read now when this thread's
    /// requests are proven to run on the main actor; otherwise the error.
    static func of<T: MainActorInjectable>(provingMainActor type: T.Type) throws -> InjectableMetadata {
        if let known = cache.withLock({ $0[ObjectIdentifier(type)] }) { return known }
        return try MainActorIsolation.run(type) { of(mainActor: type) }
    }

    /// A plan that builds this type with `init()` (or its initializer, given
    /// `dependencies`) and `steps`, keeping `retained`.
    func makePlan(_ steps: [BuildPlan.Step], dependencies: [BuildPlan.Dependency], _ retained: [AnyObject])
        -> BuildPlan
    {
        planMaker(self, steps, dependencies, retained)
    }

    /// Builds an instance with the initializer, using its defaults when `arguments`
    /// is empty, from the `dependencies` its closure reads (see ``DependencyValues``).
    func construct(arguments: [any Sendable], dependencies: DependencyBuffer = .none) throws
        -> AnyObject
    {
        if arguments.isEmpty, let makeDefault {
            return try checked(makeDefault)
        }
        if initializer.isDefault {
            throw InjectionError.unreadArguments(name, given: arguments.count, read: 0, reason: .noInitializer)
        }
        guard initializer.takesArguments else {
            // Arguments nobody reads are an error, not silently dropped.
            guard arguments.isEmpty else {
                throw InjectionError.unreadArguments(name, given: arguments.count, read: 0, reason: .initializer)
            }
            return try construct(with: .none, dependencies: dependencies)
        }
        let values = arguments.isEmpty ? initializer.defaults : arguments
        let given = InjectionArguments(values, building: self.name)
        let object = try construct(with: given, dependencies: dependencies)
        if !arguments.isEmpty, given.readCount < arguments.count {
            throw InjectionError.unreadArguments(
                name, given: arguments.count, read: given.readCount, reason: .initializer)
        }
        return object
    }

    /// Throws, before the initializer's dependencies are resolved, when `arguments`
    /// cannot reach it: it reads none and some were given, or it takes a typed
    /// argument (`Initializer(argument:)`) and none was.
    func checkArguments(_ arguments: [any Sendable]) throws {
        if initializer.takesArguments {
            if arguments.isEmpty, let argument = initializer.argument {
                throw InjectionError.missingArgument(name, argument: argument.description)
            }
        } else if !arguments.isEmpty {
            // Arguments nobody reads are an error, not silently dropped.
            throw InjectionError.unreadArguments(name, given: arguments.count, read: 0, reason: .initializer)
        }
    }

    /// Builds an instance with the initializer's closure.
    @inline(__always)
    func construct(with arguments: InjectionArguments, dependencies: DependencyBuffer) throws -> AnyObject {
        try checked { try initializer.build(dependencies, arguments) }
    }

    /// What `build` built, checked to be an instance of this type; its failure as an
    /// ``InjectionError``.
    @inline(__always)
    private func checked(_ build: () throws -> AnyObject) throws -> AnyObject {
        let object: AnyObject
        do {
            object = try build()
        } catch let error as InjectionError {
            throw error
        } catch {
            throw InjectionError.initializerFailed(name, underlying: error)
        }
        guard ObjectIdentifier(Swift.type(of: object)) == classIdentifier || isInstance(object) else {
            throw InjectionError.initializerBuiltWrongType(name, built: typeName(Swift.type(of: object)))
        }
        return object
    }

    /// How an error chain shows the edge at `index` of a frame of this type: a
    /// requirement (`Car.engine`, or `Car.fills(Engine)` for a closure entry), an initializer dependency
    /// (`Repository.init(any Database)`), or the initializer itself (`Car.init`).
    func edgeDescription(_ index: Int) -> String {
        if index >= 0 { return "\(name).\(requirements[index].label)" }
        if let dependency = ResolutionContext.Frame.initializerDependency(from: index) {
            return "\(name).init(\(initializerDependencies[dependency].label))"
        }
        return "\(name).init"
    }

    /// Where the edge at `index` is declared: the requirement, or the initializer.
    func edgeLocation(_ index: Int) -> SourceLocation? {
        if index >= 0 { return requirements[index].location }
        if ResolutionContext.Frame.initializerDependency(from: index) != nil {
            return initializer.dependencies?.location
        }
        return nil
    }
}
