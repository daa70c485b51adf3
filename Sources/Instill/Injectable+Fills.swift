/// Requirements declared with a closure that assigns, without key paths.
extension Injectable {
    /// A requirement filled by calling `assign` with the resolved value: the form to
    /// use where the first build of each type matters (an app's launch).
    ///
    /// `Value` says what is injected, as a property's type does for a key path: an
    /// `Injectable` class (built automatically when nothing is bound to it), a bound
    /// protocol (`(any GearBox).self`), value or closure type, ``Provider``, ``Lazy``
    /// or ``ObjectFactory``. Compose requirements with `+`, with each other and with
    /// key-path ``Requirements``:
    ///
    /// ```swift
    /// final class Car: Injectable {
    ///     var gearBox: (any GearBox)!
    ///     var wheels: Provider<Wheel>!
    ///     var leftLight: Headlight!
    ///     static var requires: Requirements {
    ///         fills((any GearBox).self) { $0.gearBox = $1 }
    ///             + fills(Provider<Wheel>.self) { $0.wheels = $1 }
    ///             + fills(Headlight.self, named: "left") { $0.leftLight = $1 }
    ///     }
    ///     init() {}
    /// }
    /// ```
    ///
    /// A key path costs the Swift runtime about 100,000 instructions the first time it
    /// is evaluated (it makes the key path's class for its root and value types); a
    /// closure costs nothing of the kind, so a class declared this way builds for the
    /// first time as fast as one with initializer dependencies. The injector calls
    /// `assign` where it would write through a key path: in declaration order, after
    /// the initializer, before ``awakeFromInjection()``, and for cycles and back
    /// references as it writes a property (see <doc:DeclaringRequirements>).
    ///
    /// Error chains and graphs show such a requirement as the declaration reads
    /// (`Car.fills(any GearBox)`), with its file and line. A closure names no
    /// property, so `+` keeps every closure requirement (a subclass that declares one
    /// for an inherited property has both called, in order: the last one's value
    /// stays).
    ///
    /// - Parameters:
    ///   - type: what is injected.
    ///   - name: the name of the binding to fill it from; `nil` for the unnamed one.
    ///   - file: where the requirement is declared, for messages; leave the default.
    ///   - line: where the requirement is declared, for messages; leave the default.
    ///   - assign: stores the resolved value in the object (`{ $0.engine = $1 }`).
    public static func fills<Value>(
        _ type: Value.Type,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @Sendable (Self, Value) -> Void
    ) -> Requirements {
        Requirements(Requirement(assigning: assign, name: name, location: SourceLocation(file: file, line: line)))
    }

    /// A requirement of an `Injectable` class, filled by calling `assign` with the
    /// object resolved for it (`fills(Engine.self) { $0.engine = $1 }`).
    ///
    /// The compiler picks this form by itself for an `Injectable` class. It records,
    /// where the compiler knows it, that the class is `Injectable`, so the first build
    /// of the class asks the runtime no conformance question (whose cost grows with the
    /// size of the program). Otherwise it is
    /// `fills(_:named:file:line:_:)`.
    ///
    /// ```swift
    /// final class Node: Injectable {
    ///     var left: Left!
    ///     var right: Right!
    ///     static var requires: Requirements {
    ///         fills(Left.self) { $0.left = $1 } + fills(Right.self) { $0.right = $1 }
    ///     }
    ///     init() {}
    /// }
    /// ```
    @inlinable
    public static func fills<Value: Injectable>(
        _ type: Value.Type,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @Sendable (Self, Value) -> Void
    ) -> Requirements {
        // Made here, where `Self` and `Value` are known, so that a warm build's write
        // runs no generic code (see `Requirements.filling`).
        Requirements.filling(
            Value.self, isOptional: false, name: name, file: file, line: line, assign: assign,
            assignObject: { object, value in
                assign(unsafeDowncast(object, to: Self.self), unsafeDowncast(consume value, to: Value.self))
            },
            assignNew: { object in assign(unsafeDowncast(object, to: Self.self), try Value()) })
    }

    /// An optional requirement of an `Injectable` class (`fills(Engine?.self) { ... }`),
    /// filled as a key path to an optional property is: when the binding it is filled
    /// from gives `nil`, `assign` is not called and the property keeps its value. The
    /// class's conformance is recorded where the compiler knows it.
    ///
    /// ```swift
    /// final class Dashboard: Injectable {
    ///     var clock: Clock?
    ///     static var requires: Requirements { fills(Clock?.self) { $0.clock = $1 } }
    ///     init() {}
    /// }
    /// ```
    @inlinable
    public static func fills<Value: Injectable>(
        _ type: Value?.Type,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @Sendable (Self, Value?) -> Void
    ) -> Requirements {
        Requirements.filling(
            Value.self, isOptional: true, name: name, file: file, line: line, assign: assign,
            assignObject: { object, value in
                assign(unsafeDowncast(object, to: Self.self), unsafeDowncast(consume value, to: Value.self))
            },
            assignNew: { object in assign(unsafeDowncast(object, to: Self.self), try Value()) })
    }

    /// A requirement of a main-actor class (a view model held by a nonisolated object),
    /// filled by calling `assign` with it: the class's conformance is recorded where
    /// the compiler knows it (the compiler picks this form by itself). Building the
    /// holder reaches the main actor, as any main-actor dependency does.
    public static func fills<Value: MainActorInjectable>(
        _ type: Value.Type,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @Sendable (Self, Value) -> Void
    ) -> Requirements {
        Requirements(
            Requirement(
                assigning: assign, name: name, location: SourceLocation(file: file, line: line),
                dependency: .mainActor(Value.self, isOptional: false)))
    }

    /// An optional requirement of a main-actor class (`fills(Toolbar?.self) { ... }`):
    /// when its binding gives `nil`, `assign` is not called. The class's conformance is
    /// recorded where the compiler knows it.
    public static func fills<Value: MainActorInjectable>(
        _ type: Value?.Type,
        named name: String? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @Sendable (Self, Value?) -> Void
    ) -> Requirements {
        Requirements(
            Requirement(
                assigning: assign, name: name, location: SourceLocation(file: file, line: line),
                dependency: .mainActor(Value.self, isOptional: true)))
    }
}

extension Requirements {
    /// One closure requirement of an `Injectable` class `Object` (declared as `Object`
    /// or `Object?`).
    ///
    /// `assignObject` is `assign` made by the inlinable `fills`, specialized in the
    /// module that declares the requirement: given an object of `Root` and an instance
    /// of `Object` (or a subclass), it downcasts both without checks and calls
    /// `assign`. The engine calls it only so (see `Requirement.init(assigning:…)`).
    ///
    /// `assignNew`, made there too, calls `assign` with a new `Object` from its
    /// `init()`: what a plan calls where the object's own plan would only call that
    /// `init()` (see ``ClosureObjectWriter/assignNew``).
    @usableFromInline
    static func filling<Root: AnyObject, Declared, Object: Injectable>(
        _ object: Object.Type, isOptional: Bool, name: String?, file: StaticString, line: UInt,
        assign: @escaping @Sendable (Root, Declared) -> Void,
        assignObject: @escaping @Sendable (AnyObject, consuming AnyObject) -> Void,
        assignNew: @escaping @Sendable (AnyObject) throws -> Void
    ) -> Requirements {
        Requirements(
            Requirement(
                assigning: assign, assignObject: assignObject, assignNew: assignNew, assignsNew: true, name: name,
                location: SourceLocation(file: file, line: line),
                dependency: .injectable(Object.self, isOptional: isOptional)))
    }
}
