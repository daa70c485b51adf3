import Instill
import Testing

// Whether a request may build a main-actor type depends on its isolation; what the
// injector answers must not depend on which isolation asked first. Each shape below is
// asked both ways round, each order in a fresh injector, and its fixtures are generic
// over the order's tag, so each order meets types whose declarations no request has
// read yet (the injector reads them once per process).

// MARK: - Orders and transcripts

/// The order of a shape's first requests; `Shape` keeps each shape's types its own.
private protocol OrderTag: SendableMetatype {
    associatedtype Shape: OrderShape
}

private enum OffMainFirst<Shape: OrderShape>: OrderTag {}
private enum OnMainFirst<Shape: OrderShape>: OrderTag {}

/// What a user sees in one isolation: each request's answer, then what `validate(roots:)`
/// and `graph(roots:)` say there.
private struct Answers: Equatable {
    var requests: [String]
    var validation = ""
    var graph = ""
}

/// What a user sees, grouped by the isolation that asked.
private struct Transcript: Equatable {
    var offMain: Answers
    var onMain: Answers

    /// The same, with the order's tag named neutrally, so that the two orders compare.
    var neutral: Transcript {
        func neutral(_ text: String) -> String {
            text.replacing("OffMainFirst", with: "Order").replacing("OnMainFirst", with: "Order")
        }
        func neutral(_ answers: Answers) -> Answers {
            Answers(
                requests: answers.requests.map(neutral), validation: neutral(answers.validation),
                graph: neutral(answers.graph))
        }
        return Transcript(offMain: neutral(offMain), onMain: neutral(onMain))
    }
}

/// A main-actor shape, asked both ways round.
private protocol OrderShape: SendableMetatype {
    /// The scope the shape's main-actor type declares (the scope shapes set it).
    static var scope: Scope { get }
    /// A fresh injector for one order, made in the isolation that asks first.
    static func makeInjector<Order: OrderTag>(_: Order.Type) throws -> Injector
    /// The types `validate(roots:)` and `graph(roots:)` start from.
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type]
    /// The requests made off the main actor, each answer as text.
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String]
    /// The requests made on the main actor.
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String]
    /// How the answers begin, off and on the main actor ("" where any answer will do).
    static var expected: Transcript { get }
}

extension OrderShape {
    static var scope: Scope { .normal }
    static func makeInjector<Order: OrderTag>(_: Order.Type) throws -> Injector { Injector() }

    /// Both orders' transcripts, tags made neutral.
    static func transcripts() async throws -> (offMainFirst: Transcript, onMainFirst: Transcript) {
        let offMainFirst = try await offMainFirst(OffMainFirst<Self>.self)
        return (offMainFirst, try await onMainFirst(OnMainFirst<Self>.self))
    }

    private static func offMainFirst<Order: OrderTag>(_: Order.Type) async throws -> Transcript {
        let injector = try makeInjector(Order.self)
        let offMain = await offMainAnswers(injector, Order.self)
        return Transcript(offMain: offMain, onMain: await onMainAnswers(injector, Order.self)).neutral
    }

    private static func onMainFirst<Order: OrderTag>(_: Order.Type) async throws -> Transcript {
        let injector = try await MainActor.run { try makeInjector(Order.self) }
        let onMain = await onMainAnswers(injector, Order.self)
        return Transcript(offMain: await offMainAnswers(injector, Order.self), onMain: onMain).neutral
    }

    private static func offMainAnswers<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> Answers {
        Answers(
            requests: await offMain(injector, Order.self),
            validation: injector.validate(roots: roots(Order.self)).description,
            graph: injector.graph(roots: roots(Order.self)).textTree)
    }

    @MainActor
    private static func onMainAnswers<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> Answers {
        Answers(
            requests: await onMain(injector, Order.self),
            validation: injector.validate(roots: roots(Order.self)).description,
            graph: injector.graph(roots: roots(Order.self)).textTree)
    }
}

/// How answers begin.
private let refused = "mainActorRequired:"
private let passed = "Validation passed"

