import Foundation
import Instill
import ShowroomKit
import Testing

@Suite("Validation")
struct ValidationTests {
    @Suite("One report for every problem")
    struct Report {
        @Test("a configuration with three different problems gives one report listing all three")
        func threeProblemsInOneReport() {
            let report = Injector().validate(roots: [Dashboard.self, Misdeclared.self, Registry.self])

            #expect(report.problems.map(\.kind) == [.noBinding, .invalidRequirement, .lifetimeMismatch])
            #expect(!report.isValid)
            #expect(
                report.description == """
                    Validation failed for 3 problems:

                    1. noBinding: nothing is bound to any ValidationTests.Display, and it cannot be built automatically.
                       Requested: ValidationTests.Dashboard
                       Chain: ValidationTests.Dashboard.display (declared at \(#fileID):\(Dashboard.requiresLine))
                       To fix: bind an implementation in a module: binder.bind((any ValidationTests.Display).self, to: SomeType.self), or an instance: binder.bind(value, as: (any ValidationTests.Display).self).

                    2. invalidRequirement: ValidationTests.Misdeclared.requires lists a key path into ValidationTests.Dashboard, but ValidationTests.Misdeclared is not a ValidationTests.Dashboard.
                       Requested: ValidationTests.Misdeclared
                       To fix: list key paths rooted at ValidationTests.Misdeclared or one of its superclasses.

                    3. lifetimeMismatch: ValidationTests.Registry is .singleton but requires ValidationTests.Session, which is .graph, through ValidationTests.Registry.session: it would keep the first ValidationTests.Session it gets for as long as it lives.
                       Requested: ValidationTests.Registry
                       Chain: ValidationTests.Registry.session (declared at \(#fileID):\(Registry.requiresLine))
                       To fix: make ValidationTests.Session live at least as long (.singleton), or require a Provider<ValidationTests.Session> and ask it for one each time.
                    """)
        }

