/// The error every failing ``Injector`` call throws.
///
/// An `InjectionError` says what happened, for which requested type, through which
/// chain of requirements (`Garage.car → Car.gearBox`), what is bound that comes
/// close, and how to fix it. Match on ``kind`` in code; show ``description`` to
/// people.
///
/// ```swift
/// do {
///     _ = try injector.getObject(Car.self)
/// } catch let error as InjectionError where error.kind == .noBinding {
///     print(error)
/// }
/// ```
public struct InjectionError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure this is.
    public var kind: Kind { fields.kind }
    /// The type the failing request asked for (the top-level `getObject` type).
    public internal(set) var requestedType: String {
        get { fields.requestedType }
        set { unique().requestedType = newValue }
    }
    /// One sentence on what happened.
    public var summary: String { fields.makeSummary?() ?? fields.summary }
    /// The requirements that led from the requested type to the failure, outermost
    /// first, as `Type.property`.
    public internal(set) var chain: [String] {
        get { fields.edges?.map(\.description) ?? fields.chain }
        set {
            let fields = unique()
            fields.edges = nil
            fields.chain = newValue
        }
    }
    /// Where the last requirement of the chain was declared (`#fileID:#line`).
    public internal(set) var requirementLocation: String? {
        get { fields.requirementLocation }
        set { unique().requirementLocation = newValue }
    }
    /// Where the binding involved was made (`#fileID:#line`), when one is.
    public internal(set) var bindingLocation: String? {
        get { fields.bindingLocation }
        set { unique().bindingLocation = newValue }
    }
    /// Bindings that come close to what was missing.
    public internal(set) var nearMatches: [String] {
        get { fields.nearMatches }
        set { unique().nearMatches = newValue }
    }
    /// One line on how to fix it.
    public internal(set) var fix: String {
        get { fields.fix }
        set { unique().fix = newValue }
    }
    /// The error an initializer, closure or provider threw, when that is the cause.
    public var underlyingError: (any Error)? { fields.underlyingError }
    /// For ``Kind-swift.struct/asyncRequired``: the async step an `await getObject` is to run.
    var asyncStep: AsyncStepRequest? {
        get { fields.asyncStep }
        set { unique().asyncStep = newValue }
    }
    /// For ``Kind-swift.struct/mainActorRequired`` met while resolving: the main-actor
    /// type that could not be built, to word the error an `await getObject` made off
    /// the main actor throws.
    var mainActorType: String? {
        get { fields.mainActorType }
        set { unique().mainActorType = newValue }
    }

    /// The error's fields, shared by its copies until one of them changes: an error is
    /// copied as it is thrown, caught and rethrown up a chain, one reference instead of
    /// a dozen.
    private var fields: Fields

    init(
        _ kind: Kind, type: String, summary: String, fix: String,
        underlying: (any Error)? = nil, nearMatches: [String] = []
    ) {
        fields = Fields(
            kind: kind, type: type, summary: summary, fix: fix, underlying: underlying, nearMatches: nearMatches)
    }

    /// An error whose summary is written when it is read: one a caller may catch
    /// and never show (an `await getObject`'s stop at an async step).
    init(_ kind: Kind, type: String, summary: @escaping @Sendable () -> String, fix: String) {
        fields = Fields(kind: kind, type: type, summary: "", fix: fix, underlying: nil, nearMatches: [])
        fields.makeSummary = summary
    }

    /// Sets ``chain`` to the names of `edges`, named when the chain is read: an error
    /// that is caught and not shown (an `await getObject`'s stop at an async step)
    /// names none.
    mutating func setChain(_ edges: [ResolutionContext.ChainEdge]) {
        let fields = unique()
        fields.edges = edges
        fields.chain = []
    }

    /// Whether ``chain`` is empty, without naming its edges.
    var isChainEmpty: Bool { fields.edges?.isEmpty ?? fields.chain.isEmpty }

    /// The fields, copied first if another error shares them.
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    /// An ``InjectionError``'s fields. Changed only through ``unique()``, by the one
    /// error that holds them, so no two threads see a change.
    private final class Fields: @unchecked Sendable {
        let kind: Kind
        var requestedType: String
        let summary: String
        /// Writes ``summary`` when it is read, if set.
        var makeSummary: (@Sendable () -> String)?
        var chain: [String] = []
        /// The chain's edges, when it is still to be named (``setChain(_:)``).
        var edges: [ResolutionContext.ChainEdge]?
        var requirementLocation: String?
        var bindingLocation: String?
        var nearMatches: [String]
        var fix: String
        let underlyingError: (any Error)?
        var asyncStep: AsyncStepRequest?
        var mainActorType: String?

        init(kind: Kind, type: String, summary: String, fix: String, underlying: (any Error)?, nearMatches: [String]) {
            self.kind = kind
            self.requestedType = type
            self.summary = summary
            self.fix = fix
            self.underlyingError = underlying
            self.nearMatches = nearMatches
        }

        func copy() -> Fields {
            let copy = Fields(
                kind: kind, type: requestedType, summary: summary, fix: fix, underlying: underlyingError,
                nearMatches: nearMatches)
            copy.chain = chain
            copy.edges = edges
            copy.makeSummary = makeSummary
            copy.requirementLocation = requirementLocation
            copy.bindingLocation = bindingLocation
            copy.asyncStep = asyncStep
            copy.mainActorType = mainActorType
            return copy
        }
    }

    /// The full message: summary, chain, near matches and fix, one per line.
    public var description: String {
        var lines = ["\(kind): \(summary)"]
        lines.append("  Requested: \(requestedType)")
        if !isChainEmpty { lines.append("  Chain: " + chainLine) }
        if let bindingLocation { lines.append("  Bound at: \(bindingLocation)") }
        if !nearMatches.isEmpty {
            lines.append("  Bound nearby: " + nearMatches.joined(separator: "; "))
        }
        lines.append("  To fix: \(fix)")
        return lines.joined(separator: "\n")
    }
}

