import Instill
import Testing

/// One test per row of the Bad Input Catalogue (`BadInputCatalogue.md`): each misuse a
/// user coming from Objection or Swinject is likely to make, the error kind it gives,
/// and the lines of the message that explain it. The numbers match the article's.
@Suite("Bad-input catalogue")
struct BadInputTests {
    // MARK: Missing bindings

    @Test("#1 a protocol requirement with nothing bound: noBinding, with the chain")
    func unboundProtocolRequirement() throws {
        let error = try Self.error(of: .unboundProtocolRequirement)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to any BadInputTests.GearBox, and it cannot be built automatically.",
                "Requested: BadInputTests.Garage",
                "Chain: BadInputTests.Garage.car → BadInputTests.Car.gearBox (declared at \(#fileID):…",
                "To fix: \(Self.bindGearBox)",
            ])
    }

    @Test("#2 a request for a protocol with nothing bound: noBinding")
    func unboundProtocolRequest() throws {
        let error = try Self.error(of: .unboundProtocolRequest)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to any BadInputTests.GearBox, and it cannot be built automatically.",
                "Requested: any BadInputTests.GearBox",
                "To fix: \(Self.bindGearBox)",
            ])
        #expect(error.chain.isEmpty)
    }

    @Test("#3 a struct requirement with nothing bound: noBinding, and a fix that can work for a struct")
    func unboundStruct() throws {
        let error = try Self.error(of: .unboundStruct)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to BadInputTests.Settings, and it cannot be built automatically.",
                "Requested: BadInputTests.Radio",
                "Chain: BadInputTests.Radio.settings (declared at \(#fileID):…",
            ])
        // No class is a `Settings`, so `bind(Settings.self, to: SomeType.self)` could only
        // fail again (typeDoesNotConform): the fix must offer an instance or a closure.
        #expect(!error.fix.contains("to: SomeType.self"), "\(error.fix)")
        #expect(error.fix.contains("{ _ in ... }"), "\(error.fix)")
    }

    @Test("#4 a closure-typed requirement with nothing bound: noBinding, and a fix that compiles")
    func unboundClosureType() throws {
        let error = try Self.error(of: .unboundClosureType)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to @Sendable () -> (), and it cannot be built automatically.",
                "Requested: BadInputTests.Button",
                "Chain: BadInputTests.Button.onTap (declared at \(#fileID):…",
            ])
        // A function type's metatype is spelled `(@Sendable () -> ()).self`, and only a
        // closure or an instance binding can provide a function.
        #expect(error.fix.contains("(@Sendable () -> ()).self"), "\(error.fix)")
        #expect(!error.fix.contains("to: SomeType.self"), "\(error.fix)")
    }

    @Test("#5 a plain (non-Injectable) class with nothing bound: noBinding, unlike Objection")
    func unboundPlainClass() throws {
        let error = try Self.error(of: .unboundPlainClass)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to BadInputTests.Formatter, and it cannot be built automatically.",
                "Requested: BadInputTests.Report",
                "Chain: BadInputTests.Report.formatter (declared at \(#fileID):…",
                "To fix: make BadInputTests.Formatter Injectable, or bind it in a module: binder.bind(BadInputTests.Formatter.self) { _ in BadInputTests.Formatter(...) }.",
            ])
    }

    @Test("#6 an optional requirement with nothing bound: noBinding, not a silent nil")
    func unboundOptionalRequirement() throws {
        let error = try Self.error(of: .unboundOptionalRequirement)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to any BadInputTests.GearBox, and it cannot be built automatically.",
                "Requested: BadInputTests.Dashboard",
                "Chain: BadInputTests.Dashboard.gearBox (declared at \(#fileID):…",
                "To fix: \(Self.bindGearBox)",
            ])
    }

    @Test("#7 a named requirement whose name is not bound: noBinding, showing the names that are")
    func namedRequirementWithOtherName() throws {
        let error = try Self.error(of: .namedRequirementWithOtherName)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to BadInputTests.Headlight named \"left\", and it cannot be built automatically.",
                "Requested: BadInputTests.Coupe",
                "Chain: BadInputTests.Coupe.leftLight (declared at \(#fileID):…",
                "Bound nearby: closure → BadInputTests.Headlight named \"right\" in ModuleFixtures.Configure (\(#fileID):…",
                "To fix: bind it in a module: binder.bind(BadInputTests.Headlight.self, named: \"left\") { _ in ... }, or use a name that is bound.",
            ])
    }

    @Test("#8 a named singleton asked for under another name: noBinding, showing the bound name")
    func namedSingletonAskedUnderOtherName() throws {
        let error = try Self.error(of: .namedSingletonAskedUnderOtherName)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to BadInputTests.Headlight named \"primary\", and it cannot be built automatically.",
                "Requested: BadInputTests.Headlight",
                "Bound nearby: closure → BadInputTests.Headlight named \"main\" in ModuleFixtures.Configure (\(#fileID):…",
                "To fix: bind it in a module: binder.bind(BadInputTests.Headlight.self, named: \"primary\") { _ in ... }, or use a name that is bound.",
            ])
    }

    @Test("#9 a named requirement of an Injectable type with nothing bound: noBinding (names never build alone)")
    func namedInjectableRequirement() throws {
        let error = try Self.error(of: .namedInjectableRequirement)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to BadInputTests.Spare named \"spare\", and it cannot be built automatically.",
                "Requested: BadInputTests.Trunk",
                "Chain: BadInputTests.Trunk.spare (declared at \(#fileID):…",
                "To fix: bind it in a module: binder.bind(BadInputTests.Spare.self, named: \"spare\") { _ in ... }, or use a name that is bound.",
            ])
    }

    @Test("#10 an unnamed request for a type bound only under a name: noBinding, showing the name")
    func unnamedRequestForNamedBinding() throws {
        let error = try Self.error(of: .unnamedRequestForNamedBinding)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to BadInputTests.Headlight, and it cannot be built automatically.",
                "Requested: BadInputTests.Headlight",
                "Bound nearby: closure → BadInputTests.Headlight named \"main\" in ModuleFixtures.Configure (\(#fileID):…",
            ])
    }

    @Test("#11 a request for a protocol when only a conforming concrete type is bound: noBinding, naming that binding")
    func protocolRequestWithOnlyConcreteBound() throws {
        let error = try Self.error(of: .protocolRequestWithOnlyConcreteBound)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to any BadInputTests.GearBox, and it cannot be built automatically.",
                "Requested: any BadInputTests.GearBox",
                "Bound nearby: instance of BadInputTests.FiveSpeed → BadInputTests.FiveSpeed in ModuleFixtures.Configure (\(#fileID):…",
                "To fix: \(Self.bindGearBox)",
            ])
        // The FiveSpeed instance is what comes close (DESIGN §6): it is a GearBox, bound
        // under its own type instead of the protocol.
        #expect(error.nearMatches.contains { $0.contains("FiveSpeed") }, "\(error)")
    }

    @Test("#12 calling a Provider of a protocol with nothing bound: noBinding when called")
    func providerOfUnboundProtocol() throws {
        let error = try Self.error(of: .providerOfUnboundProtocol)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to any BadInputTests.GearBox, and it cannot be built automatically.",
                "Requested: any BadInputTests.GearBox",
                "To fix: \(Self.bindGearBox)",
            ])
    }

    @Test("#13 an eager singleton of a protocol with nothing bound: Injector(modules:) throws noBinding")
    func eagerSingletonUnbound() throws {
        let error = try Self.error(of: .eagerSingletonUnbound)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to any BadInputTests.GearBox, and it cannot be built automatically.",
                "Requested: any BadInputTests.GearBox",
                "To fix: \(Self.bindGearBox)",
            ])
    }

    // MARK: Arguments

    @Test("#14 an argument of the wrong type for an initializer: argumentMismatch naming index and types")
    func wrongArgumentType() throws {
        let error = try Self.error(of: .wrongArgumentType)

        Self.expect(
            error, .argumentMismatch,
            lines: [
                "argumentMismatch: BadInputTests.Engine reads argument 0 as String, but an Int was given.",
                "Requested: BadInputTests.Engine",
                "To fix: pass a String at position 0.",
            ])
    }

    @Test("#15 fewer arguments than the initializer reads (they replace the defaults): argumentMismatch")
    func tooFewArguments() throws {
        let error = try Self.error(of: .tooFewArguments)

        Self.expect(
            error, .argumentMismatch,
            lines: [
                "argumentMismatch: BadInputTests.Engine reads argument 1 as Int, but 1 argument was given.",
                "Requested: BadInputTests.Engine",
                "To fix: pass 2 or more arguments (getObject(BadInputTests.Engine.self, arguments: ...)), or declare defaults in its Initializer.",
            ])
    }

    @Test("#16 a provider reading an argument the request did not pass: argumentMismatch, with a fix for providers")
    func providerMissingArgument() throws {
        let error = try Self.error(of: .providerMissingArgument)

        Self.expect(
            error, .argumentMismatch,
            lines: [
                "argumentMismatch: BadInputTests.Wheel reads argument 0 as Int, but 0 arguments were given.",
                "Requested: BadInputTests.Wheel",
                "To fix: pass 1 or more arguments (getObject(BadInputTests.Wheel.self, arguments: ...)), or check `arguments.count` in the provider before reading argument 0.",
            ])
        // Wheel is built by a provider, which has no declared defaults (ObjectProvider's
        // documentation): pointing at "its Initializer" sends the user to code that is not run.
        #expect(!error.fix.contains("Initializer"), "\(error.fix)")
    }

    @Test("#17 a provider reading an argument of another type: argumentMismatch")
    func providerWrongArgumentType() throws {
        let error = try Self.error(of: .providerWrongArgumentType)

        Self.expect(
            error, .argumentMismatch,
            lines: [
                "argumentMismatch: BadInputTests.Wheel reads argument 0 as Int, but a String was given.",
                "Requested: BadInputTests.Wheel",
                "To fix: pass an Int at position 0.",
            ])
    }

    // MARK: Scopes

    @Test("#18 an eager singleton whose type is .normal: Injector(modules:) throws eagerSingletonNotSingleton")
    func eagerNormalType() throws {
        let error = try Self.error(of: .eagerNormalType)

        Self.expect(
            error, .eagerSingletonNotSingleton,
            lines: [
                "eagerSingletonNotSingleton: BadInputTests.Lamp is registered as an eager singleton but its scope is .normal.",
                "Requested: BadInputTests.Lamp",
                "To fix: declare `static let scope: Scope = .singleton` on BadInputTests.Lamp, or call binder.setScope(.singleton, for: BadInputTests.Lamp.self).",
            ])
    }

    @Test("#19 an eager singleton bound to a closure without scope: .singleton: eagerSingletonNotSingleton")
    func eagerClosureNotSingleton() throws {
        let error = try Self.error(of: .eagerClosureNotSingleton)

        Self.expect(
            error, .eagerSingletonNotSingleton,
            lines: [
                "eagerSingletonNotSingleton: any BadInputTests.GearBox is registered as an eager singleton but its scope is .normal.",
                "Requested: any BadInputTests.GearBox",
                "To fix: bind any BadInputTests.GearBox with `scope: .singleton`, or remove binder.eagerSingleton((any BadInputTests.GearBox).self).",
            ])
    }

    @Test("#20 an eager singleton of a protocol linked to a .normal type: eagerSingletonNotSingleton naming the type")
    func eagerLinkToNormalType() throws {
        let error = try Self.error(of: .eagerLinkToNormalType)

        Self.expect(
            error, .eagerSingletonNotSingleton,
            lines: [
                "eagerSingletonNotSingleton: any BadInputTests.GearBox is registered as an eager singleton but its scope is .normal.",
                "Requested: any BadInputTests.GearBox",
                "To fix: declare `static let scope: Scope = .singleton` on BadInputTests.FiveSpeed, or call binder.setScope(.singleton, for: BadInputTests.FiveSpeed.self).",
            ])
    }

    // MARK: Cycles

    @Test("#21 two .normal types that require each other: cycle with the path, fixed as the message says")
    func normalCycle() throws {
        let error = try Self.error(of: .normalCycle)

        Self.expect(
            error, .cycle,
            lines: [
                "cycle: the requirements form a cycle with no singleton, graph or weak-scoped object: BadInputTests.Chicken.egg → BadInputTests.Egg.chicken → BadInputTests.Chicken.",
                "Requested: BadInputTests.Chicken",
                "Chain: BadInputTests.Chicken.egg → BadInputTests.Egg.chicken (declared at \(#fileID):…",
                "To fix: \(Self.cycleFix)",
            ])
        let fixed = try Injector(modules: [Configure { $0.setScope(.graph, for: Egg.self) }])
        let chicken = try fixed.getObject(Chicken.self)
        #expect(chicken.egg.chicken.egg === chicken.egg)
    }

    @Test("#22 a .normal type that requires itself: cycle")
    func selfCycle() throws {
        let error = try Self.error(of: .selfCycle)

        Self.expect(
            error, .cycle,
            lines: [
                "cycle: the requirements form a cycle with no singleton, graph or weak-scoped object: BadInputTests.Ouroboros.tail → BadInputTests.Ouroboros.",
                "Requested: BadInputTests.Ouroboros",
                "Chain: BadInputTests.Ouroboros.tail (declared at \(#fileID):…",
                "To fix: \(Self.cycleFix)",
            ])
    }

    @Test("#23 an initializer that asks the injector for its own type: cycle through .init, with a fix that applies")
    func initializerReentrance() throws {
        let error = try Self.error(of: .initializerReentrance)

        Self.expect(
            error, .cycle,
            lines: [
                "cycle: BadInputTests.Echo is asked for again while its initializer is still running: BadInputTests.Echo.init → BadInputTests.Echo.",
                "Requested: BadInputTests.Echo",
                "To fix: the initializer of BadInputTests.Echo asks the injector for something that needs BadInputTests.Echo itself: list it in `requires` instead (filled after init), or ask for it in awakeFromInjection().",
            ])
        // No scope breaks a cycle through an initializer (nothing exists to register
        // yet): the fix must say to stop asking from the initializer, not to change scope.
        #expect(!error.fix.contains(".singleton, .graph or .weak scope"), "\(error.fix)")
        #expect(error.fix.contains("initializer"), "\(error.fix)")
    }

    @Test("#24 a closure binding that asks for its own type: cycle through the binding, with a fix that applies")
    func closureAsksForItself() throws {
        let error = try Self.error(of: .closureAsksForItself)

        Self.expect(
            error, .cycle,
            lines: [
                "cycle: any BadInputTests.GearBox is asked for again while its closure or provider is still running: any BadInputTests.GearBox (binding) → any BadInputTests.GearBox.",
                "Requested: any BadInputTests.GearBox",
                "To fix: the closure or provider bound to any BadInputTests.GearBox asks the injector for any BadInputTests.GearBox again: build the value in the closure, or ask for a concrete type that is not bound to any BadInputTests.GearBox.",
            ])
        // A closure's value does not exist until it returns, so no scope breaks this cycle.
        #expect(!error.fix.contains(".singleton, .graph or .weak scope"), "\(error.fix)")
        #expect(error.fix.contains("closure") || error.fix.contains("binding"), "\(error.fix)")
    }

    @Test("#25 a .weak object whose initializer asks for its own type: cycle through .init, fixed as the message says")
    func weakReentrance() throws {
        let error = try Self.error(of: .weakReentrance)

        Self.expect(
            error, .cycle,
            lines: [
                "cycle: BadInputTests.Session is asked for again while its initializer is still running: BadInputTests.Session.init → BadInputTests.Session.",
                "Requested: BadInputTests.Session",
                "To fix: the initializer of BadInputTests.Session asks the injector for something that needs BadInputTests.Session itself: list it in `requires` instead (filled after init), or ask for it in awakeFromInjection().",
            ])
        #expect(error.chain.isEmpty)
        // Following the advice works. Asked for from awakeFromInjection(), a .weak object
        // gets itself.
        let journal = try Injector().getObject(Journal.self)
        #expect(journal.current === journal)
        // A .weak object is registered before its requirements are filled, so a cycle of
        // requirements through one resolves, whichever end is asked for, sharing the weak
        // object within it, and awakes each object once.
        let tracker = try Injector().getObject(Tracker.self)
        #expect(tracker.visit.tracker.visit === tracker.visit)
        #expect(tracker.awakeCount == 1)
        #expect(tracker.visit.awakeCount == 1)
        #expect(tracker.visit.tracker.awakeCount == 1)
        let visit = try Injector().getObject(Visit.self)
        #expect(visit.tracker.visit === visit)
        #expect(visit.awakeCount == 1)
        #expect(visit.tracker.awakeCount == 1)
    }

    @Test("#26 two type bindings that point at each other: cycle, with a fix about the bindings")
    func typeBindingsPointingAtEachOther() throws {
        let error = try Self.error(of: .typeBindingsPointingAtEachOther)

        Self.expect(
            error, .cycle,
            lines: [
                "cycle: the bindings form a loop: BadInputTests.Van → BadInputTests.Vehicle → BadInputTests.Van.",
                "Requested: BadInputTests.Vehicle",
                "To fix: bind one of them to a concrete Injectable type instead of to another bound type.",
            ])
        // A loop of links has no object to give a scope to: one binding must go.
        #expect(!error.fix.contains(".singleton, .graph or .weak scope"), "\(error.fix)")
        #expect(error.fix.contains("bind"), "\(error.fix)")
    }

    // MARK: Conformance

    @Test("#27 a type bound to a protocol it does not conform to: typeDoesNotConform naming both")
    func typeBoundToForeignProtocol() throws {
        let error = try Self.error(of: .typeBoundToForeignProtocol)

        Self.expect(
            error, .typeDoesNotConform,
            lines: [
                "typeDoesNotConform: BadInputTests.Lamp is bound to any BadInputTests.GearBox but does not conform to BadInputTests.GearBox.",
                "Requested: BadInputTests.Car",
                "Chain: BadInputTests.Car.gearBox (declared at \(#fileID):…",
                "To fix: make BadInputTests.Lamp conform to BadInputTests.GearBox, or bind another type to any BadInputTests.GearBox.",
            ])
    }

    @Test("#28 a superclass bound to a class that is not its subclass: typeDoesNotConform")
    func superclassBoundToNonSubclass() throws {
        let error = try Self.error(of: .superclassBoundToNonSubclass)

        Self.expect(
            error, .typeDoesNotConform,
            lines: [
                "typeDoesNotConform: BadInputTests.Boat is bound to BadInputTests.Vehicle but is not a subclass of BadInputTests.Vehicle.",
                "Requested: BadInputTests.Vehicle",
                "To fix: make BadInputTests.Boat a subclass of BadInputTests.Vehicle, or bind another type to BadInputTests.Vehicle.",
            ])
    }

    @Test("#29 a provider bound to a protocol that returns another type: instanceDoesNotConform")
    func providerReturnsOtherType() throws {
        let error = try Self.error(of: .providerReturnsOtherType)

        Self.expect(
            error, .instanceDoesNotConform,
            lines: [
                "instanceDoesNotConform: the value bound to any BadInputTests.GearBox is a BadInputTests.Lamp, which does not conform to BadInputTests.GearBox.",
                "Requested: BadInputTests.Car",
                "Chain: BadInputTests.Car.gearBox (declared at \(#fileID):…",
                "To fix: bind a value that is a BadInputTests.GearBox, or change the type of the requirement.",
            ])
    }

    // MARK: Code that fails

    @Test("#30 an init() that throws: initializerFailed wrapping the error")
    func throwingInit() throws {
        let error = try Self.error(of: .throwingInit)

        Self.expect(
            error, .initializerFailed,
            lines: [
                "initializerFailed: the initializer of BadInputTests.Meter threw: sensor not calibrated",
                "Requested: BadInputTests.Meter",
                "To fix: make the initializer of BadInputTests.Meter succeed; nothing it started was cached.",
            ])
        #expect(error.underlyingError is Calibration)
    }

    @Test("#31 a declared Initializer that throws: initializerFailed wrapping the error")
    func throwingInitializer() throws {
        let error = try Self.error(of: .throwingInitializer)

        Self.expect(
            error, .initializerFailed,
            lines: [
                "initializerFailed: the initializer of BadInputTests.Probe threw: sensor not calibrated",
                "Requested: BadInputTests.Probe",
                "To fix: make the initializer of BadInputTests.Probe succeed; nothing it started was cached.",
            ])
        #expect(error.underlyingError is Calibration)
    }

    @Test("#32 an eager singleton whose init() throws: Injector(modules:) throws initializerFailed")
    func throwingEagerSingleton() throws {
        let error = try Self.error(of: .throwingEagerSingleton)

        Self.expect(
            error, .initializerFailed,
            lines: [
                "initializerFailed: the initializer of BadInputTests.Meter threw: sensor not calibrated",
                "Requested: BadInputTests.Meter",
                "To fix: make the initializer of BadInputTests.Meter succeed; nothing it started was cached.",
            ])
    }

    @Test("#33 a closure binding that throws: providerFailed wrapping the error")
    func throwingClosure() throws {
        let error = try Self.error(of: .throwingClosure)

        Self.expect(
            error, .providerFailed,
            lines: [
                "providerFailed: the closure or provider bound to any BadInputTests.Clock threw: time server unreachable",
                "Requested: BadInputTests.Alarm",
                "Chain: BadInputTests.Alarm.clock (declared at \(#fileID):…",
                "To fix: make the binding of any BadInputTests.Clock succeed; nothing it started was cached.",
            ])
        #expect(error.underlyingError is Outage)
    }

    @Test("#34 an ObjectProvider that throws: providerFailed wrapping the error")
    func throwingProvider() throws {
        let error = try Self.error(of: .throwingProvider)

        Self.expect(
            error, .providerFailed,
            lines: [
                "providerFailed: the closure or provider bound to any BadInputTests.Clock threw: time server unreachable",
                "Requested: BadInputTests.Alarm",
                "Chain: BadInputTests.Alarm.clock (declared at \(#fileID):…",
                "To fix: make the binding of any BadInputTests.Clock succeed; nothing it started was cached.",
            ])
        #expect(error.underlyingError is Outage)
    }

    @Test("#35 a closure returning nil for a non-optional requirement: nilValue, with a fix that compiles")
    func closureReturnsNilForNonOptional() throws {
        let error = try Self.error(of: .closureReturnsNilForNonOptional)

        Self.expect(
            error, .nilValue,
            lines: [
                "nilValue: the binding of any BadInputTests.Clock returned nil where an any BadInputTests.Clock is required.",
                "Requested: BadInputTests.Alarm",
                "Chain: BadInputTests.Alarm.clock (declared at \(#fileID):…",
                "Bound at: \(#fileID):…",
                "To fix: return a value from the binding, or declare the requirement's property optional ((any BadInputTests.Clock)?).",
            ])
        // `any Clock?` does not compile; an optional existential is `(any Clock)?`.
        #expect(error.fix.contains("(any BadInputTests.Clock)?"), "\(error.fix)")
    }

    @Test("#36 a provider returning nil for a request: nilValue")
    func providerReturnsNilForRequest() throws {
        let error = try Self.error(of: .providerReturnsNilForRequest)

        Self.expect(
            error, .nilValue,
            lines: [
                "nilValue: the binding of any BadInputTests.Clock returned nil where an any BadInputTests.Clock is required.",
                "Requested: any BadInputTests.Clock",
                "Bound at: \(#fileID):…",
                "To fix: return a value from the binding: getObject never returns nil.",
            ])
    }

    // MARK: Declarations

    @Test("#37 a subclass that inherits an initializer building its superclass: initializerFailed")
    func inheritedInitializerBuildsSuperclass() throws {
        let error = try Self.error(of: .inheritedInitializerBuildsSuperclass)

        Self.expect(
            error, .initializerFailed,
            lines: [
                "initializerFailed: the initializer of BadInputTests.Minibus built a BadInputTests.Vehicle, which is not a BadInputTests.Minibus.",
                "Requested: BadInputTests.Minibus",
                "To fix: return a BadInputTests.Minibus from its Initializer (a subclass inherits its superclass's initializer unless it overrides `class var initializer`).",
            ])
    }

    @Test("#38 a type with neither init() nor an Initializer: noInitializer")
    func noInitializer() throws {
        let error = try Self.error(of: .noInitializer)

        Self.expect(
            error, .noInitializer,
            lines: [
                "noInitializer: BadInputTests.Blueprint declares neither init() nor an Initializer.",
                "Requested: BadInputTests.Blueprint",
                "To fix: add `init()` to BadInputTests.Blueprint, or declare `static let initializer = Initializer { arguments in ... }`.",
            ])
    }

    @Test("#39 a requirement key path rooted at an unrelated class: invalidRequirement")
    func foreignKeyPath() throws {
        let error = try Self.error(of: .foreignKeyPath)

        Self.expect(
            error, .invalidRequirement,
            lines: [
                "invalidRequirement: BadInputTests.Impostor.requires lists a key path into BadInputTests.Car, but BadInputTests.Impostor is not a BadInputTests.Car.",
                "Requested: BadInputTests.Impostor",
                "To fix: list key paths rooted at BadInputTests.Impostor or one of its superclasses.",
            ])
    }

    // MARK: Lifetime

    @Test(
        "#40–41 a Provider or ObjectFactory used after its injector is released: injectorReleased",
        arguments: [Misuse.providerAfterRelease, .factoryAfterRelease])
    func usedAfterRelease(misuse: Misuse) throws {
        let error = try Self.error(of: misuse)

        Self.expect(
            error, .injectorReleased,
            lines: [
                "injectorReleased: a Provider, Lazy or ObjectFactory asked for BadInputTests.Lamp after its injector was released.",
                "Requested: BadInputTests.Lamp",
                "To fix: keep the Injector alive as long as the objects that build from it.",
            ])
    }

    // MARK: Key paths and depth

    // Refused where a key path's layout can be read (`buildReadsLayouts`); elsewhere
    // the key path is written through, which here force-unwraps a nil `gauge`.
    @Test(
        "#42 a key path through another property: invalidRequirement, before anything is written",
        .enabled(if: buildReadsLayouts, "nested key paths are recognised from their layout"))
    func nestedKeyPath() throws {
        let error = try Self.error(of: .nestedKeyPath)

        Self.expect(
            error, .invalidRequirement,
            lines: [
                "invalidRequirement: BadInputTests.Panel.requires lists \\Panel.gauge!.needle, a key path through another property; the injector fills only an object's own properties.",
                "Requested: BadInputTests.Panel",
                "To fix: list only BadInputTests.Panel's own property, and let that property's type declare its own requirements.",
            ])
    }

    @Test(
        "#43 a chain nested deeper than the thread's stack allows: depthLimit with the depth and the ends of the chain")
    func deepChain() throws {
        let error = try Self.error(of: .deepChain)

        Self.expect(
            error, .depthLimit,
            lines: [
                "depthLimit: building BadInputTests.Relay would nest …",
                "Requested: BadInputTests.Relay",
                "Chain: BadInputTests.Relay (binding) → BadInputTests.Relay (binding) → …",
                "To fix: a graph this deep is usually a chain that builds a new object at every level: end it, make part of it a singleton or a Provider, or make the request on a thread with a larger stack.",
            ])
        #expect(error.description.contains(" more … → "))
    }

    // MARK: Initializer injection and isolation

    @Test("#44 an initializer dependency with nothing bound: noBinding, with the initializer in the chain")
    func unboundInitializerDependency() throws {
        let error = try Self.error(of: .unboundInitializerDependency)

        Self.expect(
            error, .noBinding,
            lines: [
                "noBinding: nothing is bound to any BadInputTests.GearBox, and it cannot be built automatically.",
                "Requested: BadInputTests.Ledger",
                "Chain: BadInputTests.Ledger.init(any BadInputTests.GearBox) (declared at …",
                "To fix: \(Self.bindGearBox)",
            ])
        let report = Injector().validate(roots: [Ledger.self])
        #expect(report.problems.map(\.description) == [error.description])
    }

    @Test("#45 a cycle made only of initializer dependencies: cycle, which no scope breaks")
    func initializerOnlyCycle() throws {
        let error = try Self.error(of: .initializerOnlyCycle)

        Self.expect(
            error, .cycle,
            lines: [
                "cycle: BadInputTests.Hen is needed again by its own initializer's dependencies, before it exists: BadInputTests.Hen.init(BadInputTests.Yolk) → BadInputTests.Yolk.init(BadInputTests.Hen) → BadInputTests.Hen.",
                "Requested: BadInputTests.Hen",
                "To fix: no scope breaks a cycle through a declared dependency (BadInputTests.Hen does not exist until the initializer of BadInputTests.Hen returns): declare Provider<BadInputTests.Yolk> instead of BadInputTests.Yolk in the initializer of BadInputTests.Hen and call it later, or make BadInputTests.Yolk a property listed in `requires` of a singleton (filled after it is built).",
            ])
    }

    @Test("#46 an initializer closure that builds another type: initializerFailed, naming both")
    func initializerBuildsOtherType() throws {
        let error = try Self.error(of: .initializerBuildsOtherType)

        Self.expect(
            error, .initializerFailed,
            lines: [
                "initializerFailed: the initializer of BadInputTests.Sconce built a BadInputTests.Lamp, which is not a BadInputTests.Sconce.",
                "Requested: BadInputTests.Sconce",
            ])
    }

    @Test("#47 a main-actor type reached off the main actor: mainActorRequired, and nothing is built")
    func mainActorTypeOffMainActor() throws {
        let error = try Self.error(of: .mainActorTypeOffMainActor)

        Self.expect(
            error, .mainActorRequired,
            lines: [
                "mainActorRequired: BadInputTests.MainCockpit is isolated to the main actor, and this request does not run on the main actor.",
                "Requested: any BadInputTests.Cockpit",
                "To fix: request it from @MainActor code (a @MainActor function, or `await MainActor.run { ... }`), or inject Provider<BadInputTests.MainCockpit> and call it on the main actor.",
            ])
    }

    // MARK: Every row

    @Test(
        "after each misuse the injector still answers valid requests, and the misuse fails the same way again",
        arguments: Misuse.allCases.filter(\.leavesInjector))
    func injectorStaysUsable(misuse: Misuse) throws {
        let provocation = try misuse.provoke()
        let injector = try #require(provocation.injector)

        let first = try #require(throws: InjectionError.self) { try provocation.attempt() }
        let beacon = try injector.getObject(Beacon.self)
        let second = try #require(throws: InjectionError.self) { try provocation.attempt() }

        #expect(try injector.getObject(Beacon.self) === beacon)
        #expect(beacon.awakeCount == 1)
        #expect(try injector.getObject(Lamp.self) !== injector.getObject(Lamp.self))
        #expect(second.description == first.description)
    }

    @Test(
        "the fix the catalogue gives for a row makes the same request succeed",
        arguments: Misuse.allCases.filter { (try? $0.fixed()) != nil })
    func fixWorks(misuse: Misuse) throws {
        let fixed = try #require(try misuse.fixed())
        try fixed()
    }

    @Test("the catalogue has a test for every row, numbered without gaps")
    func everyRowIsNumbered() {
        #expect(Misuse.allCases.map(\.rawValue) == Array(1...Misuse.allCases.count))
        #expect(Misuse.allCases.count >= 25)
    }

    // MARK: Helpers

    static let bindGearBox =
        "bind an implementation in a module: binder.bind((any BadInputTests.GearBox).self, to: SomeType.self), or an instance: binder.bind(value, as: (any BadInputTests.GearBox).self)."
    private static let cycleFix =
        "give one type in the cycle .singleton, .graph or .weak scope, or make one requirement a Provider so it is built later."

    /// The error `misuse` throws.
    static func error(of misuse: Misuse) throws -> InjectionError {
        let provocation = try misuse.provoke()
        return try #require(throws: InjectionError.self) { try provocation.attempt() }
    }

    /// Checks the kind, and that each of `lines` is a line of the description (leading
    /// spaces aside); a line ending in "…" need only start the same way.
    static func expect(
        _ error: InjectionError, _ kind: InjectionError.Kind, lines: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error.kind == kind, sourceLocation: sourceLocation)
        let actual = error.description.split(separator: "\n").map { $0.drop { $0 == " " } }
        for line in lines {
            let found =
                line.hasSuffix("…")
                ? actual.contains { $0.hasPrefix(line.dropLast()) } : actual.contains { $0 == line }
            #expect(found, "no line \"\(line)\" in:\n\(error)", sourceLocation: sourceLocation)
        }
    }
}

