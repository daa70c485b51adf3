/// `await getObject`: the synchronous resolver runs the graph as it always does; on
/// reaching an async step (an async initializer, closure or provider) it looks for
/// the value this request's driver already made for it, and without one throws
/// ``InjectionError/Kind-swift.struct/asyncRequired`` naming the step. The driver
/// catches that, makes the value (resolving the step's dependencies the same way,
/// awaiting the step, then filling the object's requirements), keeps it, and runs
/// the synchronous resolution again. Nothing the failed attempt built is cached but
/// complete singletons; the request's `.graph` objects survive the restarts.
///
/// The synchronous path pays one flag test per cold build (``Recipe/isAsync``);
/// compiled plans never contain an async step.

/// The async step a synchronous attempt stopped at.
///
/// It reflects as nothing: an ``InjectionError`` a synchronous `getObject` throws
/// carries it, and may outlive the injector, whose recipes point back at it without
/// keeping it alive. `dump`, `Mirror` and test libraries that reflect errors must not
/// follow that pointer.
struct AsyncStepRequest: Sendable, CustomReflectable {
    let recipe: Recipe
    /// The recipe's injector, kept alive with the error that carries this request, so
    /// that the recipe's ``Recipe/owner`` (not retained) is valid for as long as a
    /// caller keeps the error.
    let owner: Injector
    let arguments: [any Sendable]
    /// Not a step: `recipe`'s shared object is claimed by another task's request,
    /// which built it and awaits a step before it is complete. The driver waits for
    /// that request to end (see `AsyncClaims.swift`).
    var waitsForClaim = false

    var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// What an async closure or provider binding runs: the injector, its declared
/// dependencies laid out as ``DependencyValues`` reads them (moved out), and the
/// request's arguments.
struct AsyncBindingStep: Sendable {
    /// Whether the binding receives the request's arguments (a provider).
    let isProvider: Bool
    let run: @Sendable (Injector, DependencyBuffer, InjectionArguments) async throws -> Any?
}

/// The task-local state of async steps under way, to catch a step that needs
/// itself (through `await getObject` in its own closure) as a cycle, not a hang.
///
/// Every task started inside a step inherits it: a child task (`async let`, a task
/// group) and an unstructured one (`Task {}`) alike, and Swift does not tell them
/// apart. So a step counts as asking for itself only in the task that runs it; any
/// other task asking for what a step builds waits for the build, as a task from
/// elsewhere does. (A step that awaits a task which asks for what the step builds
/// waits for itself: the two can never finish.)
enum AsyncSteps {
    /// One step under way.
    struct Step: Sendable {
        let recipe: ObjectIdentifier
        /// The task running it: the hash of its `UnsafeCurrentTask` (of its address),
        /// compared only while `isRunning` says the step, and so that task, lives.
        let task: Int?
        let isRunning: LockedBox<Bool>
    }

    /// The steps this task runs, and those of the tasks it was started in.
    @TaskLocal static var underway: [Step] = []

    /// The recipes of ``underway``, for the ``AsyncGate``'s search for waits in a circle.
    static var underwayRecipes: [ObjectIdentifier] { underway.map(\.recipe) }

    /// Whether this task itself runs `recipe`'s step (and asks for it again).
    static func isRunning(_ recipe: ObjectIdentifier) -> Bool {
        guard underway.contains(where: { $0.recipe == recipe }) else { return false }
        let task = currentTask
        return underway.contains { $0.recipe == recipe && $0.task == task && $0.isRunning.withLock { $0 } }
    }

    /// Runs `body`, `recipe`'s step, in this task, marked as under way, on the
    /// caller's actor.
    static func running<Result>(
        _ recipe: ObjectIdentifier, isolation: isolated (any Actor)?, _ body: () async throws -> Result
    ) async throws -> Result {
        let step = Step(recipe: recipe, task: currentTask, isRunning: LockedBox(true))
        defer { step.isRunning.withLock { $0 = false } }
        return try await $underway.withValue(underway + [step], operation: body, isolation: isolation)
    }

