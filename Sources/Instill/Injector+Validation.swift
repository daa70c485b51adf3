extension Injector {
    /// Checks the whole configuration without building anything, and reports every
    /// problem at once.
    ///
    /// The walk starts from every binding this injector sees (its own and its
    /// ancestors'), its eager singletons, and `roots`, the types the app will ask
    /// for; it follows every requirement, reading only type metadata. It finds:
    ///
    /// - requirements, initializer dependencies and roots with nothing bound (named
    ///   ones included), with the chain that leads there, the `#fileID:line` of the
    ///   requirement or initializer, and near matches;
    /// - cycles that pass through no singleton, graph or weak-scoped object, and
    ///   cycles through an initializer's dependencies, which no scope breaks, with
    ///   their path; a cycle is walked as a build goes round it (a `.normal` object
    ///   met again through a shared one is built again), so a problem past it has the
    ///   chain a request reports;
    /// - lifetime mismatches: a singleton requiring a `.graph` or `.weak` object, a
    ///   `.weak` object requiring a `.graph` one (through a ``Provider`` is fine);
    /// - eager singletons that are not in singleton scope (an injector with one
    ///   cannot be created; ``validate(modules:roots:isolation:)`` reports it with the rest);
    /// - requirements declared with key paths into another class;
    /// - on a test injector (``testInjector(modules:fakes:file:line:)``), every live binding its modules
    ///   do not replace, with each chain that reaches it, and alone when nothing does.
    ///
    /// It also lists, in ``ValidationReport/typesNeedingAwait``, the types whose graph
    /// has an async step: only `try await injector.getObject(...)` builds them, and
    /// when their graph has a main-actor type too, only when awaited from main-actor
    /// code (the report's text says which).
    ///
    /// - types bound with `bind(_:to:)` or `forward(_:to:)` to a protocol they do not
    ///   conform to (or a class they do not inherit from), which the compiler cannot
    ///   check, with the text a request throws. Injector creation does not check them:
    ///   the runtime's conformance search is a first build's largest cost.
    ///
    /// It follows the dependencies closure and provider bindings declare, but cannot
    /// see what they ask the injector at run time.
    ///
    /// - nonisolated types that require a ``MainActorInjectable`` type directly (only
    ///   the main actor can build them; a ``Provider`` defers it).
    ///
    /// - a ``Lazy`` of a type whose initializer takes a typed argument (a lazy has none
    ///   to pass).
    ///
    /// Called from main-actor code, it reads the declarations of main-actor types
    /// too; from elsewhere, a main-actor type whose declarations no main-actor request
    /// has read yet is reported with ``InjectionError/Kind-swift.struct/mainActorRequired``
    /// where a build from there would throw it: a root, or a direct requirement (as the
    /// nonisolated holder's problem, whether or not the declarations were read), not
    /// one behind a ``Provider`` or ``Lazy``, which is built where it is called.
    ///
    /// ```swift
    /// let report = injector.validate(roots: [Car.self])
    /// if !report.isValid { print(report) }
    /// ```
    ///
    /// - Parameters:
    ///   - roots: the types the app will ask for.
    ///   - isolation: the caller's actor, an `isolated` parameter the compiler checks (a
    ///     value passed by hand must be the actor the call is made on); leave the default.
    public func validate(roots: [Any.Type] = [], isolation: isolated (any Actor)? = #isolation) -> ValidationReport {
        validate(bindingRoots: true, roots: roots, isolation: isolation)
    }

    /// What ``validate(roots:isolation:)`` reports; with `bindingRoots` `false`, walked
    /// from `roots` alone, so that each problem is reported for the first of them that
    /// meets it: what a request of that root meets (the test of `validate()` against
    /// builds asks it one root at a time).
    func validate(bindingRoots: Bool, roots: [Any.Type], isolation: isolated (any Actor)?) -> ValidationReport {
        withRequest(onMainActor: MainActorIsolation.isMainActor(isolation)) { _ in
            var walker = DependencyWalker(injector: self)
            walker.defersProviderTargets = true
            walker.followsBuilds = true
            walker.walk(bindingRoots: bindingRoots, extraRoots: roots)
            var report = ValidationReport(problems: walker.problems)
            report.problemsRequestsThrow = walker.problems.indices.filter { !walker.notThrownByRequests.contains($0) }
                .map { walker.problems[$0] }
            (report.typesNeedingAwait, report.mainActorTypesNeedingAwait) = walker.typesNeedingAwait()
            return report
        }
    }

    /// Checks a configuration before an injector is made from it: the modules are
    /// configured, but nothing is built, not even eager singletons, so a
    /// configuration that would make ``init(modules:tracer:)`` throw is reported
    /// with all its other problems.
    ///
    /// ```swift
    /// let report = Injector.validate(modules: [AppModule()], roots: [Car.self])
    /// ```
    ///
    /// - Parameters:
    ///   - modules: the modules to check.
    ///   - roots: the types the app will ask for.
    ///   - isolation: the caller's actor, an `isolated` parameter the compiler checks (a
    ///     value passed by hand must be the actor the call is made on); leave the default.
    public static func validate(
        modules: [any Module], roots: [Any.Type] = [], isolation: isolated (any Actor)? = #isolation
    ) -> ValidationReport {
        Injector(configuring: modules, parent: nil, tracer: nil).validate(roots: roots, isolation: isolation)
    }
}
