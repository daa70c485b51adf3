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
    /// The problems, in the order they were found: a missing binding once for each
    /// requirement that needs it, each with its own chain (``description`` prints
    /// those as one problem, "Also needed by" each further requirement).
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

    /// Those of ``problems`` that a request of the walked roots throws, in the order
    /// they were found: not those met behind a ``Provider`` or ``Lazy`` (calling it
    /// throws them), nor lifetime mismatches (nothing throws them).
    var problemsRequestsThrow: [InjectionError] = []

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
        let groups = groupedProblems
        var text = "Validation failed for \(groups.count) problem\(groups.count == 1 ? "" : "s"):"
        for (index, group) in groups.enumerated() {
            let marker = "\(index + 1). "
            let indent = String(repeating: " ", count: marker.count)
            let lines = group[0].description.split(separator: "\n", omittingEmptySubsequences: false)
            text += "\n\n" + marker + lines[0]
            for line in lines.dropFirst() {
                text += "\n" + indent + line.drop { $0 == " " }
                guard line.hasPrefix("  Chain: ") else { continue }
                for other in group.dropFirst() {
                    text += "\n" + indent + "Also needed by: " + other.chainLine
                    if other.requestedType != group[0].requestedType { text += ", requested as " + other.requestedType }
                }
            }
        }
        return text + awaited
    }

    /// The problems, those that differ only in the requirement that led to them (one
    /// missing binding needed in several places) together, in the order each was
    /// first found.
    private var groupedProblems: [[InjectionError]] {
        var groups: [[InjectionError]] = []
        var index: [String: Int] = [:]
        for problem in problems {
            let key = "\(problem.kind)\n\(problem.summary)\n\(problem.fix)"
            if let found = index[key], !problem.chain.isEmpty, !groups[found][0].chain.isEmpty {
                groups[found].append(problem)
            } else {
                index[key] = index[key] ?? groups.count
                groups.append([problem])
            }
        }
        return groups
    }
}
