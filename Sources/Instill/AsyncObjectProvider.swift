/// A type that makes the objects of one binding and may `await` while it does,
/// given the injector and the request's arguments: the async form of
/// ``ObjectProvider``.
///
/// ```swift
/// struct ConnectionProvider: AsyncObjectProvider {
///     func provide(_ injector: Injector, arguments: InjectionArguments) async throws -> Connection? {
///         try await Connection.open(host: arguments.count > 0 ? try arguments.argument(0, as: String.self) : "db")
///     }
/// }
///
/// binder.bind(Connection.self, scope: .singleton, provider: ConnectionProvider())
/// let connection = try await injector.getObject(Connection.self)
/// ```
///
/// Only `await getObject` (or `try await provider()`) runs it; a synchronous request
/// that reaches it throws ``InjectionError/Kind-swift.struct/asyncRequired``.
public protocol AsyncObjectProvider<Object>: Sendable {
    /// The type of object provided.
    associatedtype Object

    /// Makes an object for a request.
    func provide(_ injector: Injector, arguments: InjectionArguments) async throws -> Object?
}
