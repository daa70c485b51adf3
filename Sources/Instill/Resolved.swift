/// One dependency of an ``Initializer`` or of a binding's closure, when a bare type
/// is not enough: a named binding.
///
/// Most dependencies are written as types, `Initializer(dependencies: Engine.self)`.
/// When one of them is named, write every dependency of that declaration with
/// `Resolved` (Swift cannot mix the two forms in one list of parameters):
///
/// ```swift
/// final class Repository: Injectable, Sendable {
///     let db: any Database
///     let log: Logger
///     init(db: any Database, log: Logger) { self.db = db; self.log = log }
///     static let initializer = Initializer(dependencies: .of((any Database).self), .named("audit", Logger.self)) {
///         db, log in Repository(db: db, log: log)
///     }
/// }
/// ```
///
/// `Value` may be anything a requirement may be: an `Injectable` class (built
/// automatically when nothing is bound to it), a bound protocol, value or closure
/// type, an optional (`nil` when nothing is bound), a ``Provider`` or an
/// ``ObjectFactory``.
public struct Resolved<Value>: Sendable {
    @usableFromInline let declared: DeclaredDependency

    private init(name: String?) {
        self.declared = DeclaredDependency(Value.self, name: name)
    }

    /// A `Value`, from its unnamed binding (or built automatically).
    ///
    /// ```swift
    /// Initializer(dependencies: .of((any Database).self), .named("audit", Logger.self)) { ... }
    /// ```
    public static func of(_ type: Value.Type) -> Resolved<Value> {
        Resolved(name: nil)
    }

    /// A `Value` from the binding named `name`.
    ///
    /// ```swift
    /// Initializer(dependencies: .named("left", Headlight.self), .named("right", Headlight.self)) { left, right in
    ///     Car(leftLight: left, rightLight: right)
    /// }
    /// ```
    public static func named(_ name: String, _ type: Value.Type) -> Resolved<Value> {
        Resolved(name: name)
    }
}