extension InjectionError {
    /// The chain, abbreviated, and where its last requirement was declared.
    var chainLine: String {
        var line = Self.abbreviated(chain).joined(separator: " → ")
        if let requirementLocation { line += " (declared at \(requirementLocation))" }
        return line
    }

    /// The longest chain a message shows whole; a longer one shows its ends.
    static let longestChainShown = 24

    /// `chain`, or its first and last links around a count of those left out.
    static func abbreviated(_ chain: [String]) -> [String] {
        guard chain.count > longestChainShown else { return chain }
        let end = longestChainShown / 2
        return chain.prefix(end) + ["… \(chain.count - 2 * end) more …"] + chain.suffix(end)
    }
}

extension InjectionError {
    /// A kind of ``InjectionError``, to match on in code.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        init(_ name: String) { self.name = name }

        /// Nothing is bound to a type that cannot be built automatically (a
        /// protocol, a struct, a closure type, or a name with no binding).
        public static let noBinding = Kind("noBinding")
        /// A cycle of requirements that passes through no singleton, graph or weak-scoped
        /// object, so it cannot be assembled.
        public static let cycle = Kind("cycle")
        /// An argument is missing or not of the type the initializer or provider reads.
        public static let argumentMismatch = Kind("argumentMismatch")
        /// An eager singleton is not in singleton scope.
        public static let eagerSingletonNotSingleton = Kind("eagerSingletonNotSingleton")
        /// A bound value is not of the type it is bound to or required as.
        public static let instanceDoesNotConform = Kind("instanceDoesNotConform")
        /// A type bound to a protocol or superclass does not conform to it.
        public static let typeDoesNotConform = Kind("typeDoesNotConform")
        /// A type's initializer threw, or built an instance of another type.
        public static let initializerFailed = Kind("initializerFailed")
        /// A closure or provider binding threw.
        public static let providerFailed = Kind("providerFailed")
        /// A type declares neither `init()` nor an ``Initializer``.
        public static let noInitializer = Kind("noInitializer")
        /// A closure or provider returned `nil` where a value is required.
        public static let nilValue = Kind("nilValue")
        /// A ``Provider``, ``Lazy`` or ``ObjectFactory`` was used after its injector was released.
        public static let injectorReleased = Kind("injectorReleased")
        /// A longer-lived object requires a shorter-lived one (a singleton holding a
        /// `.graph` or `.weak` object, a `.weak` object holding a `.graph` one), found
        /// by ``Injector/validate(roots:isolation:)``.
        public static let lifetimeMismatch = Kind("lifetimeMismatch")
        /// A requirement names a property of a type the object is not, or a key path
        /// through another property (`\Car.engine.piston`).
        public static let invalidRequirement = Kind("invalidRequirement")
        /// The graph is nested so deeply that the thread's stack has no room for
        /// another level: the request stops instead of overflowing the stack.
        public static let depthLimit = Kind("depthLimit")
        /// A binding that no request or requirement could ever use, refused when the
        /// injector is created (a binding of an optional type, `Radio?`).
        public static let invalidBinding = Kind("invalidBinding")
        /// A child injector's binding that an object it hands out would never see: the
        /// object is shared and lives with an ancestor, and a closure or provider that
        /// declares nothing asked that ancestor for the overridden key while building it
        /// for the child (thrown by `getObject`). Shared objects whose declared
        /// dependencies lead to an override are the child's own instead.
        public static let unseenOverride = Kind("unseenOverride")
        /// Threads building singletons or weak-scoped objects would wait for each other
        /// forever: each asks, from an initializer, closure, provider or
        /// `awakeFromInjection()`, for an object another one is building.
        public static let crossThreadCycle = Kind("crossThreadCycle")
        /// A synchronous request reached an async initializer, closure or provider: only
        /// `try await injector.getObject(…)` can build it.
        public static let asyncRequired = Kind("asyncRequired")
        /// The task of an `await getObject` was cancelled while an async step ran (the
        /// ``InjectionError/underlyingError`` is the `CancellationError`); nothing was cached.
        public static let cancelled = Kind("cancelled")
        /// A request of a test injector (``Injector/testInjector(modules:fakes:file:line:)``) reached a
        /// binding marked live (``Binder/markLive(_:_:named:)``) that the test's modules do
        /// not replace; ``Injector/validate(roots:isolation:)`` on it reports each one.
        public static let liveBinding = Kind("liveBinding")

