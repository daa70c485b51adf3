/// Claims: a shared object that an `await getObject` constructs synchronously, and
/// that is complete only after an async step its requirements reach, is built by
/// that request alone.
///
/// A synchronous build holds its creation gate only while it runs. An async request
/// stops at the async step, gives the gate back, awaits the step, and completes the
/// object in a later attempt. Meanwhile another task (on another thread, or on the
/// same actor: a main-actor singleton awaited by two main-actor tasks) would
/// construct a second instance. So a request that constructs a singleton or
/// weak-scoped object claims it in the ``AsyncGate`` (under the creation gate, so no
/// other thread is constructing it) and keeps the claim until it ends; another
/// request that reaches the object meanwhile stops, waits for the claim to end, and
/// finds the object published (or, if the first request failed, builds it).
///
/// The claim's owner is the task: a request made inside the owner's own async step
/// (its closure awaiting `getObject`) builds as it did without claims, and meets
/// the cycle it is part of. A task waiting for a claim lists the claims of its own
/// request among its builds under way, so waits that close a circle of tasks are
/// refused (``InjectionError/Kind-swift.struct/crossThreadCycle``), not hung.
extension AsyncJob {
    /// Claims `recipe`'s shared object for this request's task before an attempt
    /// constructs it; throws a stop that makes the driver wait when another task's
    /// request holds it.
    func claim(_ recipe: Recipe, arguments: [any Sendable]) throws {
        switch AsyncGate.shared.claim(recipe, owner: AsyncSteps.currentTask ?? 0) {
        case .claimed: request.claims.append(ObjectIdentifier(recipe))
        case .held: break
        case .heldByAnother: throw InjectionError.claimedByAnotherTask(recipe, arguments: arguments)
        }
    }

    /// Waits until no other task's request holds a claim on `recipe` (the driver's
    /// answer to ``InjectionError/claimedByAnotherTask(_:arguments:)``); the next
    /// attempt finds the object published, or builds it.
    func waitForClaim(on recipe: Recipe, isolation: isolated (any Actor)?) async throws {
        let isPublished = { recipe.storage.sharedValue() != nil }
        // Claiming it means its holder gave up: the next attempt builds it.
        let nothingToBuild: () async throws -> Void = {}
        try await AsyncGate.shared.build(
            recipe, underway: AsyncSteps.underwayRecipes + request.claims, isDone: isPublished, isolation: isolation,
            nothingToBuild)
    }
}

extension AsyncRequest {
    /// Ends this request's claims: the tasks waiting for them look again.
    func releaseClaims() {
        for key in claims { AsyncGate.shared.release(key) }
        claims = []
    }
}

extension InjectionError {
    /// The stop of an attempt that reached a shared object another task's request
    /// claimed. The driver of an `await getObject` waits for it; the text is seen
    /// only if a synchronous request nested in an attempt lets it through.
    static func claimedByAnotherTask(_ recipe: Recipe, arguments: [any Sendable]) -> InjectionError {
        var error = InjectionError(
            .asyncRequired, type: recipe.typeName,
            summary:
                "\(recipe.typeName) is being built by another task's `await getObject`, which awaits an async step before it is complete.",
            fix: "request it with `try await injector.getObject(...)`, which waits for that build."
        )
        error.asyncStep = AsyncStepRequest(
            recipe: recipe, owner: recipe.owner, arguments: arguments, waitsForClaim: true)
        return error
    }
}
