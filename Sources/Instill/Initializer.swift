/// How an ``Injectable`` type is built: a closure over the build's arguments, and
/// the default arguments used when a request passes none (Objection's
/// `objection_initializer`).
///
/// ```swift
/// final class Engine: Injectable {
///     let name: String
///     init(name: String) { self.name = name }
///     static let initializer = Initializer(defaults: "V8") { arguments in
///         Engine(name: try arguments.argument(0, as: String.self))
///     }
/// }
///
/// let v8 = try injector.getObject(Engine.self)                     // defaults
/// let v12 = try injector.getObject(Engine.self, arguments: "V12")   // replaces them
/// ```
///
/// A request with a non-empty argument list replaces the defaults entirely; an
/// empty one uses them. Requirements are filled after the closure returns, as for
/// any built object.
///
/// `Initializer` is not generic over the type it builds because Swift does not let
/// a non-final class satisfy a `Self`-typed static requirement; the injector checks
/// instead that the closure built an instance of the requested type, and throws
/// ``InjectionError/Kind-swift.struct/initializerFailed`` when it did not.
public struct Initializer: Sendable {
    let defaults: [any Sendable]
    let build: @Sendable (InjectionArguments) throws -> AnyObject
    let isDefault: Bool

    /// An initializer that builds with `build`, using `defaults` when a request
    /// passes no arguments.
    public init(
        defaults: any Sendable...,
        build: @escaping @Sendable (InjectionArguments) throws -> AnyObject
    ) {
        self.defaults = defaults
        self.build = build
        self.isDefault = false
    }

    /// A factory-style initializer: a static function that returns a configured
    /// instance (Objection's class-method initializer).
    ///
    /// ```swift
    /// static func showroomModel() -> Car { Car(color: .red) }
    /// static var initializer: Initializer { Initializer(factory: showroomModel) }
    /// ```
    public init(factory: @escaping @Sendable () throws -> AnyObject) {
        self.defaults = []
        self.build = { _ in try factory() }
        self.isDefault = false
    }

    /// A factory-style initializer taking one argument, with its default.
    ///
    /// ```swift
    /// static func named(_ name: String) -> Engine { Engine(name: name) }
    /// static let initializer = Initializer(factory: named, default: "V8")
    /// ```
    public init<Argument: Sendable>(
        factory: @escaping @Sendable (Argument) throws -> AnyObject,
        default defaultArgument: Argument
    ) {
        self.defaults = [defaultArgument]
        self.build = { arguments in try factory(arguments.argument(0, as: Argument.self)) }
        self.isDefault = false
    }

    static func defaultInitializer<T: Injectable>(for type: T.Type) -> Initializer {
        Initializer(isDefault: true) { _ in try T() }
    }

    private init(isDefault: Bool, build: @escaping @Sendable (InjectionArguments) throws -> AnyObject) {
        self.defaults = []
        self.build = build
        self.isDefault = isDefault
    }
}