        /// The kind's name, as written in code after the dot.
        public var description: String { name }
    }
}

// MARK: - Construction

extension InjectionError {
    /// This error, saying where `binding` was made.
    func bound(at binding: Binding?) -> InjectionError {
        var copy = self
        if let binding { copy.bindingLocation = "\(binding.location) in \(binding.module)" }
        return copy
    }

    static func noBinding(for type: Any.Type, name: String?, nearMatches: [String]) -> InjectionError {
        let typeName = typeName(type)
        let spelled = spelling(of: type)
        let target = name.map { "\(typeName) named \"\($0)\"" } ?? typeName
        let fix: String
        if let name {
            fix =
                "bind it in a module: binder.bind(\(spelled).self, named: \"\(name)\") { _ in ... }, or use a name that is bound."
        } else {
            switch TypeKind(type) {
            case .existential:
                fix =
                    "bind an implementation in a module: binder.bind(\(spelled).self, to: SomeType.self), or an instance: binder.bind(value, as: \(spelled).self)."
            case .class:
                fix =
                    "make \(typeName) Injectable, or bind it in a module: binder.bind(\(spelled).self) { _ in \(typeName)(...) }."
            case .function:
                fix = "bind a closure value in a module: binder.bind(\(spelled).self) { _ in { ... } }."
            case .value:
                fix =
                    "bind a value in a module: binder.bind(\(typeName)(...)), or binder.bind(\(spelled).self) { _ in ... }."
            }
        }
        return InjectionError(
            .noBinding, type: typeName, summary: "nothing is bound to \(target), and it cannot be built automatically.",
            fix: fix, nearMatches: nearMatches)
    }

