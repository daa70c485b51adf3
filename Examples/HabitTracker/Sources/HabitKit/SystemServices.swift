#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system clock, in whole days since 1970 (UTC).
public final class SystemDateProvider: DateProvider {
    public init() {}

    public func today() -> Day { Day(Int(time(nil)) / 86_400) }
}

/// Standard output.
public final class StandardTerminal: Terminal {
    public init() {}

    public func write(_ line: String) { print(line) }
}