    /// The running task's identity: the hash of its `UnsafeCurrentTask`, meaningful
    /// while the task lives.
    static var currentTask: Int? { withUnsafeCurrentTask { $0?.hashValue } }
}

/// One `await getObject` request: its `.graph` objects, kept across attempts, and
/// the values its async steps made for `.graph`, singleton and weak recipes.
final class AsyncRequest {
    var graph = ResolutionContext.GraphTable()
    /// Values async steps made for shared and `.graph` recipes, by recipe (which
    /// the entry keeps alive, so the key stays its own). A weak-scoped value is kept
    /// here so it lives until the request ends.
    var sharedValues: [ObjectIdentifier: (recipe: Recipe, value: Any?)] = [:]
    /// The shared objects this request built and claimed (see `AsyncClaims.swift`),
    /// released when it ends.
    var claims: [ObjectIdentifier] = []
}

/// One synchronous resolution an async request runs, again after each async step:
/// the request itself, the dependencies of an async step, or the requirements of
/// the object an async initializer built.
///
/// Each attempt logs what it builds, in the order it builds it: objects (once their
/// initializer returned, and again once they are awoken), closure and provider
/// values, and the values of `.normal` async steps. The next attempt runs the same
/// code and meets the same builds in the same order, so it replays the log instead
/// of building again: a complete object or value is taken as it is (and what built
/// it is skipped), an object whose requirements were being filled when the attempt
/// stopped is filled again without running its initializer again. So every
/// `init()` and `awakeFromInjection()` runs once per object kept, however many
/// async steps the request has; a build that no longer matches the log (code that
/// asks for other things on another run) drops the rest of it.
final class AsyncJob {
    let request: AsyncRequest

    /// One build an attempt made.
    struct Step {
        enum Kind {
            /// An `Injectable` object: `value` once its initializer returned.
            case object
            /// A closure or provider binding's value.
            case value
            /// The value of a `.normal` async step.
            case asyncValue
        }
        let kind: Kind
        let recipe: Recipe
        var value: Any?
        var isMade = false
        /// For an object: the log's length once it was constructed, where the
        /// requirements it fills start.
        var resume = 0
        /// Once complete (awoken and stored): the log's length then, past everything
        /// its build logged.
        var end: Int?
    }

    /// What the log holds for the build an attempt reaches.
    enum Replay {
        /// Complete: use it, build nothing.
        case complete(Any?)
        /// Constructed, not complete: fill it again, do not construct it again.
        case constructed(AnyObject)
        /// Build it, logging it at this index.
        case new(Int)
    }

    private var log: [Step] = []
    /// The position of this attempt in `log`.
    private var cursor = 0

    init(_ request: AsyncRequest) { self.request = request }

    /// What the log holds for a build of `recipe` at this point of the attempt; when
    /// it holds something else, the rest of the log is dropped.
    func replay(_ kind: Step.Kind, _ recipe: Recipe) -> Replay {
        skipKeptValues(before: kind, recipe)
        if cursor < log.count {
            let step = log[cursor]
            if step.kind == kind, step.recipe === recipe {
                if let end = step.end {
                    cursor = end
                    return .complete(step.value)
                }
                if kind == .object, step.isMade, let object = step.value {
                    cursor = step.resume
                    return .constructed(AnyUnboxing.anyObject(object))
                }
                cursor += 1
                return .new(cursor - 1)
            }
            log.removeSubrange(cursor...)
        }
        log.append(Step(kind: kind, recipe: recipe))
        cursor = log.count
        return .new(cursor - 1)
    }

    /// Moves the cursor past the complete values of kept recipes (`.graph`, weak and
    /// singleton) where the log holds them and the attempt reaches another build of
    /// `kind` and `recipe`: this attempt found them kept (published, or in the
    /// request's table) and built nothing. Dropped instead, they would take with them
    /// what was logged after them, the values of async steps included; and a weak
    /// object only the log holds would be released, built again by the next attempt
    /// and found by the one after that, so the attempts would never converge.
    private func skipKeptValues(before kind: Step.Kind, _ recipe: Recipe) {
        while cursor < log.count, log[cursor].kind != kind || log[cursor].recipe !== recipe,
            log[cursor].kind != .asyncValue, log[cursor].recipe.storage.keepsValues, let end = log[cursor].end
        {
            cursor = end
        }
    }

    /// Logs the object built at `index`, its initializer returned.
    func constructed(_ object: AnyObject, at index: Int) {
        guard index < log.count else { return }
        log[index].value = object
        log[index].isMade = true
        log[index].resume = log.count
    }

    /// Logs a value made at `index` as complete.
    func completed(_ value: Any?, at index: Int) {
        guard index < log.count else { return }
        log[index].value = value
        log[index].isMade = true
        log[index].end = log.count
    }

    /// Logs an object this job's log holds as complete (awoken, stored).
    func completed(_ object: AnyObject) {
        var index = log.count - 1
        while index >= 0 {
            if log[index].kind == .object, log[index].end == nil, let logged = log[index].value,
                AnyUnboxing.anyObject(logged) === object
            {
                log[index].end = log.count
                return
            }
            index -= 1
        }
    }

