import Instill
import Testing

// MARK: - Fixtures

/// What the fixtures' initializers read: the injector a leaf asks for its root (none:
/// it asks for nothing), and how many roots were initialized. Task-local, so parallel
/// tests do not share it; initializers run on the requesting task's thread.
private enum Reentry {
    final class Count: @unchecked Sendable {  // read and written by one test's task
        var roots = 0
        var leaves = 0
    }

    @TaskLocal static var injector: Injector?
    @TaskLocal static var count: Count?

    /// Asks for `Root` when a test set an injector.
    static func askFor<Root: Injectable>(_: Root.Type) throws {
        count?.leaves += 1
        if let injector { _ = try injector.getObject(Root.self) }
    }
}

private final class KeyPathLeaf: Injectable {
    init() throws { try Reentry.askFor(KeyPathRoot.self) }
}

private final class KeyPathRoot: Injectable {
    var leaf: KeyPathLeaf!
    static var requires: Requirements { Requirements(\KeyPathRoot.leaf) }
    init() { Reentry.count?.roots += 1 }
}

private final class FillsLeaf: Injectable {
    init() throws { try Reentry.askFor(FillsRoot.self) }
}

private final class FillsRoot: Injectable {
    var leaf: FillsLeaf!
    static var requires: Requirements { fills(FillsLeaf.self) { $0.leaf = $1 } }
    init() { Reentry.count?.roots += 1 }
}

private final class Lamp: Injectable {
    init() {}
}

private final class GroupLeaf: Injectable {
    init() throws { try Reentry.askFor(GroupRoot.self) }
}

private final class GroupRoot: Injectable {
    var lamp: Lamp!
    var leaf: GroupLeaf!
    static var requires: Requirements {
        fills(Lamp.self, GroupLeaf.self) {
            $0.lamp = $1
            $0.leaf = $2
        }
    }
    init() { Reentry.count?.roots += 1 }
}

private final class DependencyLeaf: Injectable {
    init() throws { try Reentry.askFor(DependencyRoot.self) }
}

private final class DependencyRoot: Injectable {
    let leaf: DependencyLeaf
    init(leaf: DependencyLeaf) {
        self.leaf = leaf
        Reentry.count?.roots += 1
    }
    static let initializer = Initializer(dependencies: DependencyLeaf.self) { DependencyRoot(leaf: $0) }
}

/// One level down: the leaf that asks is under a middle object.
private final class DeepLeaf: Injectable {
    init() throws { try Reentry.askFor(DeepRoot.self) }
}

private final class Middle: Injectable {
    var leaf: DeepLeaf!
    static var requires: Requirements { Requirements(\Middle.leaf) }
    init() {}
}

private final class DeepRoot: Injectable {
    var middle: Middle!
    static var requires: Requirements { Requirements(\DeepRoot.middle) }
    init() { Reentry.count?.roots += 1 }
}

/// Its awake asks for another object of its own type: no cycle, since an awoken
/// object is complete.
private final class Greeter: Injectable {
    var lamp: Lamp!
    var next: Greeter?
    static var requires: Requirements { Requirements(\Greeter.lamp) }
    init() { Reentry.count?.roots += 1 }
    func awakeFromInjection() {
        guard let injector = Reentry.injector, (Reentry.count?.roots ?? 0) < 3 else { return }
        next = try? injector.getObject(Greeter.self)
    }
}

// MARK: - Specification

/// An initializer that asks the injector for the object being built closes a cycle.
/// A first build (the resolver's) and a warm one (a compiled plan's) must find it at
/// the same place: the same error, with the same chain, after the same initializers.
@Suite("Re-entrant requests from initializers: first and warm builds agree")
struct ReentrantWarmBuildTests {
    /// The outcome of one request for `Root` whose leaf asks for `Root` again: the
    /// error's text and how many roots and leaves were initialized.
    private static func reentrantRequest<Root: Injectable>(
        _: Root.Type, in injector: Injector
    ) -> (error: String, roots: Int, leaves: Int) {
        let count = Reentry.Count()
        let error = Reentry.$count.withValue(count) {
            Reentry.$injector.withValue(injector) { () -> String in
                do {
                    _ = try injector.getObject(Root.self)
                    return "built"
                } catch {
                    return "\(error)"
                }
            }
        }
        return (error, count.roots, count.leaves)
    }

    /// The outcome in a fresh injector (a first build), then in one that built `Root`
    /// three times without the leaf asking (warm).
    private static func firstAndWarm<Root: Injectable>(
        _ root: Root.Type
    ) throws -> (first: (error: String, roots: Int, leaves: Int), warm: (error: String, roots: Int, leaves: Int)) {
        let first = reentrantRequest(root, in: Injector())
        let injector = Injector()
        for _ in 0..<3 { _ = try injector.getObject(Root.self) }
        return (first, reentrantRequest(root, in: injector))
    }

    @Test("a key-path requirement whose initializer asks for its root: one cycle error, one root initialized")
    func keyPathRequirement() throws {
        let (first, warm) = try Self.firstAndWarm(KeyPathRoot.self)
        #expect(first.error.contains("cycle"))
        #expect(first.roots == 1)
        #expect(warm.error == first.error)
        #expect(warm.roots == first.roots)
        #expect(warm.leaves == first.leaves)
    }

    @Test("a fills requirement whose leaf asks for its root: the same error and initializers, first and warm")
    func fillsRequirement() throws {
        let (first, warm) = try Self.firstAndWarm(FillsRoot.self)
        #expect(first.error.contains("cycle"))
        #expect(warm.error == first.error)
        #expect(warm.roots == first.roots)
        #expect(warm.leaves == first.leaves)
    }

    @Test("a member of a several-class fills that asks for its root: the same error and initializers")
    func groupMember() throws {
        let (first, warm) = try Self.firstAndWarm(GroupRoot.self)
        #expect(first.error.contains("cycle"))
        #expect(warm.error == first.error)
        #expect(warm.roots == first.roots)
        #expect(warm.leaves == first.leaves)
    }

    @Test("an initializer dependency that asks for its root: the same error and initializers")
    func initializerDependency() throws {
        let (first, warm) = try Self.firstAndWarm(DependencyRoot.self)
        #expect(first.error.contains("cycle"))
        #expect(warm.error == first.error)
        #expect(warm.roots == first.roots)
        #expect(warm.leaves == first.leaves)
    }

    @Test("a leaf two levels down that asks for the root: the same chain through the middle object")
    func deeperLeaf() throws {
        let (first, warm) = try Self.firstAndWarm(DeepRoot.self)
        #expect(first.error.contains("DeepRoot.middle"))
        #expect(warm.error == first.error)
        #expect(warm.roots == first.roots)
    }

    @Test("an awake that asks for another object of its type is no cycle: built first and warm alike")
    func awakeAsksForItsType() throws {
        let (first, warm) = try Self.firstAndWarm(Greeter.self)
        #expect(first.error == "built")
        #expect(warm.error == "built")
        #expect(first.roots == 3)
        #expect(warm.roots == 3)
    }

    @Test("after a re-entrant failure, the injector builds the same type warm again")
    func buildsAfterFailure() throws {
        let injector = Injector()
        for _ in 0..<3 { _ = try injector.getObject(KeyPathRoot.self) }
        _ = Self.reentrantRequest(KeyPathRoot.self, in: injector)
        let root = try injector.getObject(KeyPathRoot.self)
        #expect(root.leaf != nil)
    }
}
