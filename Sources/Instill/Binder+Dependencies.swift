/// Closure bindings that declare what they need: the injector resolves it and passes
/// it typed, so ``Injector/validate(roots:isolation:)``, ``Injector/graph(roots:isolation:)``, error
/// chains and cycle detection see it, as they see an ``Initializer``'s dependencies.
extension Binder {
    /// Binds a type to a closure that receives `dependencies`, resolved.
    ///
    /// ```swift
    /// binder.bind((any Clock).self, scope: .singleton, dependencies: TimeZone.self) { SystemClock(zone: $0) }
    /// ```
    ///
    /// Each dependency may be anything an ``Initializer``'s may be (see
    /// <doc:DeclaringRequirements>).
    /// Returning `nil` leaves an optional requirement empty.
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
    @inlinable
    public func bind<Bound, First, each D>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal,
        dependencies first: First.Type, _ rest: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable (First, repeat each D) throws -> Bound?
    ) {
        let declared = DeclaredDependencies(
            DeclaredDependencies.of(First.self, repeat (each D).self), file: file, line: line)
        addClosure(type, name: name, scope: scope, dependencies: declared, file: file, line: line) { base -> Any? in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            guard let value = try make(values.0, repeat each values.1) else { return nil }
            return value
        }
    }

    /// Binds a type to a closure that receives `dependencies` written with
    /// ``Resolved``, for named bindings.
    ///
    /// ```swift
    /// binder.bind(Report.self, dependencies: .named("audit", Logger.self), .of(Clock.self)) { log, clock in
    ///     Report(log: log, clock: clock)
    /// }
    /// ```
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
    @inlinable
    public func bind<Bound, First, each D>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal,
        dependencies first: Resolved<First>, _ rest: repeat Resolved<each D>,
        file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable (First, repeat each D) throws -> Bound?
    ) {
        let declared = DeclaredDependencies(DeclaredDependencies.of(first, repeat each rest), file: file, line: line)
        addClosure(type, name: name, scope: scope, dependencies: declared, file: file, line: line) { base -> Any? in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            guard let value = try make(values.0, repeat each values.1) else { return nil }
            return value
        }
    }

    /// Binds a type to a closure that receives each request's arguments, then
    /// `dependencies`, resolved (a provider that declares what it needs).
    ///
    /// ```swift
    /// binder.bind(Engine.self, dependencies: Oil.self) { arguments, oil in
    ///     Engine(model: try arguments.argument(0, as: String.self), oil: oil)
    /// }
    /// let v12 = try injector.getObject(Engine.self, arguments: "V12")
    /// ```
    ///
    /// The arguments come first because Swift cannot call a closure whose
    /// parameter pack is followed by another parameter.
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
    @inlinable
    public func bind<Bound, First, each D>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal,
        dependencies first: First.Type, _ rest: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable (InjectionArguments, First, repeat each D) throws -> Bound?
    ) {
        let declared = DeclaredDependencies(
            DeclaredDependencies.of(First.self, repeat (each D).self), file: file, line: line)
        addProvider(type, name: name, scope: scope, dependencies: declared, file: file, line: line) {
            base, arguments -> Any? in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            guard let value = try make(arguments, values.0, repeat each values.1) else { return nil }
            return value
        }
    }

    /// Binds a type to a closure that receives each request's arguments, then
    /// `dependencies` written with ``Resolved``.
    ///
    /// - Parameters:
    ///   - type: the type bound.
    ///   - name: the binding name, for named requirements and requests.
    ///   - scope: the scope of the values the closure returns.
    ///   - first: the first dependency to resolve.
    ///   - rest: the other dependencies, in the order `make` receives them.
    ///   - file: where the binding is made, for messages; leave the default.
    ///   - line: where the binding is made, for messages; leave the default.
    ///   - make: builds the value from the request's arguments and the resolved
    ///     dependencies.
    @inlinable
    public func bind<Bound, First, each D>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal,
        dependencies first: Resolved<First>, _ rest: repeat Resolved<each D>,
        file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable (InjectionArguments, First, repeat each D) throws -> Bound?
    ) {
        let declared = DeclaredDependencies(DeclaredDependencies.of(first, repeat each rest), file: file, line: line)
        addProvider(type, name: name, scope: scope, dependencies: declared, file: file, line: line) {
            base, arguments -> Any? in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            guard let value = try make(arguments, values.0, repeat each values.1) else { return nil }
            return value
        }
    }

    // The forms above are inlinable: specialized where the binding is made, their
    // closures read the dependencies' tuple and box the value as `Any` without looking
    // up tuple, pack or `Optional` metadata on each call.

    /// Adds a closure binding whose `make` reads the `dependencies`, resolved, from the
    /// buffer it is given.
    @usableFromInline
    func addClosure(
        _ type: Any.Type, name: String?, scope: Scope, dependencies: DeclaredDependencies, file: StaticString,
        line: UInt, _ make: @escaping @Sendable (DependencyBuffer) throws -> Any?
    ) {
        add(
            type, name: name,
            source: .closure({ injector in try injector.withBindingDependencies(dependencies, make) }),
            scope: scope, dependencies: dependencies, file: file, line: line)
    }

    /// Adds a provider binding whose `make` reads the `dependencies`, resolved, from the
    /// buffer it is given, and the request's arguments.
    @usableFromInline
    func addProvider(
        _ type: Any.Type, name: String?, scope: Scope, dependencies: DeclaredDependencies, file: StaticString,
        line: UInt, _ make: @escaping @Sendable (DependencyBuffer, InjectionArguments) throws -> Any?
    ) {
        add(
            type, name: name,
            source: .provider({ injector, arguments in
                try injector.withBindingDependencies(dependencies) { base in try make(base, arguments) }
            }), scope: scope, dependencies: dependencies, file: file, line: line)
    }
}