// MARK: - The misuses

extension BadInputTests {
    /// Every row of the catalogue, numbered as in the article.
    enum Misuse: Int, CaseIterable, Sendable, CustomTestStringConvertible {
        // Missing bindings
        case unboundProtocolRequirement = 1
        case unboundProtocolRequest
        case unboundStruct
        case unboundClosureType
        case unboundPlainClass
        case unboundOptionalRequirement
        case namedRequirementWithOtherName
        case namedSingletonAskedUnderOtherName
        case namedInjectableRequirement
        case unnamedRequestForNamedBinding
        case protocolRequestWithOnlyConcreteBound
        case providerOfUnboundProtocol
        case eagerSingletonUnbound
        // Arguments
        case wrongArgumentType
        case tooFewArguments
        case providerMissingArgument
        case providerWrongArgumentType
        // Scopes
        case eagerNormalType
        case eagerClosureNotSingleton
        case eagerLinkToNormalType
        // Cycles
        case normalCycle
        case selfCycle
        case initializerReentrance
        case closureAsksForItself
        case weakReentrance
        case typeBindingsPointingAtEachOther
        // Conformance
        case typeBoundToForeignProtocol
        case superclassBoundToNonSubclass
        case providerReturnsOtherType
        // Code that fails
        case throwingInit
        case throwingInitializer
        case throwingEagerSingleton
        case throwingClosure
        case throwingProvider
        case closureReturnsNilForNonOptional
        case providerReturnsNilForRequest
        // Declarations
        case inheritedInitializerBuildsSuperclass
        case noInitializer
        case foreignKeyPath
        // Lifetime
        case providerAfterRelease
        case factoryAfterRelease
        // Key paths and depth
        case nestedKeyPath
        case deepChain
        // Initializer injection and isolation
        case unboundInitializerDependency
        case initializerOnlyCycle
        case initializerBuildsOtherType
        case mainActorTypeOffMainActor
        // Initializer injection, continued
        case misnamedInitializerDependency
        case bindingDependencyCycle
        case argumentsForDependencyInitializer
        case throwingInitializerDependency

