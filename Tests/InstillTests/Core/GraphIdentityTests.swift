import Instill
import Testing

// MARK: - Fixtures

private final class Labelled: Injectable {
    static let scope: Scope = .graph
    init() {}
}

private final class OtherGraph: Injectable {
    static let scope: Scope = .graph
    init() {}
}

/// A `.normal` object whose initializer creates and drops 20 injectors, each asked
/// for a `.graph` object, all inside one request of the outer injector.
private final class Surveyor: Injectable {
    /// What each temporary injector answered, kept alive so that no two can share an
    /// address by accident.
    let answers: [AnyObject]

    init() throws {
        var answers: [AnyObject] = []
        for _ in 0..<20 {
            answers.append(try Injector().getObject(Labelled.self))
        }
        self.answers = answers
    }
}

/// Like ``Surveyor``, alternating between two `.graph` types.
private final class MixedSurveyor: Injectable {
    let answers: [AnyObject]

    init() throws {
        var answers: [AnyObject] = []
        for index in 0..<20 {
            if index.isMultiple(of: 2) {
                answers.append(try Injector().getObject(Labelled.self))
            } else {
                answers.append(try Injector().getObject(OtherGraph.self))
            }
        }
        self.answers = answers
    }
}

/// One `.graph` type per tag: a request that makes a dozen of them.
private final class Part<Tag>: Injectable {
    static var scope: Scope { .graph }
    init() {}
}

private enum T0 {}
private enum T1 {}
private enum T2 {}
private enum T3 {}
private enum T4 {}
private enum T5 {}
private enum T6 {}
private enum T7 {}
private enum T8 {}
private enum T9 {}
private enum T10 {}
private enum T11 {}

/// Reaches each part through a requirement of its own.
private class Parts: Injectable {
    var p0: Part<T0>!, p1: Part<T1>!, p2: Part<T2>!, p3: Part<T3>!, p4: Part<T4>!, p5: Part<T5>!
    var p6: Part<T6>!, p7: Part<T7>!, p8: Part<T8>!, p9: Part<T9>!, p10: Part<T10>!, p11: Part<T11>!
    var parts: [ObjectIdentifier?] {
        func id(_ part: AnyObject?) -> ObjectIdentifier? { part.map(ObjectIdentifier.init) }
        return [id(p0), id(p1), id(p2), id(p3), id(p4), id(p5), id(p6), id(p7), id(p8), id(p9), id(p10), id(p11)]
    }
    class var requires: Requirements {
        Requirements(\Parts.p0, \.p1, \.p2, \.p3, \.p4, \.p5, \.p6, \.p7, \.p8, \.p9, \.p10, \.p11)
    }
    required init() {}
}

private final class Subassembly: Parts {}

/// Holds the dozen parts, and a subassembly that must get the same ones.
private final class Assembly: Parts {
    var subassembly: Subassembly!
    override class var requires: Requirements { super.requires + Requirements(\Assembly.subassembly) }
}

// MARK: - Specification

@Suite("Graph identity")
struct GraphIdentityTests {
    @Test("a request that makes a dozen .graph objects shares each within it, and no request shares them with another")
    func dozenGraphObjectsPerRequest() throws {
        let injector = Injector()
        var seen: Set<ObjectIdentifier> = []
        var kept: [Assembly] = []  // alive, so that no address is reused
        for _ in 0..<4 {
            let assembly = try injector.getObject(Assembly.self)
            kept.append(assembly)
            #expect(assembly.parts.count == 12)
            #expect(assembly.parts == assembly.subassembly.parts)
            #expect(Set(assembly.parts.compactMap { $0 }).count == 12)
            for part in assembly.parts { #expect(part.map { seen.insert($0).inserted } == true) }
        }
    }

    @Test("temporary injectors created inside one request each get their own .graph object")
    func temporaryInjectorsGetTheirOwnGraphObjects() throws {
        let surveyor = try Injector().getObject(Surveyor.self)

        #expect(Set(surveyor.answers.map(ObjectIdentifier.init)).count == 20)
        #expect(surveyor.answers.allSatisfy { $0 is Labelled })
    }

    @Test("temporary injectors asked for two .graph types inside one request each get an object of the type asked for")
    func temporaryInjectorsGetTheTypeTheyAskFor() throws {
        let surveyor = try Injector().getObject(MixedSurveyor.self)

        #expect(Set(surveyor.answers.map(ObjectIdentifier.init)).count == 20)
        for (index, answer) in surveyor.answers.enumerated() {
            #expect(index.isMultiple(of: 2) ? answer is Labelled : answer is OtherGraph)
        }
    }
}