private func expect(
    offMain: [String], onMain: [String], offMainValidation: String = "", onMainValidation: String = passed
) -> Transcript {
    Transcript(
        offMain: Answers(requests: offMain, validation: offMainValidation),
        onMain: Answers(requests: onMain, validation: onMainValidation))
}

// MARK: - Requests as a user makes them

/// An answer as a user reads it: what was built, or the error's text.
private func answer(_ request: () throws -> String) -> String {
    do {
        return "built: " + (try request())
    } catch {
        return String(describing: error)
    }
}

/// The same for a request that awaits, made in the caller's isolation.
private func awaitedAnswer(
    isolation: isolated (any Actor)? = #isolation, _ request: () async throws -> String
) async -> String {
    do {
        return "built: " + (try await request())
    } catch {
        return String(describing: error)
    }
}

/// A request made by generic nonisolated code (a library's), where the compiler cannot
/// see that `T` is a main-actor type: the synchronous `getObject` that compiles there.
private func fetch<T>(_ type: T.Type, named name: String? = nil, from injector: Injector) throws -> T {
    try injector.getObject(type, named: name)
}

private func fetch<T>(_ type: T.Type, through factory: ObjectFactory) throws -> T {
    try factory.getObject(type)
}

/// The dynamic type of what a request built, without its module and private contexts.
private func named(_ value: Any) -> String {
    String(reflecting: type(of: value)).replacing(#/InstillTests\.(\(unknown context at \$[0-9a-f]+\)\.)?/#, with: "")
}

private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

// MARK: - Main-actor models: refused off the main actor, built on it

/// What a main-actor fixture shows of itself, on the main actor.
@MainActor
private protocol Showing {
    var state: String { get }
}

/// A type asked for off the main actor: synchronously by generic code, and awaited.
private func offMainRequests<T>(for type: T.Type, _ injector: Injector) async -> [String] {
    [
        answer { named(try fetch(type, from: injector)) },
        await awaitedAnswer { named(try await injector.getObject(type)) },
    ]
}

/// The same type on the main actor: twice (a first build, then a warm one), and awaited.
@MainActor
private func onMainRequests<T: MainActorInjectable & Showing>(for type: T.Type, _ injector: Injector) async -> [String]
{
    [
        answer { try injector.getObject(type).state },
        answer { try injector.getObject(type).state },
        await awaitedAnswer { try await injector.getObject(type).state },
    ]
}

/// A shape made of one main-actor model.
private protocol ModelShape: OrderShape {
    static func model<Order: OrderTag>(_: Order.Type) -> any (MainActorInjectable & Showing).Type
    /// What the model shows once built.
    static var state: String { get }
}

extension ModelShape {
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] { [model(Order.self)] }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await offMainRequests(for: model(Order.self), injector)
    }
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await onMainRequests(for: model(Order.self), injector)
    }
    static var expected: Transcript {
        expect(offMain: [refused, refused], onMain: Array(repeating: "built: " + state, count: 3))
    }
}

private final class Units<Order>: Injectable, Sendable {
    init() {}
}

@MainActor
private final class Palette<Order>: MainActorInjectable {
    init() {}
}

/// A main-actor type that requires a nonisolated one.
@MainActor
private final class Gauge<Order>: MainActorInjectable {
    var units: Units<Order>!
    static var requires: Requirements { Requirements(\Gauge<Order>.units) }
    init() {}
}

/// A key-path requirement, the default scope and initializer, and an awake.
@MainActor
private final class KeyPathModel<Order>: MainActorInjectable, Showing {
    var units: Units<Order>!
    var awakes = 0
    static var requires: Requirements { Requirements(\KeyPathModel<Order>.units) }
    init() {}
    func awakeFromInjection() { awakes += 1 }
    var state: String { "units \(units != nil), awakes \(awakes)" }
}

private enum KeyPathShape: ModelShape {
    static func model<O: OrderTag>(_: O.Type) -> any (MainActorInjectable & Showing).Type { KeyPathModel<O>.self }
    static let state = "units true, awakes 1"
}