        var testDescription: String { "#\(rawValue) \(self)" }

        /// Whether the misuse happens on a live injector (not while creating one, nor
        /// after it is gone), so that injector can be asked again afterwards.
        var leavesInjector: Bool {
            switch self {
            case .nestedKeyPath: buildReadsLayouts  // see `nestedKeyPath()`
            case .eagerSingletonUnbound, .eagerNormalType, .eagerClosureNotSingleton, .eagerLinkToNormalType,
                .throwingEagerSingleton, .providerAfterRelease, .factoryAfterRelease:
                false
            default: true
            }
        }

        /// Sets the misuse up: the injector it happens on, and the call that fails.
        func provoke() throws -> Provocation {
            switch self {
            case .unboundProtocolRequirement:
                return on(Injector()) { try $0.getObject(Garage.self) }
            case .unboundProtocolRequest:
                return on(Injector()) { try $0.getObject((any GearBox).self) }
            case .unboundStruct:
                return on(Injector()) { try $0.getObject(Radio.self) }
            case .unboundClosureType:
                return on(Injector()) { try $0.getObject(Button.self) }
            case .unboundPlainClass:
                return on(Injector()) { try $0.getObject(Report.self) }
            case .unboundOptionalRequirement:
                return on(Injector()) { try $0.getObject(Dashboard.self) }
            case .namedRequirementWithOtherName:
                let injector = try Injector(modules: [
                    Configure { $0.bind(Headlight.self, named: "right") { _ in Headlight(side: "right") } }
                ])
                return on(injector) { try $0.getObject(Coupe.self) }
            case .namedSingletonAskedUnderOtherName:
                let injector = try Injector(modules: [
                    Configure { binder in
                        binder.bind(Headlight.self, named: "main", scope: .singleton) { _ in Headlight(side: "main") }
                    }
                ])
                return on(injector) { try $0.getObject(Headlight.self, named: "primary") }
            case .namedInjectableRequirement:
                return on(Injector()) { try $0.getObject(Trunk.self) }
            case .unnamedRequestForNamedBinding:
                let injector = try Injector(modules: [
                    Configure { $0.bind(Headlight.self, named: "main") { _ in Headlight(side: "main") } }
                ])
                return on(injector) { try $0.getObject(Headlight.self) }
            case .protocolRequestWithOnlyConcreteBound:
                let injector = try Injector(modules: [Configure { $0.bind(FiveSpeed()) }])
                return on(injector) { try $0.getObject((any GearBox).self) }
            case .providerOfUnboundProtocol:
                return on(Injector()) { try $0.getObject(Showroom.self).gearBoxes() }
            case .eagerSingletonUnbound:
                return creating([Configure { $0.eagerSingleton((any GearBox).self) }])
            case .wrongArgumentType:
                return on(Injector()) { try $0.getObject(Engine.self, arguments: 12) }
            case .tooFewArguments:
                return on(Injector()) { try $0.getObject(Engine.self, arguments: "V12") }
            case .providerMissingArgument:
                let injector = try Injector(modules: [Configure { $0.bind(Wheel.self, provider: WheelProvider()) }])
                return on(injector) { try $0.getObject(Wheel.self) }
            case .providerWrongArgumentType:
                let injector = try Injector(modules: [Configure { $0.bind(Wheel.self, provider: WheelProvider()) }])
                return on(injector) { try $0.getObject(Wheel.self, arguments: "17 inch") }
            case .eagerNormalType:
                return creating([Configure { $0.eagerSingleton(Lamp.self) }])
            case .eagerClosureNotSingleton:
                return creating([
                    Configure { binder in
                        binder.bind((any GearBox).self) { _ in FiveSpeed() }
                        binder.eagerSingleton((any GearBox).self)
                    }
                ])
            case .eagerLinkToNormalType:
                return creating([
                    Configure { binder in
                        binder.bind((any GearBox).self, to: FiveSpeed.self)
                        binder.eagerSingleton((any GearBox).self)
                    }
                ])
            case .normalCycle:
                return on(Injector()) { try $0.getObject(Chicken.self) }
            case .selfCycle:
                return on(Injector()) { try $0.getObject(Ouroboros.self) }
            case .initializerReentrance:
                return on(Injector()) { try $0.getObject(Echo.self, arguments: $0) }
            case .closureAsksForItself:
                let injector = try Injector(modules: [
                    Configure { $0.bind((any GearBox).self) { try $0.getObject((any GearBox).self) } }
                ])
                return on(injector) { try $0.getObject((any GearBox).self) }
            case .weakReentrance:
                return on(Injector()) { try $0.getObject(Session.self, arguments: $0) }
            case .typeBindingsPointingAtEachOther:
                let injector = try Injector(modules: [
                    Configure { binder in
                        binder.bind(Vehicle.self, to: Van.self)
                        binder.bind(Van.self, to: Vehicle.self)
                    }
                ])
                return on(injector) { try $0.getObject(Vehicle.self) }
            case .typeBoundToForeignProtocol:
                let injector = try Injector(modules: [Configure { $0.bind((any GearBox).self, to: Lamp.self) }])
                return on(injector) { try $0.getObject(Car.self) }
            case .superclassBoundToNonSubclass:
                let injector = try Injector(modules: [Configure { $0.bind(Vehicle.self, to: Boat.self) }])
                return on(injector) { try $0.getObject(Vehicle.self) }
            case .providerReturnsOtherType:
                let injector = try Injector(modules: [
                    Configure { $0.bind((any GearBox).self, provider: LampProvider()) }
                ])
                return on(injector) { try $0.getObject(Car.self) }
            case .throwingInit:
                return on(Injector()) { try $0.getObject(Meter.self) }
            case .throwingInitializer:
                return on(Injector()) { try $0.getObject(Probe.self) }
            case .throwingEagerSingleton:
                return creating([
                    Configure { binder in
                        binder.setScope(.singleton, for: Meter.self)
                        binder.eagerSingleton(Meter.self)
                    }
                ])
            case .throwingClosure:
                let injector = try Injector(modules: [
                    Configure { $0.bind((any Clock).self) { _ in throw Outage() } }
                ])
                return on(injector) { try $0.getObject(Alarm.self) }
            case .throwingProvider:
                let injector = try Injector(modules: [
                    Configure { $0.bind((any Clock).self, provider: FailingClockProvider()) }
                ])
                return on(injector) { try $0.getObject(Alarm.self) }
            case .closureReturnsNilForNonOptional:
                let injector = try Injector(modules: [Configure { $0.bind((any Clock).self) { _ in nil } }])
                return on(injector) { try $0.getObject(Alarm.self) }
            case .providerReturnsNilForRequest:
                let injector = try Injector(modules: [
                    Configure { $0.bind((any Clock).self, provider: AbsentClockProvider()) }
                ])
                return on(injector) { try $0.getObject((any Clock).self) }
            case .inheritedInitializerBuildsSuperclass:
                return on(Injector()) { try $0.getObject(Minibus.self) }
            case .noInitializer:
                return on(Injector()) { try $0.getObject(Blueprint.self) }
            case .foreignKeyPath:
                return on(Injector()) { try $0.getObject(Impostor.self) }
            case .nestedKeyPath:
                return on(Injector()) { try $0.getObject(Panel.self) }
            case .unboundInitializerDependency:
                return on(Injector()) { try $0.getObject(Ledger.self) }
            case .initializerOnlyCycle:
                return on(Injector()) { try $0.getObject(Hen.self) }
            case .initializerBuildsOtherType:
                return on(Injector()) { try $0.getObject(Sconce.self) }
            case .mainActorTypeOffMainActor:
                let injector = try Injector(modules: [Configure { $0.bind((any Cockpit).self, to: MainCockpit.self) }])
                return on(injector) { try $0.getObject((any Cockpit).self) }
            case .misnamedInitializerDependency, .bindingDependencyCycle, .argumentsForDependencyInitializer,
                .throwingInitializerDependency:
                return try provokeInitializerMisuse()
            case .deepChain:
                return on(try Injector(modules: [RelayModule(levels: 10_000)])) {
                    try $0.getObject(Relay.self, named: "0")
                }
            case .providerAfterRelease:
                let showroom = try Injector().getObject(LampShop.self)
                return Provocation(injector: nil) { _ = try showroom.lamps() }
            case .factoryAfterRelease:
                let workshop = try Injector().getObject(Workshop.self)
                return Provocation(injector: nil) { _ = try workshop.factory.getObject(Lamp.self) }
            }
        }

