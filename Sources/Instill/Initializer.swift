/// How an ``Injectable`` type is built: a closure that receives the type's
/// dependencies resolved, the build's arguments, or both, and the default arguments
/// used when a request passes none (Objection's `objection_initializer`).
///
/// With dependencies, a class keeps what it needs in `let` properties, so it can be
/// `Sendable`, and an actor can be built too. The closure's parameters are typed by
/// the dependencies it declares:
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
/// With arguments, a request can configure the object:
///
/// ```swift
/// final class Engine: Injectable {
///     let name: String
///     init(name: String) { self.name = name }
///     static let initializer = Initializer(defaults: "V8") { arguments in
///         Engine(name: try arguments.argument(0, as: String.self))
///     }
/// }
///
/// let v8 = try injector.getObject(Engine.self)                     // defaults
/// let v12 = try injector.getObject(Engine.self, arguments: "V12")   // replaces them
/// ```
///
/// A request with a non-empty argument list replaces the defaults entirely; an
/// empty one uses them. Dependencies are resolved first, inside the request, then
/// the closure runs; the type's `requires` properties are filled after it returns,
/// then `awakeFromInjection()` runs.
///
/// `Initializer` is not generic over the type it builds because Swift does not let
/// a non-final class satisfy a `Self`-typed static requirement; the injector checks
/// instead that the closure built an instance of the requested type, and throws
/// ``InjectionError/Kind-swift.struct/initializerFailed`` when it did not.
public struct Initializer: Sendable {
    let defaults: [any Sendable]
    let isDefault: Bool
    /// The dependencies the closure receives, resolved, when it declares any.
    let dependencies: DeclaredDependencies?
    /// Whether ``build`` reads the arguments (otherwise it is passed empty ones).
    let takesArguments: Bool
    /// Builds an instance from the resolved ``dependencies`` (laid out as
    /// ``DependencyValues`` reads them, and moved out) and the arguments.
    let build: @Sendable (DependencyBuffer, InjectionArguments) throws -> AnyObject
    /// ``build`` for an async initializer (``build`` then throws): only
    /// `await getObject` runs it (see `Initializer+Async.swift`).
    var asyncBuild: (@Sendable (DependencyBuffer, InjectionArguments) async throws -> AnyObject)? = nil
    /// ``build``, or for a main-actor initializer, ``build`` without its check of the
    /// main-actor proof: for a ``BuildPlan``, which runs only where the proof holds.
    /// Not optional: an optional closure is stored reabstracted, and each call would
    /// go through two thunks.
    var provenBuild: @Sendable (DependencyBuffer, InjectionArguments) throws -> AnyObject
    /// The type of the one argument every request must pass, for an initializer
    /// declared with `Initializer(argument:)` (see `Initializer+Argument.swift`).
    var argument: TypeReference? = nil
    /// For an initializer whose dependencies are all `Injectable` classes: builds the
    /// instance from a new instance of each dependency, made with its `init()` where
    /// the types are known (no protocol witness, no buffer), counting in its argument
    /// the dependencies made before an error. A ``BuildPlan`` builds this way when each
    /// dependency's own plan would only call that `init()` (see
    /// `BuildPlan+Dependencies.swift`); ``buildsFromDefaults`` says whether there is one.
    ///
    /// Not optional, like ``provenBuild``: a build calls it without a thunk.
    @usableFromInline
    var buildFromDefaults: @Sendable (inout Int) throws -> AnyObject = Initializer.noBuildFromDefaults
    /// Whether ``buildFromDefaults`` builds (it is not ``noBuildFromDefaults``).
    @usableFromInline
    var buildsFromDefaults = false
    /// For the default initializer: `init()`, specialized where the type conforms (see
    /// ``defaultInitializer(for:)``); for any other, ``noMake``. Not optional, like
    /// ``provenBuild``.
    @usableFromInline
    var make: @Sendable () throws -> AnyObject = Initializer.noMake

    /// The ``make`` of an initializer that is not the default: never called.
    @usableFromInline
    static let noMake: @Sendable () throws -> AnyObject = {
        throw InjectionError.noInitializer("an initializer that is not init()")
    }
    /// The class ``make`` builds, when it is not ``noMake``.
    @usableFromInline
    var makes: ObjectIdentifier? = nil

    /// The ``buildFromDefaults`` of an initializer that has none: never called.
    @usableFromInline
    static let noBuildFromDefaults: @Sendable (inout Int) throws -> AnyObject = { _ in
        throw InjectionError.noInitializer("an initializer without dependencies to make")
    }

