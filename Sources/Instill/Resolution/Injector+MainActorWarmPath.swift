/// The warm path of a main-actor `getObject` without a name: the object's awake is
/// called by the caller, the inlinable `getObject`, where the object's type is known.
///
/// A plan would awake the object through the type's metadata: a call through the
/// plan, a closure and the conformance's witness, none of which the compiler can see
/// through. Here the plan builds the object and everything under it, the request it
/// runs in stays open, and the caller's closure awakes it, a direct call once
/// `getObject` is specialized for the type. The object is awoken at the same point
/// as before: after every object under it, inside the request, with the main-actor
/// proof set (see ``MainActorIsolation``), so what the awake may do is unchanged.
extension Injector {
    /// A published singleton of exactly the main-actor class `type`, or a new object
    /// of it from a compiled plan, awoken by `awake`; `nil` when the resolver has to
    /// answer (``resolveMainActor(_:named:)``).
    ///
    /// `awake` is the caller's: the inlinable `getObject` passes a closure that calls
    /// its type's `awakeFromInjection()` directly, a call the compiler can see through
    /// where the type is known. It runs where the plan would have awoken the object:
    /// after everything the object depends on, inside the request. Both this function
    /// and `awake` are main-actor isolated, so the call needs no isolation check; the
    /// engine's work, which is not, runs in ``openWarmMainActorBuild(of:)``.
    @usableFromInline
    @MainActor
    func warmMainActorObject(of type: ObjectIdentifier, awakingWith awake: @MainActor (AnyObject) -> Void) throws
        -> AnyObject?
    {
        guard let build = try openWarmMainActorBuild(of: type) else { return nil }
        let object = build.object
        if build.awakes { awake(object) }
        if let request = build.request { closeWarmMainActorBuild(request, wasOnMainActor: build.wasOnMainActor) }
        return object
    }

    /// What ``openWarmMainActorBuild(of:)`` found or built.
    struct WarmMainActorBuild {
        let object: AnyObject
        /// Whether `object` is new and its awake is due (not the protocol's default).
        let awakes: Bool
        /// The context of the request the build opened, for
        /// ``closeWarmMainActorBuild(_:wasOnMainActor:)``; `nil` for a singleton.
        let request: Kept<ResolutionContext>?
        /// The context's main-actor proof before the request.
        let wasOnMainActor: Bool
    }

    /// ``warmObject(of:onMainActor:)`` for a caller proven to run on the main actor,
    /// without the awake of a new object: the request it opens for the build stays
    /// open, with a plan running in it, until ``closeWarmMainActorBuild(_:wasOnMainActor:)``.
    /// When the build fails, the request is closed here and the error thrown.
    @inline(__always)
    fileprivate func openWarmMainActorBuild(of type: ObjectIdentifier) throws -> WarmMainActorBuild? {
        guard !isTracing, let recipe = keptQuickRecipe(for: type) else { return nil }
        return try recipe.with { recipe -> WarmMainActorBuild? in
            if let object = recipe.storage.singletonValue() {
                guard ObjectIdentifier(Swift.type(of: object)) == type else { return nil }
                return WarmMainActorBuild(
                    object: object, awakes: false, request: nil, wasOnMainActor: true)
            }
            guard let plan = recipe.keptPlan else { return nil }
            return try plan.with { plan -> WarmMainActorBuild? in
                guard plan.type == type else { return nil }
                let request = ThreadContext.kept(key: threadContextKey)
                return try request.with { context -> WarmMainActorBuild? in
                    // What `warmRequest(_:onMainActor:_:)` does before its body.
                    let wasOnMainActor = context.openRequest(onMainActor: true, warm: true)
                    guard context.canRun(plan) else {
                        Self.endWarmRequest(context, wasOnMainActor: wasOnMainActor)
                        return nil
                    }
                    context.planDepth &+= 1
                    let frames = context.frames.count
                    let deferred = context.deferred.count
                    do throws(PlanFailure) {
                        let object = try plan.buildUnawoken(in: context)
                        return WarmMainActorBuild(
                            object: object, awakes: plan.awakes, request: request,
                            wasOnMainActor: wasOnMainActor)
                    } catch {
                        var failure = context.failure(from: error)
                        failure.requestedType = plan.metadata.name
                        // As `running(in:_:)` does.
                        context.unwind(toFrames: frames, deferred: deferred)
                        context.planDepth &-= 1
                        Self.endWarmRequest(context, wasOnMainActor: wasOnMainActor)
                        throw failure
                    }
                }
            }
        }
    }

    /// Closes the request ``openWarmMainActorBuild(of:)`` opened, as
    /// `warmRequest(_:onMainActor:_:)` does after its body.
    @inline(__always)
    fileprivate func closeWarmMainActorBuild(_ request: Kept<ResolutionContext>, wasOnMainActor: Bool) {
        request.with { context in
            context.planDepth &-= 1
            Self.endWarmRequest(context, wasOnMainActor: wasOnMainActor)
        }
    }

    /// The end of a warm request made on the main actor.
    @inline(__always)
    fileprivate static func endWarmRequest(_ context: ResolutionContext, wasOnMainActor: Bool) {
        context.closeRequest(onMainActor: true, wasOnMainActor: wasOnMainActor)
    }

    /// A main-actor `getObject`, when ``warmMainActorObject(of:awakingWith:)`` has no
    /// answer (or it names a binding).
    @usableFromInline
    @MainActor
    func resolveMainActor<T: MainActorInjectable>(_ type: T.Type, named name: String?) throws -> T {
        try resolveCold(type, named: name, arguments: [], onMainActor: true)
    }
}
