// Unsafe: the loaded files' symbol tables, read for property names. Invariant: a name
// read there only feeds a message, never decides where memory is written. Attacked by
// `PropertyNameTests`.

#if os(Linux)
    import Glibc

    /// Names the accessor behind a computed key-path component from the symbol table
    /// of the file that contains it.
    ///
    /// A key path to a stored property of a non-final class describes itself on
    /// Linux as `\Car.<computed 0x… (T)>`: the address is the compiler's "key path
    /// getter for Module.Car.engine" thunk, a local symbol that `dladdr` cannot see.
    /// The ELF `.symtab` of the loaded file has it; demangled, it gives the property
    /// name exactly. Only diagnostics call this, and each file is read once.
    enum KeyPathSymbols {
        private static let tables = LockedBox<[String: [UInt: String]]>([:])

        /// The property name of the key-path getter at `address`, if the symbol table
        /// of the file that holds it is readable.
        static func propertyName(getterAddress address: UInt) -> String? {
            guard let mapping = Mapping.containing(address) else { return nil }
            let table = tables.withLock { $0[mapping.path] } ?? load(mapping)
            guard let mangled = table[address &- mapping.bias], let demangled = demangle(mangled) else { return nil }
            return propertyName(fromDemangled: demangled)
        }

        /// The property name of the accessor identity at `address`: the method
        /// descriptor of a non-final class property's getter, which a key path to it
        /// carries as its identity in every build configuration.
        static func propertyName(descriptorAddress address: UInt) -> String? {
            guard let mapping = Mapping.containing(address) else { return nil }
            let table = tables.withLock { $0[mapping.path] } ?? load(mapping)
            guard let mangled = table[address &- mapping.bias], let demangled = demangle(mangled) else { return nil }
            return propertyName(fromDescriptor: demangled)
        }

        /// `method descriptor for Module.(Car in _1A2B).engine.getter : T` → `engine`.
        static func propertyName(fromDescriptor demangled: String) -> String? {
            let prefix = "method descriptor for "
            guard demangled.hasPrefix(prefix) else { return nil }
            let path = demangled.dropFirst(prefix.count)
            guard let end = path.firstRange(of: " : ") else { return nil }
            let accessor = path[..<end.lowerBound]
            guard accessor.hasSuffix(".getter") else { return nil }
            let property = accessor.dropLast(".getter".count)
            guard let dot = property.lastIndex(of: ".") else { return nil }
            return String(property[property.index(after: dot)...])
        }

        /// `key path getter for Module.(Car in _1A2B).engine : T : Module.Car` → `engine`.
        static func propertyName(fromDemangled demangled: String) -> String? {
            let prefix = "key path getter for "
            guard demangled.hasPrefix(prefix) else { return nil }
            let path = demangled.dropFirst(prefix.count)
            guard let end = path.firstRange(of: " : ") else { return nil }
            let property = path[..<end.lowerBound]
            guard let dot = property.lastIndex(of: ".") else { return String(property) }
            return String(property[property.index(after: dot)...])
        }

        private static func load(_ mapping: Mapping) -> [UInt: String] {
            let table = ElfFile(path: mapping.path)?.keyPathGetters() ?? [:]
            tables.withLock { $0[mapping.path] = table }
            return table
        }

        private typealias Demangler =
            @convention(c) (
                UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
            ) -> UnsafeMutablePointer<CChar>?

        private static func demangle(_ mangled: String) -> String? {
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_demangle") else { return nil }
            let function = unsafeBitCast(symbol, to: Demangler.self)
            return mangled.withCString { pointer -> String? in
                guard let result = function(pointer, strlen(pointer), nil, nil, 0) else { return nil }
                defer { free(result) }
                return String(cString: result)
            }
        }
    }

    /// A file mapped into this process, from `/proc/self/maps`.
    private struct Mapping {
        let path: String
        /// What to subtract from a run-time address to get the file's symbol value.
        let bias: UInt

        static func containing(_ address: UInt) -> Mapping? {
            guard let file = fopen("/proc/self/maps", "r") else { return nil }
            defer { fclose(file) }
            var lines: [(start: UInt, end: UInt, offset: UInt, path: String)] = []
            var buffer = [CChar](repeating: 0, count: 4096)
            while fgets(&buffer, Int32(buffer.count), file) != nil {
                let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count >= 6, let dash = fields[0].firstIndex(of: "-") else { continue }
                guard let start = UInt(fields[0][..<dash], radix: 16),
                    let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                    let offset = UInt(fields[2], radix: 16)
                else { continue }
                let path = fields[5...].joined(separator: " ").trimmingTrailingNewline()
                lines.append((start, end, offset, path))
            }
            guard let hit = lines.first(where: { $0.start <= address && address < $0.end }), hit.path.hasPrefix("/")
            else { return nil }
            guard let elf = ElfFile(path: hit.path) else { return nil }
            if !elf.isPositionIndependent { return Mapping(path: hit.path, bias: 0) }
            guard let first = lines.filter({ $0.path == hit.path }).min(by: { $0.offset < $1.offset }) else {
                return nil
            }
            return Mapping(path: hit.path, bias: first.start &- first.offset &- elf.firstLoadOffsetDelta)
        }
    }

    /// Just enough of an ELF64 file to list its key-path getter symbols.
    private struct ElfFile {
        private let file: String
        let isPositionIndependent: Bool
        /// `p_vaddr - p_offset` of the first loadable segment (0 for usual layouts).
        let firstLoadOffsetDelta: UInt
        private let sectionHeaders: [UInt8]
        private let sectionCount: Int

        init?(path: String) {
            guard let handle = fopen(path, "rb") else { return nil }
            defer { fclose(handle) }
            guard let header = ElfFile.read(handle, at: 0, count: 64), header.count == 64,
                header[0] == 0x7f, header[1] == 0x45, header[2] == 0x4c, header[3] == 0x46, header[4] == 2
            else { return nil }
            file = path
            isPositionIndependent = header.u16(16) == 3
            let programOffset = header.u64(32)
            let programCount = Int(header.u16(56))
            var delta: UInt = 0
            if let program = ElfFile.read(handle, at: programOffset, count: programCount * 56) {
                for index in 0..<programCount where program.u32(index * 56) == 1 {
                    delta = program.u64(index * 56 + 16) &- program.u64(index * 56 + 8)
                    break
                }
            }
            firstLoadOffsetDelta = delta
            sectionCount = Int(header.u16(60))
            guard let sections = ElfFile.read(handle, at: header.u64(40), count: sectionCount * 64) else { return nil }
            sectionHeaders = sections
        }

        /// Symbol value → mangled name, for every key-path getter (mangled suffix `TK`)
        /// and method descriptor (`Tq`).
        func keyPathGetters() -> [UInt: String] {
            guard let handle = fopen(file, "rb") else { return [:] }
            defer { fclose(handle) }
            var result: [UInt: String] = [:]
            var ambiguous: Set<UInt> = []
            defer { for address in ambiguous { result[address] = nil } }
            for index in 0..<sectionCount where sectionHeaders.u32(index * 64 + 4) == 2 {  // SHT_SYMTAB
                let base = index * 64
                let link = Int(sectionHeaders.u32(base + 40))
                guard link < sectionCount,
                    let symbols = ElfFile.read(
                        handle, at: sectionHeaders.u64(base + 24), count: Int(sectionHeaders.u64(base + 32))),
                    let strings = ElfFile.read(
                        handle, at: sectionHeaders.u64(link * 64 + 24), count: Int(sectionHeaders.u64(link * 64 + 32)))
                else { continue }
                var offset = 0
                while offset + 24 <= symbols.count {
                    let nameOffset = Int(symbols.u32(offset))
                    let value = symbols.u64(offset + 8)
                    offset += 24
                    guard value != 0, nameOffset < strings.count else { continue }
                    var end = nameOffset
                    while end < strings.count, strings[end] != 0 { end += 1 }
                    // Key-path getter thunks are mangled with the suffix "TK", method
                    // descriptors with "Tq".
                    guard end - nameOffset > 2, strings[end - 2] == 0x54,
                        strings[end - 1] == 0x4b || strings[end - 1] == 0x71
                    else { continue }
                    // Two such symbols at one address (folded functions) name no one property.
                    let name = String(decoding: strings[nameOffset..<end], as: UTF8.self)
                    if let known = result[value], known != name { ambiguous.insert(value) }
                    result[value] = name
                }
            }
            return result
        }

        private static func read(_ handle: UnsafeMutablePointer<FILE>, at offset: UInt, count: Int) -> [UInt8]? {
            guard count > 0, fseek(handle, Int(offset), SEEK_SET) == 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, handle) }
            return read == count ? bytes : nil
        }
    }

    extension [UInt8] {
        fileprivate func u16(_ offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }
        fileprivate func u32(_ offset: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 | UInt32(self[offset + $1]) << (8 * UInt32($1)) }
        }
        fileprivate func u64(_ offset: Int) -> UInt {
            (0..<8).reduce(0) { $0 | UInt(self[offset + $1]) << (8 * UInt($1)) }
        }
    }

    extension String {
        fileprivate func trimmingTrailingNewline() -> String {
            var copy = self
            while copy.last == "\n" { copy.removeLast() }
            return copy
        }
    }
#endif