/// `fills` requirements, one of them an optional main-actor type.
@MainActor
private final class FillsModel<Order>: MainActorInjectable, Showing {
    var units: Units<Order>!
    var palette: Palette<Order>?
    static var requires: Requirements {
        fills(Units<Order>.self) { $0.units = $1 } + fills(Palette<Order>?.self) { $0.palette = $1 }
    }
    init() {}
    var state: String { "units \(units != nil), palette \(palette != nil)" }
}

private enum FillsShape: ModelShape {
    static func model<O: OrderTag>(_: O.Type) -> any (MainActorInjectable & Showing).Type { FillsModel<O>.self }
    static let state = "units true, palette true"
}

/// `Initializer(mainActorDependencies:)` with one dependency.
@MainActor
private final class OneDependencyModel<Order>: MainActorInjectable, Showing {
    init(units: Units<Order>) {}
    static var initializer: Initializer {
        Initializer(mainActorDependencies: Units<Order>.self) { OneDependencyModel(units: $0) }
    }
    var state: String { "built with its dependency" }
}

private enum OneDependencyShape: ModelShape {
    static func model<O: OrderTag>(_: O.Type) -> any (MainActorInjectable & Showing).Type {
        OneDependencyModel<O>.self
    }
    static let state = "built with its dependency"
}

private protocol Service: AnyObject, Sendable {
    var tag: String { get }
}

private final class RealService<Order>: Service, Injectable {
    var tag: String { "real" }
    init() {}
}

private final class FakeService: Service {
    var tag: String { "fake" }
}

/// `Initializer(mainActorDependencies:)` with several: a class, a bound protocol, a main-actor type.
@MainActor
private final class SeveralDependenciesModel<Order>: MainActorInjectable, Showing {
    let service: any Service
    init(service: any Service, palette: Palette<Order>) { self.service = service }
    static var initializer: Initializer {
        Initializer(mainActorDependencies: Units<Order>.self, (any Service).self, Palette<Order>.self) {
            SeveralDependenciesModel(service: $1, palette: $2)
        }
    }
    var state: String { "service " + named(service) }
}

private enum SeveralDependenciesShape: ModelShape {
    static func makeInjector<O: OrderTag>(_: O.Type) throws -> Injector {
        try Injector(modules: [Bindings { $0.bind((any Service).self, to: RealService<O>.self) }])
    }
    static func model<O: OrderTag>(_: O.Type) -> any (MainActorInjectable & Showing).Type {
        SeveralDependenciesModel<O>.self
    }
    static let state = "service RealService<Order<SeveralDependenciesShape>>"
}

// MARK: - Scopes

/// A main-actor type in its shape's scope, and a main-actor type that requires it twice.
@MainActor
private final class ScopedModel<Order: OrderTag>: MainActorInjectable {
    static var scope: Scope { Order.Shape.scope }
    var units: Units<Order>!
    static var requires: Requirements { Requirements(\ScopedModel<Order>.units) }
    init() {}
}

@MainActor
private final class ScopedPair<Order: OrderTag>: MainActorInjectable {
    var first: ScopedModel<Order>!
    var second: ScopedModel<Order>!
    static var requires: Requirements { Requirements(\ScopedPair<Order>.first, \.second) }
    init() {}
}

/// Two requests, two awaited ones, and one graph: which of them share an instance.
private protocol ScopeShape: OrderShape {
    static var sharedByRequests: Bool { get }
    static var sharedInGraph: Bool { get }
}

