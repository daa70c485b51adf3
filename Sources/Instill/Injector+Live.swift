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
    /// Fakes can also be given as values, each bound as its static type, without a
    /// module: write each as the type it replaces.
    ///
    /// ```swift
    /// let test = try app.testInjector(fakes: FakeTransport() as any Transport, FixedClock() as any Clock)
    /// ```
    ///
    /// - Parameters:
    ///   - modules: the test's modules: their bindings override the app's, and replace
    ///     the live ones they bind.
    ///   - fakes: values bound after `modules`, each as its static type (`fake as any
    ///     Clock` binds `any Clock`), as `binder.bind(fake, as: (any Clock).self)` would.
    ///   - file: where the test injector is made, for messages about `fakes`; leave the
    ///     default.
    ///   - line: where the test injector is made, for messages about `fakes`; leave the
    ///     default.
    /// - Throws: ``InjectionError`` as ``childInjector(modules:)`` does; also
    ///   ``InjectionError/Kind-swift.struct/liveBinding`` when an eager singleton of an
    ///   ancestor reaches a live binding, which this injector then builds at once.
    public func testInjector<each Fake: Sendable>(
        modules: [any Module] = [], fakes: repeat each Fake, file: StaticString = #fileID, line: UInt = #line
    ) throws -> Injector {
        var binds: [@Sendable (Binder) -> Void] = []
        repeat binds.append(TestFakes.binding(each fakes, file: file, line: line))
        let standIns: [any Module] = [LiveBindingStandIns(live: liveBindings)]
        return try Injector(
            parent: self, modules: standIns + modules + (binds.isEmpty ? [] : [TestFakes(binds: binds)]),
            tracer: tracer)
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

/// The fakes given to ``Injector/testInjector(modules:fakes:file:line:)`` as values: the
/// last module of the test injector, binding each as its static type.
struct TestFakes: Module {
    let binds: [@Sendable (Binder) -> Void]

    func configure(_ binder: Binder) {
        for bind in binds { bind(binder) }
    }

    static func binding<Fake: Sendable>(
        _ fake: Fake, file: StaticString, line: UInt
    ) -> @Sendable (Binder) -> Void {
        { binder in binder.bind(fake, as: Fake.self, file: file, line: line) }
    }
}
