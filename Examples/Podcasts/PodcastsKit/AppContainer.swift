import Instill

/// Holds the app's injector; the app's root view owns one.
public final class AppContainer {
    /// The injector every screen's model comes from.
    public private(set) var injector: Injector

    /// A container configured by `modules` (the app passes ``AppModule``; previews
    /// and tests add their overrides after it).
    public init(modules: [any Module] = [AppModule()]) throws {
        injector = try Injector(modules: modules)
    }

    /// Logs out: every singleton (the session, the API client, the database) is
    /// built anew on its next request; models already shown keep what they hold.
    public func logOut() throws {
        injector = try injector.withFreshSingletons()
    }
}