        @Test("a missing binding needed in two places is one problem that lists both requirements")
        func everyChainToAMissingBinding() {
            let report = Injector().validate(roots: [HabitReport.self])

            #expect(
                report.problems.map(\.chain) == [
                    ["ValidationTests.HabitReport.store", "ValidationTests.HabitStore.init(ValidationTests.Config)"],
                    ["ValidationTests.HabitReport.config"],
                ])
            #expect(
                report.description == """
                    Validation failed for 1 problem:

                    1. noBinding: nothing is bound to ValidationTests.Config, and it cannot be built automatically.
                       Requested: ValidationTests.HabitReport
                       Chain: ValidationTests.HabitReport.store → ValidationTests.HabitStore.init(ValidationTests.Config) (declared at \(#fileID):\(HabitStore.initializerLine))
                       Also needed by: ValidationTests.HabitReport.config (declared at \(#fileID):\(HabitReport.requiresLine))
                       To fix: bind a value in a module: binder.bind(ValidationTests.Config(...)), or binder.bind(ValidationTests.Config.self) { _ in ... }.
                    """)
            let failure = #expect(throws: ValidationReport.self) { try report.check() }
            #expect(failure?.description == report.description)
        }

        @Test("a report with one problem says so in the singular")
        func oneProblem() {
            let report = Injector().validate(roots: [(any Display).self])

            #expect(
                report.description == """
                    Validation failed for 1 problem:

                    1. noBinding: nothing is bound to any ValidationTests.Display, and it cannot be built automatically.
                       Requested: any ValidationTests.Display
                       To fix: bind an implementation in a module: binder.bind((any ValidationTests.Display).self, to: SomeType.self), or an instance: binder.bind(value, as: (any ValidationTests.Display).self).
                    """)
        }

        @Test("the Showroom configuration passes validation")
        func showroomPasses() throws {
            let injector = try Injector(modules: [ShowroomModule()])

            let report = injector.validate(roots: [ShowroomKit.Garage.self, ShowroomKit.Car.self, SportsCar.self])

            #expect(report.isValid)
            #expect(report.problems.isEmpty)
            #expect(report.description == "Validation passed: no problems found.")
            #expect(throws: Never.self) { try report.check() }
        }

        @Test("check() throws the report itself when it has problems")
        func checkThrowsTheReport() {
            let report = Injector().validate(roots: [Dashboard.self])

            let thrown = #expect(throws: ValidationReport.self) { try report.check() }

            #expect(thrown?.description == report.description)
            #expect(thrown?.problems.map(\.kind) == [.noBinding])
        }
    }

    @Suite("Missing bindings")
    struct MissingBindings {
        @Test("a missing protocol binding two levels down is reported with its chain and where it is required")
        func missingBindingTwoLevelsDown() throws {
            let report = Injector().validate(roots: [Garage.self])

            let problem = try #require(report.problems.first)
            #expect(report.problems.count == 1)
            #expect(problem.kind == .noBinding)
            #expect(problem.chain == ["ValidationTests.Garage.car", "ValidationTests.Car.gearBox"])
            #expect(problem.requirementLocation == "\(#fileID):\(Car.requiresLine)")
            #expect(
                problem.description == """
                    noBinding: nothing is bound to any ValidationTests.GearBox, and it cannot be built automatically.
                      Requested: ValidationTests.Garage
                      Chain: ValidationTests.Garage.car → ValidationTests.Car.gearBox (declared at \(#fileID):\(Car.requiresLine))
                      To fix: bind an implementation in a module: binder.bind((any ValidationTests.GearBox).self, to: SomeType.self), or an instance: binder.bind(value, as: (any ValidationTests.GearBox).self).
                    """)
        }

        @Test("validate() reports a missing binding with the message getObject throws for it")
        func sameMessageAsGetObject() throws {
            let injector = Injector()
            let thrown = try #require(throws: InjectionError.self) { try injector.getObject(Garage.self) }

            let problem = try #require(injector.validate(roots: [Garage.self]).problems.first)

            #expect(problem.description == thrown.description)
        }

        @Test("a missing named binding names the unnamed binding of the same type as a near match")
        func namedBindingNearMatch() throws {
            let injector = try Injector(modules: [UnnamedLightModule()])

            let report = injector.validate(roots: [Porch.self])

            let problem = try #require(report.problems.first)
            #expect(report.problems.count == 1)
            #expect(
                problem.nearMatches == [
                    "closure → ValidationTests.Headlight in ValidationTests.UnnamedLightModule (\(#fileID):\(UnnamedLightModule.bindingLine))"
                ])
            #expect(
                problem.description == """
                    noBinding: nothing is bound to ValidationTests.Headlight named "front", and it cannot be built automatically.
                      Requested: ValidationTests.Porch
                      Chain: ValidationTests.Porch.light (declared at \(#fileID):\(Porch.requiresLine))
                      Bound nearby: closure → ValidationTests.Headlight in ValidationTests.UnnamedLightModule (\(#fileID):\(UnnamedLightModule.bindingLine))
                      To fix: bind it in a module: binder.bind(ValidationTests.Headlight.self, named: "front") { _ in ... }, or use a name that is bound.
                    """)
        }

        @Test("an extra root type that nothing is bound to is reported, with no chain")
        func unboundExtraRoot() throws {
            let injector = try Injector(modules: [UnnamedLightModule()])
            #expect(injector.validate().isValid)

            let report = injector.validate(roots: [(any GearBox).self])

            #expect(
                report.description == """
                    Validation failed for 1 problem:

                    1. noBinding: nothing is bound to any ValidationTests.GearBox, and it cannot be built automatically.
                       Requested: any ValidationTests.GearBox
                       To fix: bind an implementation in a module: binder.bind((any ValidationTests.GearBox).self, to: SomeType.self), or an instance: binder.bind(value, as: (any ValidationTests.GearBox).self).
                    """)
        }

        @Test("without roots, every binding is walked: a bound type's missing requirement is reported")
        func bindingsAreRoots() throws {
            let injector = try Injector(modules: [RadioModule()])

            let report = injector.validate()

            let problem = try #require(report.problems.first)
            #expect(report.problems.count == 1)
            #expect(
                problem.description == """
                    noBinding: nothing is bound to any ValidationTests.GearBox, and it cannot be built automatically.
                      Requested: any ValidationTests.Display
                      Chain: ValidationTests.Radio.gearBox (declared at \(#fileID):\(Radio.requiresLine))
                      To fix: bind an implementation in a module: binder.bind((any ValidationTests.GearBox).self, to: SomeType.self), or an instance: binder.bind(value, as: (any ValidationTests.GearBox).self).
                    """)
        }

        @Test("a child injector's validation sees its parent's bindings, and its own")
        func childSeesParentBindings() throws {
            let parent = try Injector(modules: [GearBoxModule()])
            let child = try parent.childInjector(modules: [UnnamedLightModule()])

            #expect(child.validate(roots: [Garage.self]).isValid)
            #expect(child.validate().isValid)
            #expect(!Injector().validate(roots: [Garage.self]).isValid)
        }

        @Test("a missing binding reached along two paths is reported once")
        func reportedOnce() {
            let report = Injector().validate(roots: [Garage.self, Car.self])

            #expect(report.problems.count == 1)
            #expect(report.problems.first?.chain == ["ValidationTests.Garage.car", "ValidationTests.Car.gearBox"])
        }

        @Test(
            "a missing binding behind a Lazy and a requirement is reported with the requirement's chain, which getObject throws"
        )
        func requirementBeforeLazy() throws {
            let injector = Injector()
            let thrown = try #require(throws: InjectionError.self) { try injector.getObject(Showcase.self) }

            let report = injector.validate(roots: [Showcase.self])

            #expect(thrown.chain == ["ValidationTests.Showcase.car", "ValidationTests.Car.gearBox"])
            #expect(report.problems.map(\.description) == [thrown.description])
        }
    }

    @Suite("Declarations")
    struct Declarations {
        @Test("a requirement into another class, met through another type, has the chain getObject reports")
        func invalidRequirementWithChain() throws {
            let injector = Injector()
            let thrown = try #require(throws: InjectionError.self) { try injector.getObject(Kiosk.self) }

            let problem = try #require(injector.validate(roots: [Kiosk.self]).problems.first)

            #expect(problem.kind == .invalidRequirement)
            #expect(problem.chain == ["ValidationTests.Kiosk.misdeclared"])
            #expect(problem.description == thrown.description)
        }
    }

    @Suite("Cycles")
    struct Cycles {
        @Test("a cycle of normal-scope objects is reported with its path and where its last requirement is declared")
        func normalCycle() throws {
            let report = Injector().validate(roots: [Ping.self])

            let problem = try #require(report.problems.first)
            #expect(report.problems.count == 1)
            #expect(problem.kind == .cycle)
            #expect(
                problem.description == """
                    cycle: the requirements form a cycle with no singleton, graph or weak-scoped object: ValidationTests.Ping.pong → ValidationTests.Pong.ping → ValidationTests.Ping.
                      Requested: ValidationTests.Ping
                      Chain: ValidationTests.Ping.pong → ValidationTests.Pong.ping (declared at \(#fileID):\(Pong.requiresLine))
                      To fix: give one type in the cycle .singleton, .graph or .weak scope, or make one requirement a Provider so it is built later.
                    """)
        }

        @Test("a cycle entered from another type is reported with the chain getObject reports")
        func cycleReachedFromOutside() throws {
            let injector = Injector()
            let thrown = try #require(throws: InjectionError.self) { try injector.getObject(Court.self) }

            let problem = try #require(injector.validate(roots: [Court.self]).problems.first)

            #expect(problem.kind == .cycle)
            #expect(
                problem.chain == [
                    "ValidationTests.Court.ping", "ValidationTests.Ping.pong", "ValidationTests.Pong.ping",
                ])
            #expect(problem.requirementLocation == "\(#fileID):\(Pong.requiresLine)")
            #expect(problem.description == thrown.description)
        }

        @Test(
            "the same cycle is not a problem when one of its members is a singleton or graph-scoped",
            arguments: [Scope.singleton, .graph])
        func cycleThroughSharedObject(scope: Scope) throws {
            let injector = try Injector(modules: [ScopeModule(scopes: [ObjectIdentifier(Pong.self): scope])])

            let report = injector.validate(roots: [Ping.self, Pong.self, Court.self])

            #expect(report.isValid, "\(report)")
        }

        @Test("a cycle through a weak object is not a problem either, and getObject builds it")
        func cycleThroughWeakObject() throws {
            let injector = try Injector(modules: [ScopeModule(scopes: [ObjectIdentifier(Pong.self): .weak])])

            let report = injector.validate(roots: [Ping.self, Pong.self, Court.self])

            #expect(report.isValid, "\(report)")
            // validate() agrees with getObject: the weak object is registered before its
            // requirements are filled, so the cycle resolves, sharing it.
            let ping = try injector.getObject(Ping.self)
            #expect(ping.pong.ping.pong === ping.pong)
            let pong = try injector.getObject(Pong.self)
            #expect(pong.ping.pong === pong)
        }

        @Test("a cycle broken by a Provider is not a problem")
        func cycleThroughProvider() {
            let report = Injector().validate(roots: [Chicken.self])

            #expect(report.isValid, "\(report)")
        }

        @Test(
            "a normal object met again through a singleton is walked again, as getObject builds it again: a problem after the cycle has the longer chain getObject reports"
        )
        func secondPassThroughSharedObject() throws {
            let injector = Injector()
            let thrown = try #require(throws: InjectionError.self) { try injector.getObject(Loop.self) }

            let report = injector.validate(roots: [Loop.self])

            let problem = try #require(report.problems.first)
            #expect(report.problems.count == 1)
            #expect(
                problem.description == """
                    noBinding: nothing is bound to any ValidationTests.GearBox, and it cannot be built automatically.
                      Requested: ValidationTests.Loop
                      Chain: ValidationTests.Loop.latch → ValidationTests.Latch.loop → ValidationTests.Loop.gearBox (declared at \(#fileID):\(Loop.requiresLine))
                      To fix: bind an implementation in a module: binder.bind((any ValidationTests.GearBox).self, to: SomeType.self), or an instance: binder.bind(value, as: (any ValidationTests.GearBox).self).
                    """)
            #expect(problem.description == thrown.description)
        }

        @Test(
            "a cycle through initializers that comes back to a graph-scoped object filling its requirements is not a problem: getObject finds it registered"
        )
        func initializerCycleEndingAtRegisteredObject() throws {
            let injector = Injector()

            let report = injector.validate(roots: [Vault.self])

            #expect(report.description == "Validation passed: no problems found.")
            let vault = try injector.getObject(Vault.self)
            #expect(vault.lock.key.vault === vault)
        }

        @Test(
            "an initializer cycle through a protocol bound to a class names the class whose initializer runs, as getObject does"
        )
        func initializerCycleOfBoundClass() throws {
            let injector = try Injector(modules: [PartModule()])
            let thrown = try #require(throws: InjectionError.self) { try injector.getObject((any Part).self) }

            let report = injector.validate(roots: [(any Part).self])

            let problem = try #require(report.problems.first)
            #expect(report.problems.count == 1)
            #expect(
                problem.description == """
                    cycle: ValidationTests.Socket is needed again by its own initializer's dependencies, before it exists: ValidationTests.Socket.init(ValidationTests.Plug) → ValidationTests.Plug.part → any ValidationTests.Part.
                      Requested: any ValidationTests.Part
                      Chain: ValidationTests.Socket.init(ValidationTests.Plug) → ValidationTests.Plug.part (declared at \(#fileID):\(Plug.requiresLine))
                      To fix: no scope breaks a cycle through a declared dependency (ValidationTests.Socket does not exist until the initializer of ValidationTests.Socket returns): declare Provider<ValidationTests.Plug> instead of ValidationTests.Plug in the initializer of ValidationTests.Socket and call it later, or make ValidationTests.Plug a property listed in `requires` of a singleton (filled after it is built).
                    """)
            #expect(problem.description == thrown.description)
        }
    }

    @Suite("Lifetime mismatches")
    struct LifetimeMismatches {
        @Test(
            "a longer-lived object requiring a shorter-lived one is a lifetime mismatch",
            arguments: zip([Scope.singleton, .weak, .singleton], [Scope.graph, .graph, .weak]))
        func mismatch(holder: Scope, held: Scope) throws {
            let injector = try Injector(modules: [
                ScopeModule(scopes: [ObjectIdentifier(Holder.self): holder, ObjectIdentifier(Held.self): held])
            ])

            let report = injector.validate(roots: [Holder.self])

            let problem = try #require(report.problems.first)
            #expect(report.problems.count == 1)
            #expect(problem.kind == .lifetimeMismatch)
            #expect(
                problem.description == """
                    lifetimeMismatch: ValidationTests.Holder is .\(holder) but requires ValidationTests.Held, which is .\(held), through ValidationTests.Holder.held: it would keep the first ValidationTests.Held it gets for as long as it lives.
                      Requested: ValidationTests.Holder
                      Chain: ValidationTests.Holder.held (declared at \(#fileID):\(Holder.requiresLine))
                      To fix: make ValidationTests.Held live at least as long (.\(holder)), or require a Provider<ValidationTests.Held> and ask it for one each time.
                    """)
        }

        @Test(
            "an object requiring one that lives at least as long, or whose own lifetime is shorter, is fine",
            arguments: zip(
                [Scope.singleton, .singleton, .weak, .weak, .weak, .graph, .graph, .normal, .normal],
                [Scope.singleton, .normal, .singleton, .weak, .normal, .graph, .weak, .graph, .weak]))
        func noMismatch(holder: Scope, held: Scope) throws {
            let injector = try Injector(modules: [
                ScopeModule(scopes: [ObjectIdentifier(Holder.self): holder, ObjectIdentifier(Held.self): held])
            ])

            let report = injector.validate(roots: [Holder.self])

            #expect(report.isValid, "\(report)")
        }

        @Test("a singleton requiring a Provider of a graph-scoped object is not a problem")
        func providerOfGraphObject() throws {
            let injector = try Injector(modules: [
                ScopeModule(scopes: [ObjectIdentifier(Held.self): .graph])
            ])

            let report = injector.validate(roots: [ProviderHolder.self])

            #expect(report.isValid, "\(report)")
        }

        @Test("a lifetime mismatch behind a protocol binding names the protocol")
        func mismatchThroughLink() throws {
            let injector = try Injector(modules: [GraphDisplayModule()])

            let report = injector.validate(roots: [Billboard.self])

            let problem = try #require(report.problems.first)
            #expect(report.problems.count == 1)
            #expect(
                problem.summary
                    == "ValidationTests.Billboard is .singleton but requires any ValidationTests.Display, which is .graph, through ValidationTests.Billboard.display: it would keep the first any ValidationTests.Display it gets for as long as it lives."
            )
        }
    }

    @Suite("Arguments")
    struct Arguments {
        final class Reader: Injectable, TakesArgument, Sendable {
            typealias Argument = String
            init() {}
            static let initializer = Initializer(argument: Argument.self) { _ in Reader() }
        }

        final class Shelf: Injectable {
            var reader: Lazy<Reader>!
            static let requiresLine = #line + 1
            static var requires: Requirements { fills(Lazy<Reader>.self) { $0.reader = $1 } }
            init() {}
        }

        static let lazyArgumentLines = [
            "argumentMismatch: ValidationTests.Arguments.Reader takes an argument (String), and a Lazy<ValidationTests.Arguments.Reader> has none to pass: reading its value always throws.",
            "  Requested: ValidationTests.Arguments.Shelf",
            "  Chain: ValidationTests.Arguments.Shelf.fills(Lazy<ValidationTests.Arguments.Reader>) (declared at \(#fileID):\(Shelf.requiresLine))",
            "  To fix: hold a Provider<ValidationTests.Arguments.Reader> instead and call it with the argument (provider(argument: ...)), or give ValidationTests.Arguments.Reader an initializer without one.",
        ]

        @Test(
            "a Lazy of a type that takes an argument is reported: a lazy has none to pass, and reading it throws the same"
        )
        func lazyOfTypeTakingArgument() throws {
            let injector = Injector()

            let report = injector.validate(roots: [Shelf.self])

            #expect(report.problems.map(\.description) == [Self.lazyArgumentLines.joined(separator: "\n")])
            let shelf = try injector.getObject(Shelf.self)
            let error = try #require(throws: InjectionError.self) { try shelf.reader.value }
            #expect(error.kind == .argumentMismatch)
            #expect(error.summary == report.problems.first?.summary)
            #expect(error.fix == report.problems.first?.fix)
        }
    }

    @Suite("Bindings the compiler cannot check")
    struct UncheckedBindings {
        protocol Terminal: AnyObject {}
        final class SystemDateProvider: Injectable { init() {} }
        final class ConsoleTerminal: Injectable, Terminal { init() {} }
        /// Not a terminal, though a subclass is: a closure bound to it may return either.
        class Console: Injectable { required init() {} }
        final class ColorConsole: Console, Terminal {}
        final class Reporter: Injectable {
            var terminal: (any Terminal)!
            static let requiresLine = #line + 1
            static var requires: Requirements { Requirements(\Reporter.terminal) }
            init() {}
        }

        static func terminalLines(
            bindingLine: Int, requested: String, chain: [String], implementation: String = "SystemDateProvider"
        ) -> String {
            let implementation = "ValidationTests.UncheckedBindings.\(implementation)"
            var lines = [
                "typeDoesNotConform: \(implementation) is bound to any ValidationTests.UncheckedBindings.Terminal but does not conform to ValidationTests.UncheckedBindings.Terminal.",
                "  Requested: \(requested)",
            ]
            if !chain.isEmpty { lines.append("  Chain: " + chain.joined(separator: " → ")) }
            lines += [
                "  Bound at: \(#fileID):\(bindingLine) in ModuleFixtures.Configure",
                "  To fix: make \(implementation) conform to ValidationTests.UncheckedBindings.Terminal, or bind another type to any ValidationTests.UncheckedBindings.Terminal.",
            ]
            return lines.joined(separator: "\n")
        }

        @Test(
            "a type bound with bind(_:to:) to a protocol it does not conform to is reported with the message getObject throws, and its chain",
            arguments: [nil, Scope.normal, .singleton])
        func nonConformingType(scope: Scope?) throws {
            let bindingLine = #line + 2
            let injector = try Injector(modules: [
                ModuleFixtures.Configure { $0.bind((any Terminal).self, to: SystemDateProvider.self, scope: scope) }
            ])

            let report = injector.validate(roots: [Reporter.self])

            let expected = Self.terminalLines(
                bindingLine: bindingLine, requested: "ValidationTests.UncheckedBindings.Reporter",
                chain: [
                    "ValidationTests.UncheckedBindings.Reporter.terminal (declared at \(#fileID):\(Reporter.requiresLine))"
                ])
            #expect(report.problems.map(\.description).contains(expected), "\(report)")
            let thrown = try #require(throws: InjectionError.self) { try injector.getObject(Reporter.self) }
            #expect(thrown.description == expected)
        }

        @Test("a binding that is itself a root is reported with no chain, as a request for it fails")
        func nonConformingBindingAsRoot() throws {
            let bindingLine = #line + 2
            let injector = try Injector(modules: [
                ModuleFixtures.Configure { $0.bind((any Terminal).self, to: SystemDateProvider.self) }
            ])

            let report = injector.validate()

            #expect(
                report.problems.map(\.description) == [
                    Self.terminalLines(
                        bindingLine: bindingLine, requested: "any ValidationTests.UncheckedBindings.Terminal", chain: []
                    )
                ])
            let thrown = try #require(throws: InjectionError.self) { try injector.getObject((any Terminal).self) }
            #expect(thrown.description == report.problems.first?.description)
        }

        @Test("a forward to a type that does not conform is reported with the message getObject throws")
        func nonConformingForward() throws {
            let injector = try Injector(modules: [
                ModuleFixtures.Configure { $0.forward((any Terminal).self, to: SystemDateProvider.self) }
            ])

            let report = injector.validate(roots: [Reporter.self])

            let thrown = try #require(throws: InjectionError.self) { try injector.getObject(Reporter.self) }
            #expect(thrown.kind == .typeDoesNotConform)
            #expect(report.problems.map(\.description).contains(thrown.description), "\(report)")
        }

        @Test(
            "a class linked with bind(_:to:) or forward(_:to:) must itself conform, whatever the closure bound to it returns: validate() and getObject report the same typeDoesNotConform",
            arguments: [false, true], [false, true])
        func closureBoundClassMustConform(forwards: Bool, returnsConformingSubclass: Bool) throws {
            let bindingLine = #line + 5
            let injector = try Injector(modules: [
                ModuleFixtures.Configure {
                    $0.bind(Console.self) { _ in returnsConformingSubclass ? ColorConsole() : Console() }
                    if forwards {
                        $0.forward((any Terminal).self, to: Console.self)
                    } else {
                        $0.bind((any Terminal).self, to: Console.self)
                    }
                }
            ])

            let report = injector.validate(roots: [Reporter.self])

            func expected(requested: String, chain: [String]) -> String {
                Self.terminalLines(
                    bindingLine: forwards ? bindingLine : bindingLine + 2, requested: requested, chain: chain,
                    implementation: "Console")
            }
            let throughReporter = expected(
                requested: "ValidationTests.UncheckedBindings.Reporter",
                chain: [
                    "ValidationTests.UncheckedBindings.Reporter.terminal (declared at \(#fileID):\(Reporter.requiresLine))"
                ])
            let asRoot = expected(requested: "any ValidationTests.UncheckedBindings.Terminal", chain: [])
            #expect(report.problems.map(\.description) == [asRoot, throughReporter])
            let thrown = try #require(throws: InjectionError.self) { try injector.getObject(Reporter.self) }
            #expect(thrown.description == throughReporter)
            let direct = try #require(throws: InjectionError.self) { try injector.getObject((any Terminal).self) }
            #expect(direct.description == asRoot)
        }

        @Test("a conforming class bound to a closure answers bind(_:to:) and forward(_:to:) with its value")
        func conformingClosureBoundClass() throws {
            let injector = try Injector(modules: [
                ModuleFixtures.Configure {
                    $0.bind(ConsoleTerminal.self, scope: .singleton) { _ in ConsoleTerminal() }
                    $0.bind((any Terminal).self, to: ConsoleTerminal.self)
                    $0.forward((any Terminal).self, named: "forwarded", to: ConsoleTerminal.self)
                }
            ])

            let report = injector.validate(roots: [Reporter.self])

            #expect(report.isValid, "\(report)")
            let console = try injector.getObject(ConsoleTerminal.self)
            #expect(try injector.getObject(Reporter.self).terminal === console)
            #expect(try injector.getObject((any Terminal).self, named: "forwarded") === console)
        }

        @Test("a conforming type bound with bind(_:to:), and a forward to one, pass")
        func conformingTypePasses() throws {
            let injector = try Injector(modules: [
                ModuleFixtures.Configure {
                    $0.bind((any Terminal).self, to: ConsoleTerminal.self)
                    $0.forward((any Terminal).self, named: "forwarded", to: ConsoleTerminal.self)
                    $0.bind(AnyObject.self, to: SystemDateProvider.self)
                }
            ])

            let report = injector.validate(roots: [Reporter.self])

            #expect(report.isValid, "\(report)")
        }

        /// A protocol a value type may conform to.
        protocol Clock: Sendable {}
        struct SystemClock: Clock {}
        /// Not a clock: a closure bound to it can only return values that are not.
        struct Calendar: Sendable {}

        @Test(
            "a forward to a struct or enum is checked as a class is: one that does not conform is reported by validate() with the message getObject throws"
        )
        func forwardToValueType() throws {
            let bindingLine = #line + 4
            let injector = try Injector(modules: [
                ModuleFixtures.Configure {
                    $0.bind(Calendar.self) { _ in Calendar() }
                    $0.forward((any Clock).self, to: Calendar.self)
                }
            ])

            let report = injector.validate(roots: [(any Clock).self])

            let thrown = try #require(throws: InjectionError.self) { try injector.getObject((any Clock).self) }
            #expect(thrown.kind == .typeDoesNotConform)
            #expect(report.problems.map(\.description) == [thrown.description], "\(report)")
            #expect(
                thrown.description == """
                    typeDoesNotConform: ValidationTests.UncheckedBindings.Calendar is bound to any ValidationTests.UncheckedBindings.Clock but does not conform to ValidationTests.UncheckedBindings.Clock.
                      Requested: any ValidationTests.UncheckedBindings.Clock
                      Bound at: \(#fileID):\(bindingLine) in ModuleFixtures.Configure
                      To fix: make ValidationTests.UncheckedBindings.Calendar conform to ValidationTests.UncheckedBindings.Clock, or bind another type to any ValidationTests.UncheckedBindings.Clock.
                    """)
            let conforming = try Injector(modules: [
                ModuleFixtures.Configure {
                    $0.bind(SystemClock.self) { _ in SystemClock() }
                    $0.forward((any Clock).self, to: SystemClock.self)
                }
            ])
            #expect(conforming.validate(roots: [(any Clock).self]).isValid)
            #expect(try conforming.getObject((any Clock).self) is SystemClock)
        }
    }

    @Suite("Building nothing")
    struct BuildingNothing {
        @Test("validate() calls no initializer, closure or provider, and builds no eager singleton again")
        func validateBuildsNothing() throws {
            let log = BuildLog.shared
            let before = log.entries
            let injector = try Injector(modules: [CountingModule()])
            // An eager singleton is built when the injector is created, and only then.
            #expect(log.entries == before + ["EagerClock closure"])

            let report = injector.validate(roots: [Workshop.self, CountedByInit.self, CountedByInitializer.self])

            #expect(report.isValid, "\(report)")
            #expect(log.entries == before + ["EagerClock closure"])

            // The same injector does call them all when asked to build.
            _ = try injector.getObject(Workshop.self)
            #expect(
                Array(log.entries.dropFirst(before.count + 1)) == [
                    "Workshop.init", "CountedByInit.init", "Tool.init", "CountedByInitializer initializer",
                    "Lamp closure", "Meter provider", "CountedGearBox.init",
                ])
        }
    }
}