    static func cycle(path: [String], type: String) -> InjectionError {
        let route = path.joined(separator: " → ")
        let summary: String
        var fix: String
        if let initializer = path.first(where: { $0.hasSuffix(".init") }) {
            let owner = String(initializer.dropLast(".init".count))
            summary = "\(owner) is asked for again while its initializer is still running: \(route)."
            fix =
                "the initializer of \(owner) asks the injector for something that needs \(owner) itself: list it in `requires` instead (filled after init), or ask for it in awakeFromInjection()."
        } else if let binding = path.first(where: { $0.hasSuffix(" (binding)") }) {
            let bound = String(binding.dropLast(" (binding)".count))
            summary = "\(bound) is asked for again while its closure or provider is still running: \(route)."
            fix =
                "the closure or provider bound to \(bound) asks the injector for \(bound) again: build the value in the closure, or ask for a concrete type that is not bound to \(bound)."
            if path.count > 2, let edge = path.dropFirst().first, let dot = edge.lastIndex(of: "."),
                !edge.hasSuffix(")")
            {
                // The closure asked for something that points back to the binding.
                let child = edge[..<dot]
                fix =
                    "the closure bound to \(bound) asks the injector for \(child), which points back to \(bound) before the closure has returned. Declare it instead, in a .singleton, .graph or .weak binding: `binder.bind(\(bound).self, scope: .graph, dependencies: \(child).self) { child in ... }`; the property pointing back is then written once the binding has run."
            }
        } else {
            summary = "the requirements form a cycle with no singleton, graph or weak-scoped object: \(route)."
            fix =
                "give one type in the cycle .singleton, .graph or .weak scope, or make one requirement a Provider so it is built later."
        }
        return InjectionError(.cycle, type: type, summary: summary, fix: fix)
    }

    /// A cycle that comes back to an object whose initializer (or binding's closure)
    /// is still resolving `dependency`: the object does not exist yet, so no scope
    /// can break it.
    static func initializerCycle(
        path: [String], type: String, owner: String, dependency: DeclaredDependency, isBinding: Bool
    ) -> InjectionError {
        let route = path.joined(separator: " → ")
        let needed = dependency.declaredType.description
        let provider = "Provider<\(dependency.dependency.target.description)>"
        let declarer = isBinding ? "the binding of \(owner)" : "the initializer of \(owner)"
        let summary =
            isBinding
            ? "\(owner) is needed again by the dependencies its binding declares, before the binding has run: \(route)."
            : "\(owner) is needed again by its own initializer's dependencies, before it exists: \(route)."
        let fix =
            "no scope breaks a cycle through a declared dependency (\(owner) does not exist until \(declarer) returns): declare \(provider) instead of \(needed) in \(declarer) and call it later, or make \(needed) a property listed in `requires` of a singleton (filled after it is built)."
        return InjectionError(.cycle, type: type, summary: summary, fix: fix)
    }

    /// A member of a `fills` of several classes (`member`, as chains show it:
    /// `Pet.fills(Owner)`) that points back to `owner`, a shared object whose
    /// initializer is still running: the group's one closure cannot write it later,
    /// alone.
    static func groupBackReference(_ owner: String, member: String) -> InjectionError {
        InjectionError(
            .cycle, type: owner,
            summary:
                "\(member) points back to \(owner), whose initializer is still running, and it is written by one closure with the other classes of its fills(...), which cannot wait for \(owner) to exist.",
            fix:
                "declare \(member) alone, with its own fills(...) { ... }: it is then written once \(owner) exists.")
    }

    static func linkCycle(path: [String], type: String) -> InjectionError {
        InjectionError(
            .cycle, type: type, summary: "the bindings form a loop: \(path.joined(separator: " → ")).",
            fix: "bind one of them to a concrete Injectable type instead of to another bound type.")
    }

