/// The errors of `await getObject`: an async step reached synchronously, and a
/// cancelled async step.
extension InjectionError {
    /// A synchronous request reached `request`'s async step. Inside an
    /// `await getObject` the driver catches it and runs the step; anywhere else it
    /// is the error the caller sees.
    static func asyncRequired(_ recipe: Recipe, arguments: [any Sendable]) -> InjectionError {
        let step: String
        if case .build = recipe.source {
            step = "an async initializer"
        } else if recipe.binding?.asyncStep?.isProvider == true {
            step = "an async provider"
        } else {
            step = "an async closure"
        }
        let type = recipe.type
        var error = InjectionError(
            .asyncRequired, type: recipe.typeName,
            summary: { "\(type) is built by \(step), which a synchronous getObject cannot await." },
            fix:
                "request it with `try await injector.getObject(...)` from async code, or take it as a Provider and call `try await provider()`."
        )
        error.asyncStep = AsyncStepRequest(recipe: recipe, owner: recipe.owner, arguments: arguments)
        if let binding = recipe.binding { error.bindingLocation = "\(binding.location) in \(binding.module)" }
        return error
    }

    /// This ``asyncRequired(_:arguments:)`` error, met by the synchronous
    /// `audit(graphOf:)` of `type`: the fix is to await the audit.
    func auditedSynchronously(_ type: Any.Type, named name: String?) -> InjectionError {
        var error = self
        let named = name.map { ", named: \"\($0)\"" } ?? ""
        error.fix =
            "audit it from async code with `try await injector.audit(graphOf: \(spelling(of: type)).self\(named))`, which runs the async steps."
        return error
    }

    /// The task of an `await getObject` was cancelled while `type`'s async step ran
    /// or while it waited for another task's build of it.
    static func cancelled(_ type: String, underlying: any Error) -> InjectionError {
        InjectionError(
            .cancelled, type: type,
            summary: "the request was cancelled while \(type) was being built; nothing was cached.",
            fix: "nothing to fix if the cancellation was meant: the next request builds \(type) again.",
            underlying: underlying)
    }
}
