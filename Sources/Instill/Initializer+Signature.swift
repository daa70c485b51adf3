/// Initializers declared by their own signature: `Initializer(Repository.init)`. The
/// initializer's parameter types are the dependencies; nothing is written twice.
///
/// Each form forwards to the internal initializer its `Initializer(dependencies:)`
/// twin uses, with the same declared dependencies: the two spellings build, validate
/// and cost the same.
extension Initializer {
    /// An initializer declared by the type's own initializer: each parameter is a
    /// dependency, resolved by its type.
    ///
    /// ```swift
    /// final class StreakCalculator: Injectable, Sendable {
    ///     let store: any HabitStore
    ///     let clock: any DateProvider
    ///     init(store: any HabitStore, clock: any DateProvider) { self.store = store; self.clock = clock }
    ///     static let initializer = Initializer(StreakCalculator.init)
    /// }
    /// ```
    ///
    /// A parameter may be anything an initializer dependency may be (see
    /// `Initializer(dependencies:_:file:line:build:)`): an `Injectable` class, a bound
    /// protocol or value type, an optional (`nil` when nothing is bound), a
    /// ``Provider``, a ``Lazy`` or an ``ObjectFactory``. Error chains, validation and
    /// graphs show the dependencies as `StreakCalculator.init(any HabitStore)`.
    ///
    /// A parameter resolved from a named binding is named by its position, counting
    /// from 0: `Initializer(Repository.init, names: [1: "audit"])`. A position the
    /// initializer does not have is an ``InjectionError/Kind-swift.struct/invalidRequirement``
    /// that ``Injector/validate(roots:isolation:)`` and the first build report.
    ///
    /// The initializer must take at least one parameter: a type built with `init()`
    /// declares nothing, and `Initializer(factory:)` names another initializer that
    /// takes none. When the type has more than one initializer, name the one to use:
    /// `Initializer(Repository.init(db:log:))`. An `async` initializer is awaited, so
    /// only `await getObject` builds the type (see <doc:Concurrency>); a main-actor
    /// type uses `Initializer(mainActor:names:file:line:)`.
    ///
    /// When every parameter is an `Injectable` class, the compiler picks by itself a
    /// twin of this form that records their conformances.
    ///
    /// - Parameters:
    ///   - initializer: the type's initializer (`Type.init`), or any function that
    ///     builds an instance from the dependencies.
    ///   - names: the binding names of the parameters resolved from named bindings,
    ///     by position from 0.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    @inlinable
    public init<Instance: AnyObject, First, each D>(
        _ initializer: @escaping @Sendable (First, repeat each D) throws -> Instance,
        names: [Int: String] = [:], file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            declared: DeclaredDependencies(
                DeclaredDependencies.of(First.self, repeat (each D).self), names: names, file: file, line: line),
            build: initializer)
    }

    /// ``init(_:names:file:line:)-(_,_,_,_)`` when every parameter is an `Injectable`
    /// class: the compiler picks this form by itself, and it records their
    /// conformances where the compiler knows them (see
    /// <doc:Performance#Cold-start-at-app-scale>).
    ///
    /// ```swift
    /// final class Car: Injectable {
    ///     let engine: Engine
    ///     let brakes: Brakes
    ///     init(engine: Engine, brakes: Brakes) { self.engine = engine; self.brakes = brakes }
    ///     static let initializer = Initializer(Car.init)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initializer: the type's initializer (`Type.init`).
    ///   - names: the binding names of the parameters resolved from named bindings,
    ///     by position from 0.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    @inlinable
    public init<Instance: AnyObject, First: Injectable, each D: Injectable>(
        _ initializer: @escaping @Sendable (First, repeat each D) throws -> Instance,
        names: [Int: String] = [:], file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            injectable: DeclaredDependencies(
                DeclaredDependencies.of(injectable: First.self, repeat (each D).self), names: names,
                file: file, line: line),
            build: initializer)
        if !names.isEmpty {
            // A named dependency is not made with its `init()`.
            self.buildFromDefaults = Initializer.noBuildFromDefaults
            self.buildsFromDefaults = false
        }
    }

    /// An initializer declared by the type's own `async` initializer: each parameter
    /// is a dependency, resolved by its type, and only `await getObject` builds the
    /// type.
    ///
    /// ```swift
    /// final class HabitDatabase: Injectable, Sendable {
    ///     static let scope: Scope = .singleton
    ///     init(settings: Settings) async throws { ... }   // opens the file
    ///     static let initializer = Initializer(HabitDatabase.init)
    /// }
    ///
    /// let database = try await injector.getObject(HabitDatabase.self)
    /// ```
    ///
    /// Swift picks this form for an `async` initializer. The synchronous `getObject`
    /// throws ``InjectionError/Kind-swift.struct/asyncRequired`` for the type and
    /// anything that depends on it.
    ///
    /// - Parameters:
    ///   - initializer: the type's `async` initializer (`Type.init`).
    ///   - names: the binding names of the parameters resolved from named bindings,
    ///     by position from 0.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    @inlinable
    public init<Instance: AnyObject, First, each D>(
        _ initializer: @escaping @Sendable (First, repeat each D) async throws -> Instance,
        names: [Int: String] = [:], file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            asyncDeclared: DeclaredDependencies(
                DeclaredDependencies.of(First.self, repeat (each D).self), names: names, file: file, line: line),
            build: initializer)
    }

    /// An initializer of a main-actor type declared by its own initializer, which
    /// runs on the main actor: each parameter is a dependency, resolved by its type.
    ///
    /// ```swift
    /// @MainActor
    /// final class WeatherViewModel: MainActorInjectable {
    ///     let service: any WeatherService
    ///     init(service: any WeatherService) { self.service = service }
    ///     static let initializer = Initializer(mainActor: WeatherViewModel.init)
    /// }
    /// ```
    ///
    /// It has its own label for the reason `Initializer(mainActorDependencies:)` has:
    /// a function's isolation is not enough to tell two overloads apart.
    ///
    /// - Parameters:
    ///   - initializer: the type's main-actor initializer (`Type.init`).
    ///   - names: the binding names of the parameters resolved from named bindings,
    ///     by position from 0.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    @inlinable
    @MainActor
    public init<Instance: AnyObject, First, each D>(
        mainActor initializer: @escaping @MainActor @Sendable (First, repeat each D) throws -> Instance,
        names: [Int: String] = [:], file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            mainActorDeclared: DeclaredDependencies(
                DeclaredDependencies.of(First.self, repeat (each D).self), names: names, file: file, line: line),
            build: initializer)
    }

    /// ``init(mainActor:names:file:line:)-(_,_,_,_)`` when every parameter is an
    /// `Injectable` class: the compiler picks this form by itself, and it records
    /// their conformances where the compiler knows them.
    ///
    /// - Parameters:
    ///   - initializer: the type's main-actor initializer (`Type.init`).
    ///   - names: the binding names of the parameters resolved from named bindings,
    ///     by position from 0.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    @inlinable
    @MainActor
    public init<Instance: AnyObject, First: Injectable, each D: Injectable>(
        mainActor initializer: @escaping @MainActor @Sendable (First, repeat each D) throws -> Instance,
        names: [Int: String] = [:], file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            mainActorDeclared: DeclaredDependencies(
                DeclaredDependencies.of(injectable: First.self, repeat (each D).self), names: names,
                file: file, line: line),
            build: initializer)
    }

    /// An initializer declared by the type's own initializer whose first parameter
    /// is the request's argument, of type `argument`; each other parameter is a
    /// dependency, resolved by its type.
    ///
    /// ```swift
    /// final class OrderView: Injectable, TakesArgument {
    ///     typealias Argument = Order.ID
    ///     let id: Order.ID
    ///     let store: any OrderStore
    ///     init(id: Order.ID, store: any OrderStore) { self.id = id; self.store = store }
    ///     static let initializer = Initializer(OrderView.init, argument: Argument.self)
    /// }
    ///
    /// let view = try injector.getObject(OrderView.self, argument: order.id)
    /// ```
    ///
    /// `argument` is the type ``TakesArgument`` names; the compiler checks that the
    /// initializer's first parameter has it. The argument has no default, as with
    /// `Initializer(argument:dependencies:file:line:build:)`. `names` count the
    /// argument: the first dependency is at position 1.
    ///
    /// When every dependency is an `Injectable` class, the compiler picks by itself a
    /// twin of this form that records their conformances.
    ///
    /// - Parameters:
    ///   - initializer: the type's initializer (`Type.init`), the argument first.
    ///   - argument: the type of the argument; the type's `Argument`.
    ///   - names: the binding names of the parameters resolved from named bindings,
    ///     by position from 0 (the argument is position 0).
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    @inlinable
    public init<Argument: Sendable, Instance: AnyObject, each D>(
        _ initializer: @escaping @Sendable (Argument, repeat each D) throws -> Instance, argument: Argument.Type,
        names: [Int: String] = [:], file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies.of(pack: repeat (each D).self, names: names, file: file, line: line),
            mainActor: false
        ) { base, arguments in
            let values = DependencyValues.take(Void.self, repeat (each D).self, from: base)
            return try initializer(arguments.typedArgument(Argument.self), repeat each values.1)
        }
    }

    /// `Initializer(_:argument:names:file:line:)` when every dependency
    /// is an `Injectable` class (or there is none): the compiler picks this form by
    /// itself, and it records their conformances where the compiler knows them.
    ///
    /// - Parameters:
    ///   - initializer: the type's initializer (`Type.init`), the argument first.
    ///   - argument: the type of the argument; the type's `Argument`.
    ///   - names: the binding names of the parameters resolved from named bindings,
    ///     by position from 0 (the argument is position 0).
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    @inlinable
    public init<Argument: Sendable, Instance: AnyObject, each D: Injectable>(
        _ initializer: @escaping @Sendable (Argument, repeat each D) throws -> Instance, argument: Argument.Type,
        names: [Int: String] = [:], file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies.of(
                injectablePack: repeat (each D).self, names: names, file: file, line: line),
            mainActor: false
        ) { base, arguments in
            let values = DependencyValues.take(Void.self, repeat (each D).self, from: base)
            return try initializer(arguments.typedArgument(Argument.self), repeat each values.1)
        }
    }

    /// An initializer declared by the type's own `async` initializer whose first
    /// parameter is the request's argument; only
    /// `try await injector.getObject(_:named:argument:isolation:)` builds the type.
    ///
    /// ```swift
    /// final class Download: Injectable, TakesArgument {
    ///     typealias Argument = URL
    ///     init(url: URL, session: any HTTPSession) async throws { ... }
    ///     static let initializer = Initializer(Download.init, argument: Argument.self)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initializer: the type's `async` initializer (`Type.init`), the argument first.
    ///   - argument: the type of the argument; the type's `Argument`.
    ///   - names: the binding names of the parameters resolved from named bindings,
    ///     by position from 0 (the argument is position 0).
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    @inlinable
    public init<Argument: Sendable, Instance: AnyObject, each D>(
        _ initializer: @escaping @Sendable (Argument, repeat each D) async throws -> Instance,
        argument: Argument.Type, names: [Int: String] = [:], file: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies.of(pack: repeat (each D).self, names: names, file: file, line: line)
        ) { base, arguments in
            let values = DependencyValues.take(Void.self, repeat (each D).self, from: base)
            return try await initializer(arguments.typedArgument(Argument.self), repeat each values.1)
        }
    }

    /// An initializer of a main-actor type declared by its own initializer, whose
    /// first parameter is the request's argument; it runs on the main actor.
    ///
    /// ```swift
    /// @MainActor
    /// final class EpisodeViewModel: MainActorInjectable, TakesArgument {
    ///     typealias Argument = EpisodeID
    ///     init(episodeID: EpisodeID, api: any APIClient) { ... }
    ///     static let initializer = Initializer(mainActor: EpisodeViewModel.init, argument: Argument.self)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initializer: the type's main-actor initializer (`Type.init`), the argument
    ///     first.
    ///   - argument: the type of the argument; the type's `Argument`.
    ///   - names: the binding names of the parameters resolved from named bindings,
    ///     by position from 0 (the argument is position 0).
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    @inlinable
    @MainActor
    public init<Argument: Sendable, Instance: AnyObject, each D>(
        mainActor initializer: @escaping @MainActor @Sendable (Argument, repeat each D) throws -> Instance,
        argument: Argument.Type, names: [Int: String] = [:], file: StaticString = #fileID, line: UInt = #line
    ) {
        // The closure's type holds no parameter pack, so its isolation can be dropped
        // by a cast (see `init(mainActorDependencies:)`).
        let make = MainActorIsolation.unisolatedBuild { base, arguments in
            let values = DependencyValues.take(Void.self, repeat (each D).self, from: base)
            return try initializer(arguments.typedArgument(Argument.self), repeat each values.1)
        }
        self.init(
            argument: Argument.self,
            dependencies: DeclaredDependencies.of(pack: repeat (each D).self, names: names, file: file, line: line),
            mainActor: true, build: make)
    }
}