extension ScopeShape {
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] { [ScopedPair<Order>.self] }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await offMainRequests(for: ScopedModel<Order>.self, injector) + [
            answer { named(try fetch(ScopedPair<Order>.self, from: injector)) }
        ]
    }
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await [
            answer {
                let first = try injector.getObject(ScopedModel<Order>.self)
                return "requests share one: \(first === (try injector.getObject(ScopedModel<Order>.self)))"
            },
            awaitedAnswer {
                let first = try await injector.getObject(ScopedModel<Order>.self)
                return "awaited share one: \(first === (try await injector.getObject(ScopedModel<Order>.self)))"
            },
            answer {
                let pair = try injector.getObject(ScopedPair<Order>.self)
                return "graph shares one: \(pair.first === pair.second), units \(pair.first.units != nil)"
            },
        ]
    }
    static var expected: Transcript {
        expect(
            offMain: [refused, refused, refused],
            onMain: [
                "built: requests share one: \(sharedByRequests)", "built: awaited share one: \(sharedByRequests)",
                "built: graph shares one: \(sharedInGraph), units true",
            ])
    }
}

/// The default scope, `.unique` in the contract's table.
private enum NormalScopeShape: ScopeShape {
    static let (sharedByRequests, sharedInGraph) = (false, false)
}

private enum SingletonScopeShape: ScopeShape {
    static let scope = Scope.singleton
    static let (sharedByRequests, sharedInGraph) = (true, true)
}

/// The first object is still held when the second request is made.
private enum WeakScopeShape: ScopeShape {
    static let scope = Scope.weak
    static let (sharedByRequests, sharedInGraph) = (true, true)
}

private enum GraphScopeShape: ScopeShape {
    static let scope = Scope.graph
    static let (sharedByRequests, sharedInGraph) = (false, true)
}

// MARK: - Across isolations: direct, Provider, Lazy, optional

/// A nonisolated type that requires a main-actor one (which requires a nonisolated one).
private final class DirectHolder<Order>: Injectable, @unchecked Sendable {  // filled once, before it is returned
    var model: Gauge<Order>!
    static var requires: Requirements { Requirements(\DirectHolder<Order>.model) }
    init() {}
}

private enum DirectHolderShape: OrderShape {
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] { [DirectHolder<Order>.self] }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await offMainRequests(for: DirectHolder<Order>.self, injector)
    }
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await [
            answer { "units \(try injector.getObject(DirectHolder<Order>.self).model.units != nil)" },
            awaitedAnswer { "units \(try await injector.getObject(DirectHolder<Order>.self).model.units != nil)" },
        ]
    }
    static let expected = expect(
        offMain: [refused, refused], onMain: ["built: units true", "built: units true"],
        offMainValidation: "Validation failed for 1 problem:\n\n1. mainActorRequired: DirectHolder<Order<",
        onMainValidation: "Validation failed for 1 problem:\n\n1. mainActorRequired: DirectHolder<Order<")
}

/// A nonisolated singleton that holds a main-actor type behind a provider.
private final class ProviderHolder<Order>: Injectable, @unchecked Sendable {  // filled before it is published
    static var scope: Scope { .singleton }
    var models: Provider<Gauge<Order>>!
    static var requires: Requirements { Requirements(\ProviderHolder<Order>.models) }
    init() {}
}

private enum ProviderShape: OrderShape {
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] { [ProviderHolder<Order>.self] }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await [
            answer { named(try fetch(ProviderHolder<Order>.self, from: injector)) },
            answer {
                let holder = try fetch(ProviderHolder<Order>.self, from: injector)
                return named(try holder.models())
            },
            awaitedAnswer { named(try await injector.getObject(ProviderHolder<Order>.self).models()) },
        ]
    }
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await [
            answer { "units \(try injector.getObject(ProviderHolder<Order>.self).models().units != nil)" },
            awaitedAnswer { "units \(try await injector.getObject(ProviderHolder<Order>.self).models().units != nil)" },
        ]
    }
    static let expected = expect(
        offMain: ["built: ProviderHolder<", refused, refused], onMain: ["built: units true", "built: units true"],
        offMainValidation: passed)
}

/// A nonisolated type that holds a main-actor type behind a lazy.
private final class LazyHolder<Order>: Injectable, @unchecked Sendable {  // filled once, before it is returned
    var model: Lazy<Palette<Order>>!
    static var requires: Requirements { Requirements(\LazyHolder<Order>.model) }
    init() {}
}

