#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system clock, in whole days since 1970 (UTC).
final class SystemDateProvider: DateProvider {
    init() {}

    func today() -> Day { Day(Int(time(nil)) / 86_400) }
}

/// Standard output.
final class StandardTerminal: Terminal {
    init() {}

    func write(_ line: String) { print(line) }
}
