import Instill
import Testing

// The catalogue's rows for typed arguments (`TakesArgument`, `Initializer(argument:)`),
// numbered as in the article.

/// Takes a `String`, with no default.
private final class Download: Injectable, Sendable, TakesArgument {
    typealias Argument = String
    let url: String
    init(url: String) { self.url = url }
    static let initializer = Initializer(argument: Argument.self) { Download(url: $0) }
}

/// Requires a download directly, so it cannot pass the argument.
private final class Downloads: Injectable {
    var current: Download!
    static let requiresLine = #line + 1
    static var requires: Requirements { Requirements(\Downloads.current) }
    init() {}
}

/// Its `Argument` and its initializer disagree.
private final class Mislabeled: Injectable, Sendable, TakesArgument {
    typealias Argument = Int
    let label: String
    init(label: String) { self.label = label }
    static let initializer = Initializer(argument: String.self) { Mislabeled(label: $0) }
}

extension BadInputTests {
    // MARK: Typed arguments

    private static let missingDownloadFix =
        "To fix: request it with getObject(Download.self, argument: ...); an object that builds one holds a Provider<Download> and calls it with the argument (provider(argument: ...))."

    @Test(
        "#57 a type that takes an argument, requested or required without one: argumentMismatch, and a validate() finding"
    )
    func missingTypedArgument() throws {
        let injector = Injector()

        let direct = try #require(throws: InjectionError.self) { try injector.getObject(Download.self) }
        let required = try #require(throws: InjectionError.self) { try injector.getObject(Downloads.self) }
        let found = injector.validate(roots: [Downloads.self]).problems

        Self.expect(
            direct, .argumentMismatch,
            lines: [
                "argumentMismatch: Download takes an argument (String), but none was given.",
                "Requested: Download",
                Self.missingDownloadFix,
            ])
        Self.expect(
            required, .argumentMismatch,
            lines: [
                "argumentMismatch: Download takes an argument (String), but none was given.",
                "Requested: Downloads",
                "Chain: Downloads.current (declared at \(#fileID):\(Downloads.requiresLine))",
                Self.missingDownloadFix,
            ])
        #expect(found.map(\.description) == [required.description])
        // The fix.
        #expect(try injector.getObject(Download.self, argument: "a.mp3").url == "a.mp3")
    }

    @Test("#58 the variadic form with an argument of another type: argumentMismatch naming both types")
    func mistypedTypedArgument() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Download.self, arguments: 12) }

        Self.expect(
            error, .argumentMismatch,
            lines: [
                "argumentMismatch: Download takes an argument of type String, but an Int was given.",
                "Requested: Download",
                "To fix: pass a String; declare `typealias Argument = String` and conform Download to TakesArgument, so that getObject(Download.self, argument: ...) accepts only that type.",
            ])
    }

    @Test("#59 an Argument that disagrees with Initializer(argument:): argumentMismatch at the first request")
    func argumentDisagreesWithInitializer() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Mislabeled.self, argument: 3) }

        Self.expect(
            error, .argumentMismatch,
            lines: [
                "argumentMismatch: Mislabeled takes an argument of type String, but an Int was given.",
                "Requested: Mislabeled",
            ])
    }
}