    /// `wanted`: what each thread of the cycle waits for, starting with this thread.
    static func crossThreadCycle(wanted: [String]) -> InjectionError {
        var route = "this thread waits for \(wanted[0])"
        for name in wanted.dropFirst() {
            route += ", which another thread is building while it waits for \(name)"
        }
        var names: [String] = []
        for name in wanted where !names.contains(name) { names.append(name) }
        var listed = names.joined(separator: ", ")
        if names.count > 1, let last = names.last {
            listed = names.dropLast().joined(separator: ", ") + " and " + last
        }
        return InjectionError(
            .crossThreadCycle, type: wanted[0],
            summary:
                "\(route), which this thread is building: the threads would wait for each other forever.",
            fix:
                "\(listed) are asked for while they are built (by an initializer, closure, provider or awakeFromInjection() that calls the injector): list the one asked for in `requires`, so that one thread builds them together; or make one of them an eager singleton (binder.eagerSingleton); or require a Provider and call it after the build."
        )
    }

    static func missingArgument(
        building type: String, index: Int, expected: String, count: Int, forProvider: Bool
    ) -> InjectionError {
        let given = "\(count) argument\(count == 1 ? " was" : "s were") given"
        return InjectionError(
            .argumentMismatch, type: type,
            summary: "\(type) reads argument \(index) as \(expected), but \(given).",
            fix: forProvider
                ? "pass \(index + 1) or more arguments (getObject(\(type).self, arguments: ...)), or check `arguments.count` in the provider before reading argument \(index)."
                : "pass \(index + 1) or more arguments (getObject(\(type).self, arguments: ...)), or declare defaults in its Initializer."
        )
    }

    static func argumentMismatch(building type: String, index: Int, expected: String, given: String) -> InjectionError {
        InjectionError(
            .argumentMismatch, type: type,
            summary: "\(type) reads argument \(index) as \(expected), but \(article(given)) \(given) was given.",
            fix: "pass \(article(expected)) \(expected) at position \(index).")
    }

    /// A request passed no argument to an initializer declared with
    /// `Initializer(argument:)`, which has no default.
    static func missingArgument(_ type: String, argument: String) -> InjectionError {
        InjectionError(
            .argumentMismatch, type: type,
            summary: "\(type) takes an argument (\(argument)), but none was given.",
            fix:
                "request it with getObject(\(type).self, argument: ...); an object that builds one holds a Provider<\(type)> and calls it with the argument (provider(argument: ...))."
        )
    }

    /// A ``Lazy`` of a type whose initializer takes a typed argument
    /// (`Initializer(argument:)`): a lazy has no argument to pass, so reading its value
    /// always throws.
    static func lazyArgument(_ type: String, argument: String) -> InjectionError {
        InjectionError(
            .argumentMismatch, type: type,
            summary:
                "\(type) takes an argument (\(argument)), and a Lazy<\(type)> has none to pass: reading its value always throws.",
            fix:
                "hold a Provider<\(type)> instead and call it with the argument (provider(argument: ...)), or give \(type) an initializer without one."
        )
    }

    /// A request passed an argument of another type than the one an initializer
    /// declared with `Initializer(argument:)` reads.
    static func argumentMismatch(_ type: String, argument: String, given: String) -> InjectionError {
        InjectionError(
            .argumentMismatch, type: type,
            summary: "\(type) takes an argument of type \(argument), but \(article(given)) \(given) was given.",
            fix:
                "pass \(article(argument)) \(argument); declare `typealias Argument = \(argument)` and conform \(type) to TakesArgument, so that getObject(\(type).self, argument: ...) accepts only that type."
        )
    }

    /// Why arguments went unread.
    enum UnreadArguments {
        case initializer, noInitializer, closure, instance
        /// A ``Provider`` or ``ObjectFactory`` requested directly: it takes arguments
        /// when called, not when made.
        case handle
    }

