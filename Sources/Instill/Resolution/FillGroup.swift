/// The one closure of a `fills(A.self, B.self) { $0.a = $1; $0.b = $2 }` declaration:
/// several requirements assigned by one call.
///
/// The declaration gives its type's ``Requirements`` one entry per value (its
/// *members*, consecutive and in order), so that everything that reads requirements
/// (chains, `validate()`, graphs, audits, overrides) sees each value as it sees a
/// `fills` of one. Only the writes differ: a member is never written alone. The
/// resolver and plans meet the first member, resolve every member's value in order,
/// and call ``assign`` once with all of them (`Resolver.fillGroup`,
/// `BuildPlan.fillGroup`). Every member's ``Requirement/objectWriter`` is the group,
/// whose own ``write(_:into:)`` writes nothing.
final class FillGroup: ObjectWriter, @unchecked Sendable {  // immutable
    /// The number of members.
    let count: Int
    /// Calls the declaration's closure with the object and every member's value, in
    /// order: the first `made` from `values` (moved out of it, which it leaves
    /// uninitialized), the rest made by the closure with each class's `init()` (a
    /// plan's leaves, see `BuildPlan.Step.Kind.memberNew`). The last argument counts
    /// the members passed so far (from 0; while a member's `init()` runs, that member's
    /// position), so that a request the `init()` makes can see which member
    /// is being made (see `PlanFrames`).
    ///
    /// Made by the inlinable `fills`, where the object's class and each member's are
    /// known: it downcasts without checks. Invariant: the caller has proven each value
    /// an instance of its member's class or of a subclass (a plan when it is compiled,
    /// the resolver by comparing classes), and the object an instance of the class that
    /// declared the group or of a subclass (it is being filled with that class's
    /// requirements). Every value is moved out before any `init()` is called, so a
    /// throw leaves nothing in `values`.
    ///
    /// - Throws: ``FillGroupMember/NewValueFailed`` for an `init()` that threw.
    let assign: Assign

    /// The signature of ``assign``.
    typealias Assign =
        @Sendable (AnyObject, FillGroupValues, Int, MemberCounter) throws -> Void

    /// The class of the objects ``build`` makes: the class whose requirements the
    /// group was declared in.
    let root: ObjectIdentifier
    /// Makes an object of ``root`` with its `init()`, has `buildMembers` build the
    /// first `made` members' values into `values` (in order, after that `init()`),
    /// then writes every member as ``assign`` does (counting them in the third
    /// argument) and returns the object: a plan's
    /// whole build of a type whose only requirements are the group (see
    /// `BuildPlan.buildsByGroup`), with one call of the declaration's code.
    ///
    /// - Throws: ``FillGroupMember/NewValueFailed`` for an `init()` that threw (at
    ///   position -1 for the object's own); what `buildMembers` threw.
    let build: Build

    /// The signature of ``build``.
    typealias Build =
        @Sendable (
            FillGroupValues, Int, MemberCounter,
            (FillGroupValues) throws -> Void
        ) throws -> AnyObject

    init(
        count: Int, root: ObjectIdentifier,
        assign: @escaping Assign,
        build: @escaping Build
    ) {
        self.count = count
        self.root = root
        self.assign = assign
        self.build = build
        super.init(storedOffset: nil)
    }

    /// The ``build`` of no group: never called (see `BuildPlan`).
    static let buildsNothing: Build = { _, _, _, _ in FillGroup.self as AnyObject }

    /// A member is never written alone: the group's ``assign`` writes them all.
    override func write(_ value: consuming AnyObject, into object: AnyObject) -> AnyClass? { nil }
}

/// What the closure of a ``FillGroup`` does with each member, made where the classes
/// are known (the inlinable `fills`).
@usableFromInline
enum FillGroupMember {
    /// The error a member's `init()` threw, where the closure made the member itself
    /// (position -1: the object's own, in ``FillGroup/build``).
    @usableFromInline
    struct NewValueFailed: Error {
        @usableFromInline let position: Int
        @usableFromInline let error: any Error

        @usableFromInline
        init(position: Int, error: any Error) {
            self.position = position
            self.error = error
        }
    }

    /// The member at `position` (then the next position), of class `Member`: moved out
    /// of `values` and downcast without a check below `made` (see ``FillGroup/assign``
    /// for the invariant), a new one from `init()` from there on. For the closure the
    /// inlinable `fills` makes.
    @inlinable
    static func member<Member: Injectable>(
        _: Member.Type, _ position: inout Int, _ values: FillGroupValues, made: Int
    ) throws -> Member {
        let current = position
        if current < made {
            position = current + 1
            return values.take(current, as: Member.self)
        }
        do {
            // Counted once made: while its `init()` runs, `position` is its own.
            let member = try Member()
            position = current + 1
            return member
        } catch {
            throw NewValueFailed(position: current, error: error)
        }
    }

    /// A new object of class `Root` from its `init()`, for ``FillGroup/build``.
    @inlinable
    static func object<Root: Injectable>(_: Root.Type) throws -> Root {
        do {
            return try Root()
        } catch {
            throw NewValueFailed(position: -1, error: error)
        }
    }
}
