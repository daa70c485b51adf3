import Instill

/// The app's bindings: the protocols it uses and what implements them.
public struct AppModule: Module {
    /// The module.
    public init() {}

    /// Binds the transport to the live one, marked live: a test injector
    /// (`injector.testInjector(modules:)`) that does not bind a fake in its place fails.
    public func configure(_ binder: Binder) {
        binder.bind((any Transport).self, to: LiveTransport.self)
        binder.markLive((any Transport).self)
    }
}