    static func unreadArguments(_ type: String, given: Int, read: Int, reason: UnreadArguments) -> InjectionError {
        let arguments = "\(given) argument\(given == 1 ? " was" : "s were") given"
        let summary: String
        let fix: String
        switch reason {
        case .initializer:
            summary = "\(type) reads \(read) argument\(read == 1 ? "" : "s"), but \(arguments)."
            fix = "pass only the arguments \(type)'s Initializer reads, or read every one of them in it."
        case .noInitializer:
            summary = "\(type) declares no Initializer, so it reads no arguments, but \(arguments)."
            fix =
                "declare an Initializer that reads them (static let initializer = Initializer(defaults: ...) { arguments in ... }), or pass none."
        case .closure:
            summary = "\(type) is bound to a closure, which reads no arguments, but \(arguments)."
            fix =
                "bind a provider (binder.bind(\(type).self, provider: ...)), which receives the arguments, or pass none."
        case .instance:
            summary = "\(type) is bound to an instance, which reads no arguments, but \(arguments)."
            fix = "pass no arguments, or bind a provider that builds a value from them."
        case .handle:
            summary = "\(type) is made by the injector and reads no arguments, but \(arguments)."
            fix =
                "pass the arguments when calling it (provider(arguments: ...), factory.getObject(T.self, arguments: ...)), or pass none."
        }
        return InjectionError(.argumentMismatch, type: type, summary: summary, fix: fix)
    }

    static func eagerSingletonNotSingleton(_ type: String, scope: Scope, implementation: String?) -> InjectionError {
        let fix =
            if let implementation {
                "declare `static let scope: Scope = .singleton` on \(implementation), or call binder.setScope(.singleton, for: \(implementation).self)."
            } else {
                "bind \(type) with `scope: .singleton`, or remove binder.eagerSingleton(\(bindableSpelling(type)).self)."
            }
        return InjectionError(
            .eagerSingletonNotSingleton, type: type,
            summary: "\(type) is registered as an eager singleton but its scope is .\(scope).", fix: fix)
    }

    static func instanceDoesNotConform(_ value: String, boundTo type: String) -> InjectionError {
        let isProtocol = type.hasPrefix("any ")
        let target = isProtocol ? String(type.dropFirst(4)) : type
        return InjectionError(
            .instanceDoesNotConform, type: type,
            summary: isProtocol
                ? "the value bound to \(type) is \(article(value)) \(value), which does not conform to \(target)."
                : "the value bound to \(type) is \(article(value)) \(value), which is not \(article(type)) \(type).",
            fix:
                "bind a value that is \(isProtocol ? "\(article(target)) \(target)" : "\(article(type)) \(type)"), or change the type of the requirement."
        )
    }

    static func typeDoesNotConform(_ implementation: String, boundTo type: String) -> InjectionError {
        let isProtocol = type.hasPrefix("any ")
        let target = isProtocol ? String(type.dropFirst(4)) : type
        return InjectionError(
            .typeDoesNotConform, type: type,
            summary: isProtocol
                ? "\(implementation) is bound to \(type) but does not conform to \(target)."
                : "\(implementation) is bound to \(type) but is not a subclass of \(type).",
            fix: isProtocol
                ? "make \(implementation) conform to \(target), or bind another type to \(type)."
                : "make \(implementation) a subclass of \(type), or bind another type to \(type).")
    }

    static func initializerFailed(_ type: String, underlying: any Error) -> InjectionError {
        InjectionError(
            .initializerFailed, type: type, summary: "the initializer of \(type) threw: \(underlying)",
            fix: "make the initializer of \(type) succeed; nothing it started was cached.", underlying: underlying)
    }

    static func initializerBuiltWrongType(_ type: String, built: String) -> InjectionError {
        InjectionError(
            .initializerFailed, type: type,
            summary:
                "the initializer of \(type) built \(article(built)) \(built), which is not \(article(type)) \(type).",
            fix:
                "return \(article(type)) \(type) from its Initializer (a subclass inherits its superclass's initializer unless it overrides `class var initializer`)."
        )
    }

    static func providerFailed(_ type: String, underlying: any Error) -> InjectionError {
        InjectionError(
            .providerFailed, type: type, summary: "the closure or provider bound to \(type) threw: \(underlying)",
            fix: "make the binding of \(type) succeed; nothing it started was cached.", underlying: underlying)
    }

    static func noInitializer(_ type: String) -> InjectionError {
        InjectionError(
            .noInitializer, type: type, summary: "\(type) declares neither init() nor an Initializer.",
            fix: "add `init()` to \(type), or declare `static let initializer = Initializer { arguments in ... }`.")
    }

