/// Requests with a typed argument: `getObject(_:argument:)` for ``TakesArgument``
/// types, whose argument the compiler checks here.
extension Injector {
    /// An assembled object of `type`, built with `argument` passed to its
    /// initializer.
    ///
    /// ```swift
    /// let loader = try injector.getObject(EpisodeLoader.self, argument: episodeID)
    /// ```
    ///
    /// `argument` must be the type's `Argument`: anything else does not compile. A
    /// shared scope (`.singleton`, `.weak`, `.graph`) keeps the object the first
    /// request built, with that request's argument; later requests get it whatever
    /// they pass (see <doc:DeclaringRequirements#Initializers-with-arguments>).
    ///
    /// - Parameters:
    ///   - type: the type to get.
    ///   - name: the binding name, for named bindings.
    ///   - argument: the argument its ``Initializer`` reads.
    ///   - isolation: the caller's actor, an `isolated` parameter the compiler checks (a
    ///     value passed by hand must be the actor the call is made on); leave the default.
    /// - Throws: ``InjectionError``.
    public func getObject<T: Injectable & TakesArgument>(
        _ type: T.Type, named name: String? = nil, argument: T.Argument, isolation: isolated (any Actor)? = #isolation
    ) throws -> T {
        try resolve(type, named: name, arguments: [argument], onMainActor: MainActorIsolation.isMainActor(isolation))
    }

    /// An assembled object of a main-actor `type`, from main-actor code, built with
    /// `argument` passed to its initializer, on the main actor.
    ///
    /// ```swift
    /// @MainActor func showEpisode(_ id: EpisodeID) throws {
    ///     let model = try injector.getObject(EpisodeViewModel.self, argument: id)
    /// }
    /// ```
    ///
    /// From code that is not on the main actor, `await` it to hop to the main actor.
    ///
    /// - Parameters:
    ///   - type: the main-actor type to get.
    ///   - name: the binding name, for named bindings.
    ///   - argument: the argument its ``Initializer`` reads.
    /// - Throws: ``InjectionError``.
    @MainActor
    public func getObject<T: MainActorInjectable & TakesArgument>(
        _ type: T.Type, named name: String? = nil, argument: T.Argument
    ) throws -> T {
        if quickRecipe(for: ObjectIdentifier(type)) == nil { _ = InjectableMetadata.of(mainActor: type) }
        return try resolve(type, named: name, arguments: [argument], onMainActor: true)
    }

    /// An assembled object of `type`, built with `argument` passed to its
    /// initializer, awaiting any async steps its graph has.
    ///
    /// ```swift
    /// let transcript = try await injector.getObject(Transcript.self, argument: episodeID)
    /// ```
    ///
    /// As every `await getObject`, it runs on the caller's actor: from main-actor code
    /// the graph's async steps run off the main actor and the main-actor objects are
    /// built on it; from elsewhere a ``MainActorInjectable`` type throws
    /// ``InjectionError/Kind-swift.struct/mainActorRequired`` and nothing is built.
    ///
    /// - Parameters:
    ///   - type: the type to get.
    ///   - name: the binding name, for named bindings.
    ///   - argument: the argument its ``Initializer`` reads.
    ///   - isolation: the caller's actor; leave the default.
    /// - Throws: ``InjectionError``.
    public func getObject<T: TakesArgument>(
        _ type: T.Type, named name: String? = nil, argument: T.Argument,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> T {
        try await resolveAwaiting(type, named: name, arguments: [argument], isolation: isolation)
    }
}

extension Provider where Value: TakesArgument {
    /// Builds a `Value` with `argument` passed to its initializer.
    ///
    /// ```swift
    /// var detail: Provider<EpisodeViewModel>!
    /// let model = try detail(argument: episodeID)
    /// ```
    ///
    /// - Parameters:
    ///   - argument: the argument the value's ``Initializer`` reads.
    ///   - isolation: the caller's actor, an `isolated` parameter the compiler checks (a
    ///     value passed by hand must be the actor the call is made on); leave the default.
    public func callAsFunction(argument: Value.Argument, isolation: isolated (any Actor)? = #isolation) throws -> Value
    {
        guard let injector else { throw InjectionError.injectorReleased(typeName(Value.self)) }
        return try injector.resolve(
            Value.self, named: name, arguments: [argument], onMainActor: MainActorIsolation.isMainActor(isolation))
    }
}

extension Provider where Value: TakesArgument {
    /// Builds a `Value` with `argument` passed to its initializer, awaiting any async
    /// steps its graph has.
    ///
    /// In async code Swift chooses this form, so write `try await provider(argument: id)`.
    ///
    /// - Parameters:
    ///   - argument: the argument the value's ``Initializer`` reads.
    ///   - isolation: the caller's actor; leave the default.
    public func callAsFunction(argument: Value.Argument, isolation: isolated (any Actor)? = #isolation)
        async throws -> Value
    {
        guard let injector else { throw InjectionError.injectorReleased(typeName(Value.self)) }
        return try await injector.resolveAwaiting(
            Value.self, named: name, arguments: [argument], isolation: isolation)
    }
}
