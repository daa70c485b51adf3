/// A unit of configuration: a set of bindings an ``Injector`` is created with.
///
/// ```swift
/// struct AppModule: Module {
///     func configure(_ binder: Binder) {
///         binder.bind((any GearBox).self, to: FiveSpeed.self, scope: .singleton)
///         binder.bind(Headlight.self, named: "left") { _ in Headlight(side: .left) }
///     }
/// }
///
/// let injector = try Injector(modules: [AppModule()])
/// ```
///
/// `configure(_:)` runs exactly once for each injector the module configures
/// (including those made by ``Injector/withModules(_:)`` and
/// ``Injector/childInjector(modules:)``). Bindings are frozen when the injector is
/// created; tests override them with a child injector instead of registering more.
public protocol Module: Sendable {
    /// Adds this module's bindings to `binder`.
    func configure(_ binder: Binder)
}
