extension InjectionError.Kind {
    /// A ``MainActorInjectable`` type was reached from code not proven to run on the
    /// main actor: a request from a nonisolated context or another actor, through a
    /// protocol binding or a requirement of a nonisolated type. Nothing was built.
    public static let mainActorRequired = InjectionError.Kind("mainActorRequired")
}

extension InjectionError {
    static func mainActorRequired(_ type: String) -> InjectionError {
        var error = InjectionError(
            .mainActorRequired, type: type,
            summary: "\(type) is isolated to the main actor, and this request does not run on the main actor.",
            fix:
                "request it from @MainActor code (a @MainActor function, or `await MainActor.run { ... }`), or inject Provider<\(type)> and call it on the main actor."
        )
        error.mainActorType = type
        return error
    }

    /// This ``mainActorRequired(_:)`` error for a request made through a subscript,
    /// which builds no main-actor object even from main-actor code.
    func requestedThroughSubscript() -> InjectionError {
        guard let type = mainActorType else { return self }
        var error = self
        error.fix =
            "request it with getObject from @MainActor code (`try injector.getObject(...)`; a subscript builds no main-actor object), or inject Provider<\(type)> and call it on the main actor."
        return error
    }
}

extension InjectionError {
    /// This ``mainActorRequired(_:)`` error for a ``Provider`` or ``Lazy`` (`wrapper`,
    /// `Provider<Panel>`) called off the main actor: the caller already holds the
    /// wrapper, so the fix is where it is called.
    func requested(through wrapper: String, call: String) -> InjectionError {
        guard let type = mainActorType else { return self }
        var error = self
        error.fix =
            "call this \(wrapper) from @MainActor code (\(call) in a @MainActor function, or in `await MainActor.run { ... }`): there it builds \(type)."
        return error
    }
}

extension InjectionError {
    /// Found by ``Injector/validate(roots:isolation:)``: a nonisolated type requires a
    /// main-actor one directly.
    static func mainActorHeld(holder: String, held: String, required: String) -> InjectionError {
        InjectionError(
            .mainActorRequired, type: holder,
            summary:
                "\(holder) is not isolated to the main actor, and requires \(held), which is: only the main actor can build \(holder).",
            fix:
                "make \(holder) a @MainActor MainActorInjectable type, or require Provider<\(required)> and call it on the main actor."
        )
    }
}

extension InjectionError {
    /// This ``Kind-swift.struct/mainActorRequired`` error as an `await getObject` made
    /// off the main actor reports it: the caller's isolation is the reason, and the
    /// fix cannot be `MainActor.run`, whose closure is synchronous and cannot await.
    func awaited(from isolation: (any Actor)?) -> InjectionError {
        guard let type = mainActorType else { return self }
        let caller =
            isolation.map { "the actor \(typeName(Swift.type(of: $0)))" }
            ?? "nonisolated code (a detached task or a nonisolated function)"
        var error = InjectionError(
            .mainActorRequired, type: requestedType,
            summary:
                "\(type) is isolated to the main actor, and this `await getObject` was made from \(caller), not from the main actor: only a request made on the main actor builds main-actor objects.",
            fix:
                "await the request from @MainActor code (a @MainActor function, or `Task { @MainActor in ... }`), or inject Provider<\(type)> and call it on the main actor."
        )
        error.chain = chain
        error.requirementLocation = requirementLocation
        error.bindingLocation = bindingLocation
        error.nearMatches = nearMatches
        error.mainActorType = type
        return error
    }
}
