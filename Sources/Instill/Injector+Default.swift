extension Injector {
    private static let defaultBox = LockedBox<Injector>(Injector())

    /// A process-wide injector for code that has no other way to reach one
    /// (Objection's default injector). Reading and setting it are thread-safe.
    ///
    /// It starts as an injector with no modules; set it once at launch:
    ///
    /// ```swift
    /// Injector.default = try Injector(modules: [AppModule()])
    /// ```
    public static var `default`: Injector {
        get { defaultBox.withLock { $0 } }
        set { defaultBox.withLock { $0 = newValue } }
    }
}
