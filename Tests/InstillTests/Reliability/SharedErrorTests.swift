import Dispatch
import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// An error the injector keeps (a type's declaration error, read once) is thrown to
// every request that reaches it. Each request gets its own copy, with its own
// requested type and chain, however many threads throw it at once.

// MARK: - Fixtures

/// Misdeclared: an object factory under a name, which the injector refuses on every
/// platform when it first reads the class.
private final class Panel: Injectable {
    var gauges: ObjectFactory!
    static var requires: Requirements { Requirements().named("gauges", \Panel.gauges) }
    init() {}
}

private final class Cockpit: Injectable {
    var panel: Panel!
    static var requires: Requirements { Requirements(\Cockpit.panel) }
    init() {}
}

private final class Console: Injectable {
    var panel: Panel!
    static var requires: Requirements { Requirements(\Console.panel) }
    init() {}
}

private func requestError(_ request: () throws -> AnyObject) -> InjectionError? {
    do {
        _ = try request()
        return nil
    } catch {
        return error as? InjectionError
    }
}

// MARK: - Specification

@Suite("An error the injector keeps, thrown to many requests")
struct SharedErrorTests {
    @Test("each request's copy names its own requested type and chain, on many threads at once")
    func copiesOnManyThreads() throws {
        let injector = Injector()
        let first = try #require(requestError { try injector.getObject(Cockpit.self) })
        #expect(first.kind == .invalidRequirement)
        #expect(first.requestedType.hasSuffix("Cockpit"))
        #expect(first.chain.count == 1 && first.chain[0].hasSuffix("Cockpit.panel"))

        let seen = Mutex<[(root: String, requested: String, chain: [String], summary: String)]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            for _ in 0..<20 {
                let cockpit = index.isMultiple(of: 2)
                let error =
                    cockpit
                    ? requestError { try injector.getObject(Cockpit.self) }
                    : requestError { try injector.getObject(Console.self) }
                guard let error else { continue }
                seen.withLock {
                    $0.append(
                        (cockpit ? "Cockpit" : "Console", error.requestedType, error.chain, error.summary))
                }
            }
        }
        let errors = seen.withLock { $0 }
        #expect(errors.count == 64 * 20)
        for error in errors {
            #expect(error.requested.hasSuffix(error.root))
            #expect(error.chain.count == 1 && error.chain[0].hasSuffix("\(error.root).panel"))
            #expect(error.summary == first.summary)
        }
        // The error kept for later requests is unchanged by what the copies became.
        let console = try #require(requestError { try injector.getObject(Console.self) })
        #expect(console.requestedType.hasSuffix("Console"))
        #expect(console.chain.count == 1 && console.chain[0].hasSuffix("Console.panel"))
        #expect(console.summary == first.summary && console.fix == first.fix)
        #expect(console.description.contains("  Requested: Console\n  Chain: Console.panel (declared at "))
    }
}
