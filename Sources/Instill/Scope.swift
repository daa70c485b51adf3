/// How long an object built by an ``Injector`` lives, and who shares it.
///
/// A type declares its scope with `static let scope`; a module may override it for
/// one injector with ``Binder/setScope(_:for:file:line:)-6l13j``, and every binding that builds
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

    /// Where the engine keeps a scope's objects. This table, with the properties
    /// below it, is everything the engine knows of a scope: the resolver finds and
    /// stores values by ``storage`` (`Resolution/SharedObjects.swift` for published
    /// ones), and a plan compiles by ``compilesIntoPlan`` and ``isFixedOncePublished``.
    enum Storage {
        /// Nowhere: a new object for every request (``normal``).
        case none
        /// The request's table (``graph``), or a graph that lazies share.
        case request
        /// The recipe's published slot, under its creation group's gate (``singleton``,
        /// ``weak``).
        case published
    }

    /// Where the engine keeps this scope's objects.
    var storage: Storage {
        switch self {
        case .normal: .none
        case .graph: .request
        case .singleton, .weak: .published
        }
    }

    /// Whether an object in this scope is kept by the injector across requests.
    var isShared: Bool { storage == .published }

    /// Whether an object in this scope is registered before its requirements are
    /// filled, so that a cycle through it resolves (assembly rule 2). A weak-scoped
    /// object is shared while someone holds it, and the thread building it does.
    var breaksCycles: Bool { storage != .none }

    /// Whether a compiled plan may build the object itself: only when nothing is kept.
    var compilesIntoPlan: Bool { storage == .none }

    /// Whether a published value stays for the injector's life, so that a plan may
    /// hold it as a constant: a singleton's does, a weak object's may be released.
    var isFixedOncePublished: Bool { self == .singleton }
}