    /// The value made for `recipe`'s async step at this point of the attempt, if there
    /// is one.
    func take(_ recipe: Recipe) -> Any?? {
        let id = ObjectIdentifier(recipe)
        guard !recipe.storage.keepsValues else {
            guard let entry = request.sharedValues[id], entry.recipe === recipe else { return nil }
            return .some(entry.value)
        }
        skipKeptValues(before: .asyncValue, recipe)
        if cursor < log.count, log[cursor].kind == .asyncValue, log[cursor].recipe === recipe {
            cursor += 1
            return .some(log[cursor - 1].value)
        }
        // The attempt stops here; the value made for it is appended.
        if cursor < log.count { log.removeSubrange(cursor...) }
        return nil
    }

    /// Logs a `.normal` async step's value where the attempt that stopped at it stopped.
    func append(_ value: Any?, for recipe: Recipe) {
        log.append(Step(kind: .asyncValue, recipe: recipe, value: value, isMade: true, end: log.count + 1))
    }

    /// Runs one synchronous attempt on this thread's context, with this job's values
    /// and the request's `.graph` objects; `onMainActor` says the caller is proven to
    /// run on the main actor (see ``MainActorIsolation``).
    func attempt<Result>(on injector: Injector, onMainActor: Bool, _ body: () throws -> Result) throws -> Result {
        cursor = 0
        return try injector.withRequest(onMainActor: onMainActor) { context in
            let outer = context.asyncJob
            context.asyncJob = self
            // Outermost here (always, in practice): the graph table is the request's.
            let isOutermost = context.activeRequests == 1
            if isOutermost { context.graph = request.graph }
            defer {
                if isOutermost { request.graph = context.graph }
                context.asyncJob = outer
            }
            return try body()
        }
    }

    /// Runs `attempt` until it returns, making the value of each async step it
    /// stops at; `failure` is a stop that happened before.
    ///
    /// Every attempt runs on `isolation`, the actor of the `await getObject` that
    /// started the request, so a request made on the main actor builds its
    /// main-actor objects there; only the async steps themselves (nonisolated
    /// closures) run elsewhere.
    func run<Result>(
        on injector: Injector, after failure: InjectionError? = nil, isolation: isolated (any Actor)?,
        _ body: () throws -> Result
    ) async throws -> Result {
        let onMainActor = MainActorIsolation.isMainActor(isolation)
        var stop = failure
        while true {
            if let stop { try await makeValue(for: stop, isolation: isolation) }
            do {
                return try attempt(on: injector, onMainActor: onMainActor, body)
            } catch let error as InjectionError where error.asyncStep != nil {
                stop = error
            }
        }
    }

    /// Makes the value of the async step `stop` names, and keeps it where the next
    /// attempt looks: in this job (`.normal`), in the request (`.graph`), or
    /// published (singleton and weak scopes, built once however many tasks ask).
    private func makeValue(for stop: InjectionError, isolation: isolated (any Actor)?) async throws {
        guard let step = stop.asyncStep else { return }
        let recipe = step.recipe
        let id = ObjectIdentifier(recipe)
        do {
            if step.waitsForClaim {
                try await waitForClaim(on: recipe, isolation: isolation)
                return
            }
            if AsyncSteps.isRunning(id) {
                // Its own step asks for it again (through `await getObject`).
                let step = recipe.objectMetadata.map { "\($0.name).init" } ?? "\(recipe.typeName) (binding)"
                throw InjectionError.cycle(path: [step, recipe.typeName], type: recipe.typeName)
            }
            let storage = recipe.storage
            if storage.isShared {
                let isPublished = { storage.sharedValue() != nil }
                try await AsyncGate.shared.build(
                    recipe, underway: AsyncSteps.underwayRecipes + request.claims, isDone: isPublished,
                    isolation: isolation
                ) {
                    let value = try await make(recipe, arguments: step.arguments, isolation: isolation)
                    request.sharedValues[id] = (recipe, value)
                }
                if let value = storage.sharedValue() { request.sharedValues[id] = (recipe, value) }
            } else if storage.keepsValues {
                let value = try await make(recipe, arguments: step.arguments, isolation: isolation)
                request.sharedValues[id] = (recipe, value)
            } else {
                append(try await make(recipe, arguments: step.arguments, isolation: isolation), for: recipe)
            }
        } catch var error as InjectionError {
            // The chain to the step, then the chain inside it.
            error.chain = stop.chain + error.chain
            if error.requirementLocation == nil { error.requirementLocation = stop.requirementLocation }
            throw error
        } catch let error as CancellationError {
            var cancelled = InjectionError.cancelled(recipe.typeName, underlying: error)
            cancelled.chain = stop.chain
            throw cancelled
        }
    }

