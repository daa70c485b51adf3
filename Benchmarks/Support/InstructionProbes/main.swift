// Runs one workload's variant a given number of times, for callgrind: see
// Scripts/instructions.py, which runs this under `valgrind --tool=callgrind` with 0
// operations and with N, and reports the difference divided by N.
//
//     InstructionProbes <workload> <variant> <operations>
//     InstructionProbes --list          (every workload and its variants)

let arguments = CommandLine.arguments.dropFirst()
let allWorkloads = Array(workloads) + Array(scaleWorkloads) + Array(asyncWorkloads)

if arguments.first == "--list" {
    for (workload, variants) in allWorkloads {
        print(([workload] + variants.map(\.key)).joined(separator: " "))
    }
} else if arguments.count == 3, let operations = Int(arguments[arguments.startIndex + 2]) {
    let workload = arguments[arguments.startIndex]
    let variant = arguments[arguments.startIndex + 1]
    guard let variants = allWorkloads.first(where: { $0.key == workload })?.value,
        let setup = variants.first(where: { $0.key == variant })?.value
    else {
        fatalError("no variant \(variant) of workload \(workload); see --list")
    }
    do {
        let loop = try setup()
        try loop(operations)
    } catch {
        fatalError("\(workload) \(variant): \(error)")
    }
} else {
    fatalError("usage: InstructionProbes <workload> <variant> <operations> | --list")
}
