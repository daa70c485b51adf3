/// One step of a resolution, as a ``ResolutionTracer`` sees it.
public struct ResolutionEvent: Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable, Hashable {
        /// A type was asked for (by a request or a requirement).
        case requested
        /// A new instance was made (by an initializer, a closure or a provider).
        case built
        /// An existing instance was returned: a cached singleton, weak or graph
        /// object, one being assembled in a cycle, or a bound instance.
        case cacheHit
        /// `awakeFromInjection()` was called.
        case awake
        /// The request failed; ``error`` says why.
        case failed
    }

    /// What happened.
    public let kind: Kind
    /// The type concerned, without module prefix (for `built` and `awake`, the
    /// concrete type of the instance).
    public let typeName: String
    /// The binding name, for named requests.
    public let name: String?
    /// The scope of the binding or type, for `requested` and `cacheHit`.
    public let scope: Scope?
    /// How deep in the resolution tree: 0 for the request itself, 1 for its
    /// requirements, and so on.
    public let depth: Int
    /// The error, for `failed`.
    public let error: InjectionError?
    /// For a `requested` event of a dependency that an ``Initializer`` or a binding's
    /// closure declares: which one (`Repository.init`, `Clock binding`). `nil` for
    /// requirements and requests.
    public let dependencyOf: String?

    init(
        _ kind: Kind, _ typeName: String, _ name: String?, _ scope: Scope?, _ depth: Int, _ error: InjectionError?,
        dependencyOf: String? = nil
    ) {
        self.kind = kind
        self.typeName = typeName
        self.name = name
        self.scope = scope
        self.depth = depth
        self.error = error
        self.dependencyOf = dependencyOf
    }

    init(_ kind: Kind, _ recipe: Recipe, _ depth: Int, dependencyOf: String? = nil) {
        self.init(kind, recipe.typeName, recipe.key.name, recipe.scope, depth, nil, dependencyOf: dependencyOf)
    }

    /// One line, indented two spaces per level: `  built Engine`, or
    /// `  requested any Database (normal) for Repository.init` for an initializer's
    /// dependency.
    public var description: String {
        var line = String(repeating: "  ", count: depth) + kind.rawValue + " " + typeName
        if let name { line += " named \"\(name)\"" }
        if let scope, kind == .requested || kind == .cacheHit { line += " (\(scope))" }
        if let dependencyOf { line += " for \(dependencyOf)" }
        if let error { line += ": \(error.summary)" }
        return line
    }
}
