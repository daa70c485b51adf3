import Instill

// A module whose classes are subclassed elsewhere: subclasses there cannot see the
// internal properties declared here, and may declare their own of the same name.

/// A part the chassis holds.
public final class Motor: Injectable {
    /// Made by the injector.
    public init() {}
}

/// A protocol whose existentials take five words (three inline words, the type
/// and one witness table).
public protocol Drive {}

/// A drive built automatically.
public final class Shaft: Drive, Injectable {
    /// Made by the injector.
    public init() {}
}

/// A base class with internal `final` stored properties, listed by requirements
/// whose key paths are rooted at the subclass.
open class Chassis {
    final var motor: Motor?
    final var drive: (any Drive)?
    /// Made by the injector.
    public init() {}

    /// The chassis's own motor.
    public var chassisMotor: Motor? { motor }
    /// The chassis's own drive.
    public var chassisDrive: (any Drive)? { drive }

    /// `\S.motor`: a key path rooted at the subclass `S` to the chassis's motor.
    public static func chassisRequirements<S: Chassis>(_: S.Type) -> Requirements {
        Requirements(\S.motor)
    }

    /// `\S.drive`, likewise.
    public static func driveRequirements<S: Chassis>(_: S.Type) -> Requirements {
        Requirements(\S.drive)
    }
}
