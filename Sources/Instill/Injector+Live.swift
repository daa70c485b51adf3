extension Injector {
    /// A child injector for a test, in which live bindings fail: like
    /// ``childInjector(modules:)``, and every binding this injector or an ancestor
    /// marked live (``Binder/markLive(_:_:named:)``) that `modules` do not bind again
    /// throws ``InjectionError/Kind-swift.struct/liveBinding`` when a request reaches
    /// it. A test that forgets to replace the network, the disk, the clock or the
    /// terminal fails, naming what it reached and how, instead of passing by using it.
    ///
    /// ```swift
    /// @Test func feedShowsItems() throws {
    ///     let app = try Injector(modules: [AppModule()])   // binds the transport live
    ///     let test = try app.testInjector(modules: [FakeTransportModule()])
    ///     let feed = try test.getObject(FeedViewModel.self)   // gets the fake
    /// }
    /// ```
    ///
    /// Without `FakeTransportModule`, `getObject` throws:
    ///
    /// ```
    /// liveBinding: any Transport is marked live, and the modules of this test injector do not replace it.
    ///   Requested: FeedViewModel
    ///   Chain: FeedViewModel.init(APIClient) → APIClient.init(any Transport) (declared at App/APIClient.swift:8)
    ///   Bound at: App/AppModule.swift:3 in AppModule
    ///   To fix: bind a fake in the test's module: binder.bind(fake, as: (any Transport).self).
    /// ```
    ///
    /// A live binding is replaced, for this injector and its children, by one that
    /// throws; what a child shares and builds is as ``childInjector(modules:)`` says.
    /// So a shared object of an ancestor whose dependencies lead to a live binding is
    /// built again here, even one the ancestor built already, and never handed out with
    /// the live dependency in it. A ``Provider`` or ``Lazy`` of a live binding is
    /// injected, and throws when it is called. ``validate(roots:isolation:)`` lists
    /// every live binding the test's graph reaches, each with its chain, and those
    /// nothing reaches, alone.
    ///
    /// - Parameter modules: the test's modules: their bindings override the app's, and
    ///   replace the live ones they bind.
    /// - Throws: ``InjectionError`` as ``childInjector(modules:)`` does; also
    ///   ``InjectionError/Kind-swift.struct/liveBinding`` when an eager singleton of an
    ///   ancestor reaches a live binding, which this injector then builds at once.
    public func testInjector(modules: [any Module]) throws -> Injector {
        try Injector(parent: self, modules: [LiveBindingStandIns(live: liveBindings)] + modules, tracer: tracer)
    }

    /// The live bindings this injector answers with: each key's binding nearest to
    /// this injector, when it is marked live.
    private var liveBindings: [Binding] {
        var live: [Binding] = []
        var seen: Set<BindingKey> = []
        var level: Injector? = self
        while let current = level {
            for binding in current.bindings.values where seen.insert(binding.key).inserted && binding.isLive {
                live.append(binding)
            }
            level = current.parent
        }
        return live
    }
}

/// The first module of a test injector: it binds, in place of each live binding, one
/// whose closure throws ``InjectionError/Kind-swift.struct/liveBinding``. The test's
/// modules come after it, so a fake they bind replaces it; being a module, it is
/// configured again by ``Injector/withModules(_:)``.
///
/// A stand-in is a `.normal` closure binding that declares nothing: the engine builds
/// it as any other, and a shared object of an ancestor that depends on its key is the
/// test injector's own, as for any override.
struct LiveBindingStandIns: Module {
    /// The live bindings to stand in for.
    let live: [Binding]

    func configure(_ binder: Binder) {
        for binding in live {
            let error = InjectionError.liveBinding(binding.boundType.type, name: binding.key.name).bound(at: binding)
            binder.bindings.append(
                Binding(
                    key: binding.key, boundType: binding.boundType, source: .closure({ _ in throw error }),
                    scope: .normal, accepts: nil, module: binding.module, location: binding.location,
                    unreplacedLive: error))
        }
    }
}
