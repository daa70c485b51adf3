/// A main-actor class (a view model, a view controller, a coordinator) whose
/// dependencies an ``Injector`` provides, with Swift 6's full isolation checking.
///
/// Conform a `@MainActor` class to `MainActorInjectable` instead of ``Injectable``.
/// Every member is main-actor isolated, so its properties, its initializer and
/// ``awakeFromInjection()`` may touch main-actor state, and no `nonisolated` or
/// `@preconcurrency` is needed:
///
/// ```swift
/// @MainActor
/// final class WeatherViewModel: MainActorInjectable {
///     let service: any WeatherService            // initializer dependency
///     var units: Units!                          // property requirement
///     var temperature = ""
///     init(service: any WeatherService) { self.service = service }
///     static let initializer = Initializer(mainActorDependencies: (any WeatherService).self) {
///         WeatherViewModel(service: $0)
///     }
///     static var requires: Requirements { Requirements(\WeatherViewModel.units) }
///     func awakeFromInjection() { temperature = units.format(service.current) }
/// }
///
/// @MainActor func showWeather(_ injector: Injector) throws {
///     let model = try injector.getObject(WeatherViewModel.self)   // synchronous
/// }
/// ```
///
/// The injector builds a main-actor type only on the main actor. Requesting one from
/// code the compiler does not know to be on the main actor is a compile error
/// (`call to main actor-isolated instance method 'getObject(_:named:)' in a synchronous
/// nonisolated context`); reaching one through a protocol binding or a requirement
/// of a nonisolated type throws ``InjectionError/Kind-swift.struct/mainActorRequired``,
/// and builds nothing. A main-actor type may depend on nonisolated services. See
/// <doc:Concurrency>.
///
/// The protocol itself is main-actor isolated, so a conforming class is a main-actor
/// class whether or not it writes `@MainActor`: in a target whose default isolation
/// is nonisolated, and in an Xcode 26 app target whose default isolation is the main
/// actor, where a class conforming to a `Sendable` protocol of another module would
/// otherwise be inferred `nonisolated`.
@MainActor
public protocol MainActorInjectable: AnyObject, Sendable, SendableMetatype {
    /// The properties the injector fills, in order. Evaluated once per type, on the
    /// main actor.
    @MainActor static var requires: Requirements { get }

    /// The scope objects of this type live in. The default is ``Scope/normal``.
    @MainActor static var scope: Scope { get }

    /// How the injector builds an instance, and the dependencies it receives. The
    /// default calls `init()`.
    @MainActor static var initializer: Initializer { get }

    /// The initializer the injector uses when the type declares no ``initializer``.
    @MainActor init() throws

    /// Called on the main actor once every requirement of this object is filled.
    @MainActor func awakeFromInjection()
}

extension MainActorInjectable {
    /// No requirements.
    @MainActor public static var requires: Requirements { .protocolDefault }

    /// ``Scope/normal``.
    @MainActor public static var scope: Scope { .normal }

    /// Builds the instance with `init()`.
    @MainActor public static var initializer: Initializer { Initializer.defaultInitializer(forMainActor: Self.self) }

    /// Throws ``InjectionError/Kind-swift.struct/noInitializer``: the type declares
    /// neither `init()` nor an ``initializer``.
    @MainActor public init() throws {
        throw InjectionError.noInitializer(typeName(Self.self))
    }

    /// Does nothing, and tells the injector so: once it has seen this default run on an
    /// instance, warm builds of the type skip the call.
    @MainActor public func awakeFromInjection() { DefaultAwake.ran(on: self) }
}
