extension Store {
    /// A store of the element with `id` of the collection at `elements`, for a row's component; `nil` when
    /// there is no such element now.
    ///
    /// ```swift
    /// if let row = list.scope(\.todos, id: todo.id) {
    ///     TodoRow(store: row)
    /// }
    /// ```
    ///
    /// It is a `Store<Element>` like any other (see ``scope(_:)->Store<Child>``): its ``state`` is the element, its
    /// ``dispatch(_:)`` sends an ``ElementMessage`` for it to the root store, and its subscriptions watch
    /// values of the element. Its `skipRepeats` subscriptions are notified only when the collection changed
    /// this element: with thousands of rows, a change of one row costs its own subscribers, not the others'.
    ///
    /// When the element is removed, the store stays usable and says so by what it does: its ``state`` is the
    /// element as it was last read, its subscribers are not called again (not with a stale state), and what
    /// it dispatches is not applied (a debug build reports it). An element added back with the same id is
    /// followed again.
    ///
    /// - Parameters:
    ///   - elements: The collection.
    ///   - id: The element's id.
    /// - Returns: A store of the element, or `nil` when the collection has no element with `id`.
    @inlinable  // so that the reads it makes, which run at every delivery, are specialised for the element
    public func scope<Element: State & Identifiable>(
        _ elements: KeyPath<S, IdentifiedArray<Element>>, id: Element.ID
    ) -> Store<Element>? where Element.ID: Sendable {
        let projection = self.projection
        let collection = projection.appending(elements)
        // The collection is read in place, through a pointer to it in the root state, when it lies at an
        // offset there (not copied: a copy retains and releases each of its buffers, which cost W13 3,022
        // instructions a change against 2,821 when the element was read from a copy: e210dc0).
        let offset = collection.offset
        let projectCollection = collection.project
        /// Calls `body` with the collection in the root state at `root`; `nil` when it is absent.
        func withCollection<Result>(
            in root: UnsafeRawPointer, _ body: (UnsafePointer<IdentifiedArray<Element>>) -> Result
        ) -> Result? {
            if let offset {
                return body((root + offset).assumingMemoryBound(to: IdentifiedArray<Element>.self))
            }
            guard let collection = projectCollection(root) else { return nil }
            return withUnsafePointer(to: collection, body)
        }
        let collectionIdentity = projection.path(to: elements)
        let element = ElementOfCollection(
            collection: collectionIdentity, id: AnyHashable(id), type: Element.self
        ) { current in
            let cursor = ElementGroup.Cursor()
            cursor.lastChange = withCollection(in: current) { $0.pointee.log.latest } ?? 0
            return ElementGroupOf<Element.ID>(cursor: cursor) { group, root, delivery, audience in
                // Not `as!`: W13 costs 2,926 instructions, 3,180 (issue 37, with `as!` at every such cast).
                let group = unsafeDowncast(group, to: ElementGroupOf<Element.ID>.self)
                _ = withCollection(in: root) { collection in
                    group.deliver(changesIn: collection, root, delivery: delivery, audience: audience)
                }
            }
        }
        let part = StateProjection<Element>(
            offset: nil, identity: collectionIdentity.appending(elementWithID: AnyHashable(id)),
            element: element
        ) { root in
            withCollection(in: root) { IdentifiedArray.withElement(id, seenIn: nil, of: $0) { $0?.pointee } } ?? nil
        }
        let collectionPath = SendableKeyPath(elements)
        return scope(
            part: part, read: { $0[keyPath: collectionPath.keyPath][id: id] },
            addressing: { [collection = ChildAddress(elements)] in
                ElementMessage<Element>(id: id, incarnation: nil, collection: collection, $0)
            })
    }

