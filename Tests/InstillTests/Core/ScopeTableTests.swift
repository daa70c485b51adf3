import Testing

@testable import Instill

/// The one table the engine reads for what a scope does (`Scope.storage` and the
/// properties derived from it): each row, and what it means for a build.
@Suite("Scope table: where each scope's objects are kept")
struct ScopeTableTests {
    @Test("each scope's row: storage, shared, registered for cycles, compiled into plans, fixed once published")
    func rows() {
        struct Row: Equatable {
            let storage: Scope.Storage
            let isShared, breaksCycles, compilesIntoPlan, isFixedOncePublished: Bool
        }
        func row(_ scope: Scope) -> Row {
            Row(
                storage: scope.storage, isShared: scope.isShared, breaksCycles: scope.breaksCycles,
                compilesIntoPlan: scope.compilesIntoPlan, isFixedOncePublished: scope.isFixedOncePublished)
        }
        #expect(
            row(.normal)
                == Row(
                    storage: .none, isShared: false, breaksCycles: false, compilesIntoPlan: true,
                    isFixedOncePublished: false))
        #expect(
            row(.graph)
                == Row(
                    storage: .request, isShared: false, breaksCycles: true, compilesIntoPlan: false,
                    isFixedOncePublished: false))
        #expect(
            row(.singleton)
                == Row(
                    storage: .published, isShared: true, breaksCycles: true, compilesIntoPlan: false,
                    isFixedOncePublished: true))
        #expect(
            row(.weak)
                == Row(
                    storage: .published, isShared: true, breaksCycles: true, compilesIntoPlan: false,
                    isFixedOncePublished: false))
    }

    @Test("a plan holds a published singleton as a constant, and never a weak object")
    func plansHoldOnlyFixedValues() throws {
        let injector = try Injector(modules: [TableModule()])
        for _ in 0..<3 {
            _ = try injector.getObject(HoldsSingleton.self)
            _ = try injector.getObject(HoldsWeak.self)
        }
        let withSingleton = try injector.recipe(
            for: BindingKey(HoldsSingleton.self), type: TypeReference(HoldsSingleton.self))
        let withWeak = try injector.recipe(for: BindingKey(HoldsWeak.self), type: TypeReference(HoldsWeak.self))
        #expect(withSingleton.plan != nil)
        #expect(withWeak.plan == nil)
        let first = try injector.getObject(HoldsSingleton.self)
        let second = try injector.getObject(HoldsSingleton.self)
        #expect(first.shared === second.shared)
        #expect(first !== second)
    }
}

private final class SharedPart: Injectable {
    init() {}
}

private final class WeakPart: Injectable {
    init() {}
}

private final class HoldsSingleton: Injectable {
    var shared: SharedPart!
    static var requires: Requirements { Requirements(\HoldsSingleton.shared) }
    init() {}
}

private final class HoldsWeak: Injectable {
    var part: WeakPart!
    static var requires: Requirements { Requirements(\HoldsWeak.part) }
    init() {}
}

private struct TableModule: Module {
    func configure(_ binder: Binder) {
        binder.setScope(.singleton, for: SharedPart.self)
        binder.setScope(.weak, for: WeakPart.self)
    }
}
