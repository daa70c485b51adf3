/// A class (or actor) whose dependencies an ``Injector`` provides.
///
/// Conform a type to `Injectable` and declare what it needs: the dependencies its
/// ``initializer`` receives, resolved, and the properties the injector must fill,
/// in ``requires``. The injector resolves the initializer's dependencies and builds
/// the object (with `init()` when it declares no initializer), fills each
/// requirement through its key path (or its closure, see `fills(_:named:file:line:_:)`),
/// recursively, and calls
/// ``awakeFromInjection()`` once the object is assembled.
///
/// ```swift
/// final class Repository: Injectable, Sendable {
///     let db: any Database
///     init(db: any Database) { self.db = db }
///     static let initializer = Initializer(dependencies: (any Database).self) { Repository(db: $0) }
/// }
///
/// final class Car: Injectable {
///     var engine: Engine!
///     var brakes: Brakes!
///     static var requires: Requirements { Requirements(\Car.engine, \.brakes) }
///     init() {}
///     func awakeFromInjection() { engine.start() }
/// }
/// ```
///
/// Every member has a default, so a class with an `init()` and no dependencies
/// conforms with nothing more than `: Injectable`. See <doc:DeclaringRequirements>
/// for when to choose initializer dependencies and when `requires` properties.
///
/// ### Class hierarchies
/// A non-final class that a subclass extends must *declare* each member it wants
/// subclasses to override (`class var requires`, `class var scope`,
/// `class var initializer`, `func awakeFromInjection()`): Swift binds a protocol
/// requirement to the first class that conforms, so a member a subclass adds
/// without `override` is never seen through the protocol. A subclass inherits its
/// superclass's requirements by writing `super.requires + Requirements(...)`.
public protocol Injectable: AnyObject, SendableMetatype {
    /// The properties the injector fills, in order. Evaluated once per type.
    static var requires: Requirements { get }

    /// The scope objects of this type live in. The default is ``Scope/normal``.
    static var scope: Scope { get }

    /// How the injector builds an instance, and the dependencies it receives. The
    /// default calls `init()`.
    static var initializer: Initializer { get }

    /// The initializer the injector uses when the type declares no ``initializer``.
    ///
    /// A type that declares an ``initializer`` need not write `init()`: the default
    /// implementation throws ``InjectionError/Kind-swift.struct/noInitializer``.
    init() throws

    /// Called once, after every requirement of this object has been filled (and,
    /// for members of a cycle through singletons, after every member is filled).
    ///
    /// It is called after ``Injector/injectDependencies(into:isolation:)`` too, but not for
    /// instances bound with ``Binder/bind(_:as:named:file:line:)``.
    func awakeFromInjection()
}

extension Injectable {
    /// No requirements.
    public static var requires: Requirements { .protocolDefault }

    /// ``Scope/normal``.
    public static var scope: Scope { .normal }

    /// Builds the instance with `init()`.
    @inlinable
    public static var initializer: Initializer { Initializer.defaultInitializer(for: Self.self) }

    /// Throws ``InjectionError/Kind-swift.struct/noInitializer``: the type declares
    /// neither `init()` nor an ``initializer``.
    public init() throws {
        throw InjectionError.noInitializer(typeName(Self.self))
    }

    /// Does nothing, and tells the injector so: once it has seen this default run on an
    /// instance, warm builds of the type skip the call.
    public func awakeFromInjection() { DefaultAwake.ran(on: self) }
}