private enum LazyShape: OrderShape {
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] { [LazyHolder<Order>.self] }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        [
            answer { named(try fetch(LazyHolder<Order>.self, from: injector)) },
            answer { named(try fetch(LazyHolder<Order>.self, from: injector).model.value) },
            answer { named(try fetch(LazyHolder<Order>.self, from: injector).model()) },
        ]
    }
    /// `lazy.value` reads off the main actor wherever it is called; `lazy()` takes the caller's isolation.
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        [
            answer { named(try injector.getObject(LazyHolder<Order>.self).model()) },
            answer { named(try injector.getObject(LazyHolder<Order>.self).model.value) },
        ]
    }
    static let expected = expect(
        offMain: ["built: LazyHolder<", refused, refused], onMain: ["built: Palette<", refused],
        offMainValidation: passed)
}

/// A nonisolated type whose initializer takes an optional main-actor dependency.
private final class OptionalHolder<Order>: Injectable, Sendable {
    let panel: Palette<Order>?
    init(panel: Palette<Order>?) { self.panel = panel }
    static var initializer: Initializer {
        Initializer(dependencies: Palette<Order>?.self) { OptionalHolder(panel: $0) }
    }
}

private enum OptionalDependencyShape: OrderShape {
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] { [OptionalHolder<Order>.self] }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        (0..<2).map { _ in answer { "panel \(try fetch(OptionalHolder<Order>.self, from: injector).panel != nil)" } }
    }
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        (0..<2).map { _ in answer { "panel \(try injector.getObject(OptionalHolder<Order>.self).panel != nil)" } }
    }
    static let expected = expect(
        offMain: [refused, refused], onMain: ["built: panel true", "built: panel true"],
        offMainValidation: "Validation failed for 1 problem:\n\n1. mainActorRequired: OptionalHolder<Order<",
        onMainValidation: "Validation failed for 1 problem:\n\n1. mainActorRequired: OptionalHolder<Order<")
}

// MARK: - Hierarchies, bindings, arguments, async steps, awakes, overrides

/// A non-final main-actor class whose subclass adds a requirement.
@MainActor
private class BaseModel<Order>: MainActorInjectable, Showing {
    var units: Units<Order>!
    class var requires: Requirements { Requirements(\BaseModel<Order>.units) }
    required init() {}
    var state: String { "units \(units != nil)" }
}

@MainActor
private final class SubModel<Order>: BaseModel<Order> {
    var palette: Palette<Order>!
    override class var requires: Requirements { super.requires + fills(Palette<Order>.self) { $0.palette = $1 } }
    override var state: String { super.state + ", palette \(palette != nil)" }
}

/// On the main actor, `injectDependencies(into: sub as Base)` comes first, so it may be what reads `SubModel`.
private enum SubclassShape: OrderShape {
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] { [SubModel<Order>.self, BaseModel<Order>.self] }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await offMainRequests(for: SubModel<Order>.self, injector)
            + offMainRequests(for: BaseModel<Order>.self, injector)
    }
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        let handMade = SubModel<Order>()
        let injected = answer {
            try injector.injectDependencies(into: handMade as BaseModel<Order>)
            return handMade.state
        }
        return await [injected] + onMainRequests(for: SubModel<Order>.self, injector)
            + onMainRequests(for: BaseModel<Order>.self, injector)
    }
    static let expected = expect(
        offMain: [refused, refused, refused, refused],
        onMain: Array(repeating: "built: units true, palette true", count: 4)
            + Array(repeating: "built: units true", count: 3))
}

/// What a nonisolated type may hold: a protocol, bound to main-actor types.
private protocol Screen: AnyObject, Sendable {}

@MainActor
private final class BoundScreen<Order>: Screen, MainActorInjectable {
    init() {}
}