    /// The value of `recipe`'s async step: its dependencies resolved, the step
    /// awaited, and, for an object, its requirements filled and its awake run.
    private func make(_ recipe: Recipe, arguments: [any Sendable], isolation: isolated (any Actor)?)
        async throws -> Any?
    {
        try await AsyncSteps.running(ObjectIdentifier(recipe), isolation: isolation) {
            if case .build(let metadata) = recipe.source {
                return try await makeObject(recipe, metadata: metadata, arguments: arguments, isolation: isolation)
            }
            guard let binding = recipe.binding, let step = binding.asyncStep else { throw AsyncStepNotAwaited() }
            if !step.isProvider, !arguments.isEmpty {
                throw InjectionError.unreadArguments(
                    recipe.typeName, given: arguments.count, read: 0, reason: .closure
                ).bound(at: binding)
            }
            let values = try await dependencies(binding.dependencies, of: recipe, metadata: nil, isolation: isolation)
            let value: Any?
            do {
                value = try await Self.awaitStep(
                    step, recipe.owner, values,
                    InjectionArguments(arguments, building: recipe.typeName, forProvider: true))
            } catch let error as InjectionError {
                throw error
            } catch let error as CancellationError {
                throw InjectionError.cancelled(recipe.typeName, underlying: error)
            } catch {
                throw InjectionError.providerFailed(recipe.typeName, underlying: error).bound(at: binding)
            }
            guard let value else { return nil }
            if let accepts = recipe.accepts, !accepts(value) {
                throw InjectionError.instanceDoesNotConform(typeName(Swift.type(of: value)), boundTo: recipe.typeName)
                    .bound(at: binding)
            }
            if recipe.storage.isShared { recipe.storage.publish(value) }
            return value
        }
    }

    /// Awaits an async binding's `step` off the caller's actor (it is a nonisolated
    /// async function), then frees `values`, the buffer of its declared dependencies.
    private static func awaitStep(
        _ step: AsyncBindingStep, _ injector: Injector, _ values: DependencyHandoff, _ arguments: InjectionArguments
    ) async throws -> Any? {
        defer { values.free() }
        return try await step.run(injector, values.buffer, arguments)
    }

    /// An object from an async initializer, assembled (and, when shared, published).
    private func makeObject(
        _ recipe: Recipe, metadata: InjectableMetadata, arguments: [any Sendable], isolation: isolated (any Actor)?
    ) async throws -> AnyObject {
        if metadata.hasDeclarationError, let error = metadata.declarationError { throw error }
        // Before the dependencies are resolved: once they are, only the step may
        // consume them.
        try metadata.checkArguments(arguments)
        let declared = metadata.initializer.dependencies
        let values = try await dependencies(declared, of: recipe, metadata: metadata, isolation: isolation)
        let object = try await metadata.constructAwaiting(arguments: arguments, dependencies: values)
        if let accepts = recipe.accepts, !accepts(object) {
            throw InjectionError.typeDoesNotConform(metadata.name, boundTo: recipe.typeName).bound(at: recipe.binding)
        }
        try await AsyncJob(request).run(on: recipe.owner, isolation: isolation) {
            try recipe.owner.assembleAwaited(object, recipe: recipe, metadata: metadata)
        }
        return object
    }

    /// The declared dependencies of `recipe`'s async step, resolved in a job of
    /// their own and moved to a buffer the step reads (and moves) them from;
    /// ``DependencyBuffer/none`` when it declares none.
    private func dependencies(
        _ declared: DeclaredDependencies?, of recipe: Recipe, metadata: InjectableMetadata?,
        isolation: isolated (any Actor)?
    ) async throws -> DependencyHandoff {
        guard let declared else { return DependencyHandoff(buffer: .none, isOwned: false) }
        let firstSlot = metadata?.requirements.count ?? 0
        let links = metadata == nil ? nil : recipe.links
        let buffer = try await AsyncJob(request).run(on: recipe.owner, isolation: isolation) {
            try recipe.owner.resolveAwaitedDependencies(
                declared, of: recipe, metadata: metadata, links: links, firstSlot: firstSlot)
        }
        return DependencyHandoff(buffer: buffer, isOwned: true)
    }
}

extension ResolutionContext {
    /// The value this thread's async request made for `recipe`'s async step; throws
    /// ``InjectionError/Kind-swift.struct/asyncRequired`` when there is none (always,
    /// for a synchronous request).
    func asyncStepValue(for recipe: Recipe, arguments: [any Sendable]) throws -> Any? {
        if let job = asyncJob, let value = job.take(recipe) { return value }
        throw InjectionError.asyncRequired(recipe, arguments: arguments)
    }

