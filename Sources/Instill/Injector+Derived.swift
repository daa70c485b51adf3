extension Injector {
    /// A new injector configured by this one's modules followed by `modules`
    /// (Objection's `withModule:`): every module is configured again, later modules
    /// win, and singletons are fresh.
    public func withModules(_ modules: [any Module]) throws -> Injector {
        try Injector(parent: parent, modules: self.modules + modules, tracer: tracer, accelerators: accelerators)
    }

    /// A new injector configured by this one's modules less those of type `type`
    /// (Objection's `withoutModuleOfType:`), with fresh singletons. What only that
    /// module bound becomes unbound: a protocol then fails to resolve, and an
    /// `Injectable` type is built automatically again.
    public func withoutModules<M: Module>(ofType type: M.Type) throws -> Injector {
        try Injector(
            parent: parent, modules: self.modules.filter { Swift.type(of: $0) != type }, tracer: tracer,
            accelerators: accelerators)
    }

    /// A new injector with this one's bindings and none of its singletons: the
    /// bindings are reused as they were frozen, without configuring the modules
    /// again (Swinject's `resetObjectScope`, for a logout or a new document).
    ///
    /// ```swift
    /// var injector = try Injector(modules: [AppModule()])
    /// // … the user logs out:
    /// injector = try injector.withFreshSingletons()
    /// ```
    ///
    /// Singleton and weak objects are built anew on first request, and eager
    /// singletons at once; bound instances stay the same values. Objects already
    /// handed out keep what they hold. The original injector is unchanged, and a
    /// child's fresh injector still shares its parent's singletons (those that reach
    /// none of its overrides).
    ///
    /// - Throws: ``InjectionError`` when an eager singleton cannot be built.
    public func withFreshSingletons() throws -> Injector {
        let fresh = Injector(sameBindingsAs: self)
        try fresh.startEagerSingletons(fresh.eagerSingletonsToStart)
        return fresh
    }

    /// A child injector: it sees this injector's bindings and shares its
    /// singletons, and its own modules override what they bind, for the child only.
    ///
    /// This is how tests replace a dependency without touching the app's
    /// configuration. The override reaches every object the child hands out,
    /// singletons included:
    ///
    /// ```swift
    /// let app = try Injector(modules: [AppModule()])
    /// let test = try app.childInjector(modules: [FakeTransportModule()])
    /// let feed = try test.getObject(FeedViewModel.self)   // its singleton APIClient has the fake
    /// ```
    ///
    /// `.normal` and `.graph` objects asked of the child are built by the child. A
    /// shared object (singleton or weak) lives with the injector that binds it and is
    /// the same instance through the child, unless what it depends on, as the child
    /// sees the bindings, includes a key the child binds: then the child builds and
    /// keeps its own, with its bindings. Dependencies are followed through
    /// initializers, `requires`, links, `Provider`s and the dependencies closure
    /// bindings declare, at any depth. A closure or provider that declares nothing,
    /// and an ``ObjectFactory``, are opaque: what holds them stays shared, and while
    /// the parent builds it for the child, asking the parent for one of the child's
    /// overrides throws ``InjectionError/Kind-swift.struct/unseenOverride``. The
    /// parent never sees the child's bindings.
    ///
    /// ``withModules(_:)`` is the alternative that shares nothing: every module is
    /// configured again and every singleton is fresh.
    public func childInjector(modules: [any Module]) throws -> Injector {
        try Injector(parent: self, modules: modules, tracer: tracer)
    }
}
