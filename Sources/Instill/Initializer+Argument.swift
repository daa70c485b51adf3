/// Typed arguments: an initializer whose closure receives one argument of a declared
/// type, which every request must pass (see ``TakesArgument``).
extension Initializer {
    /// An initializer whose closure receives the request's argument, of type
    /// `argument`, then `dependencies`, if any, resolved.
    ///
    /// ```swift
    /// final class Download: Injectable, TakesArgument {
    ///     typealias Argument = URL
    ///     let url: URL
    ///     init(url: URL) { self.url = url }
    ///     static let initializer = Initializer(argument: Argument.self) { Download(url: $0) }
    /// }
    ///
    /// final class EpisodeLoader: Injectable, Sendable, TakesArgument {
    ///     typealias Argument = EpisodeID
    ///     let id: EpisodeID
    ///     let api: any APIClient
    ///     init(id: EpisodeID, api: any APIClient) { self.id = id; self.api = api }
    ///     static let initializer = Initializer(argument: Argument.self, dependencies: (any APIClient).self) {
    ///         id, api in EpisodeLoader(id: id, api: api)
    ///     }
    /// }
    ///
    /// let download = try injector.getObject(Download.self, argument: url)
    /// ```
    ///
    /// The argument has no default: a request that passes none throws
    /// ``InjectionError/Kind-swift.struct/argumentMismatch``. The dependencies are
    /// resolved without arguments; the argument reaches this initializer only.
    ///
    /// When every dependency is an `Injectable` class, the compiler picks by itself
    /// a twin of this form that records their conformances.
    ///
    /// - Parameters:
    ///   - argument: the type of the argument; the type's `Argument` when it is
    ///     ``TakesArgument``.
    ///   - dependencies: the types to resolve, in the order `build` receives them;
    ///     none for a closure that takes the argument alone.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance from the argument and the resolved dependencies.
    @inlinable
    public init<Argument: Sendable, each D>(
        argument: Argument.Type, dependencies: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @Sendable (Argument, repeat each D) throws -> AnyObject
    ) {
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies.of(pack: repeat (each D).self, file: file, line: line),
            mainActor: false
        ) { base, arguments in
            let values = DependencyValues.take(Void.self, repeat (each D).self, from: base)
            return try build(arguments.typedArgument(Argument.self), repeat each values.1)
        }
    }

    /// The typed-argument initializer when every dependency is an `Injectable` class (or there is none): the compiler picks this form by itself,
    /// and it records their conformances where the compiler knows them (see
    /// <doc:Performance#Cold-start-at-app-scale>).
    ///
    /// - Parameters:
    ///   - argument: the type of the argument; the type's `Argument` when it is
    ///     ``TakesArgument``.
    ///   - dependencies: the classes to resolve, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance from the argument and the resolved dependencies.
    @inlinable
    public init<Argument: Sendable, each D: Injectable>(
        argument: Argument.Type, dependencies: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @Sendable (Argument, repeat each D) throws -> AnyObject
    ) {
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies.of(injectablePack: repeat (each D).self, file: file, line: line),
            mainActor: false
        ) { base, arguments in
            let values = DependencyValues.take(Void.self, repeat (each D).self, from: base)
            return try build(arguments.typedArgument(Argument.self), repeat each values.1)
        }
    }

    /// An initializer whose closure receives the request's argument, then
    /// `dependencies` written with ``Resolved``, for named bindings.
    ///
    /// - Parameters:
    ///   - argument: the type of the argument; the type's `Argument` when it is
    ///     ``TakesArgument``.
    ///   - first: the first dependency to resolve.
    ///   - rest: the other dependencies, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance from the argument and the resolved dependencies.
    public init<Argument: Sendable, First, each D>(
        argument: Argument.Type, dependencies first: Resolved<First>, _ rest: repeat Resolved<each D>,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @Sendable (Argument, First, repeat each D) throws -> AnyObject
    ) {
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies(
                DeclaredDependencies.of(first, repeat each rest), file: file, line: line),
            mainActor: false
        ) { base, arguments in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try build(arguments.typedArgument(Argument.self), values.0, repeat each values.1)
        }
    }

    /// An initializer whose closure receives the request's argument, then
    /// `dependencies`, if any, resolved, and may `await`.
    ///
    /// ```swift
    /// static let initializer = Initializer(argument: Argument.self) { url in
    ///     try await Download.start(url)
    /// }
    /// ```
    ///
    /// Swift chooses this form when the closure contains `await`; only
    /// `try await injector.getObject(_:named:argument:isolation:)` builds the type.
    ///
    /// - Parameters:
    ///   - argument: the type of the argument; the type's `Argument` when it is
    ///     ``TakesArgument``.
    ///   - dependencies: the types to resolve, in the order `build` receives them;
    ///     none for a closure that takes the argument alone.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance from the argument and the resolved dependencies.
    @inlinable
    public init<Argument: Sendable, each D>(
        argument: Argument.Type, dependencies: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @Sendable (Argument, repeat each D) async throws -> AnyObject
    ) {
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies.of(pack: repeat (each D).self, file: file, line: line)
        ) { base, arguments in
            let values = DependencyValues.take(Void.self, repeat (each D).self, from: base)
            return try await build(arguments.typedArgument(Argument.self), repeat each values.1)
        }
    }

    /// An initializer whose closure receives the request's argument, then
    /// `dependencies` written with ``Resolved``, for named bindings, and may `await`.
    ///
    /// - Parameters:
    ///   - argument: the type of the argument; the type's `Argument` when it is
    ///     ``TakesArgument``.
    ///   - first: the first dependency to resolve.
    ///   - rest: the other dependencies, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance from the argument and the resolved dependencies.
    public init<Argument: Sendable, First, each D>(
        argument: Argument.Type, dependencies first: Resolved<First>, _ rest: repeat Resolved<each D>,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @Sendable (Argument, First, repeat each D) async throws -> AnyObject
    ) {
        self.init(
            dependencies: DeclaredDependencies(
                DeclaredDependencies.of(first, repeat each rest), file: file, line: line),
            defaults: [], takesArguments: true
        ) { base, arguments in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try await build(arguments.typedArgument(Argument.self), values.0, repeat each values.1)
        }
        self.argument = TypeReference(Argument.self)
    }

    /// An initializer of a main-actor type whose closure receives the request's
    /// argument and runs on the main actor.
    ///
    /// ```swift
    /// @MainActor
    /// final class PlayerViewModel: MainActorInjectable, TakesArgument {
    ///     typealias Argument = EpisodeID
    ///     let episodeID: EpisodeID
    ///     init(episodeID: EpisodeID) { self.episodeID = episodeID }
    ///     static let initializer = Initializer(mainActorArgument: Argument.self) { PlayerViewModel(episodeID: $0) }
    /// }
    /// ```
    ///
    /// It has its own label for the reason `Initializer(mainActorDependencies:)` has:
    /// the closure's isolation is part of its type.
    ///
    /// - Parameters:
    ///   - argument: the type of the argument; the type's `Argument` when it is
    ///     ``TakesArgument``.
    ///   - build: builds the instance, on the main actor, from the argument.
    @MainActor
    public init<Argument: Sendable>(
        mainActorArgument argument: Argument.Type, build: @escaping @MainActor @Sendable (Argument) throws -> AnyObject
    ) {
        let make = MainActorIsolation.unisolatedBuild { _, arguments in
            try build(arguments.typedArgument(Argument.self))
        }
        self.init(argument: Argument.self, dependencies: nil, mainActor: true, build: make)
    }

    /// An initializer of a main-actor type whose closure receives the request's
    /// argument, then `dependencies`, resolved, and runs on the main actor.
    ///
    /// ```swift
    /// static let initializer = Initializer(argument: Argument.self, mainActorDependencies: (any APIClient).self) {
    ///     id, api in EpisodeViewModel(episodeID: id, api: api)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - argument: the type of the argument; the type's `Argument` when it is
    ///     ``TakesArgument``.
    ///   - first: the first type to resolve.
    ///   - rest: the other types to resolve, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance, on the main actor, from the argument and the
    ///     resolved dependencies.
    @MainActor
    public init<Argument: Sendable, First, each D>(
        argument: Argument.Type, mainActorDependencies first: First.Type, _ rest: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @MainActor @Sendable (Argument, First, repeat each D) throws -> AnyObject
    ) {
        // The closure's type holds no parameter pack, so its isolation can be dropped
        // by a cast (see `init(mainActorDependencies:)`).
        let make = MainActorIsolation.unisolatedBuild { base, arguments in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try build(arguments.typedArgument(Argument.self), values.0, repeat each values.1)
        }
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies(
                DeclaredDependencies.of(First.self, repeat (each D).self), file: file, line: line),
            mainActor: true, build: make)
    }

    /// An initializer of a main-actor type whose closure receives the request's
    /// argument, then `dependencies`, every one an `Injectable` class, resolved, and
    /// runs on the main actor.
    ///
    /// The compiler picks this form by itself when every dependency is an
    /// `Injectable` class; it records their conformances where the compiler knows
    /// them (see <doc:Performance#Cold-start-at-app-scale>).
    ///
    /// - Parameters:
    ///   - argument: the type of the argument; the type's `Argument` when it is
    ///     ``TakesArgument``.
    ///   - first: the first class to resolve.
    ///   - rest: the other classes to resolve, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance, on the main actor, from the argument and the
    ///     resolved dependencies.
    @MainActor
    public init<Argument: Sendable, First: Injectable, each D: Injectable>(
        argument: Argument.Type, mainActorDependencies first: First.Type, _ rest: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @MainActor @Sendable (Argument, First, repeat each D) throws -> AnyObject
    ) {
        let make = MainActorIsolation.unisolatedBuild { base, arguments in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try build(arguments.typedArgument(Argument.self), values.0, repeat each values.1)
        }
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies(
                DeclaredDependencies.of(injectable: First.self, repeat (each D).self), file: file, line: line),
            mainActor: true, build: make)
    }

    /// An initializer of a main-actor type whose closure receives the request's
    /// argument, then `dependencies` written with ``Resolved`` (for named bindings),
    /// and runs on the main actor.
    ///
    /// - Parameters:
    ///   - argument: the type of the argument; the type's `Argument` when it is
    ///     ``TakesArgument``.
    ///   - first: the first dependency to resolve.
    ///   - rest: the other dependencies, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance, on the main actor, from the argument and the
    ///     resolved dependencies.
    @MainActor
    public init<Argument: Sendable, First, each D>(
        argument: Argument.Type, mainActorDependencies first: Resolved<First>, _ rest: repeat Resolved<each D>,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @MainActor @Sendable (Argument, First, repeat each D) throws -> AnyObject
    ) {
        let make = MainActorIsolation.unisolatedBuild { base, arguments in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try build(arguments.typedArgument(Argument.self), values.0, repeat each values.1)
        }
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies(
                DeclaredDependencies.of(first, repeat each rest), file: file, line: line),
            mainActor: true, build: make)
    }

    /// An initializer that reads one argument of type `argument`, which every request
    /// must pass: no defaults. A main-actor one checks the main-actor proof before
    /// `build` runs.
    @usableFromInline
    init(
        argument: Any.Type, dependencies: DeclaredDependencies?, mainActor: Bool,
        build: @escaping @Sendable (DependencyBuffer, InjectionArguments) throws -> AnyObject
    ) {
        self.defaults = []
        self.isDefault = false
        self.dependencies = dependencies
        self.takesArguments = true
        self.argument = TypeReference(argument)
        if mainActor {
            self.build = { base, arguments in
                try MainActorIsolation.checkInitializer()
                return try build(base, arguments)
            }
        } else {
            self.build = build
        }
        self.provenBuild = build
    }
}

extension Initializer {
    /// An async initializer that reads one argument of type `argument`, which every
    /// request must pass.
    @usableFromInline
    init(
        argument: Any.Type, dependencies: DeclaredDependencies?,
        asyncBuild: @escaping @Sendable (DependencyBuffer, InjectionArguments) async throws -> AnyObject
    ) {
        self.init(dependencies: dependencies, defaults: [], takesArguments: true, asyncBuild: asyncBuild)
        self.argument = TypeReference(argument)
    }
}

extension InjectionArguments {
    /// The argument of an initializer that takes one of a declared type
    /// (`Initializer(argument:)`): the first, which must be a `Value`.
    @usableFromInline
    func typedArgument<Value>(_: Value.Type) throws -> Value {
        markRead()
        guard let first = values.first else {
            throw InjectionError.missingArgument(builtType, argument: typeName(Value.self))
        }
        guard let value = first as? Value else {
            throw InjectionError.argumentMismatch(
                builtType, argument: typeName(Value.self), given: typeName(Swift.type(of: first as Any)))
        }
        return value
    }
}
