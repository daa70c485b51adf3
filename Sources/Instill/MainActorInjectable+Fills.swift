/// Requirements of main-actor types declared with a closure that assigns, without
/// key paths.
extension MainActorInjectable {
    /// A requirement of a main-actor type, filled by calling `assign` on the main actor
    /// with the resolved value.
    ///
    /// The main-actor form of `fills(_:named:file:line:_:)`:
    /// `assign` is main-actor isolated, so it may touch the object's main-actor state,
    /// and the injector calls it only while it fills the object on the main actor.
    ///
    /// ```swift
    /// @MainActor
    /// final class WeatherViewModel: MainActorInjectable {
    ///     var service: (any WeatherService)!
    ///     var units: Units!
    ///     static var requires: Requirements {
    ///         fills((any WeatherService).self) { $0.service = $1 } + fills(Units.self) { $0.units = $1 }
    ///     }
    ///     init() {}
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: what is injected.
    ///   - name: the name of the binding to fill it from; `nil` for the unnamed one.
    ///   - file: where the requirement is declared, for messages; leave the default.
    ///   - line: where the requirement is declared, for messages; leave the default.
    ///   - assign: stores the resolved value in the object (`{ $0.units = $1 }`).
    @MainActor
    public static func fills<Value>(
        _ type: Value.Type,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @MainActor @Sendable (Self, Value) -> Void
    ) -> Requirements {
        Requirements.assigningOnMainActor(assign, name: name, file: file, line: line)
    }

    /// A requirement of a main-actor type whose value is an `Injectable` class: its
    /// conformance is recorded where the compiler knows it (the compiler picks this
    /// form by itself).
    @MainActor
    public static func fills<Value: Injectable>(
        _ type: Value.Type,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @MainActor @Sendable (Self, Value) -> Void
    ) -> Requirements {
        Requirements.assigningOnMainActor(
            assign, name: name, file: file, line: line, dependency: .injectable(Value.self, isOptional: false))
    }

    /// A requirement of a main-actor type whose value is a main-actor class: its
    /// conformance is recorded where the compiler knows it (the compiler picks this
    /// form by itself).
    @MainActor
    public static func fills<Value: MainActorInjectable>(
        _ type: Value.Type,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @MainActor @Sendable (Self, Value) -> Void
    ) -> Requirements {
        Requirements.assigningOnMainActor(
            assign, name: name, file: file, line: line, dependency: .mainActor(Value.self, isOptional: false))
    }

    /// An optional requirement of a main-actor type whose value is an `Injectable`
    /// class (`fills(Clock?.self) { $0.clock = $1 }`): `assign` is not called when the
    /// binding gives `nil`, as for `fills(_:named:file:line:_:)` with an optional type.
    /// The class's conformance is recorded where the compiler knows it (the compiler
    /// picks this form by itself).
    @MainActor
    public static func fills<Value: Injectable>(
        _ type: Value?.Type,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @MainActor @Sendable (Self, Value?) -> Void
    ) -> Requirements {
        Requirements.assigningOnMainActor(
            assign, name: name, file: file, line: line, dependency: .injectable(Value.self, isOptional: true))
    }

    /// An optional requirement of a main-actor type whose value is a main-actor class
    /// (`fills(Toolbar?.self) { $0.toolbar = $1 }`): `assign` is not called when the
    /// binding gives `nil`. The class's conformance is recorded where the compiler
    /// knows it (the compiler picks this form by itself).
    @MainActor
    public static func fills<Value: MainActorInjectable>(
        _ type: Value?.Type,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @MainActor @Sendable (Self, Value?) -> Void
    ) -> Requirements {
        Requirements.assigningOnMainActor(
            assign, name: name, file: file, line: line, dependency: .mainActor(Value.self, isOptional: true))
    }
}

extension Requirements {
    /// One closure requirement of a main-actor type: `assign` is called on the main
    /// actor (see `MainActorIsolation.unisolatedAssign(_:)`). `dependency` is what the
    /// declaration knew at compile time; `nil` reads it from `Value` at run time.
    static func assigningOnMainActor<Root: AnyObject, Value>(
        _ assign: @escaping @MainActor @Sendable (Root, Value) -> Void,
        name: String?, file: StaticString, line: UInt, dependency: Dependency? = nil
    ) -> Requirements {
        Requirements(
            Requirement(
                assigning: MainActorIsolation.unisolatedAssign(assign), name: name,
                location: SourceLocation(file: file, line: line), dependency: dependency))
    }
}
