/// A type that makes the objects of one binding, given the injector and the
/// request's arguments (Objection's `JSObjectionProvider`).
///
/// ```swift
/// struct EngineProvider: ObjectProvider {
///     func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Engine? {
///         let name = arguments.count > 0 ? try arguments.argument(0, as: String.self) : "V6"
///         return Engine(name: name)
///     }
/// }
///
/// binder.bind(Engine.self, provider: EngineProvider())
/// ```
///
/// The provider receives the arguments of the request exactly as given (it has no
/// declared defaults). Objects it returns are not injected or awoken; ask the
/// injector for what they need. Returning `nil` leaves an optional requirement
/// empty and fails a non-optional one.
public protocol ObjectProvider<Object>: Sendable {
    /// The type of object provided.
    associatedtype Object

    /// Makes an object for a request.
    func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Object?
}