// MARK: - Fixtures

extension ValidationTests {
    /// A module that sets the scope of each type given.
    private struct ScopeModule: Module {
        let scopes: [ObjectIdentifier: Scope]

        func configure(_ binder: Binder) {
            if let scope = scopes[ObjectIdentifier(Ping.self)] { binder.setScope(scope, for: Ping.self) }
            if let scope = scopes[ObjectIdentifier(Pong.self)] { binder.setScope(scope, for: Pong.self) }
            if let scope = scopes[ObjectIdentifier(Holder.self)] { binder.setScope(scope, for: Holder.self) }
            if let scope = scopes[ObjectIdentifier(Held.self)] { binder.setScope(scope, for: Held.self) }
        }
    }

    // Three problems: a missing binding, a requirement into another class, a lifetime mismatch.

    private protocol Display: AnyObject {}

    private final class Dashboard: Injectable {
        var display: (any Display)!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Dashboard.display) }
        init() {}
    }

    /// A value only a binding supplies, needed by an initializer and by a property.
    private struct Config: Sendable {
        let path: String
    }

    private final class HabitStore: Injectable {
        let config: Config
        init(config: Config) { self.config = config }
        static let initializerLine = #line + 1
        static let initializer = Initializer(dependencies: Config.self) { HabitStore(config: $0) }
    }

    private final class HabitReport: Injectable {
        var store: HabitStore!
        var config: Config!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\HabitReport.store, \.config) }
        init() {}
    }

    private final class Misdeclared: Injectable {
        static var requires: Requirements { Requirements(\Dashboard.display) }
        init() {}
    }

    private final class Kiosk: Injectable {
        var misdeclared: Misdeclared!
        static var requires: Requirements { Requirements(\Kiosk.misdeclared) }
        init() {}
    }

    private final class Session: Injectable {
        static let scope: Scope = .graph
        init() {}
    }

    private final class Registry: Injectable {
        static let scope: Scope = .singleton
        var session: Session!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Registry.session) }
        init() {}
    }

    // A missing protocol binding two levels down.

    private protocol GearBox: AnyObject {}

    /// A `Car` behind a `Lazy`, then required directly.
    private final class Showcase: Injectable {
        var later: Lazy<Car>!
        var car: Car!
        static var requires: Requirements { Requirements(\Showcase.later, \.car) }
        init() {}
    }

    private final class Car: Injectable {
        var gearBox: (any GearBox)!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Car.gearBox) }
        init() {}
    }

    private final class Garage: Injectable {
        var car: Car!
        static var requires: Requirements { Requirements(\Garage.car) }
        init() {}
    }

    private final class Manual: GearBox, Injectable {
        init() {}
    }

    private struct GearBoxModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any GearBox).self, to: Manual.self)
        }
    }

    /// Bound to a protocol; requires what nothing is bound to.
    private final class Radio: Display, Injectable {
        var gearBox: (any GearBox)!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Radio.gearBox) }
        init() {}
    }

    private struct RadioModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any Display).self, to: Radio.self)
        }
    }

    // A named requirement with only an unnamed binding.

    private final class Headlight {}

    private final class Porch: Injectable {
        var light: Headlight!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements().named("front", \Porch.light) }
        init() {}
    }

    private struct UnnamedLightModule: Module {
        static let bindingLine = #line + 2
        func configure(_ binder: Binder) {
            binder.bind(Headlight.self) { _ in Headlight() }
        }
    }

    // Cycles.

    private final class Ping: Injectable {
        var pong: Pong!
        static var requires: Requirements { Requirements(\Ping.pong) }
        init() {}
    }

    private final class Pong: Injectable {
        var ping: Ping!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Pong.ping) }
        init() {}
    }

    /// Not part of the cycle: requires its way into it.
    private final class Court: Injectable {
        var ping: Ping!
        static var requires: Requirements { Requirements(\Court.ping) }
        init() {}
    }

    private final class Chicken: Injectable {
        var egg: Egg!
        static var requires: Requirements { Requirements(\Chicken.egg) }
        init() {}
    }

    private final class Egg: Injectable {
        var chicken: Provider<Chicken>!
        static var requires: Requirements { Requirements(\Egg.chicken) }
        init() {}
    }

    /// A cycle through the singleton `Latch`: a build of `Loop` meets `Loop` again
    /// there, builds it again, and meets its missing `gearBox` in that second pass.
    private final class Loop: Injectable {
        var latch: Latch!
        var gearBox: (any GearBox)!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Loop.latch, \.gearBox) }
        init() {}
    }

    private final class Latch: Injectable {
        static let scope: Scope = .singleton
        var loop: Loop!
        static var requires: Requirements { Requirements(\Latch.loop) }
        init() {}
    }

    /// Graph-scoped: registered while its requirement is filled, so the initializers
    /// of `Lock` and `Key` that come back to it find it.
    private final class Vault: Injectable {
        static let scope: Scope = .graph
        var lock: Lock!
        static var requires: Requirements { Requirements(\Vault.lock) }
        init() {}
    }

    private final class Lock: Injectable {
        let key: Key
        static let initializer = Initializer(dependencies: Key.self) { Lock(key: $0) }
        init(key: Key) { self.key = key }
    }

    private final class Key: Injectable {
        static let scope: Scope = .graph
        let vault: Vault
        static let initializer = Initializer(dependencies: Vault.self) { Key(vault: $0) }
        init(vault: Vault) { self.vault = vault }
    }

    private protocol Part: AnyObject {}

    /// Bound to `any Part`: its initializer needs a `Plug`, which needs `any Part`.
    private final class Socket: Part, Injectable {
        let plug: Plug
        static let initializer = Initializer(dependencies: Plug.self) { Socket(plug: $0) }
        init(plug: Plug) { self.plug = plug }
    }

    private final class Plug: Injectable {
        var part: (any Part)!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Plug.part) }
        init() {}
    }

    private struct PartModule: Module {
        func configure(_ binder: Binder) { binder.bind((any Part).self, to: Socket.self, scope: .normal) }
    }

    // Lifetimes: scopes are set by the module.

    private final class Held: Injectable {
        init() {}
    }

    private final class Holder: Injectable {
        var held: Held!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Holder.held) }
        init() {}
    }

    private final class ProviderHolder: Injectable {
        static let scope: Scope = .singleton
        var held: Provider<Held>!
        static var requires: Requirements { Requirements(\ProviderHolder.held) }
        init() {}
    }

    private final class Screen: Display, Injectable {
        init() {}
    }

    private final class Billboard: Injectable {
        static let scope: Scope = .singleton
        var display: (any Display)!
        static var requires: Requirements { Requirements(\Billboard.display) }
        init() {}
    }

    private struct GraphDisplayModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any Display).self, to: Screen.self, scope: .graph)
        }
    }

    // Counting what is built.

    /// Every initializer, closure and provider below writes here when it runs.
    private final class BuildLog: @unchecked Sendable {  // `list` is only touched while holding `lock`
        static let shared = BuildLog()
        private let lock = NSLock()
        private var list: [String] = []

        var entries: [String] { lock.withLock { list } }
        func append(_ entry: String) { lock.withLock { list.append(entry) } }
    }

    private final class CountedByInit: Injectable {
        var tool: Tool!
        static var requires: Requirements { Requirements(\CountedByInit.tool) }
        init() { BuildLog.shared.append("CountedByInit.init") }
    }

    private final class CountedByInitializer: Injectable {
        static let scope: Scope = .singleton
        static let initializer = Initializer { _ in
            BuildLog.shared.append("CountedByInitializer initializer")
            return CountedByInitializer()
        }
    }

    private final class Tool: Injectable {
        init() { BuildLog.shared.append("Tool.init") }
    }

    private protocol Clock: AnyObject {}

    private final class EagerClock: Clock {}

    private final class Lamp {}

    private final class Meter {}

    private struct MeterProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Meter? {
            BuildLog.shared.append("Meter provider")
            return Meter()
        }
    }

    private final class Workshop: Injectable {
        var counted: CountedByInit!
        var declared: CountedByInitializer!
        var lamp: Lamp!
        var meter: Meter!
        var clock: (any Clock)!
        var tools: Provider<Tool>!
        var gearBox: (any GearBox)!
        static var requires: Requirements {
            Requirements(\Workshop.counted, \.declared, \.lamp, \.meter, \.clock, \.tools, \.gearBox)
        }
        init() { BuildLog.shared.append("Workshop.init") }
    }

    private final class CountedGearBox: GearBox, Injectable {
        static let scope: Scope = .singleton
        init() { BuildLog.shared.append("CountedGearBox.init") }
    }

    private struct CountingModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any Clock).self, scope: .singleton) { _ in
                BuildLog.shared.append("EagerClock closure")
                return EagerClock()
            }
            binder.eagerSingleton((any Clock).self)
            binder.bind(Lamp.self) { _ in
                BuildLog.shared.append("Lamp closure")
                return Lamp()
            }
            binder.bind(Meter.self, provider: MeterProvider())
            binder.bind((any GearBox).self, to: CountedGearBox.self)
        }
    }
}
