/// Reads the value at a key path of a state from the root state's memory, resolved once: at a fixed byte
/// offset when the whole path from the root is made of stored properties of structs (or tuples), through
/// the projection and the key path otherwise.
///
/// A read through a `KeyPath` looks up type metadata every time: about 100 ns before issue 11, which read
/// at offsets and shared watches (W2: 1,005 -> 441 instructions a dispatch; W8: 758,928 -> 73,541).
@usableFromInline
struct FieldReader<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: `fallback` captures only key paths and a projection.

    @usableFromInline
    let offset: Int?

    /// Reads the value, or `nil` when the part of the state it is in is absent.
    @usableFromInline
    let fallback: (UnsafeRawPointer) -> Value?

    /// For a store whose state is an element of a collection (see ``ElementOfCollection``): how to read the
    /// value from the element's own memory, which the element's group hands to its watch. `nil` for other
    /// stores.
    @usableFromInline
    let inElement: InElement?

    /// How a value is read from an element's memory.
    @usableFromInline
    enum InElement {
        /// At this byte offset in the element: the path to it is made of stored properties.
        case offset(Int)
        /// Through the key path.
        case read((UnsafeRawPointer) -> Value)
    }

    @inlinable
    @inline(__always)  // the subscribe path (see "Forced inlining" in StoreStorage)
    init<S>(_ keyPath: KeyPath<S, Value>, in projection: StateProjection<S>) {
        offset = projection.offset(of: keyPath)
        if let element = projection.element, element.type == S.self {
            if let inner = MemoryLayout<S>.offset(of: keyPath) {
                inElement = .offset(inner)
            } else {
                inElement = .read { element in element.assumingMemoryBound(to: S.self).pointee[keyPath: keyPath] }
            }
        } else {
            inElement = nil
        }
        let project = projection.project
        // Where the part of the state is found by a closure (an element by its id), the value is read from
        // it at its offset, without a key path walk, when it has one: for a store's whole state (`\.self`),
        // the part itself.
        switch MemoryLayout<S>.offset(of: keyPath) {
        case 0? where Value.self == S.self:
            // `Value` is `S`: the projection itself, not a closure around it (one object fewer to reach at
            // each read, for each row of a list; W13: 3,738 -> 3,703 instructions with the group's first
            // members, a8d1386).
            fallback = unsafeBitCast(project, to: ((UnsafeRawPointer) -> Value?).self)
        case let inner?:
            fallback = { root in
                project(root).map { part in
                    withUnsafeBytes(of: part) { $0.load(fromByteOffset: inner, as: Value.self) }
                }
            }
        case nil:
            fallback = { root in project(root)?[keyPath: keyPath] }
        }
    }

    /// A watch's reading: `record` with the value in the root state at a pointer, where it lies (a copy
    /// only when it is reached through the projection or the key path), made for this reader's way of
    /// reading, so that the closure captures only what that way needs (a closure that captured the reader
    /// would retain and release its fallback at every read, two atomic operations).
    @inlinable
    @inline(__always)  // the subscribe path (see "Forced inlining" in StoreStorage)
    func reading<W: Watch>(
        into record: @escaping (W, UnsafePointer<Value>) -> Void
    ) -> (Watch, UnsafeRawPointer) -> Void {
        if let offset {
            return { watch, root in
                // Sound: `offset(of:)` is non-nil only when every component is a stored property of a struct
                // or tuple, so the value lies inline at that offset of the root state. Only a `W` is made
                // with this closure.
                // Not `as!`: W2 costs 441 instructions, 539 (issue 37, with `as!` at every such cast).
                record(unsafeDowncast(watch, to: W.self), (root + offset).assumingMemoryBound(to: Value.self))
            }
        }
        let fallback = self.fallback
        return { watch, root in
            // An absent value (its element removed, its optional child gone) is not recorded: subscribers are
            // not called until it is present again.
            guard let value = fallback(root) else {
                watch.isAbsent = true
                return
            }
            watch.isAbsent = false
            // Not `as!`: W2 costs 441 instructions, 539 (issue 37, with `as!` at every such cast).
            withUnsafePointer(to: value) { record(unsafeDowncast(watch, to: W.self), $0) }
        }
    }
}