    /// - Parameter closure: whether the requirement is a closure entry (`fills`), whose
    ///   optional form is `fills(T?.self)` rather than an optional property.
    static func nilValue(_ type: String, forRequirement: Bool, closure: Bool = false) -> InjectionError {
        let optional = type.hasPrefix("any ") ? "(\(type))?" : "\(type)?"
        let fix: String
        if closure {
            fix = "return a value from the binding, or declare the requirement optional (fills(\(optional).self))."
        } else if forRequirement {
            fix = "return a value from the binding, or declare the requirement's property optional (\(optional))."
        } else {
            fix = "return a value from the binding: getObject never returns nil."
        }
        return InjectionError(
            .nilValue, type: type,
            summary: "the binding of \(type) returned nil where \(article(type)) \(type) is required.", fix: fix)
    }

    static func injectorReleased(_ type: String) -> InjectionError {
        InjectionError(
            .injectorReleased, type: type,
            summary: "a Provider, Lazy or ObjectFactory asked for \(type) after its injector was released.",
            fix: "keep the Injector alive as long as the objects that build from it.")
    }

    static func lifetimeMismatch(
        holder: String, holderScope: Scope, held: String, heldScope: Scope, property: String
    ) -> InjectionError {
        InjectionError(
            .lifetimeMismatch, type: holder,
            summary:
                "\(holder) is .\(holderScope) but requires \(held), which is .\(heldScope), through \(property): it would keep the first \(held) it gets for as long as it lives.",
            fix:
                "make \(held) live at least as long (.\(holderScope)), or require a Provider<\(held)> and ask it for one each time."
        )
    }

    /// - Parameter closure: for a closure entry declared for another type, how it
    ///   reads (`fills(Engine)`); `nil` for a key path.
    static func invalidRequirement(_ type: String, root: String, closure: String? = nil) -> InjectionError {
        guard let closure else {
            return InjectionError(
                .invalidRequirement, type: type,
                summary: "\(type).requires lists a key path into \(root), but \(type) is not \(article(root)) \(root).",
                fix: "list key paths rooted at \(type) or one of its superclasses.")
        }
        return InjectionError(
            .invalidRequirement, type: type,
            summary:
                "\(type).requires lists \(root).\(closure), which fills \(article(root)) \(root), but \(type) is not \(article(root)) \(root).",
            fix:
                "write fills(...) without a type in front in \(type).requires, so that it fills \(article(type)) \(type)."
        )
    }

    static func depthLimit(_ type: String, depth: Int, stackSize: Int) -> InjectionError {
        InjectionError(
            .depthLimit, type: type,
            summary: "building \(type) would nest \(depth + 1) objects deep, and this thread's stack "
                + "(\(stackSize / 1024) KiB) has no room for another level.",
            fix: "a graph this deep is usually a chain that builds a new object at every level: end it, "
                + "make part of it a singleton or a Provider, or make the request on a thread with a larger stack.")
    }

    static func optionalBinding(_ type: String, wrapped: String) -> InjectionError {
        InjectionError(
            .invalidBinding, type: type,
            summary: "\(type) is bound as an optional type, but requirements of \(type) look up \(wrapped), "
                + "so this binding would never be used.",
            fix:
                "bind \(wrapped) instead; a closure binding of \(wrapped) that returns nil leaves an optional requirement empty."
        )
    }

    static func unseenOverride(_ type: String, name: String?, holder: String, property: String) -> InjectionError {
        let bound = name.map { "\(type) named \"\($0)\"" } ?? type
        return InjectionError(
            .unseenOverride, type: holder,
            summary: "this injector binds \(bound), but \(property) never sees that binding: \(holder) is shared and "
                + "lives with an ancestor injector, which fills it with its own bindings.",
            fix: "bind \(holder) in this injector's modules too (binder.bind(\(holder).self, to: \(holder).self, "
                + "scope: .singleton)), so this injector builds its own, or override \(bound) in the injector \(holder) lives with."
        )
    }

