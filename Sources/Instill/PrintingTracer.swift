/// A ready-made tracer that prints the indented resolution tree, one event a line.
public struct PrintingTracer: ResolutionTracer {
    private let write: @Sendable (String) -> Void

    /// A tracer that passes each line to `write` (by default, `print`).
    public init(write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.write = write
    }

    /// Prints the event's ``ResolutionEvent/description``.
    public func record(_ event: ResolutionEvent) {
        write(event.description)
    }
}
