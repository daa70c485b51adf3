/// A lazy factory for one type, injected in place of the object itself: nothing is
/// built until it is called, and each call asks the injector again (so a `.normal`
/// type gives a new instance per call).
///
/// ```swift
/// final class Car: Injectable {
///     var spareWheel: Provider<Wheel>!
///     static var requires: Requirements { Requirements(\Car.spareWheel) }
///     init() {}
///     func fitSpare() throws -> Wheel { try spareWheel() }
/// }
/// ```
///
/// A provider holds its injector weakly, so an object that keeps one does not keep
/// the injector alive; calling it after the injector is released throws
/// ``InjectionError/Kind-swift.struct/injectorReleased``.
public struct Provider<Value>: Sendable {
    weak var injector: Injector?
    /// The binding name the provider asks for, if any.
    public let name: String?

    init(injector: Injector, name: String?) {
        self.injector = injector
        self.name = name
    }

    /// Builds (or fetches, for shared scopes) a `Value`, with `arguments`, if any,
    /// passed to its initializer or provider.
    ///
    /// ```swift
    /// let wheel = try spareWheel()
    /// let engine = try engines(arguments: "V12")
    /// ```
    ///
    /// Called from main-actor code, the value may be a ``MainActorInjectable`` type.
    ///
    /// - Parameters:
    ///   - arguments: passed to the value's initializer or provider; none uses its
    ///     declared defaults.
    ///   - isolation: the caller's actor, an `isolated` parameter the compiler checks (a
    ///     value passed by hand must be the actor the call is made on); leave the default.
    public func callAsFunction(arguments: any Sendable..., isolation: isolated (any Actor)? = #isolation) throws
        -> Value
    {
        try get(arguments: arguments, onMainActor: MainActorIsolation.isMainActor(isolation))
    }

    private func get(arguments: [any Sendable], onMainActor: Bool) throws -> Value {
        guard let injector else { throw InjectionError.injectorReleased(typeName(Value.self)) }
        do {
            return try injector.resolve(Value.self, named: name, arguments: arguments, onMainActor: onMainActor)
        } catch let error as InjectionError where error.kind == .mainActorRequired {
            throw error.requested(through: "Provider<\(typeName(Value.self))>", call: "`provider()`")
        }
    }
}

extension Provider: ProviderMarker {
    static var valueType: Any.Type { Value.self }
    static var isLazy: Bool { false }
    static var genericName: String { "Provider" }

    static func make(injector: Injector, name: String?, inRequestGraph _: Bool) -> Provider {
        Provider(injector: injector, name: name)
    }
}
