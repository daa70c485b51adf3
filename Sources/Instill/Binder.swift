/// Records the bindings of a ``Module`` while the ``Injector`` is being created.
///
/// Every binding has a `named:` form; a later binding for the same type and name
/// replaces an earlier one, and later modules win over earlier ones. The binder is
/// only valid inside ``Module/configure(_:)``: bindings are frozen once the
/// injector exists.
///
/// | Objection | Instill |
/// |---|---|
/// | `bind:toClass:` | ``bind(_:as:named:file:line:)`` |
/// | `bind:toProtocol:` | ``bind(_:as:named:file:line:)`` |
/// | `bindClass:toProtocol:`, `bindClass:toClass:` | ``bind(_:to:named:scope:file:line:)-80zb5`` |
/// | `bindBlock:toClass:` | ``bind(_:named:scope:file:line:_:)-829d4``, or `bind(_:dependencies:) { ... }` with typed dependencies |
/// | `bindProvider:toClass:` | ``bind(_:named:scope:provider:file:line:)-38gdg`` |
/// | `bindMetaClass:toProtocol:` | ``bind(_:as:named:file:line:)`` with a metatype |
/// | `bindClass:inScope:` | ``setScope(_:for:file:line:)`` |
/// | `registerEagerSingleton:` | ``eagerSingleton(_:named:file:line:)`` |
/// | (Swinject's `implements`) | ``forward(_:named:to:targetName:file:line:)`` |
/// | (swift-dependencies' `liveValue`) | ``markLive(_:_:named:)`` |
public final class Binder {
    var bindings: [Binding] = []
    var scopeOverrides: [ObjectIdentifier: Scope] = [:]
    var eagerSingletons: [EagerSingleton] = []
    var module: String = "Injector"
    /// Keys marked live before the module that marked them bound them: the next
    /// binding that module makes of each is live (see ``markLive(_:_:named:)``).
    var pendingLive: [BindingKey: String] = [:]

    init() {}

    /// Binds `instance` to its own type, or to a protocol or superclass it conforms to
    /// (checked by the compiler): requests and requirements of that type get this very
    /// instance. It is not injected or awoken. A metatype works too, for APIs made of
    /// static methods:
    ///
    /// ```swift
    /// binder.bind(Engine(name: "V12"))
    /// binder.bind(FiveSpeed(), as: (any GearBox).self)
    /// binder.bind(SystemClock.self, as: (any ClockAPI.Type).self)
    /// ```
    ///
    /// - Parameters:
    ///   - instance: the value every request gets.
    ///   - type: the type it is bound to; its own type by default.
    ///   - name: the binding name, for named requirements and requests.
    ///   - file: where the binding is made, for messages; leave the default.
    ///   - line: where the binding is made, for messages; leave the default.
    public func bind<Bound>(
        _ instance: Bound, as type: Bound.Type = Bound.self, named name: String? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        add(type, name: name, source: .instance(Instance(value: instance)), scope: .normal, file: file, line: line)
    }

    /// Binds a protocol or superclass to an `Injectable` type, built with its own
    /// initializer and requirements and awoken. Arguments of a request pass to the
    /// implementation's initializer.
    ///
    /// Swift cannot check at compile time that `Implementation` conforms to a
    /// protocol given as a metatype, so the injector checks the type itself on first
    /// use and throws ``InjectionError/Kind-swift.struct/typeDoesNotConform``, naming
    /// both types, before anything is built; ``Injector/validate(roots:isolation:)``
    /// reports the same. `Implementation` must conform whatever binds it: a closure
    /// bound to it that returns a conforming subclass does not make up for it.
    ///
    /// - Parameters:
    ///   - type: the protocol or superclass requested.
    ///   - implementation: the `Injectable` type built for it.
    ///   - name: the binding name, for named requirements and requests.
    ///   - scope: `nil` (the default) makes the binding a link to the implementation:
    ///     requests for `type` get what a request for `implementation` gets, in its
    ///     scope (its declared one, or the one set with ``setScope(_:for:file:line:)``),
    ///     so a singleton is one instance either way. A scope given here gives the
    ///     binding instances of its own, apart from the implementation's.
    ///   - file: where the binding is made, for messages; leave the default.
    ///   - line: where the binding is made, for messages; leave the default.
    public func bind<Bound, Implementation: Injectable>(
        _ type: Bound.Type, to implementation: Implementation.Type, named name: String? = nil,
        scope: Scope? = nil, file: StaticString = #fileID, line: UInt = #line
    ) {
        add(
            type, name: name,
            source: .type(TypeReference(implementation), metadata: { InjectableMetadata.of(Implementation.self) }),
            scope: scope, accepts: { $0 is Bound }, file: file, line: line)
    }

    /// Binds a protocol or superclass to a main-actor type (see
    /// ``MainActorInjectable``): requests for `type` get what a request for
    /// `implementation` gets, and are answered on the main actor only.
    ///
    /// - Parameters:
    ///   - type: the protocol or superclass requested.
    ///   - implementation: the main-actor type built for it.
    ///   - name: the binding name, for named requirements and requests.
    ///   - scope: `nil` (the default) links to the implementation's own scope; a
    ///     scope given here gives the binding instances of its own.
    ///   - file: where the binding is made, for messages; leave the default.
    ///   - line: where the binding is made, for messages; leave the default.
    public func bind<Bound, Implementation: MainActorInjectable>(
        _ type: Bound.Type, to implementation: Implementation.Type, named name: String? = nil,
        scope: Scope? = nil, file: StaticString = #fileID, line: UInt = #line
    ) {
        add(
            type, name: name,
            source: .type(
                TypeReference(implementation),
                metadata: { try InjectableMetadata.of(provingMainActor: Implementation.self) }),
            scope: scope, accepts: { $0 is Bound }, file: file, line: line)
    }

