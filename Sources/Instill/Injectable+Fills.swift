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
                assign(Downcast.known(object, as: Self.self), Downcast.known(consume value, as: Value.self))
            },
            assignNew: { object in assign(Downcast.known(object, as: Self.self), try Value()) })
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
                assign(Downcast.known(object, as: Self.self), Downcast.known(consume value, as: Value.self))
            },
            assignNew: { object in assign(Downcast.known(object, as: Self.self), try Value()) })
    }

    /// Requirements of several `Injectable` classes filled by one closure, called once
    /// with all of them: the fastest form of property injection, warm as well as cold.
    ///
    /// ```swift
    /// final class Node: Injectable {
    ///     var left: Left!
    ///     var right: Right!
    ///     static var requires: Requirements {
    ///         fills(Left.self, Right.self) { $0.left = $1; $0.right = $2 }
    ///     }
    ///     init() {}
    /// }
    /// ```
    ///
    /// Each class is a requirement of its own, as if declared with
    /// `fills(Left.self) { $0.left = $1 } + fills(Right.self) { $0.right = $1 }`:
    /// resolved in order, shown in chains, `validate()` and graphs as `Node.fills(Left)`
    /// and `Node.fills(Right)`, overridden and bound as any class is. What differs is
    /// the write: `assign` is called once, after the last value is resolved, with all
    /// of them. A warm build of a class whose only requirements are this list is one
    /// call of code compiled here: the class's `init()`, its requirements' objects, then
    /// `assign`, with the leaves that end the list (`Injectable` classes with nothing to
    /// fill) made there too. A 1,000-class tree built so runs at about 1.1× hand-written
    /// code, where a `fills` per property runs at about 1.8× (see
    /// <doc:Performance#One-closure-per-object>).
    ///
    /// A class in the list that points back to an object whose initializer is still
    /// running (a cycle through initializer dependencies, broken by a scope) cannot be
    /// written with the others: the build throws a cycle error whose fix is to declare
    /// that class with a `fills` of its own, which is written once that object exists.
    ///
    /// - Parameters:
    ///   - first: the first class to resolve.
    ///   - second: the second class to resolve.
    ///   - rest: the other classes, in the order `assign` receives them.
    ///   - file: where the requirements are declared, for messages; leave the default.
    ///   - line: where the requirements are declared, for messages; leave the default.
    ///   - assign: stores the resolved objects in the object
    ///     (`{ $0.left = $1; $0.right = $2 }`).
    @inlinable
    public static func fills<First: Injectable, Second: Injectable, each Rest: Injectable>(
        _ first: First.Type,
        _ second: Second.Type,
        _ rest: repeat (each Rest).Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        _ assign: @escaping @Sendable (Self, First, Second, repeat each Rest) -> Void
    ) -> Requirements {
        // Made here, where every class is known, so that a warm build's write runs no
        // generic code and can call each leaf's `init()` (see `FillGroupMember`).
        Requirements.fillingGroup(
            Self.self, First.self, Second.self, repeat (each Rest).self, file: file, line: line,
            assign: { object, values, made, position in
                position.value = 0
                try assign(
                    Downcast.known(object, as: Self.self),
                    FillGroupMember.member(First.self, &position.value, values, made: made),
                    FillGroupMember.member(Second.self, &position.value, values, made: made),
                    repeat FillGroupMember.member((each Rest).self, &position.value, values, made: made))
            },
            build: { values, made, position, buildMembers in
                let object = try FillGroupMember.object(Self.self)
                try buildMembers(values)
                position.value = 0
                try assign(
                    object,
                    FillGroupMember.member(First.self, &position.value, values, made: made),
                    FillGroupMember.member(Second.self, &position.value, values, made: made),
                    repeat FillGroupMember.member((each Rest).self, &position.value, values, made: made))
                return object
            })
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

extension Requirements {
    /// The members of a `fills` of several `Injectable` classes, one requirement per
    /// class, in order, sharing one ``FillGroup`` whose closures are `assign` and
    /// `build` (made by the inlinable `fills`, see ``FillGroup/assign`` and
    /// ``FillGroup/build``).
    @usableFromInline
    static func fillingGroup<Root: AnyObject, First: Injectable, Second: Injectable, each Rest: Injectable>(
        _: Root.Type, _ first: First.Type, _ second: Second.Type, _ rest: repeat (each Rest).Type,
        file: StaticString, line: UInt,
        assign:
            @escaping @Sendable (AnyObject, FillGroupValues, Int, MemberCounter) throws -> Void,
        build:
            @escaping @Sendable (
                FillGroupValues, Int, MemberCounter,
                (FillGroupValues) throws -> Void
            ) throws -> AnyObject
    ) -> Requirements {
        var count = 2
        for _ in repeat (each Rest).self { count += 1 }
        let group = FillGroup(count: count, root: ObjectIdentifier(Root.self), assign: assign, build: build)
        let location = SourceLocation(file: file, line: line)
        var requirements = Requirements()
        requirements.entries.reserveCapacity(count)
        requirements.entries.append(groupMember(Root.self, First.self, of: group, at: 0, location))
        requirements.entries.append(groupMember(Root.self, Second.self, of: group, at: 1, location))
        for member in repeat (each Rest).self {
            requirements.entries.append(
                groupMember(Root.self, member, of: group, at: requirements.entries.count, location))
        }
        return requirements
    }

    /// One member of `group`: a closure entry of `Member`, recorded as `Injectable`,
    /// whose writer is the group.
    private static func groupMember<Root: AnyObject, Member: Injectable>(
        _: Root.Type, _: Member.Type, of group: FillGroup, at position: Int, _ location: SourceLocation
    ) -> Requirement {
        Requirement(
            assigning: { (_: Root, _: Member) in }, name: nil, location: location,
            dependency: .injectable(Member.self, isOptional: false), group: group, position: position)
    }
}
