import Instill

/// The app's bindings: the protocols it uses and what implements them.
public struct AppModule: Module {
    /// The module.
    public init() {}

    /// Binds the transport to the live one.
    public func configure(_ binder: Binder) {
        binder.bind((any Transport).self, to: LiveTransport.self)
    }
}
