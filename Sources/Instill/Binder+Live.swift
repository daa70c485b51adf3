extension Binder {
    /// Marks the bindings of `first` and `rest` (under `name`) as live: each it reaches the world outside
    /// the process (the network, the disk, the clock, the terminal), so a test must not
    /// use it by accident.
    ///
    /// An app's injector uses a live binding as any other. A test injector
    /// (``Injector/testInjector(modules:fakes:file:line:)``) does not: a request that reaches a live
    /// binding its modules do not replace throws
    /// ``InjectionError/Kind-swift.struct/liveBinding``, naming the binding, the chain
    /// that led there and the fake to bind, and ``Injector/validate(roots:isolation:)``
    /// on it lists every such binding at once (swift-dependencies' `liveValue`, whose
    /// `testValue` fails when a test calls it).
    ///
    /// ```swift
    /// struct AppModule: Module {
    ///     func configure(_ binder: Binder) {
    ///         binder.bind((any Transport).self, to: URLSessionTransport.self)
    ///         binder.bind((any Clock).self) { _ in SystemClock() }
    ///         binder.markLive((any Transport).self, (any Clock).self)
    ///     }
    /// }
    /// ```
    ///
    /// The mark belongs to the binding in effect when it is made (whichever of this
    /// injector's modules made it), or, when there is none yet, to the next binding of
    /// that type under `name` that this module makes. A later binding of the same key
    /// replaces the live one and is not live unless it is marked too: a test's module
    /// that binds a fake replaces it. The mark covers requests of this key only: a
    /// request of the implementation's own type (`URLSessionTransport`) is not a request
    /// of `any Transport`.
    ///
    /// - Parameters:
    ///   - first: the type a live binding is bound as.
    ///   - rest: the types other live bindings are bound as.
    ///   - name: the binding name, for named bindings.
    public func markLive<First, each Rest>(
        _ first: First.Type, _ rest: repeat (each Rest).Type, named name: String? = nil
    ) {
        markLive(BindingKey(first, name: name))
        repeat markLive(BindingKey(each rest, name: name))
    }

    private func markLive(_ key: BindingKey) {
        if let index = bindings.lastIndex(where: { $0.key == key }) {
            bindings[index] = bindings[index].markedLive()
        } else {
            pendingLive[key] = module
        }
    }
}