/// `bind(_:to:scope:)`: the module makes the main-actor type a singleton.
private enum ProtocolBindingShape: OrderShape {
    static func makeInjector<Order: OrderTag>(_: Order.Type) throws -> Injector {
        try Injector(modules: [
            Bindings { $0.bind((any Screen).self, to: BoundScreen<Order>.self, scope: .singleton) }
        ])
    }
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] { [(any Screen).self] }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await offMainRequests(for: (any Screen).self, injector)
    }
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await [
            answer {
                let first = try injector.getObject((any Screen).self)
                return named(first) + ", shared \(first === (try injector.getObject((any Screen).self)))"
            },
            awaitedAnswer { named(try await injector.getObject((any Screen).self)) },
        ]
    }
    static let expected = expect(
        offMain: [refused, refused],
        onMain: ["built: BoundScreen<Order<ProtocolBindingShape>>, shared true", "built: BoundScreen<"])
}

@MainActor
private final class DrawnScreen<Order>: Screen, MainActorInjectable {
    init() {}
}

/// Named requirements: one bound to a main-actor type, one to a closure that asks the
/// injector for one (the Binder has no main-actor closure form: its closures are nonisolated).
@MainActor
private final class NamedModel<Order>: MainActorInjectable, Showing {
    var side: (any Screen)!
    var drawn: (any Screen)!
    static var requires: Requirements {
        Requirements().named("side", \NamedModel<Order>.side).named("drawn", \NamedModel<Order>.drawn)
    }
    init() {}
    var state: String { "side " + named(side!) + ", drawn " + named(drawn!) }
}

private enum NamedBindingShape: OrderShape {
    static func makeInjector<Order: OrderTag>(_: Order.Type) throws -> Injector {
        try Injector(modules: [
            Bindings { binder in
                binder.bind((any Screen).self, to: BoundScreen<Order>.self, named: "side")
                binder.bind((any Screen).self, named: "drawn") { try fetch(DrawnScreen<Order>.self, from: $0) }
            }
        ])
    }
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] { [NamedModel<Order>.self] }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await offMainRequests(for: NamedModel<Order>.self, injector) + [
            answer { named(try fetch((any Screen).self, named: "side", from: injector)) },
            answer { named(try fetch((any Screen).self, named: "drawn", from: injector)) },
        ]
    }
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await onMainRequests(for: NamedModel<Order>.self, injector) + [
            answer { named(try injector.getObject((any Screen).self, named: "side")) },
            answer { named(try injector.getObject((any Screen).self, named: "drawn")) },
        ]
    }
    static let expected = expect(
        offMain: [refused, refused, refused, refused],
        onMain: Array(repeating: "built: side BoundScreen<Order<NamedBindingShape>>, drawn DrawnScreen<", count: 3)
            + ["built: BoundScreen<", "built: DrawnScreen<"])
}

/// A typed argument (`TakesArgument`) and a dependency.
@MainActor
private final class ArgumentModel<Order>: MainActorInjectable, TakesArgument {
    typealias Argument = String
    let id: String
    init(id: String) { self.id = id }
    static var initializer: Initializer {
        Initializer(argument: String.self, mainActorDependencies: Units<Order>.self) { id, _ in ArgumentModel(id: id) }
    }
}

private enum ArgumentShape: OrderShape {
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] { [ArgumentModel<Order>.self] }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await [
            answer { named(try injector.getObject(ArgumentModel<Order>.self, arguments: "7")) },
            awaitedAnswer { named(try await injector.getObject(ArgumentModel<Order>.self, argument: "7")) },
        ]
    }
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await [
            answer { "id \(try injector.getObject(ArgumentModel<Order>.self, argument: "7").id)" },
            awaitedAnswer { "id \(try await injector.getObject(ArgumentModel<Order>.self, argument: "8").id)" },
            answer { "id \(try injector.getObject(ArgumentModel<Order>.self).id)" },
        ]
    }
    static let expected = expect(
        offMain: [refused, refused], onMain: ["built: id 7", "built: id 8", "argumentMismatch:"])
}

/// A nonisolated service whose initializer awaits.
private final class SlowFeed<Order>: Injectable, Sendable {
    init() {}
    static var initializer: Initializer {
        Initializer(factory: { () async throws -> AnyObject in
            await Task.yield()
            return SlowFeed()
        })
    }
}

