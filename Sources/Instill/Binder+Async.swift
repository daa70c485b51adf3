/// Closure and provider bindings that may `await`: run only by
/// `try await injector.getObject(...)`.
extension Binder {
    /// Binds a type to a closure that receives the injector and may `await`.
    ///
    /// ```swift
    /// binder.bind(Connection.self, scope: .singleton) { _ in try await Connection.open(host: "db") }
    /// ```
    ///
    /// Swift chooses this form when the closure contains `await`. A synchronous
    /// request that reaches the binding throws
    /// ``InjectionError/Kind-swift.struct/asyncRequired``. See <doc:Concurrency>.
    public func bind<Bound>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal,
        file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable (Injector) async throws -> Bound?
    ) {
        add(
            type, name: name, source: .closure({ _ in throw AsyncStepNotAwaited() }), scope: scope,
            asyncStep: AsyncBindingStep(isProvider: false) { injector, _, _ in try await make(injector) as Any? },
            file: file, line: line)
    }

    /// Binds a type to an ``AsyncObjectProvider``, which receives the injector and
    /// each request's arguments and may `await` (see ``AsyncObjectProvider``).
    public func bind<Bound, P: AsyncObjectProvider>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal, provider: P,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        add(
            type, name: name, source: .provider({ _, _ in throw AsyncStepNotAwaited() }), scope: scope,
            accepts: { $0 is Bound },
            asyncStep: AsyncBindingStep(isProvider: true) { injector, _, arguments in
                try await provider.provide(injector, arguments: arguments) as Any?
            }, file: file, line: line)
    }

    /// Binds a type to a closure that receives `dependencies`, resolved, and may
    /// `await`.
    ///
    /// ```swift
    /// binder.bind(Connection.self, scope: .singleton, dependencies: Settings.self) { settings in
    ///     try await Connection.open(host: settings.host)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type bound.
    ///   - name: the binding name, for named requirements and requests.
    ///   - scope: the scope of the values the closure returns.
    ///   - first: the first type to resolve.
    ///   - rest: the other types to resolve, in the order `make` receives them.
    ///   - file: where the binding is made, for messages; leave the default.
    ///   - line: where the binding is made, for messages; leave the default.
    ///   - make: builds the value from the resolved dependencies.
    public func bind<Bound, First, each D>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal,
        dependencies first: First.Type, _ rest: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable (First, repeat each D) async throws -> Bound?
    ) {
        let declared = DeclaredDependencies(
            DeclaredDependencies.of(First.self, repeat (each D).self), file: file, line: line)
        add(
            type, name: name, source: .closure({ _ in throw AsyncStepNotAwaited() }), scope: scope,
            dependencies: declared,
            asyncStep: AsyncBindingStep(isProvider: false) { _, base, _ in
                let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
                return try await make(values.0, repeat each values.1) as Any?
            }, file: file, line: line)
    }

    /// Binds a type to a closure that receives `dependencies` written with
    /// ``Resolved``, and may `await`.
    ///
    /// - Parameters:
    ///   - type: the type bound.
    ///   - name: the binding name, for named requirements and requests.
    ///   - scope: the scope of the values the closure returns.
    ///   - first: the first dependency to resolve.
    ///   - rest: the other dependencies, in the order `make` receives them.
    ///   - file: where the binding is made, for messages; leave the default.
    ///   - line: where the binding is made, for messages; leave the default.
    ///   - make: builds the value from the resolved dependencies.
    public func bind<Bound, First, each D>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal,
        dependencies first: Resolved<First>, _ rest: repeat Resolved<each D>,
        file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable (First, repeat each D) async throws -> Bound?
    ) {
        let declared = DeclaredDependencies(DeclaredDependencies.of(first, repeat each rest), file: file, line: line)
        add(
            type, name: name, source: .closure({ _ in throw AsyncStepNotAwaited() }), scope: scope,
            dependencies: declared,
            asyncStep: AsyncBindingStep(isProvider: false) { _, base, _ in
                let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
                return try await make(values.0, repeat each values.1) as Any?
            }, file: file, line: line)
    }

    /// Binds a type to a closure that receives each request's arguments, then
    /// `dependencies`, resolved, and may `await`.
    ///
    /// - Parameters:
    ///   - type: the type bound.
    ///   - name: the binding name, for named requirements and requests.
    ///   - scope: the scope of the values the closure returns.
    ///   - first: the first type to resolve.
    ///   - rest: the other types to resolve, in the order `make` receives them.
    ///   - file: where the binding is made, for messages; leave the default.
    ///   - line: where the binding is made, for messages; leave the default.
    ///   - make: builds the value from the request's arguments and the resolved
    ///     dependencies.
    public func bind<Bound, First, each D>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal,
        dependencies first: First.Type, _ rest: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable (InjectionArguments, First, repeat each D) async throws -> Bound?
    ) {
        let declared = DeclaredDependencies(
            DeclaredDependencies.of(First.self, repeat (each D).self), file: file, line: line)
        add(
            type, name: name, source: .provider({ _, _ in throw AsyncStepNotAwaited() }), scope: scope,
            dependencies: declared,
            asyncStep: AsyncBindingStep(isProvider: true) { _, base, arguments in
                let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
                return try await make(arguments, values.0, repeat each values.1) as Any?
            }, file: file, line: line)
    }
}
