import Instill

/// Settings read once at launch, bound as an instance.
public struct OrdersConfiguration: Sendable {
    /// The currency code prices are shown in.
    public let currency: String
    /// The sales tax added to every order, in percent.
    public let taxPercent: Int

    /// Creates an instance.
    public init(currency: String, taxPercent: Int) {
        self.currency = currency
        self.taxPercent = taxPercent
    }
}

/// Where the service reports what it does.
public protocol OrdersLogger: AnyObject, Sendable {
    func log(_ message: String)
}

/// Prints each message with a prefix.
public final class ConsoleLogger: OrdersLogger, Injectable, Sendable {
    /// Creates an instance.
    public init() {}
    /// Writes one message.
    public func log(_ message: String) { print("  [orders] \(message)") }
}

/// The time, as seconds since some epoch; a protocol so tests can freeze it.
public protocol TimeSource: Sendable {
    func now() -> Int
}

/// Seconds since the process started, from the monotonic clock.
public struct SystemTime: TimeSource {
    /// Creates an instance.
    public init() {}
    /// The current time in seconds.
    public func now() -> Int {
        var time = ContinuousClock.now - ContinuousClock.Instant.zero
        time = max(time, .zero)
        return Int(time.components.seconds)
    }
}

extension ContinuousClock.Instant {
    fileprivate static let zero = ContinuousClock.now
}

/// The remote service that charges customers: the network client a test replaces.
public protocol PaymentGateway: AnyObject, Sendable {
    /// Charges `cents` to `customer`; returns a receipt identifier.
    func charge(_ cents: Int, to customer: String) async throws -> String
}

/// Declines a charge.
public struct PaymentDeclined: Error, CustomStringConvertible {
    /// The customer the order is for.
    public let customer: String
    /// Creates an instance.
    public init(customer: String) { self.customer = customer }
    /// A readable description.
    public var description: String { "payment declined for \(customer)" }
}

/// The production gateway. In a real app it would talk HTTP to the payment
/// provider; here it signs receipts with a sequence number.
///
/// An actor: its sequence is its own state, and its logger comes through its
/// initializer, so it is built with it.
public actor RemotePaymentGateway: PaymentGateway, Injectable {
    /// The scope instances live in.
    public static let scope: Scope = .singleton
    /// Where messages go.
    public let logger: any OrdersLogger
    private var sequence = 0

    /// Creates an instance that logs to `logger`.
    public init(logger: any OrdersLogger) { self.logger = logger }

    /// How the injector builds it: with the bound logger.
    public static let initializer = Initializer(dependencies: (any OrdersLogger).self) {
        RemotePaymentGateway(logger: $0)
    }

    /// Charges `cents` to `customer` and returns a receipt identifier.
    public func charge(_ cents: Int, to customer: String) async throws -> String {
        sequence += 1
        logger.log("POST /charges amount=\(cents) customer=\(customer)")
        return "rcpt-\(sequence)"
    }
}