/// An initializer dependency built by an async initializer: only an await from the main actor builds it.
@MainActor
private final class FeedModel<Order>: MainActorInjectable, Showing {
    init(feed: SlowFeed<Order>) {}
    static var initializer: Initializer {
        Initializer(mainActorDependencies: SlowFeed<Order>.self) { FeedModel(feed: $0) }
    }
    var state: String { "built with its feed" }
}

private enum AsyncDependencyShape: ModelShape {
    static func model<O: OrderTag>(_: O.Type) -> any (MainActorInjectable & Showing).Type { FeedModel<O>.self }
    static let state = "built with its feed"
    static let expected = expect(
        offMain: [refused, refused], onMain: ["asyncRequired:", "asyncRequired:", "built: built with its feed"])
}

/// An awake that calls nonisolated code, which asks the injector for a main-actor type.
@MainActor
private final class AwakeModel<Order>: MainActorInjectable, Showing {
    var factory: ObjectFactory!
    var units: Units<Order>!
    var awakes: [String] = []
    static var requires: Requirements { Requirements(\AwakeModel<Order>.factory, \.units) }
    init() {}
    func awakeFromInjection() {
        awakes.append("units \(units != nil), " + answer { named(try fetch(Palette<Order>.self, through: factory)) })
    }
    var state: String { "awakes \(awakes)" }
}

/// On the main actor, `injectDependencies(into:)` a hand-made object comes first.
private enum AwakeShape: ModelShape {
    static func model<O: OrderTag>(_: O.Type) -> any (MainActorInjectable & Showing).Type { AwakeModel<O>.self }
    static let state = "awakes [\"units true, built: Palette<Order<AwakeShape>>\"]"
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        let handMade = AwakeModel<Order>()
        let injected = answer {
            try injector.injectDependencies(into: handMade)
            return handMade.state
        }
        return await [injected] + onMainRequests(for: AwakeModel<Order>.self, injector)
    }
    static let expected = expect(offMain: [refused, refused], onMain: Array(repeating: "built: " + state, count: 4))
}

/// A main-actor singleton whose initializer depends on what a test's child injector overrides.
@MainActor
private final class TaggedModel<Order>: MainActorInjectable {
    static var scope: Scope { .singleton }
    let service: any Service
    init(service: any Service) { self.service = service }
    static var initializer: Initializer {
        Initializer(mainActorDependencies: (any Service).self) { TaggedModel(service: $0) }
    }
}

/// The app's eager singleton, holding the main-actor one behind a provider.
private final class ModelCoordinator<Order>: Injectable, @unchecked Sendable {  // filled before it is published
    static var scope: Scope { .singleton }
    var models: Provider<TaggedModel<Order>>!
    static var requires: Requirements { Requirements(\ModelCoordinator<Order>.models) }
    init() {}
}

private enum ChildOverrideShape: OrderShape {
    /// A test's child of the app's injector, overriding the service.
    static func makeInjector<Order: OrderTag>(_: Order.Type) throws -> Injector {
        let app = try Injector(modules: [
            Bindings {
                $0.bind((any Service).self, to: RealService<Order>.self)
                $0.eagerSingleton(ModelCoordinator<Order>.self)
            }
        ])
        return try app.childInjector(modules: [Bindings { $0.bind(FakeService(), as: (any Service).self) }])
    }
    static func roots<Order: OrderTag>(_: Order.Type) -> [Any.Type] {
        [ModelCoordinator<Order>.self, TaggedModel<Order>.self]
    }
    static func offMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await [
            answer { named(try fetch(ModelCoordinator<Order>.self, from: injector)) },
            answer {
                let coordinator = try fetch(ModelCoordinator<Order>.self, from: injector)
                return named(try coordinator.models())
            },
        ] + offMainRequests(for: TaggedModel<Order>.self, injector)
    }
    @MainActor static func onMain<Order: OrderTag>(_ injector: Injector, _: Order.Type) async -> [String] {
        await [
            answer { try injector.getObject(TaggedModel<Order>.self).service.tag },
            answer {
                let coordinator = try injector.getObject(ModelCoordinator<Order>.self)
                return try coordinator.models().service.tag
            },
            awaitedAnswer { try await injector.getObject(TaggedModel<Order>.self).service.tag },
        ]
    }
    static let expected = expect(
        offMain: ["built: ModelCoordinator<", refused, refused, refused],
        onMain: ["built: fake", "built: fake", "built: fake"])
}