        /// The same request with the catalogue's "How to fix" applied, when the fix is a
        /// change to the configuration or the call (`nil` when it is a change to the
        /// type's own code).
        func fixed() throws -> (() throws -> Void)? {
            let gearBox = Configure { $0.bind((any GearBox).self, to: FiveSpeed.self) }
            switch self {
            case .unboundProtocolRequirement:
                return succeeds(try Injector(modules: [gearBox])) { try $0.getObject(Garage.self) }
            case .unboundProtocolRequest:
                return succeeds(try Injector(modules: [gearBox])) { try $0.getObject((any GearBox).self) }
            case .unboundStruct:
                let injector = try Injector(modules: [Configure { $0.bind(Settings(volume: 3)) }])
                return succeeds(injector) { try $0.getObject(Radio.self) }
            case .unboundClosureType:
                let injector = try Injector(modules: [
                    Configure { $0.bind((@Sendable () -> Void).self) { _ in {} } }
                ])
                return succeeds(injector) { try $0.getObject(Button.self) }
            case .unboundPlainClass:
                let injector = try Injector(modules: [Configure { $0.bind(Formatter.self) { _ in Formatter() } }])
                return succeeds(injector) { try $0.getObject(Report.self) }
            case .unboundOptionalRequirement:
                return succeeds(try Injector(modules: [gearBox])) { try $0.getObject(Dashboard.self) }
            case .namedRequirementWithOtherName:
                let injector = try Injector(modules: [
                    Configure { $0.bind(Headlight.self, named: "left") { _ in Headlight(side: "left") } }
                ])
                return succeeds(injector) { try $0.getObject(Coupe.self) }
            case .namedSingletonAskedUnderOtherName, .unnamedRequestForNamedBinding:
                let injector = try Injector(modules: [
                    Configure { binder in
                        binder.bind(Headlight.self, named: "main", scope: .singleton) { _ in Headlight(side: "main") }
                    }
                ])
                return succeeds(injector) { try $0.getObject(Headlight.self, named: "main") }
            case .namedInjectableRequirement:
                let injector = try Injector(modules: [
                    Configure { $0.bind(Spare.self, to: Spare.self, named: "spare") }
                ])
                return succeeds(injector) { try $0.getObject(Trunk.self) }
            case .protocolRequestWithOnlyConcreteBound:
                let injector = try Injector(modules: [Configure { $0.bind(FiveSpeed(), as: (any GearBox).self) }])
                return succeeds(injector) { try $0.getObject((any GearBox).self) }
            case .providerOfUnboundProtocol:
                return succeeds(try Injector(modules: [gearBox])) { try $0.getObject(Showroom.self).gearBoxes() }
            case .eagerSingletonUnbound, .eagerLinkToNormalType:
                return {
                    _ = try Injector(modules: [
                        Configure { binder in
                            binder.bind((any GearBox).self, to: FiveSpeed.self, scope: .singleton)
                            binder.eagerSingleton((any GearBox).self)
                        }
                    ])
                }
            case .wrongArgumentType, .tooFewArguments:
                return succeeds(Injector()) { try $0.getObject(Engine.self, arguments: "V12", 12) }
            case .providerMissingArgument, .providerWrongArgumentType:
                let injector = try Injector(modules: [Configure { $0.bind(Wheel.self, provider: WheelProvider()) }])
                return succeeds(injector) { try $0.getObject(Wheel.self, arguments: 17) }
            case .eagerNormalType:
                return {
                    _ = try Injector(modules: [
                        Configure { binder in
                            binder.setScope(.singleton, for: Lamp.self)
                            binder.eagerSingleton(Lamp.self)
                        }
                    ])
                }
            case .eagerClosureNotSingleton:
                return {
                    _ = try Injector(modules: [
                        Configure { binder in
                            binder.bind((any GearBox).self, scope: .singleton) { _ in FiveSpeed() }
                            binder.eagerSingleton((any GearBox).self)
                        }
                    ])
                }
            case .normalCycle:
                let injector = try Injector(modules: [Configure { $0.setScope(.graph, for: Egg.self) }])
                return succeeds(injector) { try $0.getObject(Chicken.self) }
            case .selfCycle:
                let injector = try Injector(modules: [Configure { $0.setScope(.graph, for: Ouroboros.self) }])
                return succeeds(injector) { try $0.getObject(Ouroboros.self) }
            case .closureAsksForItself:
                let injector = try Injector(modules: [
                    Configure { $0.bind((any GearBox).self) { try $0.getObject(FiveSpeed.self) } }
                ])
                return succeeds(injector) { try $0.getObject((any GearBox).self) }
            case .typeBindingsPointingAtEachOther, .superclassBoundToNonSubclass:
                let injector = try Injector(modules: [Configure { $0.bind(Vehicle.self, to: Van.self) }])
                return succeeds(injector) { try $0.getObject(Vehicle.self) }
            case .typeBoundToForeignProtocol:
                return succeeds(try Injector(modules: [gearBox])) { try $0.getObject(Car.self) }
            case .providerReturnsOtherType:
                let injector = try Injector(modules: [
                    Configure { $0.bind((any GearBox).self, provider: FiveSpeedProvider()) }
                ])
                return succeeds(injector) { try $0.getObject(Car.self) }
            case .closureReturnsNilForNonOptional:
                let injector = try Injector(modules: [Configure { $0.bind((any Clock).self) { _ in StoppedClock() } }])
                return succeeds(injector) { try $0.getObject(Alarm.self) }
            case .inheritedInitializerBuildsSuperclass:
                return succeeds(Injector()) { try $0.getObject(Van.self) }
            case .providerAfterRelease:
                let injector = Injector()
                let shop = try injector.getObject(LampShop.self)
                return { try withExtendedLifetime(injector) { _ = try shop.lamps() } }
            case .factoryAfterRelease:
                let injector = Injector()
                let workshop = try injector.getObject(Workshop.self)
                return { try withExtendedLifetime(injector) { _ = try workshop.factory.getObject(Lamp.self) } }
            case .nestedKeyPath:
                return succeeds(Injector()) { try $0.getObject(FixedPanel.self) }
            case .unboundInitializerDependency:
                let injector = try Injector(modules: [Configure { $0.bind((any GearBox).self, to: FiveSpeed.self) }])
                return succeeds(injector) { try $0.getObject(Ledger.self) }
            case .initializerOnlyCycle:
                return succeeds(Injector()) { try $0.getObject(Rooster.self) }
            case .misnamedInitializerDependency, .bindingDependencyCycle, .argumentsForDependencyInitializer,
                .throwingInitializerDependency:
                return try fixedInitializerMisuse()
            case .initializerBuildsOtherType, .mainActorTypeOffMainActor:
                return nil
            case .initializerReentrance, .weakReentrance, .throwingInit, .throwingInitializer, .throwingEagerSingleton,
                .throwingClosure, .throwingProvider, .providerReturnsNilForRequest, .noInitializer, .foreignKeyPath,
                .deepChain:
                return nil
            }
        }

