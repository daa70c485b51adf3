/// Async initializers: closures that may `await` (open a connection, read a file),
/// run only by `try await injector.getObject(...)`.
extension Initializer {
    /// An initializer whose closure receives the build's arguments, then
    /// `dependencies`, if any, resolved, and may `await`; `defaults` are the arguments
    /// used when a request passes none.
    ///
    /// ```swift
    /// final class Connection: Injectable, Sendable {
    ///     let host: String
    ///     init(host: String) { self.host = host }
    ///     static let initializer = Initializer(defaults: "db.local") { arguments in
    ///         let host = try arguments.argument(0, as: String.self)
    ///         try await Task.sleep(for: .milliseconds(10))  // the handshake
    ///         return Connection(host: host)
    ///     }
    /// }
    ///
    /// let connection = try await injector.getObject(Connection.self)
    /// ```
    ///
    /// Swift chooses this form when the closure contains `await`. A type built this
    /// way (and anything that requires it) is built by `await getObject` only; the
    /// synchronous `getObject` throws ``InjectionError/Kind-swift.struct/asyncRequired``.
    /// See <doc:Concurrency> for the rules, cancellation included.
    ///
    /// - Parameters:
    ///   - dependencies: the types to resolve, in the order `build` receives them;
    ///     none for a closure that reads the arguments alone.
    ///   - defaults: the arguments of a request that passes none.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance from the arguments and the resolved dependencies.
    @inlinable
    public init<each D>(
        dependencies: repeat (each D).Type, defaults: any Sendable...,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @Sendable (InjectionArguments, repeat each D) async throws -> AnyObject
    ) {
        self.init(
            dependencies: DeclaredDependencies.of(pack: repeat (each D).self, file: file, line: line),
            defaults: defaults, takesArguments: true
        ) { base, arguments in
            let values = DependencyValues.take(Void.self, repeat (each D).self, from: base)
            return try await build(arguments, repeat each values.1)
        }
    }

    /// A factory-style initializer whose function may `await`.
    ///
    /// ```swift
    /// static func open() async throws -> Connection { ... }
    /// static var initializer: Initializer { Initializer(factory: open) }
    /// ```
    public init(factory: @escaping @Sendable () async throws -> AnyObject) {
        self.init(dependencies: nil, defaults: [], takesArguments: false) { _, _ in try await factory() }
    }

    /// An initializer whose closure receives `dependencies`, resolved, and may
    /// `await`.
    ///
    /// ```swift
    /// static let initializer = Initializer(dependencies: Settings.self) { settings in
    ///     try await Connection.open(settings.databaseURL)
    /// }
    /// ```
    ///
    /// The dependencies are resolved first (asynchronously too, when they have async
    /// steps of their own), then the closure is awaited.
    ///
    /// - Parameters:
    ///   - first: the first type to resolve.
    ///   - rest: the other types to resolve, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance from the resolved dependencies.
    @inlinable
    public init<First, each D>(
        dependencies first: First.Type, _ rest: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @Sendable (First, repeat each D) async throws -> AnyObject
    ) {
        self.init(
            asyncDeclared: DeclaredDependencies(
                DeclaredDependencies.of(First.self, repeat (each D).self), file: file, line: line),
            build: build)
    }

    /// An async initializer whose closure receives the `declared` dependencies, resolved.
    @inlinable
    init<Instance: AnyObject, First, each D>(
        asyncDeclared declared: DeclaredDependencies,
        build: @escaping @Sendable (First, repeat each D) async throws -> Instance
    ) {
        self.init(dependencies: declared, defaults: [], takesArguments: false) { base, _ in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try await build(values.0, repeat each values.1)
        }
    }

