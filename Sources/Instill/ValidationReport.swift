/// Every problem ``Injector/validate(roots:isolation:)`` found, at once.
///
/// Each problem is an ``InjectionError`` with its kind, chain, source locations
/// and fix line. The report prints as one block:
///
/// ```
/// Validation failed for 2 problems:
///
/// 1. noBinding: nothing is bound to any GearBox, and it cannot be built automatically.
///    Requested: Car
///    Chain: Car.gearBox (declared at App/Car.swift:12)
///    To fix: …
///
/// 2. cycle: …
/// ```
///
/// A report is an `Error`, so `try injector.validate().check()` stops a launch or a
/// test on the first broken configuration.
public struct ValidationReport: Error, CustomStringConvertible, Sendable {
    /// The problems, in the order they were found.
    public let problems: [InjectionError]

    /// The types whose graph has an async initializer, closure or provider (not
    /// behind a ``Provider``), in the order the walk found them: the synchronous
    /// `getObject` throws ``InjectionError/Kind-swift.struct/asyncRequired`` for
    /// them, and `try await injector.getObject(...)` builds them (from main-actor
    /// code, for those whose graph has a main-actor type). Not problems: the report
    /// prints them after its verdict, those only main-actor code builds on a line of
    /// their own.
    public internal(set) var typesNeedingAwait: [String] = []

    /// Those of ``typesNeedingAwait`` whose graph also has a main-actor type: only an
    /// `await getObject` made from main-actor code builds them.
    var mainActorTypesNeedingAwait: Set<String> = []

    /// Whether no problem was found.
    public var isValid: Bool { problems.isEmpty }

    /// Throws this report when it has problems.
    public func check() throws {
        if !isValid { throw self }
    }

    /// "Validation passed" or "Validation failed for N problems:" and each problem,
    /// numbered.
    public var description: String {
        let anywhere = typesNeedingAwait.filter { !mainActorTypesNeedingAwait.contains($0) }
        let onMainActor = typesNeedingAwait.filter(mainActorTypesNeedingAwait.contains)
        var awaited = anywhere.isEmpty && onMainActor.isEmpty ? "" : "\n"
        if !anywhere.isEmpty {
            awaited +=
                "\nBuilt only by `try await injector.getObject(...)` (async steps): "
                + anywhere.joined(separator: ", ") + "."
        }
        if !onMainActor.isEmpty {
            awaited +=
                "\nBuilt only by `try await injector.getObject(...)` from @MainActor code (async steps and main-actor types): "
                + onMainActor.joined(separator: ", ") + "."
        }
        guard !problems.isEmpty else { return "Validation passed: no problems found." + awaited }
        var text = "Validation failed for \(problems.count) problem\(problems.count == 1 ? "" : "s"):"
        for (index, problem) in problems.enumerated() {
            let marker = "\(index + 1). "
            let lines = problem.description.split(separator: "\n", omittingEmptySubsequences: false)
            text += "\n\n" + marker + lines[0]
            for line in lines.dropFirst() {
                text += "\n" + String(repeating: " ", count: marker.count) + line.drop { $0 == " " }
            }
        }
        return text + awaited
    }
}