        func succeeds(_ injector: Injector, _ body: @escaping (Injector) throws -> Any) -> () throws -> Void {
            { _ = try body(injector) }
        }

        func on(_ injector: Injector, _ body: @escaping (Injector) throws -> Any) -> Provocation {
            Provocation(injector: injector) { _ = try body(injector) }
        }

        private func creating(_ modules: [any Module]) -> Provocation {
            Provocation(injector: nil) { _ = try Injector(modules: modules) }
        }
    }

    /// A misuse, set up: the injector it happens on (if it outlives it) and the call
    /// that fails.
    struct Provocation {
        let injector: Injector?
        let attempt: () throws -> Void
    }
}

// MARK: - Fixtures

extension BadInputTests {
    typealias Configure = ModuleFixtures.Configure

    private struct Calibration: Error, CustomStringConvertible {
        var description: String { "sensor not calibrated" }
    }

    private struct Outage: Error, CustomStringConvertible {
        var description: String { "time server unreachable" }
    }

    /// An ordinary type that always builds: a valid request after each misuse.
    private final class Lamp: Injectable {
        init() {}
    }

    /// A singleton that counts its awakes: a valid request after each misuse.
    private final class Beacon: Injectable {
        static let scope: Scope = .singleton
        private(set) var awakeCount = 0
        init() {}
        func awakeFromInjection() { awakeCount += 1 }
    }