    /// ``asyncStepValue(for:arguments:)`` for a recipe that builds objects.
    func asyncStepObject(for recipe: Recipe, arguments: [any Sendable]) throws -> AnyObject {
        guard let value = try asyncStepValue(for: recipe, arguments: arguments) else {
            throw InjectionError.nilValue(recipe.typeName, forRequirement: false)
        }
        return AnyUnboxing.anyObject(value)
    }
}

extension Injector {
    /// Answers `await getObject`: synchronously when the graph has no async step
    /// (or every one is a published singleton), else through an ``AsyncJob``.
    ///
    /// The whole request runs on `isolation`, the caller's actor: every synchronous
    /// attempt, so that from the main actor the main-actor objects of the graph are
    /// built, filled and awoken there, before and after its async steps (which run
    /// off it, as nonisolated async closures do).
    @inline(__always)
    func resolveAwaiting<T>(
        _ type: T.Type, named name: String?, arguments: [any Sendable], isolation: isolated (any Actor)?
    ) async throws -> T {
        let onMainActor = MainActorIsolation.isMainActor(isolation)
        if let value = try resolveWarm(
            type, named: name, arguments: arguments, onMainActor: onMainActor, awaiting: true)
        {
            return value
        }
        return try await resolveAwaitingCold(type, isolation: isolation) {
            try resolve(type, named: name, arguments: arguments, onMainActor: onMainActor)
        }
    }

    /// Runs `attempt`, the request for `type`, until it returns: first as it is, on
    /// the caller's actor, then, if it stopped at an async step, once more after
    /// each step is made. Errors name `type` as the requested type; off the main
    /// actor, a main-actor object it reached is reported as an `await getObject`
    /// made there (``InjectionError/mainActorRequiredAwaited(_:from:)``).
    @inline(never)
    private func resolveAwaitingCold<T>(
        _ type: T.Type, isolation: isolated (any Actor)?, _ attempt: () throws -> T
    ) async throws -> T {
        let onMainActor = MainActorIsolation.isMainActor(isolation)
        let job = AsyncJob(AsyncRequest())
        defer { job.request.releaseClaims() }
        do {
            do {
                return try job.attempt(on: self, onMainActor: onMainActor, attempt)
            } catch let stop as InjectionError where stop.asyncStep != nil {
                do {
                    return try await job.run(on: self, after: stop, isolation: isolation, attempt)
                } catch var error as InjectionError {
                    error.requestedType = typeName(type)
                    throw error
                }
            }
        } catch let error as InjectionError where error.kind == .mainActorRequired && !onMainActor {
            throw error.awaited(from: isolation)
        }
    }

    /// Resolves the dependencies an async step declares, inside a frame of
    /// `recipe`'s (so chains and cycle checks see them), and moves them to a new
    /// buffer laid out as `declared` says.
    func resolveAwaitedDependencies(
        _ declared: DeclaredDependencies, of recipe: Recipe, metadata: InjectableMetadata?, links: AtomicSlots?,
        firstSlot: Int
    ) throws -> DependencyBuffer {
        try withRequest { context in
            let depth = context.frames.count
            context.frames.append(
                .init(recipe: recipe, metadata: metadata, lowlink: depth, deferredStart: context.deferred.count))
            do {
                let moved = try withDeclaredDependencies(
                    declared, links: links, firstSlot: firstSlot, at: depth, in: context
                ) { values in
                    values.moved(byteCount: declared.byteCount, alignment: declared.alignment)
                }
                context.frames.removeLast()
                return moved
            } catch let error as InjectionError {
                throw context.fail(error, unwindingTo: depth)
            }
        }
    }

    /// Fills the requirements of an object an async initializer built, awakes it and
    /// stores it in its scope, as a synchronous build does after its initializer.
    func assembleAwaited(_ object: AnyObject, recipe: Recipe, metadata: InjectableMetadata) throws {
        try withRequest { context in
            let depth = context.frames.count
            context.frames.append(
                .init(recipe: recipe, metadata: metadata, lowlink: depth, deferredStart: context.deferred.count))
            _ = try assemble(
                object, metadata: metadata, recipe: recipe, links: recipe.links, injector: recipe.owner, at: depth,
                in: context)
        }
    }
}