    /// A request made while an ancestor builds the shared `holder` for a descendant
    /// that would reach the descendant's override of `type` (named `name`). `asked` is
    /// what was requested when it is not the overridden key itself.
    static func unseenOverride(_ type: String, name: String?, holder: String, asked: String?) -> InjectionError {
        let bound = name.map { "\(type) named \"\($0)\"" } ?? type
        return InjectionError(
            .unseenOverride, type: holder,
            summary: "this injector binds \(bound), but \(holder) never sees that binding: \(holder) is shared and "
                + "lives with an ancestor injector, and building it there asked that injector for "
                + (asked.map { "\($0), which depends on \(bound)" } ?? bound)
                + ", through a closure, provider or ObjectFactory that does not declare it.",
            fix: "declare what that closure or provider needs (binder.bind(T.self, dependencies: …) { … }), so this "
                + "injector sees it and builds its own \(holder), or bind \(holder) in this injector's modules too.")
    }

    /// What a test injector's stand-in for the live binding of `type` (named `name`)
    /// throws: the test's modules bind no fake in its place.
    static func liveBinding(_ type: Any.Type, name: String?) -> InjectionError {
        let typeName = typeName(type)
        let target = name.map { "\(typeName) named \"\($0)\"" } ?? typeName
        let named = name.map { ", named: \"\($0)\"" } ?? ""
        return InjectionError(
            .liveBinding, type: typeName,
            summary: "\(target) is marked live, and the modules of this test injector do not replace it.",
            fix: "bind a fake in the test's module: binder.bind(fake, as: \(spelling(of: type)).self\(named)).")
    }

    /// An ``ObjectFactory`` asked for under a name: requested (`holder` nil) or
    /// declared by `holder`'s requirement or initializer dependency.
    static func namedObjectFactory(name: String, declaredBy holder: String?) -> InjectionError {
        let asked = holder.map { "\($0) asks for ObjectFactory" } ?? "ObjectFactory was requested"
        return InjectionError(
            holder == nil ? .argumentMismatch : .invalidRequirement, type: holder ?? "ObjectFactory",
            summary: "\(asked) named \"\(name)\", but a factory is the injector itself: "
                + "nothing is looked up under that name, so it would be ignored.",
            fix: "ask for ObjectFactory without a name, and give the name when building with it: "
                + "factory.getObject(T.self, named: \"\(name)\").")
    }

    /// `Initializer(_:names:file:line:)` named the parameter at `position`, which is
    /// not one of the `count` dependencies at positions `first...`.
    static func unmatchedName(_ type: String, position: Int, first: Int, count: Int) -> InjectionError {
        let valid: String
        switch count {
        case 0: valid = "it has no dependency to name"
        case 1: valid = "its only dependency is at position \(first)"
        default: valid = "its dependencies are at positions \(first) to \(first + count - 1)"
        }
        let argument = first > 0 ? " (position 0 is the argument, which is not resolved)" : ""
        let example = count > 0 ? "names: [\(first): \"name\"] names the first dependency" : "remove names:"
        return InjectionError(
            .invalidRequirement, type: type,
            summary: "\(type).initializer names the parameter at position \(position), but \(valid)\(argument).",
            fix: "key names by the position of the initializer's parameter, counting from 0: \(example).")
    }

    static func nestedRequirement(_ type: String, keyPath: String) -> InjectionError {
        InjectionError(
            .invalidRequirement, type: type,
            summary: "\(type).requires lists \(keyPath), a key path through another property; "
                + "the injector fills only an object's own properties.",
            fix: "list only \(type)'s own property, and let that property's type declare its own requirements.")
    }

    /// "a" or "an", for the type name that follows.
    private static func article(_ word: String) -> String {
        let spoken = word.hasPrefix("any ") ? "any" : word
        guard let first = spoken.first?.lowercased() else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    /// How a user spells `type` as a metatype expression: `(any P)` for protocols.
    private static func bindableSpelling(_ type: String) -> String {
        type.hasPrefix("any ") ? "(\(type))" : type
    }
}
