import Testing

@testable import Instill

// `Requirements` and `Initializer(dependencies:)` record, where the compiler knows it,
// that a class they name is `Injectable`: the first build of that class then asks the
// runtime no conformance question (see "Cold start at app scale" in the Performance
// article). These tests pin down that the forms the compiler picks by itself record
// what they should, and that they behave, fail and explain themselves as before.

// MARK: - Fixtures

private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

private protocol Ledger: AnyObject, Sendable {}
private final class PaperLedger: Ledger, Injectable { init() {} }
private final class InkLedger: Ledger, Injectable { init() {} }

/// Only a requirement list names it.
private final class Nib: Injectable { init() {} }
/// Only a requirement list names it.
private class Barrel: Injectable { required init() {} }
private final class SteelBarrel: Barrel {}
/// Only a mixed list names it.
private final class Cap: Injectable { init() {} }

private final class Pen: Injectable {
    var nib: Nib!
    var barrel: Barrel!
    static var requires: Requirements { Requirements(\Pen.nib, \.barrel) }
    init() {}
}

/// A list that mixes kinds: read at run time.
private final class Marker: Injectable {
    var cap: Cap!
    var ledger: (any Ledger)!
    static var requires: Requirements { Requirements(\Marker.cap, \.ledger) }
    init() {}
}

/// Only an initializer names them.
private final class Spring: Injectable { init() {} }
private final class Clip: Injectable { init() {} }

private final class ClickPen: Injectable {
    let spring: Spring
    let clip: Clip
    init(spring: Spring, clip: Clip) {
        self.spring = spring
        self.clip = clip
    }
    static let initializer = Initializer(dependencies: Spring.self, Clip.self) { ClickPen(spring: $0, clip: $1) }
}

/// Named requirement of an `Injectable` class.
private final class Refill: Injectable {
    let color: String
    init() { color = "black" }
    init(color: String) { self.color = color }
}

private final class Fountain: Injectable {
    var refill: Refill!
    static var requires: Requirements { Requirements().named("red", \Fountain.refill) }
    init() {}
}

/// A class in a list whose own requirement cannot be met.
private protocol Grip: AnyObject {}
private final class Sleeve: Injectable {
    var grip: (any Grip)!
    static var requires: Requirements { Requirements(\Sleeve.grip) }
    static let requiresLine = #line - 1
    init() {}
}

private final class Stylus: Injectable {
    var sleeve: Sleeve!
    static var requires: Requirements { Requirements(\Stylus.sleeve) }
    init() {}
}

/// Two initializers declare the same protocol, filled by two classes.
private final class Desk: Injectable {
    let ledger: any Ledger
    init(ledger: any Ledger) { self.ledger = ledger }
    static let initializer = Initializer(dependencies: (any Ledger).self) { Desk(ledger: $0) }
}

private final class Counter: Injectable {
    let ledger: any Ledger
    init(ledger: any Ledger) { self.ledger = ledger }
    static let initializer = Initializer(dependencies: Resolved.named("ink", (any Ledger).self)) {
        Counter(ledger: $0)
    }
}

/// Main-actor types.
@MainActor
private final class Palette: MainActorInjectable {
    init() {}
}

private final class Brush: Injectable, Sendable { init() {} }

@MainActor
private final class Canvas: MainActorInjectable {
    var palette: Palette!
    static var requires: Requirements { Requirements(\Canvas.palette) }
    init() {}
}

@MainActor
private final class Easel: MainActorInjectable {
    var brush: Brush!
    static var requires: Requirements { Requirements(\Easel.brush) }
    init() {}
}

@MainActor
private final class Studio: MainActorInjectable {
    let brush: Brush
    init(brush: Brush) { self.brush = brush }
    static let initializer = Initializer(mainActorDependencies: Brush.self) { Studio(brush: $0) }
}

// MARK: - Specification

