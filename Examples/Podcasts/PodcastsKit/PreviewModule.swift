import Instill

/// What SwiftUI previews add to ``AppModule``: previews are synchronous, so the
/// database, whose initializer awaits, is bound to an in-memory instance, and the
/// network to canned answers. With it, `try injector.getObject(...)` builds any
/// screen's model without `await`.
///
/// ```swift
/// #Preview {
///     let injector = try! Injector(modules: [AppModule(), PreviewModule()])
///     PodcastListView(model: try! injector.getObject(PodcastListViewModel.self))
/// }
/// ```
public struct PreviewModule: Module {
    /// The module.
    public init() {}

    /// Binds an in-memory database and canned answers.
    public func configure(_ binder: Binder) {
        binder.bind(Database.inMemory())
        binder.bind((any Transport).self, to: LiveTransport.self)
    }
}
