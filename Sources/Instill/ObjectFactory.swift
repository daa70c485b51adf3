/// A handle an object keeps to build more objects later from the injector that
/// built it (Objection's `JSObjectFactory`).
///
/// Declare a property of type `ObjectFactory` (or `ObjectFactory!`) in `requires`:
///
/// ```swift
/// final class Dealership: Injectable {
///     var factory: ObjectFactory!
///     static var requires: Requirements { Requirements(\Dealership.factory) }
///     init() {}
///     func testDrive() throws -> Car { try factory.getObject(Car.self) }
/// }
/// ```
///
/// For one type, ``Provider`` is the typed alternative. A factory holds its
/// injector weakly; using it after the injector is released throws
/// ``InjectionError/Kind-swift.struct/injectorReleased``.
public struct ObjectFactory: Sendable {
    weak var injector: Injector?

    init(injector: Injector) {
        self.injector = injector
    }

    /// An assembled object of `type`, as ``Injector/getObject(_:named:arguments:isolation:)-4c0d``.
    ///
    /// - Parameters:
    ///   - type: the type to get.
    ///   - name: the binding name, for named bindings.
    ///   - arguments: replace the initializer's declared defaults when not empty.
    ///   - isolation: the caller's actor, an `isolated` parameter the compiler checks (a
    ///     value passed by hand must be the actor the call is made on); leave the default.
    public func getObject<T>(
        _ type: T.Type, named name: String? = nil, arguments: any Sendable...,
        isolation: isolated (any Actor)? = #isolation
    ) throws -> T {
        guard let injector else { throw InjectionError.injectorReleased(typeName(T.self)) }
        return try injector.resolve(
            type, named: name, arguments: arguments, onMainActor: MainActorIsolation.isMainActor(isolation))
    }
}
