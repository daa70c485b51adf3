#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much stack the calling thread has left: the resolver and the graph walker
/// recurse once per level of the object graph, and stop with a typed error before
/// the thread's stack runs out.
///
/// The bounds come from the thread itself (`pthread_getattr_np` on Linux,
/// `pthread_get_stackaddr_np` on Apple platforms), read once per thread; a check is
/// one comparison with the address of a local variable. Where the bounds cannot be
/// read, nothing is ever reported low.
struct ThreadStack {
    /// The lowest address of the thread's stack.
    let lowest: UInt
    /// Below this address, the thread is considered out of stack.
    let floor: UInt
    /// The size of the thread's stack, for messages.
    let size: Int

    /// The calling thread's stack, keeping a reserve of a quarter of it (between
    /// 64 KiB and 256 KiB) for the frames that report the error and for the
    /// initializers, closures and awakes that run between two checks.
    static func current() -> ThreadStack {
        guard let (lowest, size) = bounds(), size > 0 else { return ThreadStack(lowest: 0, floor: 0, size: 0) }
        let reserve = min(max(size / 4, 64 * 1024), 256 * 1024)
        return ThreadStack(lowest: lowest, floor: lowest + UInt(reserve), size: size)
    }

    /// Whether the caller's frame is below the floor, or within `extra` bytes of it.
    @inline(__always)
    func isLow(reserving extra: UInt = 0) -> Bool {
        isFrame(below: floor &+ extra)
    }

    /// Whether the caller's frame lies below `address` (stacks grow down).
    ///
    /// A local variable that is not on this thread's stack at all (AddressSanitizer's
    /// "fake stack" keeps locals on the heap) tells nothing: the answer is then `false`.
    @inline(__always)
    func isFrame(below address: UInt) -> Bool {
        var marker: UInt8 = 0
        let frame = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return frame < address && frame >= lowest
    }

    /// The lowest address of the calling thread's stack and its size.
    private static func bounds() -> (lowest: UInt, size: Int)? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let size = pthread_get_stacksize_np(thread)
            return (top - UInt(size), size)
        #else
            // `pthread_getattr_np` is a GNU extension the Glibc module does not declare.
            typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pthread_getattr_np") else {
                return nil
            }
            let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
            return (UInt(bitPattern: address), size)
        #endif
    }
}