    /// A store of the child at `child` while it is presented, for the screen that shows it; `nil` when it
    /// is not presented now.
    ///
    /// ```swift
    /// if let detail = app.scope(\.$detail) {
    ///     DetailScreen(store: detail)
    /// }
    /// ```
    ///
    /// What it dispatches goes to the root store as a ``PresentedMessage`` for this slot, which
    /// ``State/updatePresented(_:of:with:_:)`` gives to the child (and another slot of the same child type
    /// leaves alone). When the child is dismissed, the store stays usable and says so by what it does: its
    /// ``state`` is the child as it was last read, its subscribers are not called again, and what it
    /// dispatches reaches no child. Presented again, the child is followed again.
    ///
    /// - Parameter child: The presented child (the `$`-prefixed property of a ``Presented`` property).
    /// - Returns: A store of the child, or `nil` when no child is presented.
    public func scope<Child: State>(_ child: KeyPath<S, Presented<Child>>) -> Store<Child>? {
        let read = SendableKeyPath(child.appending(path: \.wrappedValue))
        return scope(
            part: projection.appending(optional: read.keyPath),
            read: { $0[keyPath: read.keyPath] },
            addressing: { [slot = ChildAddress(child)] in
                PresentedMessage<Child>(incarnation: nil, slot: slot, message: $0)
            })
    }

    /// A store of the part of the state that `read` finds, which may be absent; `nil` when it is absent now.
    @usableFromInline
    func scope<Child: State>(
        part: StateProjection<Child>, read: @escaping @Sendable (S) -> Child?,
        addressing: @escaping @Sendable (any Message) -> any Message
    ) -> Store<Child>? {
        guard let current = read(state) else { return nil }
        // What the store's `state` gives once the part is gone: the part as it was last read.
        let lastRead = LockedValue(current)
        let readSelf = readState
        let dispatchToSelf = dispatchFunction
        let reportToSelf = dispatchReportingFunction
        let register: StoreScope<Child>.Register
        let effectRoot: @Sendable () -> EffectScope?
        if let base = scopeBacking {
            register = base.register
            effectRoot = base.effectRoot
        } else {
            let storage = self.storage
            register = { [weak storage] request in storage?.subscribe(request) ?? .rootIsGone }
            effectRoot = { [weak storage] in storage?.effectRoot }
        }
        let scope = StoreScope<Child>(
            projection: part,
            dispatch: { message in dispatchToSelf(addressing(message)) },
            dispatchReporting: { message, waiting, readChild in
                reportToSelf(addressing(message), waiting) { readChild($0.flatMap(read)) }
            },
            readState: {
                let parent = readSelf()
                let value = read(parent.state)
                let state = lastRead.withValue { last in
                    if let value { last = value }
                    return last
                }
                return (state, parent.commit, parent.isPresent && value != nil)
            },
            register: register,
            effectRoot: effectRoot)
        let keptAlive: any AnyObject & Sendable = root ?? self
        return Store<Child>(scope: scope, keepingAlive: keptAlive)
    }

    /// Reads this store's state, with its number and whether it is present (see ``StoreScope/readState``),
    /// for a scope of it: without keeping a root store alive (the scope does).
    var readState: @Sendable () -> (state: S, commit: UInt64, isPresent: Bool) {
        if let scope = scopeBacking {
            return scope.readState
        }
        return { [weak storage] in
            guard let storage else {
                preconditionFailure("Swivelish: a scoped store's state was read after its root store was freed")
            }
            let (state, commit) = storage.stateAndCommit
            return (state, commit, true)
        }
    }

    /// Dispatches to this store and reports whether the message was applied (see
    /// ``StoreScope/dispatchReporting``), for a scope of it: without keeping a root store alive.
    var dispatchReportingFunction: StoreScope<S>.DispatchReporting {
        if let scope = scopeBacking {
            return scope.dispatchReporting
        }
        return { [weak storage] message, waiting, read in
            guard let storage else { return .notApplied(reason: StoreScope<S>.rootIsGone) }
            return storage.dispatchReporting(message, unlessCancelled: nil, waiting: waiting) { read($0) }
        }
    }

    /// Dispatches to this store, for a scope of it: without keeping a root store alive.
    var dispatchFunction: @Sendable (any Message) -> Void {
        if let scope = scopeBacking {
            return scope.dispatch
        }
        return { [weak storage] message in storage?.dispatch(message) }
    }
}