    protocol GearBox: AnyObject {}

    final class FiveSpeed: GearBox, Injectable {
        init() {}
    }

    private final class Car: Injectable {
        var gearBox: (any GearBox)!
        static var requires: Requirements { Requirements(\Car.gearBox) }
        init() {}
    }

    private final class Garage: Injectable {
        var car: Car!
        static var requires: Requirements { Requirements(\Garage.car) }
        init() {}
    }

    private struct Settings {
        var volume = 3
    }

    private final class Radio: Injectable {
        var settings: Settings!
        static var requires: Requirements { Requirements(\Radio.settings) }
        init() {}
    }

    private final class Button: Injectable {
        var onTap: (@Sendable () -> Void)!
        static var requires: Requirements { Requirements(\Button.onTap) }
        init() {}
    }

    /// A class that is not `Injectable`: Objection would build it, Instill needs a binding.
    private final class Formatter {
        init() {}
    }

    private final class Report: Injectable {
        var formatter: Formatter!
        static var requires: Requirements { Requirements(\Report.formatter) }
        init() {}
    }

    private final class Dashboard: Injectable {
        var gearBox: (any GearBox)?
        static var requires: Requirements { Requirements(\Dashboard.gearBox) }
        init() {}
    }

    private final class Headlight {
        let side: String
        init(side: String) { self.side = side }
    }