@Suite("Conformances recorded where they are declared")
struct DeclaredConformanceTests {
    @Test("a requirement list of Injectable classes records each class, which is then built and written")
    func injectableListsRecordTheirClasses() throws {
        _ = Pen.requires
        #expect(InjectableMetadata.isKnown(Nib.self))
        #expect(InjectableMetadata.isKnown(Barrel.self))
        let pen = try Injector().getObject(Pen.self)
        #expect(pen.nib != nil && type(of: pen.barrel!) == Barrel.self)
    }

    @Test("a binding still wins over a recorded class: a subclass bound to it is what is written")
    func bindingsWinOverRecordedClasses() throws {
        let injector = try Injector(modules: [Bindings { $0.bind(Barrel.self, to: SteelBarrel.self) }])
        #expect(try injector.getObject(Pen.self).barrel is SteelBarrel)
    }

    @Test("a list that mixes kinds records nothing, and is read and filled at run time as before")
    func mixedListsAreReadAtRunTime() throws {
        _ = Marker.requires
        #expect(!InjectableMetadata.isKnown(Cap.self))
        let injector = try Injector(modules: [Bindings { $0.bind((any Ledger).self, to: PaperLedger.self) }])
        let marker = try injector.getObject(Marker.self)
        #expect(marker.cap != nil && marker.ledger is PaperLedger)
    }

    @Test("an initializer whose dependencies are all Injectable classes records them and receives them")
    func initializersRecordTheirClasses() throws {
        _ = ClickPen.initializer
        #expect(InjectableMetadata.isKnown(Spring.self) && InjectableMetadata.isKnown(Clip.self))
        let pens = try (0..<3).map { _ in try Injector().getObject(ClickPen.self) }
        #expect(Set(pens.map { ObjectIdentifier($0.spring) }).count == 3)
    }

    @Test("a named requirement of an Injectable class is filled from the binding of that name")
    func namedRequirementsUseTheirBinding() throws {
        let injector = try Injector(modules: [
            Bindings { $0.bind(Refill.self, named: "red") { _ in Refill(color: "red") } }
        ])
        #expect(try injector.getObject(Fountain.self).refill.color == "red")
    }

    @Test("a failure under a recorded class names the same chain, declaration and fix as before")
    func failuresUnderRecordedClassesExplainThemselves() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Stylus.self) }
        #expect(
            error.description == """
                noBinding: nothing is bound to any Grip, and it cannot be built automatically.
                  Requested: Stylus
                  Chain: Stylus.sleeve → Sleeve.grip (declared at \(#fileID):\(Sleeve.requiresLine))
                  To fix: bind an implementation in a module: binder.bind((any Grip).self, to: SomeType.self), \
                or an instance: binder.bind(value, as: (any Grip).self).
                """)
        let report = Injector().validate(roots: [Stylus.self])
        #expect(report.description.contains("Stylus.sleeve → Sleeve.grip"))
    }

    @Test("two initializers declaring one protocol, filled by two classes, both stay on their warm paths")
    func oneDeclaredTypeTwoClasses() throws {
        let injector = try Injector(modules: [
            Bindings {
                $0.bind((any Ledger).self, to: PaperLedger.self)
                $0.bind((any Ledger).self, to: InkLedger.self, named: "ink")
            }
        ])
        for _ in 0..<4 {
            #expect(try injector.getObject(Desk.self).ledger is PaperLedger)
            #expect(try injector.getObject(Counter.self).ledger is InkLedger)
        }
        #expect(try injector.buildsWarm(Desk.self))
        #expect(try injector.buildsWarm(Counter.self))
    }

    @Test("main-actor lists and initializers record Injectable and main-actor classes, built on the main actor")
    @MainActor
    func mainActorFormsRecordTheirClasses() throws {
        _ = Canvas.requires
        _ = Easel.requires
        _ = Studio.initializer
        #expect(InjectableMetadata.isKnown(Palette.self))
        #expect(InjectableMetadata.isKnown(Brush.self))
        let injector = Injector()
        #expect(try injector.getObject(Canvas.self).palette != nil)
        #expect(try injector.getObject(Easel.self).brush != nil)
        let studio = try injector.getObject(Studio.self)
        #expect(studio.brush !== (try injector.getObject(Studio.self)).brush)
    }
}
