/// Receives the events of every resolution an ``Injector`` performs.
///
/// Give an injector a tracer when you create it to watch how it builds a graph:
///
/// ```swift
/// let injector = try Injector(modules: [AppModule()], tracer: PrintingTracer())
/// _ = try injector.getObject(Car.self)
/// // requested Car (normal)
/// //   built Car
/// //   requested Engine (normal)
/// //     built Engine
/// //     awake Engine
/// //   awake Car
/// ```
///
/// A tracer is called synchronously on the resolving thread, possibly from several
/// threads at once. An injector without a tracer pays one untaken branch per event.
public protocol ResolutionTracer: Sendable {
    /// Called for each event, in the order they happen on the resolving thread.
    func record(_ event: ResolutionEvent)
}