    /// An initializer whose closure receives `dependencies` written with
    /// ``Resolved``, for named bindings, and may `await`.
    ///
    /// - Parameters:
    ///   - first: the first dependency to resolve.
    ///   - rest: the other dependencies, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance from the resolved dependencies.
    @inlinable
    public init<First, each D>(
        dependencies first: Resolved<First>, _ rest: repeat Resolved<each D>,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @Sendable (First, repeat each D) async throws -> AnyObject
    ) {
        self.init(
            dependencies: DeclaredDependencies(
                DeclaredDependencies.of(first, repeat each rest), file: file, line: line),
            defaults: [], takesArguments: false
        ) { base, _ in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try await build(values.0, repeat each values.1)
        }
    }

    /// An initializer whose closure receives the build's arguments, then
    /// `dependencies` written with ``Resolved``, and may `await`; `defaults` are the
    /// arguments used when a request passes none.
    ///
    /// - Parameters:
    ///   - first: the first dependency to resolve.
    ///   - rest: the other dependencies, in the order `build` receives them.
    ///   - defaults: the arguments of a request that passes none.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance from the arguments and the resolved dependencies.
    @inlinable
    public init<First, each D>(
        dependencies first: Resolved<First>, _ rest: repeat Resolved<each D>, defaults: any Sendable...,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @Sendable (InjectionArguments, First, repeat each D) async throws -> AnyObject
    ) {
        self.init(
            dependencies: DeclaredDependencies(
                DeclaredDependencies.of(first, repeat each rest), file: file, line: line),
            defaults: defaults, takesArguments: true
        ) { base, arguments in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try await build(arguments, values.0, repeat each values.1)
        }
    }

    /// An async initializer: ``build`` only reports that it was reached
    /// synchronously (the resolver never calls it: it checks ``asyncBuild`` first).
    @usableFromInline
    init(
        dependencies: DeclaredDependencies?, defaults: [any Sendable], takesArguments: Bool,
        asyncBuild: @escaping @Sendable (DependencyBuffer, InjectionArguments) async throws -> AnyObject
    ) {
        self.defaults = defaults
        self.isDefault = false
        self.dependencies = dependencies
        self.takesArguments = takesArguments
        self.build = { _, _ in throw AsyncStepNotAwaited() }
        self.provenBuild = build
        self.asyncBuild = asyncBuild
    }
}

/// What the synchronous form of an async step throws if anything ever calls it.
struct AsyncStepNotAwaited: Error {}

extension InjectableMetadata {
    /// Builds an instance with the async initializer, as
    /// ``construct(arguments:dependencies:)`` does with a synchronous one: the same
    /// argument rules, the same checks of what it built. It runs off the caller's
    /// actor (a nonisolated async function), and frees `dependencies`.
    func constructAwaiting(arguments: [any Sendable], dependencies: DependencyHandoff) async throws -> AnyObject {
        defer { dependencies.free() }
        guard let asyncBuild = initializer.asyncBuild else { throw AsyncStepNotAwaited() }
        let given: InjectionArguments
        if initializer.takesArguments {
            given = InjectionArguments(arguments.isEmpty ? initializer.defaults : arguments, building: self.name)
        } else {
            guard arguments.isEmpty else {
                throw InjectionError.unreadArguments(name, given: arguments.count, read: 0, reason: .initializer)
            }
            given = .none
        }
        let object: AnyObject
        do {
            object = try await asyncBuild(dependencies.buffer, given)
        } catch let error as InjectionError {
            throw error
        } catch let error as CancellationError {
            throw InjectionError.cancelled(name, underlying: error)
        } catch {
            throw InjectionError.initializerFailed(name, underlying: error)
        }
        if initializer.takesArguments, !arguments.isEmpty, given.readCount < arguments.count {
            throw InjectionError.unreadArguments(
                name, given: arguments.count, read: given.readCount, reason: .initializer)
        }
        guard ObjectIdentifier(Swift.type(of: object)) == classIdentifier || isInstance(object) else {
            throw InjectionError.initializerBuiltWrongType(name, built: typeName(Swift.type(of: object)))
        }
        return object
    }
}