    private final class Coupe: Injectable {
        var leftLight: Headlight!
        static var requires: Requirements { Requirements().named("left", \Coupe.leftLight) }
        init() {}
    }

    private final class Spare: Injectable {
        init() {}
    }

    private final class Trunk: Injectable {
        var spare: Spare!
        static var requires: Requirements { Requirements().named("spare", \Trunk.spare) }
        init() {}
    }

    private final class Showroom: Injectable {
        var gearBoxes: Provider<any GearBox>!
        static var requires: Requirements { Requirements(\Showroom.gearBoxes) }
        init() {}
    }

    private final class Engine: Injectable {
        let model: String
        let cylinders: Int
        init(model: String, cylinders: Int) {
            self.model = model
            self.cylinders = cylinders
        }
        static let initializer = Initializer(defaults: "V8", 8) { arguments in
            Engine(
                model: try arguments.argument(0, as: String.self),
                cylinders: try arguments.argument(1, as: Int.self))
        }
    }

    private final class Wheel {
        let size: Int
        init(size: Int) { self.size = size }
    }

    private struct WheelProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Wheel? {
            Wheel(size: try arguments.argument(0, as: Int.self))
        }
    }

    private final class Chicken: Injectable {
        var egg: Egg!
        static var requires: Requirements { Requirements(\Chicken.egg) }
        init() {}
    }

    private final class Egg: Injectable {
        var chicken: Chicken!
        static var requires: Requirements { Requirements(\Egg.chicken) }
        init() {}
    }

    private final class Ouroboros: Injectable {
        var tail: Ouroboros!
        static var requires: Requirements { Requirements(\Ouroboros.tail) }
        init() {}
    }

    /// Its initializer asks the injector (passed as the argument) for its own type.
    private final class Echo: Injectable {
        static let initializer = Initializer { arguments in
            let injector = try arguments.argument(0, as: Injector.self)
            _ = try injector.getObject(Echo.self, arguments: injector)
            return Echo()
        }
    }

    /// Weak-scoped, and its initializer asks the injector (passed as the argument) for
    /// its own type: no `Session` exists to share until that initializer returns.
    private final class Session: Injectable {
        static let scope: Scope = .weak
        static let initializer = Initializer { arguments in
            let injector = try arguments.argument(0, as: Injector.self)
            _ = try injector.getObject(Session.self, arguments: injector)
            return Session()
        }
    }

    /// Weak-scoped, and asks the injector for its own type from awakeFromInjection(),
    /// once it exists.
    private final class Journal: Injectable {
        static let scope: Scope = .weak
        var factory: ObjectFactory!
        private(set) weak var current: Journal?
        static var requires: Requirements { Requirements(\Journal.factory) }
        init() {}
        func awakeFromInjection() { current = try? factory.getObject(Journal.self) }
    }

    /// Weak-scoped, in a cycle of requirements with a `.normal` `Tracker`: registered
    /// before its requirements are filled, it resolves the cycle.
    private final class Visit: Injectable {
        static let scope: Scope = .weak
        var tracker: Tracker!
        private(set) var awakeCount = 0
        static var requires: Requirements { Requirements(\Visit.tracker) }
        init() {}
        func awakeFromInjection() { awakeCount += 1 }
    }

    private final class Tracker: Injectable {
        var visit: Visit!
        private(set) var awakeCount = 0
        static var requires: Requirements { Requirements(\Tracker.visit) }
        init() {}
        func awakeFromInjection() { awakeCount += 1 }
    }

    private class Vehicle: Injectable {
        class var requires: Requirements { Requirements() }
        class var scope: Scope { .normal }
        class var initializer: Initializer { Initializer { _ in Vehicle() } }
        required init() {}
        func awakeFromInjection() {}
    }

    private final class Van: Vehicle {
        override class var initializer: Initializer { Initializer { _ in Van() } }
    }

    /// Inherits `Vehicle`'s initializer, which builds a `Vehicle`.
    private final class Minibus: Vehicle {}

    /// Injectable, but neither a `Vehicle` nor a `GearBox`.
    private final class Boat: Injectable {
        init() {}
    }

    private struct FiveSpeedProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> (any GearBox)? { FiveSpeed() }
    }

    private struct LampProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Lamp? { Lamp() }
    }

    private final class Meter: Injectable {
        init() throws { throw Calibration() }
    }

    private final class Probe: Injectable {
        static let initializer = Initializer { _ in throw Calibration() }
    }

    private protocol Clock: AnyObject {}

    private final class StoppedClock: Clock {}

    private final class Alarm: Injectable {
        var clock: any Clock = StoppedClock()
        static var requires: Requirements { Requirements(\Alarm.clock) }
        init() {}
    }

    private struct FailingClockProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> (any Clock)? { throw Outage() }
    }

    private struct AbsentClockProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> (any Clock)? { nil }
    }

    /// Declares neither `init()` nor an `Initializer`.
    private final class Blueprint: Injectable {
        let revision: Int
        init(revision: Int) { self.revision = revision }
    }

    /// Lists a key path through its `gauge` to the gauge's own property.
    private final class Panel: Injectable {
        var gauge: Gauge!
        static var requires: Requirements { Requirements(\Panel.gauge.needle) }
        init() {}
    }

    /// Lists its own property; the gauge lists its own.
    private final class FixedPanel: Injectable {
        var gauge: Gauge!
        static var requires: Requirements { Requirements(\FixedPanel.gauge) }
        init() {}
    }

    private final class Gauge: Injectable {
        var needle: Lamp!
        static var requires: Requirements { Requirements(\Gauge.needle) }
        init() {}
    }

    /// Receives a gear box through its initializer.
    private final class Ledger: Injectable {
        let gearBox: any GearBox
        init(gearBox: any GearBox) { self.gearBox = gearBox }
        static let initializer = Initializer(dependencies: (any GearBox).self) { Ledger(gearBox: $0) }
    }

    /// Each needs the other to be built first.
    private final class Hen: Injectable {
        let egg: Yolk
        init(egg: Yolk) { self.egg = egg }
        static let initializer = Initializer(dependencies: Yolk.self) { Hen(egg: $0) }
    }

    private final class Yolk: Injectable {
        let chicken: Hen
        init(chicken: Hen) { self.chicken = chicken }
        static let initializer = Initializer(dependencies: Hen.self) { Yolk(chicken: $0) }
    }

    /// The fix for the cycle: one side takes a provider and builds later.
    private final class Rooster: Injectable {
        let eggs: Provider<Lamp>
        init(eggs: Provider<Lamp>) { self.eggs = eggs }
        static let initializer = Initializer(dependencies: Provider<Lamp>.self) { Rooster(eggs: $0) }
    }

    /// Its initializer builds a lamp instead.
    private final class Sconce: Injectable {
        static let initializer = Initializer(dependencies: Lamp.self) { $0 }
    }

    private protocol Cockpit: AnyObject, Sendable {}

    @MainActor
    private final class MainCockpit: Cockpit, MainActorInjectable {
        init() {}
    }

    /// One link of a chain of closure bindings, each asking the injector for the next.
    private final class Relay: Sendable {
        let next: Relay?
        init(next: Relay?) { self.next = next }
    }

    private struct RelayModule: Module {
        let levels: Int
        func configure(_ binder: Binder) {
            for level in 0..<levels {
                let last = level == levels - 1
                binder.bind(Relay.self, named: "\(level)") { injector in
                    Relay(next: last ? nil : try injector.getObject(Relay.self, named: "\(level + 1)"))
                }
            }
        }
    }

    /// Lists a key path into `Car`, which it is not.
    private final class Impostor: Injectable {
        static var requires: Requirements { Requirements(\Car.gearBox) }
        init() {}
    }

    private final class LampShop: Injectable {
        var lamps: Provider<Lamp>!
        static var requires: Requirements { Requirements(\LampShop.lamps) }
        init() {}
    }

    private final class Workshop: Injectable {
        var factory: ObjectFactory!
        static var requires: Requirements { Requirements(\Workshop.factory) }
        init() {}
    }
}
