import Instill
import Testing

// More of the catalogue's rows for initializer injection (`Initializer(dependencies:)`
// and closure bindings that declare dependencies), numbered as in the article.

extension BadInputTests {
    // MARK: Initializer injection, continued

    @Test("#48 a named initializer dependency whose name is not bound: noBinding, showing the name that is")
    func misnamedInitializerDependency() throws {
        let error = try Self.error(of: .misnamedInitializerDependency)

        Self.expect(
            error, .noBinding,
            lines: [
                #"noBinding: nothing is bound to BadInputTests.Lantern named "left", and it cannot be built automatically."#,
                "Requested: BadInputTests.LanternPost",
                #"Chain: BadInputTests.LanternPost.init(BadInputTests.Lantern named "left") (declared at …"#,
                #"Bound nearby: closure → BadInputTests.Lantern named "right" …"#,
            ])
    }

    @Test("#49 closure bindings whose declared dependencies lead back to each other: cycle naming the bindings")
    func bindingDependencyCycle() throws {
        let error = try Self.error(of: .bindingDependencyCycle)

        Self.expect(
            error, .cycle,
            lines: [
                #"cycle: BadInputTests.Lantern is needed again by the dependencies its binding declares, before the binding has run: BadInputTests.Lantern binding(BadInputTests.Lantern named "b") → BadInputTests.Lantern binding(BadInputTests.Lantern named "a") → BadInputTests.Lantern."#,
                "Requested: BadInputTests.Lantern",
                #"Chain: BadInputTests.Lantern binding(BadInputTests.Lantern named "b") → BadInputTests.Lantern binding(BadInputTests.Lantern named "a") (declared at …"#,
                "To fix: no scope breaks a cycle through a declared dependency …",
            ])
    }

    @Test("#50 arguments for a type whose initializer takes dependencies and no arguments: argumentMismatch")
    func argumentsForDependencyInitializer() throws {
        let error = try Self.error(of: .argumentsForDependencyInitializer)

        Self.expect(
            error, .argumentMismatch,
            lines: [
                "argumentMismatch: BadInputTests.Gearshift reads 0 arguments, but 1 argument was given.",
                "Requested: BadInputTests.Gearshift",
                "To fix: pass only the arguments BadInputTests.Gearshift's Initializer reads, or read every one of them in it.",
            ])
    }

    @Test("#51 an initializer dependency whose initializer throws: initializerFailed with the chain of initializers")
    func throwingInitializerDependency() throws {
        let error = try Self.error(of: .throwingInitializerDependency)

        Self.expect(
            error, .initializerFailed,
            lines: [
                "initializerFailed: the initializer of BadInputTests.Fuse threw: the fuse blew",
                "Requested: BadInputTests.FuseBox",
                "Chain: BadInputTests.FuseBox.init(BadInputTests.Fuse) (declared at \(#fileID):\(FuseBox.initializerLine))",
                "To fix: make the initializer of BadInputTests.Fuse succeed; nothing it started was cached.",
            ])
        #expect(error.underlyingError is Blown)
    }
}

// MARK: - Provoking and fixing the rows

extension BadInputTests.Misuse {
    /// ``provoke()`` for the rows of initializer injection.
    func provokeInitializerMisuse() throws -> BadInputTests.Provocation {
        typealias Tests = BadInputTests
        switch self {
        case .misnamedInitializerDependency:
            let injector = try Injector(modules: [
                Tests.Configure { $0.bind(Tests.Lantern.self, named: "right") { _ in Tests.Lantern() } }
            ])
            return on(injector) { try $0.getObject(Tests.LanternPost.self) }
        case .bindingDependencyCycle:
            let injector = try Injector(modules: [
                Tests.Configure { binder in
                    binder.bind(Tests.Lantern.self, named: "a", dependencies: .named("b", Tests.Lantern.self)) { $0 }
                    binder.bind(Tests.Lantern.self, named: "b", dependencies: .named("a", Tests.Lantern.self)) { $0 }
                }
            ])
            return on(injector) { try $0.getObject(Tests.Lantern.self, named: "a") }
        case .argumentsForDependencyInitializer:
            let injector = try Injector(modules: [
                Tests.Configure { $0.bind((any Tests.GearBox).self, to: Tests.FiveSpeed.self) }
            ])
            return on(injector) { try $0.getObject(Tests.Gearshift.self, arguments: "R") }
        case .throwingInitializerDependency:
            return on(Injector()) { try $0.getObject(Tests.FuseBox.self) }
        default:
            preconditionFailure("\(self) is not a row of initializer injection")
        }
    }

    /// ``fixed()`` for the rows of initializer injection.
    func fixedInitializerMisuse() throws -> (() throws -> Void)? {
        typealias Tests = BadInputTests
        switch self {
        case .argumentsForDependencyInitializer:
            let injector = try Injector(modules: [
                Tests.Configure { $0.bind((any Tests.GearBox).self, to: Tests.FiveSpeed.self) }
            ])
            return succeeds(injector) { try $0.getObject(Tests.Gearshift.self) }
        case .misnamedInitializerDependency:
            let injector = try Injector(modules: [
                Tests.Configure { $0.bind(Tests.Lantern.self, named: "left") { _ in Tests.Lantern() } }
            ])
            return succeeds(injector) { try $0.getObject(Tests.LanternPost.self) }
        case .bindingDependencyCycle:
            let injector = try Injector(modules: [
                Tests.Configure { binder in
                    binder.bind(Tests.Lantern.self, named: "a", dependencies: .named("b", Tests.Lantern.self)) { $0 }
                    binder.bind(Tests.Lantern.self, named: "b") { _ in Tests.Lantern() }
                }
            ])
            return succeeds(injector) { try $0.getObject(Tests.Lantern.self, named: "a") }
        default:
            // The fix of the others is a change to the types' own code.
            return nil
        }
    }
}

// MARK: - Fixtures

extension BadInputTests {
    fileprivate struct Blown: Error, CustomStringConvertible {
        var description: String { "the fuse blew" }
    }

    /// Receives a gear box bound to a protocol, and reads no arguments.
    fileprivate final class Gearshift: Injectable {
        init(gearBox: any GearBox) {}
        static let initializer = Initializer(dependencies: (any GearBox).self) { Gearshift(gearBox: $0) }
    }

    /// Not `Injectable`: only ever bound.
    fileprivate final class Lantern: Sendable {}

    fileprivate final class LanternPost: Injectable {
        init(lantern: Lantern) {}
        static let initializer = Initializer(dependencies: .named("left", Lantern.self)) { LanternPost(lantern: $0) }
    }

    fileprivate final class Fuse: Injectable {
        init() throws { throw Blown() }
    }

    fileprivate final class FuseBox: Injectable {
        init(fuse: Fuse) {}
        static let initializerLine = #line + 1
        static let initializer = Initializer(dependencies: Fuse.self) { FuseBox(fuse: $0) }
    }
}