    /// An initializer whose closure receives the build's arguments, then
    /// `dependencies`, if any, resolved; `defaults` are the arguments used when a
    /// request passes none.
    ///
    /// ```swift
    /// final class Engine: Injectable {
    ///     let model: String
    ///     let oil: Oil
    ///     init(model: String, oil: Oil) { self.model = model; self.oil = oil }
    ///     static let initializer = Initializer(dependencies: Oil.self, defaults: "V8") { arguments, oil in
    ///         Engine(model: try arguments.argument(0, as: String.self), oil: oil)
    ///     }
    /// }
    ///
    /// let v12 = try injector.getObject(Engine.self, arguments: "V12")
    /// ```
    ///
    /// Without dependencies, the closure receives the arguments alone:
    /// `Initializer(defaults: "V8") { arguments in ... }`. The arguments come first
    /// because Swift cannot call a closure whose parameter pack is followed by another
    /// parameter. Dependencies are always resolved without arguments; a request's
    /// arguments reach this initializer only.
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
        build: @escaping @Sendable (InjectionArguments, repeat each D) throws -> AnyObject
    ) {
        self.init(
            dependencies: DeclaredDependencies.of(pack: repeat (each D).self, file: file, line: line),
            defaults: defaults, takesArguments: true
        ) { base, arguments in
            let values = DependencyValues.take(Void.self, repeat (each D).self, from: base)
            return try build(arguments, repeat each values.1)
        }
    }

    /// A factory-style initializer: a static function that returns a configured
    /// instance (Objection's class-method initializer).
    ///
    /// ```swift
    /// static func showroomModel() -> Car { Car(color: .red) }
    /// static var initializer: Initializer { Initializer(factory: showroomModel) }
    /// ```
    public init(factory: @escaping @Sendable () throws -> AnyObject) {
        self.init(defaults: [], isDefault: false) { _ in try factory() }
    }

    /// The initializer of a type that declares none: `init()`.
    ///
    /// Inlinable, as ``Injectable/initializer``'s default is, so that the closure
    /// ``make`` is specialized where the type conforms: a warm build then calls the
    /// type's `init()` directly, without its protocol witness.
    @inlinable
    static func defaultInitializer<T: Injectable>(for type: T.Type) -> Initializer {
        Initializer(makingDefault: { try T() }, of: T.self)
    }

    /// A default initializer (`init()`) of `type` that builds with `make`.
    @usableFromInline
    init(makingDefault make: @escaping @Sendable () throws -> AnyObject, of type: AnyClass) {
        self.init(defaults: [], isDefault: true) { _ in try make() }
        self.make = make
        self.makes = ObjectIdentifier(type)
    }

    static func defaultInitializer<T: MainActorInjectable>(forMainActor type: T.Type) -> Initializer {
        Initializer(defaults: [], isDefault: true) { _ in try MainActorIsolation.run(T.self) { try T() } }
    }

    private init(
        defaults: [any Sendable], isDefault: Bool, build: @escaping @Sendable (InjectionArguments) throws -> AnyObject
    ) {
        self.defaults = defaults
        self.isDefault = isDefault
        self.dependencies = nil
        self.takesArguments = true
        let build: @Sendable (DependencyBuffer, InjectionArguments) throws -> AnyObject = { _, arguments in
            try build(arguments)
        }
        self.build = build
        self.provenBuild = build
    }

    /// An initializer whose closure receives resolved dependencies.
    @usableFromInline
    init(
        dependencies: DeclaredDependencies?, defaults: [any Sendable], takesArguments: Bool,
        build: @escaping @Sendable (DependencyBuffer, InjectionArguments) throws -> AnyObject
    ) {
        self.defaults = defaults
        self.isDefault = false
        self.dependencies = dependencies
        self.takesArguments = takesArguments
        self.build = build
        self.provenBuild = build
    }

    /// An initializer of a main-actor type whose closure receives resolved
    /// dependencies: `build` checks the main-actor proof, then calls `proven`.
    @usableFromInline
    init(
        dependencies: DeclaredDependencies,
        proven: @escaping @Sendable (DependencyBuffer, InjectionArguments) throws -> AnyObject
    ) {
        self.init(dependencies: dependencies, defaults: [], takesArguments: false) { base, arguments in
            try MainActorIsolation.checkInitializer()
            return try proven(base, arguments)
        }
        self.provenBuild = proven
    }
}