    /// Binds a type to a closure that receives the injector (Objection's block
    /// binding). Returning `nil` leaves an optional requirement empty.
    ///
    /// ```swift
    /// binder.bind((any Clock).self, scope: .singleton) { _ in SystemClock() }
    /// ```
    @inlinable
    public func bind<Bound>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal,
        file: StaticString = #fileID, line: UInt = #line,
        _ make: @escaping @Sendable (Injector) throws -> Bound?
    ) {
        // Specialized where the binding is made, so boxing the value as `Any` looks
        // up no `Optional<Bound>` metadata on each call.
        addClosure(type, name: name, scope: scope, file: file, line: line) { injector -> Any? in
            guard let value = try make(injector) else { return nil }
            return value
        }
    }

    @usableFromInline
    func addClosure(
        _ type: Any.Type, name: String?, scope: Scope, file: StaticString, line: UInt,
        _ make: @escaping @Sendable (Injector) throws -> Any?
    ) {
        add(type, name: name, source: .closure(make), scope: scope, file: file, line: line)
    }

    /// Binds a type to an ``ObjectProvider``, which receives the injector and each
    /// request's arguments.
    public func bind<Bound, P: ObjectProvider>(
        _ type: Bound.Type, named name: String? = nil, scope: Scope = .normal, provider: P,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        add(
            type, name: name,
            source: .provider({ injector, arguments in try provider.provide(injector, arguments: arguments) as Any? }),
            scope: scope, accepts: { $0 is Bound }, file: file, line: line)
    }

    /// Forwards requests for `type` to whatever `target` is bound to (or, for an
    /// `Injectable` target with no binding, to its automatic build), in the target's
    /// scope: a singleton is one instance whether it is asked for as `type` or as
    /// `target` (Swinject's `implements`, type forwarding).
    ///
    /// Unlike ``bind(_:to:named:scope:file:line:)-80zb5``, the target need not be
    /// `Injectable`: it may be bound to a closure, an instance or a provider, and
    /// arguments of a request pass through to it.
    ///
    /// ```swift
    /// binder.bind(Kennel.self, scope: .singleton) { _ in Kennel(size: 3) }
    /// binder.forward((any Shelter).self, to: Kennel.self)   // the same Kennel
    /// ```
    ///
    /// Swift cannot check at compile time that `Target` conforms to a protocol given
    /// as a metatype, so the injector checks it on first use and throws
    /// ``InjectionError/Kind-swift.struct/typeDoesNotConform``: a class `Target` must
    /// conform itself, whatever its binding returns (as for
    /// ``bind(_:to:named:scope:file:line:)-80zb5``); any other target's values are
    /// checked one by one.
    ///
    /// - Parameters:
    ///   - type: the type requested.
    ///   - name: the binding name of `type`, for named requirements and requests.
    ///   - target: the type whose binding answers.
    ///   - targetName: the binding name of `target`.
    ///   - file: where the binding is made, for messages; leave the default.
    ///   - line: where the binding is made, for messages; leave the default.
    public func forward<Bound, Target>(
        _ type: Bound.Type, named name: String? = nil, to target: Target.Type, targetName: String? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        add(
            type, name: name, source: .forward(TypeReference(target), name: targetName), scope: nil,
            accepts: { $0 is Bound }, file: file, line: line)
    }

    /// Sets the scope of an ``Injectable`` or ``MainActorInjectable`` type for this
    /// injector, whatever it declares (Objection's `bindClass:inScope:`): promote a
    /// type to ``Scope/singleton``, or demote a declared singleton to ``Scope/normal``;
    /// one view model or coordinator per session, for example.
    ///
    /// ```swift
    /// binder.setScope(.singleton, for: PlayerViewModel.self)
    /// ```
    ///
    /// A class that is neither is built by no injector, so its scope is never read.
    public func setScope<T: AnyObject>(
        _ scope: Scope, for type: T.Type, file: StaticString = #fileID, line: UInt = #line
    ) {
        scopeOverrides[ObjectIdentifier(type)] = scope
    }

    /// Builds the singleton bound to `type` when the injector is created, instead of
    /// on first request. The injector's creation throws
    /// ``InjectionError/Kind-swift.struct/eagerSingletonNotSingleton`` when it is not
    /// in singleton scope.
    public func eagerSingleton<T>(
        _ type: T.Type, named name: String? = nil, file: StaticString = #fileID, line: UInt = #line
    ) {
        eagerSingletons.append(
            EagerSingleton(
                key: BindingKey(type, name: name), type: TypeReference(type),
                location: SourceLocation(file: file, line: line), module: module))
    }

    func add(
        _ type: Any.Type, name: String?, source: Binding.Source, scope: Scope?,
        accepts: (@Sendable (Any) -> Bool)? = nil, dependencies: DeclaredDependencies? = nil,
        asyncStep: AsyncBindingStep? = nil, file: StaticString, line: UInt
    ) {
        let key = BindingKey(type, name: name)
        var isLive = false
        if !pendingLive.isEmpty, let marker = pendingLive[key], marker == module {
            pendingLive[key] = nil
            isLive = true
        }
        bindings.append(
            Binding(
                key: key, boundType: TypeReference(type), source: source, scope: scope,
                accepts: accepts, module: module, location: SourceLocation(file: file, line: line),
                dependencies: dependencies, asyncStep: asyncStep, isLive: isLive))
    }
}
