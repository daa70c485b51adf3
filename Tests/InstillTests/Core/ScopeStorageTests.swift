import Instill
import Testing

// MARK: - Fixtures

/// Records the part its requirement got, twice in one request (through `second`).
private final class Part: Injectable {
    init() {}
}

private final class Holder: Injectable {
    var part: Part!
    var second: Inner!
    static var requires: Requirements { Requirements(\Holder.part, \.second) }
    init() {}
}

private final class Inner: Injectable {
    var part: Part!
    static var requires: Requirements { Requirements(\Inner.part) }
    init() {}
}

/// `Holder` with its requirements in one `fills` of several classes, and a lazy
/// whose object, read after the request, needs the part too.
private final class GroupHolder: Injectable {
    var part: Part!
    var second: Inner!
    var later: Lazy<Inner>!
    static var requires: Requirements {
        fills(Part.self, Inner.self) {
            $0.part = $1
            $0.second = $2
        } + fills(Lazy<Inner>.self) { $0.later = $1 }
    }
    init() {}
}

/// Two objects that require each other, in the scope the module sets.
private final class Ping: Injectable {
    var pong: Pong!
    static var requires: Requirements { Requirements(\Ping.pong) }
    init() {}
}

private final class Pong: Injectable {
    var ping: Ping!
    static var requires: Requirements { Requirements(\Pong.ping) }
    init() {}
}

private struct ScopeModule: Module {
    let scope: Scope
    func configure(_ binder: Binder) {
        binder.setScope(scope, for: Part.self)
        binder.setScope(scope, for: Ping.self)
    }
}

// MARK: - Specifications

@Suite("What each scope keeps, in cold and warm builds alike")
struct ScopeStorageTests {
    /// Whether two requirements of one request share the part, whether two requests
    /// made while the first result is held do, and whether the part outlives every
    /// object that held it.
    struct Sharing: Equatable, CustomStringConvertible {
        let withinRequest: Bool
        let whileHeld: Bool
        let keptAfterRelease: Bool
        var description: String { "within \(withinRequest), held \(whileHeld), kept \(keptAfterRelease)" }
    }

    static let expected: [(Scope, Sharing)] = [
        (.normal, Sharing(withinRequest: false, whileHeld: false, keptAfterRelease: false)),
        (.graph, Sharing(withinRequest: true, whileHeld: false, keptAfterRelease: false)),
        (.weak, Sharing(withinRequest: true, whileHeld: true, keptAfterRelease: false)),
        (.singleton, Sharing(withinRequest: true, whileHeld: true, keptAfterRelease: true)),
    ]

    @Test(
        "each scope shares its objects within a request, while held and after release as its row says",
        arguments: expected)
    func sharing(scope: Scope, expected: Sharing) throws {
        let injector = try Injector(modules: [ScopeModule(scope: scope)])
        // Several rounds: the first builds are cold, the later ones warm.
        for _ in 0..<4 {
            weak var released: Part?
            try { released = try injector.getObject(Holder.self).part }()
            let held = try injector.getObject(Holder.self)
            let heldAgain = try injector.getObject(Holder.self)
            let sharing = Sharing(
                withinRequest: held.part === held.second.part, whileHeld: held.part === heldAgain.part,
                keptAfterRelease: released != nil)
            #expect(sharing == expected)
        }
    }

    @Test(
        "a fills of several classes shares as its row says, and a lazy of the request gets the request's part",
        arguments: expected)
    func sharingThroughGroups(scope: Scope, expected: Sharing) throws {
        let injector = try Injector(modules: [ScopeModule(scope: scope)])
        for _ in 0..<4 {
            weak var released: Part?
            try { released = try injector.getObject(GroupHolder.self).part }()
            let held = try injector.getObject(GroupHolder.self)
            let heldAgain = try injector.getObject(GroupHolder.self)
            let sharing = Sharing(
                withinRequest: held.part === held.second.part, whileHeld: held.part === heldAgain.part,
                keptAfterRelease: released != nil)
            #expect(sharing == expected)
            #expect((try held.later().part === held.part) == expected.withinRequest)
        }
    }

    @Test("a weak object is built again once the last holder lets it go, after warm builds too")
    func weakRebuiltAfterRelease() throws {
        let injector = try Injector(modules: [ScopeModule(scope: .weak)])
        weak var released: Part?
        for _ in 0..<3 { _ = try injector.getObject(Holder.self) }
        do {
            let holder = try injector.getObject(Holder.self)
            released = holder.part
            #expect(released != nil)
        }
        #expect(released == nil)
        let next = try injector.getObject(Holder.self)
        #expect(next.part === next.second.part)
    }

    @Test(
        "a cycle resolves through every scope that keeps its objects, and is an error through .normal",
        arguments: [
            Scope.normal, .graph, .weak, .singleton,
        ])
    func cycles(scope: Scope) throws {
        let injector = try Injector(modules: [ScopeModule(scope: scope)])
        for _ in 0..<3 {
            if scope == .normal {
                #expect(throws: InjectionError.self) { try injector.getObject(Ping.self) }
            } else {
                let ping = try injector.getObject(Ping.self)
                #expect(ping.pong.ping === ping)
            }
        }
    }
}
