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

    /// Builds (or fetches, for shared scopes) a `Value`.
    public func callAsFunction() throws -> Value {
        try get(arguments: [])
    }

    /// Builds a `Value` with `arguments` passed to its initializer or provider.
    public func callAsFunction(arguments: any Sendable...) throws -> Value {
        try get(arguments: arguments)
    }

    private func get(arguments: [any Sendable]) throws -> Value {
        guard let injector else { throw InjectionError.injectorReleased(typeName(Value.self)) }
        return try injector.resolve(Value.self, named: name, arguments: arguments)
    }
}

extension Provider: ProviderMarker {
    static var valueType: Any.Type { Value.self }

    static func make(injector: Injector, name: String?) -> Any {
        Provider(injector: injector, name: name)
    }
}
