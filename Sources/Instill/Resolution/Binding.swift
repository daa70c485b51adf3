/// What a binding is keyed by: a type and an optional name.
struct BindingKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String?

    init(_ type: Any.Type, name: String? = nil) {
        self.type = ObjectIdentifier(type)
        self.name = name
    }
}

/// One binding a module made, as the ``Binder`` recorded it.
///
/// A class: the binder's list and the injector's table share one instance instead
/// of copying a dozen fields (two closures, strings) each time.
final class Binding: Sendable {
    enum Source: Sendable {
        /// Build an `Injectable` type with its initializer and requirements.
        case type(TypeReference, metadata: @Sendable () throws -> InjectableMetadata)
        /// Return this value.
        case instance(Instance)
        /// Call a closure with the injector.
        case closure(@Sendable (Injector) throws -> Any?)
        /// Call a provider with the injector and the request's arguments.
        case provider(@Sendable (Injector, InjectionArguments) throws -> Any?)
        /// Answer with whatever the key of this type and name answers.
        case forward(TypeReference, name: String?)
    }

    let key: BindingKey
    let boundType: TypeReference
    let source: Source
    /// The scope the binding asked for; `nil` lets a `.type` binding use the type's.
    let scope: Scope?
    /// Whether a produced value is of the bound type, when the compiler could not
    /// check it.
    let accepts: (@Sendable (Any) -> Bool)?
    let module: String
    let location: SourceLocation
    /// What a closure or provider binding declares it needs, resolved before it runs.
    let dependencies: DeclaredDependencies?
    /// For an async closure or provider binding: what `await getObject` runs
    /// (``source`` is then never called).
    let asyncStep: AsyncBindingStep?
    /// Whether its module marked it live (``Binder/markLive(_:_:named:)``): a test
    /// injector replaces it unless the test's modules do (see `Injector+Live.swift`).
    let isLive: Bool
    /// For the binding a test injector puts in place of a live one its modules do not
    /// replace: the error its closure throws, which `validate()` reports too.
    var unreplacedLive: InjectionError? { standIn?.error }
    /// ``unreplacedLive``, boxed: one word in every binding, nothing to destroy in most.
    private let standIn: LiveStandIn?

    init(
        key: BindingKey, boundType: TypeReference, source: Source, scope: Scope?,
        accepts: (@Sendable (Any) -> Bool)?, module: String, location: SourceLocation,
        dependencies: DeclaredDependencies? = nil, asyncStep: AsyncBindingStep? = nil, isLive: Bool = false,
        unreplacedLive: InjectionError? = nil
    ) {
        self.key = key
        self.boundType = boundType
        self.source = source
        self.scope = scope
        self.accepts = accepts
        self.module = module
        self.location = location
        self.dependencies = dependencies
        self.asyncStep = asyncStep
        self.isLive = isLive
        self.standIn = unreplacedLive.map(LiveStandIn.init)
    }

    /// This binding, marked live.
    func markedLive() -> Binding {
        Binding(
            key: key, boundType: boundType, source: source, scope: scope, accepts: accepts, module: module,
            location: location, dependencies: dependencies, asyncStep: asyncStep, isLive: true)
    }

    /// A short description for near-match lists: `FiveSpeed → GearBox named "manual"`.
    var summary: String {
        var text: String
        switch source {
        case .type(let implementation, _): text = "\(implementation) → \(boundType)"
        case .instance(let instance): text = "instance of \(typeName(type(of: instance.value))) → \(boundType)"
        case .closure: text = "closure → \(boundType)"
        case .provider: text = "provider → \(boundType)"
        case .forward(let target, let name):
            text = "\(target)\(name.map { " named \"\($0)\"" } ?? "") forwarded → \(boundType)"
        }
        if let name = key.name { text += " named \"\(name)\"" }
        return text + " in \(module) (\(location))"
    }
}

/// A bound value. The injector hands bound values to any thread by design, as it
/// does singletons; their own thread safety is the binder's responsibility.
struct Instance: @unchecked Sendable {  // immutable; the bound value's own safety is the binder's
    let value: Any
}

/// A type registered with ``Binder/eagerSingleton(_:named:file:line:)``.
struct EagerSingleton: Sendable {
    let key: BindingKey
    let type: TypeReference
    let location: SourceLocation
    let module: String

    var boundAt: String { "\(location) in \(module)" }
}

/// The error a test injector's stand-in for a live binding throws (see
/// ``Binding/unreplacedLive``).
private final class LiveStandIn: Sendable {
    let error: InjectionError
    init(_ error: InjectionError) { self.error = error }
}