// MARK: - Specification

/// One row of the catalogue.
private struct Shape: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let type: any OrderShape.Type
}

private let shapes = [
    Shape(testDescription: "key-path requirements", type: KeyPathShape.self),
    Shape(testDescription: "fills requirements", type: FillsShape.self),
    Shape(testDescription: "one main-actor initializer dependency", type: OneDependencyShape.self),
    Shape(testDescription: "several main-actor initializer dependencies", type: SeveralDependenciesShape.self),
    Shape(testDescription: "the default scope", type: NormalScopeShape.self),
    Shape(testDescription: "the singleton scope", type: SingletonScopeShape.self),
    Shape(testDescription: "the weak scope", type: WeakScopeShape.self),
    Shape(testDescription: "the graph scope", type: GraphScopeShape.self),
    Shape(testDescription: "a nonisolated type requiring a main-actor one directly", type: DirectHolderShape.self),
    Shape(testDescription: "a main-actor type behind a Provider", type: ProviderShape.self),
    Shape(testDescription: "a main-actor type behind a Lazy", type: LazyShape.self),
    Shape(testDescription: "an optional main-actor initializer dependency", type: OptionalDependencyShape.self),
    Shape(testDescription: "a subclass adding requirements", type: SubclassShape.self),
    Shape(testDescription: "a protocol bound to a main-actor class", type: ProtocolBindingShape.self),
    Shape(testDescription: "named bindings, one a closure", type: NamedBindingShape.self),
    Shape(testDescription: "a typed argument", type: ArgumentShape.self),
    Shape(testDescription: "an async initializer dependency", type: AsyncDependencyShape.self),
    Shape(testDescription: "an awake that asks for a main-actor type", type: AwakeShape.self),
    Shape(testDescription: "a child overriding a main-actor singleton's dependency", type: ChildOverrideShape.self),
]

@Suite("A main-actor type gives the same answers whichever isolation asks first")
struct MainActorOrderTests {
    @Test("off-main and on-main requests answer the same, off main first or on main first", arguments: shapes)
    fileprivate func sameAnswersEitherWayRound(_ shape: Shape) async throws {
        let (offMainFirst, onMainFirst) = try await shape.type.transcripts()
        for (order, transcript) in [("off main first", offMainFirst), ("on main first", onMainFirst)] {
            expectBeginnings(of: transcript, shape.type.expected, order)
        }
        #expect(offMainFirst.offMain.requests == onMainFirst.offMain.requests, "what off-main requests answered")
        #expect(offMainFirst.onMain == onMainFirst.onMain, "what on-main requests, validate() and graph() answered")
        #expect(offMainFirst.offMain.validation == onMainFirst.offMain.validation, "off-main validate()")
        #expect(offMainFirst.offMain.graph == onMainFirst.offMain.graph, "off-main graph()")
    }

    private func expectBeginnings(of transcript: Transcript, _ expected: Transcript, _ order: String) {
        for (answers, beginnings, isolation) in [
            (transcript.offMain, expected.offMain, "off the main actor"), (transcript.onMain, expected.onMain, "on it"),
        ] {
            #expect(answers.requests.count == beginnings.requests.count, "\(order), \(isolation)")
            for (answer, beginning) in zip(
                answers.requests + [answers.validation],
                beginnings.requests + [
                    beginnings.validation
                ])
            {
                #expect(answer.hasPrefix(beginning), "\(order), \(isolation): \(answer)")
            }
        }
    }
}
