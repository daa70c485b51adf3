/// Initializer injection for ``MainActorInjectable`` types: the closure runs on the
/// main actor.
extension Initializer {
    /// An initializer of a main-actor type whose closure receives `dependencies`,
    /// resolved, and runs on the main actor.
    ///
    /// ```swift
    /// @MainActor
    /// final class WeatherViewModel: MainActorInjectable {
    ///     let service: any WeatherService
    ///     init(service: any WeatherService) { self.service = service }
    ///     static let initializer = Initializer(mainActorDependencies: (any WeatherService).self) {
    ///         WeatherViewModel(service: $0)
    ///     }
    /// }
    /// ```
    ///
    /// The dependencies may be anything an ``Injectable`` type's may be; they are
    /// resolved on the main actor, in order, before the closure runs.
    ///
    /// It has its own label because the closure's isolation is part of its type:
    /// with `Initializer(dependencies:)`, a main-actor class's initializer is called
    /// from a nonisolated closure, and the compiler says `call to main actor-isolated
    /// initializer ... in a synchronous nonisolated context`.
    ///
    /// - Parameters:
    ///   - first: the first type to resolve.
    ///   - rest: the other types to resolve, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance, on the main actor, from the resolved dependencies.
    @inlinable
    @MainActor
    public init<First, each D>(
        mainActorDependencies first: First.Type, _ rest: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @MainActor @Sendable (First, repeat each D) throws -> AnyObject
    ) {
        self.init(
            mainActorDeclared: DeclaredDependencies(
                DeclaredDependencies.of(First.self, repeat (each D).self), file: file, line: line),
            build: build)
    }

    /// An initializer of a main-actor type whose closure receives `dependencies`,
    /// every one an `Injectable` class, resolved, and runs on the main actor.
    ///
    /// The compiler picks this form by itself when every dependency is an
    /// `Injectable` class; it records their conformances where the compiler knows
    /// them (see <doc:Performance#Cold-start-at-app-scale>).
    ///
    /// - Parameters:
    ///   - first: the first class to resolve.
    ///   - rest: the other classes to resolve, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance, on the main actor, from the resolved dependencies.
    @inlinable
    @MainActor
    public init<First: Injectable, each D: Injectable>(
        mainActorDependencies first: First.Type, _ rest: repeat (each D).Type,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @MainActor @Sendable (First, repeat each D) throws -> AnyObject
    ) {
        self.init(
            mainActorDeclared: DeclaredDependencies(
                DeclaredDependencies.of(injectable: First.self, repeat (each D).self), file: file, line: line),
            build: build)
    }

    /// A main-actor initializer whose closure receives the `declared` dependencies.
    @inlinable
    @MainActor
    init<Instance: AnyObject, First, each D>(
        mainActorDeclared declared: DeclaredDependencies,
        build: @escaping @MainActor @Sendable (First, repeat each D) throws -> Instance
    ) {
        // The closure's type holds no parameter pack, so its isolation can be dropped
        // by a cast (a generic type with a pack would need macOS 14 / iOS 17 at run time).
        let make = MainActorIsolation.unisolatedBuild { base, _ in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try build(values.0, repeat each values.1)
        }
        self.init(dependencies: declared, proven: make)
    }

    /// An initializer of a main-actor type whose closure receives `dependencies`
    /// written with ``Resolved`` (for named bindings), and runs on the main actor.
    ///
    /// - Parameters:
    ///   - first: the first dependency to resolve.
    ///   - rest: the other dependencies, in the order `build` receives them.
    ///   - file: where the initializer is declared, for messages; leave the default.
    ///   - line: where the initializer is declared, for messages; leave the default.
    ///   - build: builds the instance, on the main actor, from the resolved dependencies.
    @inlinable
    @MainActor
    public init<First, each D>(
        mainActorDependencies first: Resolved<First>, _ rest: repeat Resolved<each D>,
        file: StaticString = #fileID, line: UInt = #line,
        build: @escaping @MainActor @Sendable (First, repeat each D) throws -> AnyObject
    ) {
        // The closure's type holds no parameter pack, so its isolation can be dropped
        // by a cast (a generic type with a pack would need macOS 14 / iOS 17 at run time).
        let make = MainActorIsolation.unisolatedBuild { base, _ in
            let values = DependencyValues.take(First.self, repeat (each D).self, from: base)
            return try build(values.0, repeat each values.1)
        }
        self.init(
            dependencies: DeclaredDependencies(
                DeclaredDependencies.of(first, repeat each rest), file: file, line: line),
            proven: make)
    }
}
