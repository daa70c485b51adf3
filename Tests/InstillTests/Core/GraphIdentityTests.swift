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

// MARK: - Specification

@Suite("Graph identity")
struct GraphIdentityTests {
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
