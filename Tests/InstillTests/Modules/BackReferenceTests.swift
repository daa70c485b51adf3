import Instill
import Testing

private protocol Owner: AnyObject {}

/// Built by its parent's initializer; points back through a property.
private final class Child: Injectable {
    weak var parent: Parent?
    var parentSeenAtAwake = false
    static var requires: Requirements { Requirements(\Child.parent) }
    init() {}
    func awakeFromInjection() { parentSeenAtAwake = parent != nil }
}

private final class Parent: Injectable, Owner {
    static let scope: Scope = .graph
    let child: Child
    init(child: Child) { self.child = child }
    static let initializer = Initializer(dependencies: Child.self) { Parent(child: $0) }
}

private final class Pet: Injectable {
    var owner: (any Owner)!
    static var requires: Requirements { Requirements(\Pet.owner) }
    init() {}
}

private final class Household: Injectable, Owner {
    static let scope: Scope = .singleton
    let pet: Pet
    init(pet: Pet) { self.pet = pet }
    static let initializer = Initializer(dependencies: Pet.self) { Household(pet: $0) }
}

private final class Ward: Injectable {
    var guardian: Guardian!
    static var requires: Requirements { Requirements(\Ward.guardian) }
    init() {}
}

/// `.normal`: no object to point back to until it is built, so a cycle.
private final class Guardian: Injectable {
    let ward: Ward
    init(ward: Ward) { self.ward = ward }
    static let initializer = Initializer(dependencies: Ward.self) { Guardian(ward: $0) }
}

/// A module configured by a closure (the shared fixture).
private typealias Bindings = ModuleFixtures.Configure

@Suite("A shared parent built with its child, the child pointing back through a property")
struct BackReferenceTests {
    @Test("a .graph parent's child has its parent once the parent exists, before the child awakes")
    func graphParent() throws {
        let injector = Injector()

        let parent = try injector.getObject(Parent.self)
        let other = try injector.getObject(Parent.self)

        #expect(parent.child.parent === parent)
        #expect(parent.child.parentSeenAtAwake)
        #expect(other.child.parent === other)
        #expect(other !== parent)
    }

    @Test("a child requested first gets the parent, which was built with a child of its own")
    func childFirst() throws {
        let injector = try Injector(modules: [Bindings { $0.bind((any Owner).self, to: Household.self) }])

        let pet = try injector.getObject(Pet.self)

        let household = try #require(pet.owner as? Household)
        #expect(household.pet !== pet)
        #expect(household.pet.owner === household)
        #expect(try injector.getObject(Household.self) === household)
    }

    @Test("a singleton parent reached through a protocol binding is written back")
    func singletonThroughProtocol() throws {
        let injector = try Injector(modules: [Bindings { $0.bind((any Owner).self, to: Household.self) }])

        let household = try injector.getObject(Household.self)

        #expect(household.pet.owner === household)
        #expect(try injector.getObject((any Owner).self) === household)
    }

    @Test("validate() finds nothing wrong with a shared parent's back-reference")
    func validates() throws {
        let injector = try Injector(modules: [Bindings { $0.bind((any Owner).self, to: Household.self) }])

        let report = injector.validate(roots: [Parent.self, Household.self, Child.self, Pet.self])

        #expect(report.problems.map(\.summary) == [])
    }

    @Test("validate() still reports a .normal parent's cycle")
    func normalParentValidation() throws {
        let report = Injector().validate(roots: [Guardian.self])

        #expect(
            report.problems.map(\.summary) == [
                "Guardian is needed again by its own initializer's dependencies, before it exists: Guardian.init(Ward) → Ward.guardian → Guardian."
            ])
    }

    @Test("a .normal parent is still a cycle: there is no one parent to point back to")
    func normalParentIsACycle() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Guardian.self) }

        #expect(error.kind == .cycle)
        #expect(
            error.summary
                == "Guardian is needed again by its own initializer's dependencies, before it exists: Guardian.init(Ward) → Ward.guardian → Guardian."
        )
    }
}
