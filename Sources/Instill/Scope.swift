/// How long an object built by an ``Injector`` lives, and who shares it.
///
/// A type declares its scope with `static let scope`; a module may override it for
/// one injector with ``Binder/setScope(_:for:file:line:)``, and every binding that builds
/// objects takes a `scope:` argument.
///
/// ```swift
/// final class Garage: Injectable {
///     static let scope: Scope = .singleton
///     init() {}
/// }
/// ```
public enum Scope: Sendable, Hashable, CustomStringConvertible {
    /// A new instance for every request (Objection's normal scope, Swinject's transient).
    case normal
    /// One instance per injector, built on first request (or when the injector is
    /// created, for an eager singleton). A child injector shares its parent's.
    case singleton
    /// One instance per top-level request: every object built while answering one
    /// `getObject` call (including re-entrant calls made by initializers, closures
    /// and providers during it) shares it.
    case graph
    /// Shared while someone else holds a strong reference to it; rebuilt after the
    /// last one is released. Values that are not class instances are built anew
    /// on every request.
    case weak

    /// The scope's name, as written in code after the dot.
    public var description: String {
        switch self {
        case .normal: "normal"
        case .singleton: "singleton"
        case .graph: "graph"
        case .weak: "weak"
        }
    }

    /// The storage of this scope's recipes (see ``ScopeStorage``): the one place where
    /// a scope's name meets the engine.
    var storageClass: ScopeStorage.Type {
        switch self {
        case .normal: TransientStorage.self
        case .graph: RequestStorage.self
        case .weak: SharedStorage.self
        case .singleton: SingletonStorage.self
        }
    }
}
