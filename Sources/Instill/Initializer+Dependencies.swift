/// Initializer injection: the closure receives the type's dependencies, resolved.
extension Initializer {
    /// An initializer whose closure receives `dependencies`, resolved, as typed
    /// parameters.
    ///
    /// Each dependency is a type, and may be anything a requirement may be: an
    /// `Injectable` class (built automatically when nothing is bound to it), a bound
    /// protocol, value or closure type, an optional (`nil` when nothing is bound), a
    /// ``Provider`` (built when called) or an ``ObjectFactory``.
    ///
    /// ```swift
    /// final class Repository: Injectable, Sendable {
    ///     let db: any Database
    ///     let log: Logger
    ///     init(db: any Database, log: Logger) { self.db = db; self.log = log }
    ///     static let initializer = Initializer(dependencies: (any Database).self, Logger.self) { db, log in
    ///         Repository(db: db, log: log)
    ///     }
    /// }
    /// ```
    ///
    /// The dependencies are resolved in order, inside the request that builds the
    /// object, so error chains, ``Injector/validate(roots:isolation:)``, ``Injector/graph(roots:isolation:)``
    /// and cycle detection see them (`Repository.init(any Database)`). A cycle made
    /// only of initializer dependencies cannot be broken by any scope: take a
    /// ``Provider`` instead, or move one dependency to a `requires` property of a
    /// singleton.
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
        build: @escaping @Sendable (First, repeat each D) throws -> AnyObject
    ) {
        self.init(
            declared: DeclaredDependencies(
                DeclaredDependencies.of(First.self, repeat (each D).self), file: file, line: line),
            build: build)
    }

    /// An initializer whose closure receives `dependencies`, every one an
    /// `Injectable` class, resolved.
    ///
    /// The compiler picks this form by itself when every dependency is an
    /// `Injectable` class: nothing to write differently. It records each class's
    /// conformance where the compiler knows it, so the first build of each asks the
    /// runtime no conformance question (see <doc:Performance#Cold-start-at-app-scale>).
    ///
    /// - Parameters:
    ///   - first: the first class to resolve.
    ///   - rest: the other classes to resolve, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance from the resolved dependencies.
    @inlinable
    public init<First: Injectable, each D: Injectable>(
        dependencies first: First.Type, _ rest: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @Sendable (First, repeat each D) throws -> AnyObject
    ) {
        self.init(
            injectable: DeclaredDependencies(
                DeclaredDependencies.of(injectable: First.self, repeat (each D).self), file: file, line: line),
            build: build)
    }

    /// An initializer whose closure receives the `declared` dependencies, every one an
    /// `Injectable` class, resolved; it can build from a new instance of each, made
    /// with its `init()` (``buildFromDefaults``).
    @inlinable
    init<Instance: AnyObject, First: Injectable, each D: Injectable>(
        injectable declared: DeclaredDependencies, build: @escaping @Sendable (First, repeat each D) throws -> Instance
    ) {
        self.init(declared: declared, build: build)
        self.buildFromDefaults = { made in
            made = 0
            func make<Dependency: Injectable>(_: Dependency.Type) throws -> Dependency {
                let dependency = try Dependency()
                made += 1
                return dependency
            }
            // Arguments are evaluated in order: the dependencies are made in the order
            // they are declared, as the resolver builds them.
            return try build(make(First.self), repeat make((each D).self))
        }
        self.buildsFromDefaults = true
    }

    /// An initializer whose closure receives the `declared` dependencies, resolved.
    @inlinable
    init<Instance: AnyObject, First, each D>(
        declared: DeclaredDependencies, build: @escaping @Sendable (First, repeat each D) throws -> Instance
    ) {
        self.init(dependencies: declared, defaults: [], takesArguments: false) { base, _ in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try build(values.0, repeat each values.1)
        }
    }

    /// An initializer whose closure receives `dependencies` written with
    /// ``Resolved``, for named bindings.
    ///
    /// ```swift
    /// static let initializer = Initializer(dependencies: .of((any Database).self), .named("audit", Logger.self)) {
    ///     db, log in Repository(db: db, log: log)
    /// }
    /// ```
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
        build: @escaping @Sendable (First, repeat each D) throws -> AnyObject
    ) {
        self.init(
            dependencies: DeclaredDependencies(
                DeclaredDependencies.of(first, repeat each rest), file: file, line: line),
            defaults: [], takesArguments: false
        ) { base, _ in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try build(values.0, repeat each values.1)
        }
    }

    /// An initializer whose closure receives the build's arguments, then
    /// `dependencies` written with ``Resolved``; `defaults` are the arguments used
    /// when a request passes none.
    ///
    /// ```swift
    /// static let initializer = Initializer(dependencies: .named("main", Oil.self), defaults: "V8") { arguments, oil in
    ///     Engine(model: try arguments.argument(0, as: String.self), oil: oil)
    /// }
    /// ```
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
        build: @escaping @Sendable (InjectionArguments, First, repeat each D) throws -> AnyObject
    ) {
        self.init(
            dependencies: DeclaredDependencies(
                DeclaredDependencies.of(first, repeat each rest), file: file, line: line),
            defaults: defaults, takesArguments: true
        ) { base, arguments in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try build(arguments, values.0, repeat each values.1)
        }
    }
}
