import Dispatch
import Instill
import Testing

/// `Injector.default` is process-wide state: these tests run one at a time and put
/// back whatever default they found.
@Suite("Injector.default", .serialized)
struct DefaultInjectorTests {
    @Test("a default that is set is the one read back, and resolves through its modules")
    func setAndRead() throws {
        let previous = Injector.default
        defer { Injector.default = previous }
        let injector = try Injector(modules: [Configure { $0.bind((any Greeting).self) { _ in Hello() } }])

        Injector.default = injector

        #expect(Injector.default === injector)
        #expect(try Injector.default.getObject((any Greeting).self).text == "hello")
    }

    @Test("the default can be set and read from several threads at once")
    func concurrentAccess() throws {
        let previous = Injector.default
        defer { Injector.default = previous }
        let candidates = try (0..<8).map { index in
            try Injector(modules: [Configure { $0.bind(Label(index: index)) }])
        }
        let strangers = Counter()
        let wrongLabels = Counter()
        let reads = Counter()

        DispatchQueue.concurrentPerform(iterations: 400) { iteration in
            if iteration.isMultiple(of: 2) {
                Injector.default = candidates[iteration % candidates.count]
            }
            let current = Injector.default
            reads.increment()
            guard let index = candidates.firstIndex(where: { $0 === current }) else {
                strangers.increment()
                return
            }
            if (try? current.getObject(Label.self).index) != index { wrongLabels.increment() }
        }

        #expect(reads.value == 400)
        #expect(strangers.value == 0)
        #expect(wrongLabels.value == 0)
        #expect(candidates.contains { $0 === Injector.default })

        let last = try #require(candidates.last)
        Injector.default = last
        #expect(Injector.default === last)
    }

    @Test("putting the previous default back restores it")
    func restore() throws {
        let previous = Injector.default
        let replacement = Injector()

        Injector.default = replacement
        #expect(Injector.default === replacement)
        Injector.default = previous

        #expect(Injector.default === previous)
    }
}

// MARK: - Fixtures

extension DefaultInjectorTests {
    private typealias Configure = ModuleFixtures.Configure
    private typealias Counter = ModuleFixtures.Counter

    private protocol Greeting: AnyObject {
        var text: String { get }
    }

    private final class Hello: Greeting {
        let text = "hello"
    }

    private final class Label: Sendable {
        let index: Int
        init(index: Int) { self.index = index }
    }
}
