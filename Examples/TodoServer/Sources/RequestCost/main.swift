import Instill
import TodoKit

// What the request scope costs: the objects of one request made by the injector
// (`getObject` inside the task-local scope of its id) against the same objects made
// by hand, a million times each, on one thread. `swift run -c release RequestCost`.

func measure(_ label: String, _ factory: some RequestFactory, count: Int) throws -> Double {
    var kept = 0
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
        for number in 0..<count {
            let id = TodoRequestID(UInt64(number))
            let request = try factory.makeRequest(id)
            if request.checkIsolation(expected: id) { kept &+= 1 }
        }
    }
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    let perRequest = nanoseconds / Double(count)
    print("\(label): \(Int(perRequest.rounded())) ns per request (\(kept) isolated)")
    return perRequest
}

let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1_000_000
let injected = try InjectedRequests(injector: Injector(modules: [ServerModule()]))
let handWired = HandWiredRequests()
_ = try measure("warm-up", injected, count: 10_000)
let instill = try measure("Instill   ", injected, count: count)
let hand = try measure("hand-wired", handWired, count: count)
print(
    "Instill costs \(Int((instill - hand).rounded())) ns more per request (\(String(format: "%.2f", instill / hand))×)")

// The same on two threads at once (a server's event loops): contention shows here.
func measureParallel(_ label: String, _ factory: some RequestFactory, count: Int) async throws {
    let clock = ContinuousClock()
    let elapsed = try await clock.measure {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<2 {
                group.addTask {
                    for number in 0..<count {
                        let id = TodoRequestID(UInt64(lane * count + number))
                        _ = try factory.makeRequest(id).checkIsolation(expected: id)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    print("\(label), 2 threads: \(Int((nanoseconds / Double(count)).rounded())) ns per request per thread")
}
try await measureParallel("Instill   ", injected, count: count)
try await measureParallel("hand-wired", handWired, count: count)
