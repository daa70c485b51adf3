/// `await getObject`: requests whose graph has async steps.
extension Injector {
    /// An assembled object of `type`, built with any async initializers, closures
    /// and providers its graph has, awaited in order.
    ///
    /// ```swift
    /// let repository = try await injector.getObject(Repository.self)
    /// let audit = try await injector.getObject(Logger.self, named: "audit")
    /// ```
    ///
    /// The synchronous steps run as ``getObject(_:named:arguments:isolation:)`` runs them,
    /// on the caller's actor, before and after the async steps (which run off it); when
    /// the graph has no async step the call is that synchronous call. From main-actor
    /// code, ``MainActorInjectable`` types are built even when their graph has async
    /// steps; from anywhere else they throw
    /// ``InjectionError/Kind-swift.struct/mainActorRequired``. An async
    /// singleton is built once however many tasks await it: the first task builds it
    /// and the others suspend until it is published, without blocking a thread.
    ///
    /// Cancelling the task while an async step runs throws
    /// ``InjectionError/Kind-swift.struct/cancelled`` (wrapping the
    /// `CancellationError`) and caches nothing; the next request builds again. See
    /// <doc:Concurrency>.
    ///
    /// - Parameters:
    ///   - type: the type to get: a class, a protocol existential, any bound type.
    ///   - name: the binding name, for named bindings.
    ///   - arguments: replace the initializer's declared defaults (or reach the
    ///     provider) when not empty.
    ///   - isolation: the caller's actor; leave the default.
    /// - Throws: ``InjectionError``.
    public func getObject<T>(
        _ type: T.Type, named name: String? = nil, arguments: any Sendable...,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> T {
        try await resolveAwaiting(type, named: name, arguments: arguments, isolation: isolation)
    }
}

extension Provider {
    /// Builds (or fetches, for shared scopes) a `Value`, with `arguments`, if any,
    /// passed to its initializer or provider, awaiting any async steps its graph has.
    ///
    /// ```swift
    /// let connection = try await connections()
    /// ```
    ///
    /// In async code Swift chooses this form, so write `try await provider()`.
    ///
    /// - Parameters:
    ///   - arguments: passed to the value's initializer or provider; none uses its
    ///     declared defaults.
    ///   - isolation: the caller's actor; leave the default.
    public func callAsFunction(arguments: any Sendable..., isolation: isolated (any Actor)? = #isolation)
        async throws -> Value
    {
        try await get(arguments: arguments, isolation: isolation)
    }

    private func get(arguments: [any Sendable], isolation: isolated (any Actor)?) async throws -> Value {
        guard let injector else { throw InjectionError.injectorReleased(typeName(Value.self)) }
        return try await injector.resolveAwaiting(Value.self, named: name, arguments: arguments, isolation: isolation)
    }
}

extension ObjectFactory {
    /// An assembled object of `type`, awaiting any async steps its graph has, as
    /// `try await injector.getObject(type)` does.
    public func getObject<T>(
        _ type: T.Type, named name: String? = nil, arguments: any Sendable...,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> T {
        guard let injector else { throw InjectionError.injectorReleased(typeName(T.self)) }
        return try await injector.resolveAwaiting(type, named: name, arguments: arguments, isolation: isolation)
    }
}
